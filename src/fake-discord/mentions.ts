// Who Discord notifies when a message is created: user mentions (<@id>, <@!id>) in its content or in
// text display components, filtered by `allowed_mentions` (Message resource, "Allowed Mentions Object").
// Mentions in embeds never notify; neither do edits, nor ephemeral messages. The fake has no role or
// @everyone notifications to model (its roles are not mentionable), so only users are followed.
import { isObject } from './json';
import type { Violation } from './limits';
import type { MessageDraft } from './message-store';
import type { FakeState } from './store';

const MENTION_TYPES = ['roles', 'users', 'everyone'] as const;
const MAX_IDS = 100;

function idList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v) => typeof v === 'string' || typeof v === 'number').map(String) : [];
}

/** Discord's validation of `allowed_mentions`; `parse` and an explicit id list of the same kind exclude each other. */
export function checkAllowedMentions(raw: unknown): Violation[] {
  if (raw === undefined || raw === null) return [];
  const at = (...path: string[]) => ['allowed_mentions', ...path];
  if (!isObject(raw))
    return [
      {
        path: at(),
        code: 'MODEL_TYPE_CONVERT',
        message: 'Only dictionaries may be used in a ModelType',
        rule: 'allowed_mentions is not an object',
      },
    ];
  const violations: Violation[] = [];
  const parse = raw.parse;
  if (parse !== undefined && parse !== null) {
    if (!Array.isArray(parse))
      violations.push({
        path: at('parse'),
        code: 'BASE_TYPE_LIST',
        message: 'Must be an array.',
        rule: 'allowed_mentions.parse is not an array',
      });
    else {
      parse.forEach((type, i) => {
        if (!MENTION_TYPES.includes(type as (typeof MENTION_TYPES)[number])) {
          violations.push({
            path: [...at('parse'), String(i)],
            code: 'BASE_TYPE_CHOICES',
            message: "Value must be one of ('roles', 'users', 'everyone').",
            rule: `allowed_mentions.parse holds ${JSON.stringify(type)}`,
          });
        }
      });
    }
  }
  for (const kind of ['users', 'roles'] as const) {
    const list = raw[kind];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      violations.push({
        path: at(kind),
        code: 'BASE_TYPE_LIST',
        message: 'Must be an array.',
        rule: `allowed_mentions.${kind} is not an array`,
      });
      continue;
    }
    if (list.length > MAX_IDS)
      violations.push({
        path: at(kind),
        code: 'BASE_TYPE_MAX_LENGTH',
        message: `Must be ${MAX_IDS} or fewer in length.`,
        rule: `allowed_mentions.${kind} lists ${list.length} ids (limit ${MAX_IDS})`,
      });
    if (list.some((id) => !/^\d+$/.test(String(id))))
      violations.push({
        path: at(kind),
        code: 'NUMBER_TYPE_COERCE',
        message: 'Value is not snowflake.',
        rule: `allowed_mentions.${kind} holds something that is not an id`,
      });
    // An empty (falsy) list does not clash with parse, as the documentation's examples say.
    if (list.length > 0 && Array.isArray(parse) && parse.includes(kind)) {
      violations.push({
        path: at('parse'),
        code: 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
        message: `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
        rule: `allowed_mentions has both parse: ["${kind}"] and a ${kind} list; they are mutually exclusive`,
      });
    }
  }
  const replied = raw.replied_user;
  if (replied !== undefined && replied !== null && typeof replied !== 'boolean') {
    violations.push({
      path: at('replied_user'),
      code: 'BASE_TYPE_BOOLEAN',
      message: 'Must be either true or false.',
      rule: 'allowed_mentions.replied_user is not a boolean',
    });
  }
  return violations;
}

/** Every text of a message where a mention notifies: content and text display components (type 10). */
function mentionTexts(draft: MessageDraft): string[] {
  const texts = [draft.content];
  const walk = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const item of list) {
      if (!isObject(item)) continue;
      if (item.type === 10 && typeof item.content === 'string') texts.push(item.content);
      walk(item.components);
      if (isObject(item.accessory)) walk([item.accessory]);
    }
  };
  walk(draft.components);
  return texts;
}

/** Users mentioned in the message, in order, once each: known guild members other than the author. */
export function mentionedUsers(state: FakeState, draft: MessageDraft, authorId: string): string[] {
  const found: string[] = [];
  for (const text of mentionTexts(draft)) {
    for (const match of text.matchAll(/<@!?(\d+)>/g)) {
      const id = match[1] ?? '';
      if (id !== authorId && state.users.has(id) && !found.includes(id)) found.push(id);
    }
  }
  return found;
}

/**
 * Who a newly created message notifies. Without `allowed_mentions` every user mention does (the
 * default for messages, interactions and webhooks alike); with it, `parse: ["users"]` lets all of them
 * through, otherwise only the ids listed in `users` that are also mentioned. Call after checkAllowedMentions.
 */
export function pingedUsers(
  state: FakeState,
  draft: MessageDraft,
  allowedMentions: unknown,
  authorId: string,
): string[] {
  const mentioned = mentionedUsers(state, draft, authorId);
  if (!isObject(allowedMentions)) return mentioned;
  if (Array.isArray(allowedMentions.parse) && allowedMentions.parse.includes('users')) return mentioned;
  const allowed = idList(allowedMentions.users);
  return mentioned.filter((id) => allowed.includes(id));
}
