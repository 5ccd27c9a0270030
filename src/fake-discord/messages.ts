// Turning a create/edit body (JSON or multipart) into what the message will show, and refusing it,
// like Discord, when it breaks a rule. Shared by channel routes, interaction callbacks and webhooks.
import type { APIEmbed, APIMessageTopLevelComponent } from 'discord.js';
import type { UploadedFile } from './http';
import { DiscordErrors } from './http';
import { clone, isObject } from './json';
import type { JsonObject } from './json';
import { MessageFlag } from './limits';
import { checkMessageLimits, isEmptyMessage } from './message-limits';
import type { Violation } from './limits';
import { checkComponentEmojis } from './emoji-rules';
import { pngSize, resolveEmbedAttachments } from './embed-attachments';
import { checkAllowedMentions } from './mentions';
import type { MessageDraft } from './message-store';
import type { FakeState } from './store';
import type { FakeAttachment } from './types';

/** Flags a message may carry when created; others (ephemeral, loading…) are set by the fake itself. */
const CREATABLE_FLAGS = MessageFlag.SuppressEmbeds | MessageFlag.SuppressNotifications | MessageFlag.IsComponentsV2;

/** Checks the JSON types of the fields the fake reads; returns the body as an object. */
export function readMessageBody(raw: unknown): { body: JsonObject; violations: Violation[] } {
  const violations: Violation[] = [];
  if (raw === undefined || raw === null) return { body: {}, violations };
  if (!isObject(raw)) {
    violations.push({
      path: [],
      code: 'MODEL_TYPE_CONVERT',
      message: 'Only dictionaries may be used in a ModelType',
      rule: 'message body is not a JSON object',
    });
    return { body: {}, violations };
  }
  const expect = (field: string, ok: (v: unknown) => boolean, code: string, message: string, what: string): void => {
    const value = raw[field];
    if (value !== undefined && value !== null && !ok(value))
      violations.push({ path: [field], code, message, rule: `${field} is not ${what}` });
  };
  expect('content', (v) => typeof v === 'string', 'BASE_TYPE_STRING', 'Must be a string.', 'a string');
  expect('embeds', Array.isArray, 'BASE_TYPE_LIST', 'Must be an array.', 'an array');
  expect('components', Array.isArray, 'BASE_TYPE_LIST', 'Must be an array.', 'an array');
  expect('attachments', Array.isArray, 'BASE_TYPE_LIST', 'Must be an array.', 'an array');
  expect(
    'flags',
    (v) => typeof v === 'number' && Number.isInteger(v),
    'NUMBER_TYPE_COERCE',
    'Value is not int.',
    'an integer',
  );
  violations.push(...checkAllowedMentions(raw.allowed_mentions));
  return { body: raw, violations };
}

/**
 * What the message shows after applying `body` to `base` (absent fields keep their value on edits);
 * without `base` it is a new message.
 */
export function composeDraft(
  state: FakeState,
  channelId: string,
  base: MessageDraft | undefined,
  body: JsonObject,
  files: UploadedFile[],
): MessageDraft {
  const content = typeof body.content === 'string' ? body.content : body.content === null ? '' : (base?.content ?? '');
  const embeds = Array.isArray(body.embeds)
    ? body.embeds.map((e) => (isObject(e) ? ({ type: 'rich', ...clone(e) } as APIEmbed) : (e as APIEmbed)))
    : body.embeds === null
      ? []
      : clone(base?.embeds ?? []);
  const components = Array.isArray(body.components)
    ? numberComponents(clone(body.components) as APIMessageTopLevelComponent[])
    : body.components === null
      ? []
      : clone(base?.components ?? []);
  const requested = typeof body.flags === 'number' ? body.flags : 0;
  let flags: number;
  if (base) {
    // On edits only SUPPRESS_EMBEDS may change, and IS_COMPONENTS_V2 may be switched on.
    flags =
      typeof body.flags === 'number'
        ? (base.flags & ~MessageFlag.SuppressEmbeds) |
          (requested & (MessageFlag.SuppressEmbeds | MessageFlag.IsComponentsV2))
        : base.flags;
  } else flags = requested & CREATABLE_FLAGS;
  const attachments = composeAttachments(state, channelId, base?.attachments ?? [], body, files);
  // Embeds sent with this body name their images among the files the message has after it (kept ones too).
  const shown = Array.isArray(body.embeds)
    ? resolveEmbedAttachments(embeds, attachments, (a) => {
        const upload = state.uploads.get(a.id);
        return upload ? pngSize(upload.bytes) : null;
      })
    : embeds;
  return { content, embeds: shown, components, flags, attachments };
}

