// Interaction callbacks and the interaction webhook (token) routes, with Discord's rules on them:
// one acknowledgement within the deadline, tokens valid 15 minutes, ephemerals only via their token.
import { DiscordErrors } from './http';
import type { RestResult } from './http';
import { isObject } from './json';
import type { JsonObject } from './json';
import { MessageFlag } from './limits';
import type { Violation } from './limits';
import { pingedUsers } from './mentions';
import { composeDraft, enforceMessageRules, readMessageBody } from './messages';
import { checkFollowUpLimit } from './install-contexts';
import { apiMessage } from './payloads';
import { noContent, ok, param, route } from './routes';
import type { Route, RouteContext } from './routes';
import { TOKEN_LIFETIME_MS } from './store';
import type { FakeState, InteractionRecord, MessageDraft } from './store';
import type { FakeMessage } from './types';

const CallbackType = {
  Pong: 1,
  Reply: 4,
  DeferredReply: 5,
  DeferredUpdate: 6,
  Update: 7,
  Autocomplete: 8,
  Modal: 9,
} as const;

const EMPTY_DRAFT: MessageDraft = { content: '', embeds: [], components: [], flags: 0, attachments: [] };

export function interactionRoutes(): Route[] {
  return [
    route('POST', '/interactions/:id/:token/callback', false, callback),
    route('POST', '/webhooks/:app/:token', false, followUp),
    route('GET', '/webhooks/:app/:token/messages/:message', false, (c) => {
      const record = interactionForToken(c);
      return ok(apiMessage(c.state, webhookMessage(c, record)));
    }),
    route('PATCH', '/webhooks/:app/:token/messages/:message', false, editWebhookMessage),
    route('DELETE', '/webhooks/:app/:token/messages/:message', false, (c) => {
      const record = interactionForToken(c);
      c.state.deleteMessage(webhookMessage(c, record));
      return noContent();
    }),
  ];
}

function elapsedMs(state: FakeState, record: InteractionRecord): number {
  // The larger of real and fake-clock time, so advanceTime() can push an interaction past its deadline.
  return Math.max(performance.now() - record.dispatchedAtReal, state.now() - record.createdAt);
}

function acknowledge(c: RouteContext, record: InteractionRecord, type: number, ephemeral: boolean): void {
  const afterMs = Math.round(performance.now() - record.dispatchedAtReal);
  record.ack = { type, afterMs, arrivedAfterMs: c.req.arrivedAt - record.dispatchedAtReal, ephemeral };
  if (record.timer) clearTimeout(record.timer);
}

// ------------------------------------------------------------ POST /interactions/{id}/{token}/callback

