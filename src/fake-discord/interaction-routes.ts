// The interaction routes: the callback (interaction-callback.ts) and the interaction webhook (token) routes,
// with Discord's rules on them: tokens valid 15 minutes, ephemerals only via their own token, follow-ups only
// after the acknowledgement.
import { DiscordErrors } from './http';
import type { RestResult } from './http';
import { interactionCallback } from './interaction-callback';
import { TOKEN_LIFETIME_MS } from './interaction-record';
import type { InteractionRecord } from './interaction-record';
import { CallbackType, createInteractionMessage, pingsOf } from './interaction-responses';
import { checkFollowUpLimit } from './install-contexts';
import { MessageFlag } from './limits';
import { apiMessage } from './message-payloads';
import { deleteMessage, draftOf, editMessage } from './message-store';
import { composeDraft, enforceMessageRules, readMessageBody } from './messages';
import { noContent, ok, param, route } from './routes';
import type { Route, RouteContext } from './routes';
import type { FakeMessage } from './types';

export function interactionRoutes(): Route[] {
  return [
    route('POST', '/interactions/:id/:token/callback', false, interactionCallback),
    route('POST', '/webhooks/:app/:token', false, followUp),
    route('GET', '/webhooks/:app/:token/messages/:message', false, (c) => {
      const record = interactionForToken(c);
      return ok(apiMessage(c.state, webhookMessage(c, record)));
    }),
    route('PATCH', '/webhooks/:app/:token/messages/:message', false, editWebhookMessage),
    route('DELETE', '/webhooks/:app/:token/messages/:message', false, (c) => {
      const record = interactionForToken(c);
      deleteMessage(c.state, webhookMessage(c, record));
      return noContent();
    }),
  ];
}

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
  const draft = composeDraft(state, message.channelId, draftOf(message), body, c.req.files);
  enforceMessageRules(state, c.label, draft, violations);
  editMessage(state, message, draft);
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
    const draft = composeDraft(state, original.channelId, draftOf(original), body, c.req.files);
    enforceMessageRules(state, c.label, draft, violations);
    editMessage(state, original, draft);
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