/** Discord numbers every component of a message (depth first, from 1) when the sender did not. */
function numberComponents(components: APIMessageTopLevelComponent[]): APIMessageTopLevelComponent[] {
  const all: JsonObject[] = [];
  const walk = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const item of list) {
      if (!isObject(item)) continue;
      all.push(item);
      walk(item.components);
      if (isObject(item.accessory)) walk([item.accessory]);
    }
  };
  walk(components);
  const used = new Set(all.map((c) => c.id).filter((id): id is number => typeof id === 'number'));
  let next = 1;
  for (const component of all) {
    if (typeof component.id === 'number') continue;
    while (used.has(next)) next++;
    component.id = next;
    used.add(next);
  }
  return components;
}

function composeAttachments(
  state: FakeState,
  channelId: string,
  base: FakeAttachment[],
  body: JsonObject,
  files: UploadedFile[],
): FakeAttachment[] {
  const byKey = new Map<string, UploadedFile>();
  for (const file of files) byKey.set(/^files\[(\d+)\]$/.exec(file.field)?.[1] ?? file.field, file);
  const store = (file: UploadedFile, description?: string): FakeAttachment => {
    const id = state.ids.next();
    state.uploads.set(id, { bytes: file.bytes, contentType: file.contentType, filename: file.filename });
    return {
      id,
      filename: file.filename,
      size: file.bytes.byteLength,
      contentType: file.contentType,
      url: `${state.httpBase}/attachments/${channelId}/${id}/${encodeURIComponent(file.filename)}`,
      ...(description ? { description } : {}),
    };
  };
  if (!Array.isArray(body.attachments)) return [...clone(base), ...files.map((f) => store(f))];
  // `attachments` lists what stays: existing ones by id, new uploads by their files[n] index.
  const kept: FakeAttachment[] = [];
  const used = new Set<UploadedFile>();
  for (const entry of body.attachments) {
    if (!isObject(entry)) continue;
    const key = String(entry.id);
    const description = typeof entry.description === 'string' ? entry.description : undefined;
    const existing = base.find((a) => a.id === key);
    const upload = byKey.get(key);
    if (existing) kept.push(clone(existing));
    else if (upload) {
      kept.push(store(upload, description));
      used.add(upload);
    }
  }
  for (const file of files) if (!used.has(file)) kept.push(store(file));
  return kept;
}

/**
 * Refuses (and records as breaches) a message Discord would refuse: shape errors, broken limits,
 * or nothing to show. `context` says who sent it, e.g. "POST /channels/1/messages".
 */
export function enforceMessageRules(
  state: FakeState,
  context: string,
  draft: MessageDraft,
  shapeViolations: Violation[] = [],
): void {
  const violations = [
    ...shapeViolations,
    ...checkMessageLimits(draft),
    // The fake's guilds have no custom emojis, so only the application's own are known.
    ...checkComponentEmojis(draft.components, (id) => state.appEmojis.has(id)),
  ];
  if (violations.length > 0) {
    for (const v of violations) state.breach(`${context}: ${v.rule}`);
    throw DiscordErrors.invalidFormBody(violations);
  }
  if (isEmptyMessage({ ...draft, attachmentCount: draft.attachments.length })) {
    state.breach(`${context}: empty message (no content, embeds, components or files)`);
    throw DiscordErrors.emptyMessage();
  }
}