function callback(c: RouteContext): RestResult {
  const { state } = c;
  const id = param(c, 'id');
  const record = state.interactions.get(id);
  const body = isObject(c.req.body) ? c.req.body : {};
  const type = body.type;
  const context = `callback type ${String(type)} for ${record?.label ?? `interaction ${id}`}`;
  if (!record || record.token !== param(c, 'token')) {
    state.breach(`${context}: no such interaction id and token`);
    throw DiscordErrors.unknownInteraction();
  }
  if (record.ack) {
    state.breach(
      `${context}: interaction already acknowledged (with type ${record.ack.type}); only one callback is allowed`,
    );
    throw DiscordErrors.alreadyAcknowledged();
  }
  // A moderator deleted the channel (or thread) after the click: nothing can be shown there any more.
  if (!state.channels.has(record.channelId)) throw DiscordErrors.unknownChannel();
  const elapsed = elapsedMs(state, record);
  if (record.expired || elapsed > c.ackDeadlineMs) {
    // One breach per late interaction: the deadline timer stays quiet once this one is recorded.
    record.expired = true;
    if (record.timer) clearTimeout(record.timer);
    state.breach(
      `${context}: arrived ${Math.round(elapsed)} ms after dispatch, past the ${c.ackDeadlineMs} ms deadline`,
    );
    throw DiscordErrors.unknownInteraction();
  }
  const isComponent = record.type === 3;
  let message: FakeMessage | undefined;
  switch (type) {
    case CallbackType.Reply:
      message = replyWithMessage(c, record, body.data, context);
      break;
    case CallbackType.DeferredReply: {
      const flags = isObject(body.data) && typeof body.data.flags === 'number' ? body.data.flags : 0;
      const ephemeral = (flags & MessageFlag.Ephemeral) !== 0;
      acknowledge(c, record, CallbackType.DeferredReply, ephemeral);
      // Discord shows "<bot> is thinking…" at once: a loading message that @original edits later.
      message = createInteractionMessage(state, record, { ...EMPTY_DRAFT, flags: MessageFlag.Loading }, ephemeral);
      record.originalMessageId = message.id;
      break;
    }
    case CallbackType.DeferredUpdate:
    case CallbackType.Update: {
      if (!isComponent) {
        state.breach(`${context}: type ${type} (update) is only valid for component interactions`);
        throw DiscordErrors.invalidFormBody([
          {
            path: ['type'],
            code: 'INTERACTION_RESPONSE_TYPE_INVALID',
            message: 'Invalid interaction response type',
            rule: 'update on a command',
          },
        ]);
      }
      const source = state.messages.get(record.sourceMessageId ?? '');
      if (!source || source.deleted) {
        state.breach(`${context}: the clicked message ${record.sourceMessageId ?? '?'} no longer exists`);
        throw DiscordErrors.unknownMessage();
      }
      if (type === CallbackType.Update) {
        const { body: data, violations } = readMessageBody(body.data);
        const draft = composeDraft(state, source.channelId, state.draftOf(source), data, c.req.files);
        enforceMessageRules(state, context, draft, violations);
        acknowledge(c, record, CallbackType.Update, source.ephemeralFor !== undefined);
        state.editMessage(source, draft);
        record.replyMessageId = source.id;
      } else {
        acknowledge(c, record, CallbackType.DeferredUpdate, source.ephemeralFor !== undefined);
      }
      record.originalMessageId = source.id;
      message = type === CallbackType.Update ? source : undefined;
      break;
    }
    case CallbackType.Modal: {
      const violations = checkModal(body.data);
      if (violations.length > 0) {
        for (const v of violations) state.breach(`${context}: ${v.rule}`);
        throw DiscordErrors.invalidFormBody(violations.map((v) => ({ ...v, path: ['data', ...v.path] })));
      }
      acknowledge(c, record, CallbackType.Modal, false);
      break;
    }
    default:
      state.breach(
        `${context}: callback type ${String(type)} is not valid for a ${isComponent ? 'component' : 'command'} interaction`,
      );
      throw DiscordErrors.invalidFormBody([
        {
          path: ['type'],
          code: 'BASE_TYPE_CHOICES',
          message: 'Value must be one of {4, 5, 6, 7, 9}.',
          rule: 'invalid callback type',
        },
      ]);
  }

  if (c.req.query.get('with_response') !== 'true') return noContent();
  // InteractionCallbackResponse in discord.js reads exactly these.
  const resource: JsonObject = { type };
  if (message) resource.message = apiMessage(state, message);
  return ok({
    interaction: {
      id: record.id,
      type: record.type,
      activity_instance_id: null,
      response_message_id: message?.id ?? null,
      response_message_loading: message ? (message.flags & MessageFlag.Loading) !== 0 : null,
      response_message_ephemeral: message ? (message.flags & MessageFlag.Ephemeral) !== 0 : null,
    },
    resource,
  });
}

function replyWithMessage(c: RouteContext, record: InteractionRecord, rawData: unknown, context: string): FakeMessage {
  const { state } = c;
  const { body: data, violations } = readMessageBody(rawData);
  const draft = composeDraft(state, record.channelId, undefined, data, c.req.files);
  enforceMessageRules(state, context, draft, violations);
  const ephemeral = typeof data.flags === 'number' && (data.flags & MessageFlag.Ephemeral) !== 0;
  acknowledge(c, record, CallbackType.Reply, ephemeral);
  const message = createInteractionMessage(state, record, draft, ephemeral, pingsOf(state, draft, data, ephemeral));
  record.originalMessageId = message.id;
  record.replyMessageId = message.id;
  return message;
}

/** Ephemeral messages notify nobody; the others notify whom their mentions and allowed_mentions say. */
function pingsOf(state: FakeState, draft: MessageDraft, body: JsonObject, ephemeral: boolean): string[] {
  return ephemeral ? [] : pingedUsers(state, draft, body.allowed_mentions, state.botUser.id);
}

function createInteractionMessage(
  state: FakeState,
  record: InteractionRecord,
  draft: MessageDraft,
  ephemeral: boolean,
  pinged: string[] = [],
): FakeMessage {
  // Where a server switched off Use External Apps, Discord shows a user-installed app's answers ephemerally.
  const hidden = ephemeral || record.forcedEphemeral;
  return state.createMessage({
    channelId: record.channelId,
    author: state.botUser,
    draft: { ...draft, flags: draft.flags | (hidden ? MessageFlag.Ephemeral : 0) },
    // Command responses are type 20 (CHAT_INPUT_COMMAND); answers to a component reply to its message.
    type: record.type === 2 ? 20 : 19,
    interactionId: record.id,
    ...(hidden ? { ephemeralFor: record.userId } : {}),
    ...(record.sourceMessageId ? { referencedMessageId: record.sourceMessageId } : {}),
    pinged: hidden ? [] : pinged,
  });
}

function checkModal(data: unknown): Violation[] {
  const violations: Violation[] = [];
  if (!isObject(data))
    return [{ path: [], code: 'BASE_TYPE_REQUIRED', message: 'This field is required', rule: 'modal without data' }];
  const text = (field: string, max: number): void => {
    const value = data[field];
    if (typeof value !== 'string' || value.length < 1 || value.length > max) {
      violations.push({
        path: [field],
        code: 'BASE_TYPE_BAD_LENGTH',
        message: `Must be between 1 and ${max} in length.`,
        rule: `modal ${field} must be 1–${max} characters`,
      });
    }
  };
  text('custom_id', 100);
  text('title', 45);
  const components = data.components;
  if (!Array.isArray(components) || components.length < 1 || components.length > 5) {
    violations.push({
      path: ['components'],
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 5 in length.',
      rule: 'modal must hold 1–5 components',
    });
  }
  return violations;
}

// ------------------------------------------------------------ /webhooks/{app}/{token}

function interactionForToken(c: RouteContext): InteractionRecord {
  const { state } = c;
  const record = state.interactionsByToken.get(param(c, 'token'));
  if (!record || param(c, 'app') !== state.applicationId) {
    state.breach(`${c.label}: unknown webhook (not an interaction token of application ${state.applicationId})`);
    throw DiscordErrors.unknownWebhook();
  }
  const age = state.now() - record.createdAt;
  if (age > TOKEN_LIFETIME_MS) {
    state.breach(
      `${c.label}: token of ${record.label} used ${Math.round(age / 60_000)} min after the interaction; tokens live 15 min`,
    );
    throw DiscordErrors.invalidWebhookToken();
  }
  if (!state.channels.has(record.channelId)) throw DiscordErrors.unknownChannel();
  return record;
}

/** The message a webhook route names: @original, or one of this application's interaction messages. */
function webhookMessage(c: RouteContext, record: InteractionRecord): FakeMessage {
  const { state } = c;
  const ref = param(c, 'message');
  let id = ref;
  if (ref === '@original') {
    if (!record.ack || !record.originalMessageId) {
      state.breach(
        `${c.label}: @original of ${record.label} used before the interaction was ${record.ack ? 'answered with a message' : 'acknowledged'}`,
      );
      throw DiscordErrors.unknownMessage();
    }
    id = record.originalMessageId;
  }
  const message = state.messages.get(id);
  if (!message || message.deleted || message.channelId !== record.channelId) throw DiscordErrors.unknownMessage();
  const inChain = state.interactionMessageIds(record).includes(id);
  const otherWebhookMessage = message.interactionId !== undefined && message.ephemeralFor === undefined;
  if (!inChain && !otherWebhookMessage) {
    state.breach(
      message.ephemeralFor !== undefined
        ? `${c.label}: ephemeral message ${id} belongs to another interaction; only its own token reaches it`
        : `${c.label}: message ${id} was not sent through an interaction of this application`,
    );
    throw DiscordErrors.unknownMessage();
  }
  return message;
}

function editWebhookMessage(c: RouteContext): RestResult {
  const { state } = c;
  const record = interactionForToken(c);
  const message = webhookMessage(c, record);
  const { body, violations } = readMessageBody(c.req.body);
  const draft = composeDraft(state, message.channelId, state.draftOf(message), body, c.req.files);
  enforceMessageRules(state, c.label, draft, violations);
  state.editMessage(message, draft);
  if (!record.replyMessageId && message.id === record.originalMessageId) record.replyMessageId = message.id;
  return ok(apiMessage(state, message));
}

function followUp(c: RouteContext): RestResult {
  const { state } = c;
  const record = interactionForToken(c);
  if (!record.ack) {
    state.breach(`${c.label}: follow-up to ${record.label} before it was acknowledged`);
    throw DiscordErrors.unknownWebhook();
  }
  const { body, violations } = readMessageBody(c.req.body);
  const original = record.originalMessageId ? state.messages.get(record.originalMessageId) : undefined;
  let message: FakeMessage;
  if (record.ack.type === CallbackType.DeferredReply && original && original.flags & MessageFlag.Loading) {
    // Discord turns the first follow-up after a deferred reply into that reply (keeping its ephemerality).
    // That is an edit of the "thinking…" message, so it notifies nobody, like editReply after deferReply.
    const draft = composeDraft(state, original.channelId, state.draftOf(original), body, c.req.files);
    enforceMessageRules(state, c.label, draft, violations);
    state.editMessage(original, draft);
    record.replyMessageId = original.id;
    message = original;
  } else {
    checkFollowUpLimit(state, record, c.label);
    const draft = composeDraft(state, record.channelId, undefined, body, c.req.files);
    enforceMessageRules(state, c.label, draft, violations);
    const ephemeral = typeof body.flags === 'number' && (body.flags & MessageFlag.Ephemeral) !== 0;
    message = createInteractionMessage(state, record, draft, ephemeral, pingsOf(state, draft, body, ephemeral));
    record.followUpIds.push(message.id);
    record.replyMessageId ??= message.id;
  }
  return c.req.query.get('wait') === 'true' ? ok(apiMessage(state, message)) : noContent();
}
