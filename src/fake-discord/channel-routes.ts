// The bot's own channel routes: a channel, its messages (create with nonces, list, read, edit,
// delete), in text channels and threads alike, refused as Discord refuses them.
import { botPermissionsIn, requireBotPermissions, sendPermission } from './channels';
import { DiscordErrors } from './http';
import { charCount, isObject } from './json';
import type { JsonObject } from './json';
import { MessageFlag } from './limits';
import type { Violation } from './limits';
import { pingedUsers } from './mentions';
import { apiMessage } from './message-payloads';
import { channelMessages, createMessage, deleteMessage, draftOf, editMessage } from './message-store';
import { composeDraft, enforceMessageRules, readMessageBody } from './messages';
import { apiChannel, lastMessageId } from './payloads';
import { Permission } from './permissions';
import { apiPrivateChannel, isPrivate, refuseOutsider, requireDmReachable } from './private-places';
import { noContent, ok, param, route } from './routes';
import type { Route, RouteContext } from './routes';
import type { FakeState } from './store';
import type { FakeChannel, FakeMessage } from './types';

/** How long `enforce_nonce` remembers a nonce; Discord says "a few minutes". */
export const NONCE_WINDOW_MS = 5 * 60 * 1000;
const NONCE_MAX_LENGTH = 25;

export function channelRoutes(): Route[] {
  return [
    route('GET', '/channels/:channel', true, (c) => {
      const channel = requireChannel(c);
      requireBotPermissions(c.state, channel, 0n);
      if (isPrivate(channel)) return ok(apiPrivateChannel(c.state, channel));
      return ok(apiChannel(channel, lastMessageId(c.state, channel.id)));
    }),
    route('POST', '/channels/:channel/typing', true, (c) => {
      const channel = requireChannel(c);
      requireBotPermissions(c.state, channel, sendPermission(channel));
      return noContent();
    }),
    route('POST', '/channels/:channel/messages', true, createChannelMessage),
    route('GET', '/channels/:channel/messages', true, listChannelMessages),
    route('GET', '/channels/:channel/messages/:message', true, (c) => {
      const channel = requireChannel(c);
      requireBotPermissions(c.state, channel, Permission.ReadMessageHistory);
      return ok(apiMessage(c.state, channelMessage(c, 'read')));
    }),
    route('PATCH', '/channels/:channel/messages/:message', true, (c) => {
      const { state } = c;
      requireBotPermissions(state, requireChannel(c), 0n);
      const message = channelMessage(c, 'change');
      if (message.author.id !== state.botUser.id) {
        state.breach(`${c.label}: message ${message.id} was written by ${message.author.username}, not the bot`);
        throw DiscordErrors.cannotEditOthers();
      }
      const { body, violations } = readMessageBody(c.req.body);
      const draft = composeDraft(state, message.channelId, draftOf(message), body, c.req.files);
      enforceMessageRules(state, c.label, draft, violations);
      editMessage(state, message, draft);
      return ok(apiMessage(state, message));
    }),
    route('DELETE', '/channels/:channel/messages/:message', true, (c) => {
      const { state } = c;
      const channel = requireChannel(c);
      requireBotPermissions(state, channel, 0n);
      const message = channelMessage(c, 'change');
      const canManage = (botPermissionsIn(state, channel.id) & Permission.ManageMessages) !== 0n;
      if (message.author.id !== state.botUser.id && !canManage) {
        state.breach(
          `${c.label}: deleting ${message.author.username}'s message needs Manage Messages, which the bot lacks`,
        );
        throw DiscordErrors.missingPermissions();
      }
      deleteMessage(state, message);
      return noContent();
    }),
  ];
}

/**
 * The channel a route names. A channel that never existed is a bug of the bot's (a breach when it
 * posts there); a deleted one is something a moderator did, so only the answer says so. A group DM or a
 * server without the bot: 403 Missing Access (private-places.ts).
 */
export function requireChannel(c: RouteContext, breachIfUnknown = false): FakeChannel {
  const id = param(c, 'channel');
  const channel = c.state.channels.get(id);
  if (channel) {
    refuseOutsider(c, channel);
    return channel;
  }
  if (breachIfUnknown && !c.state.deletedChannels.has(id))
    c.state.breach(`${c.label}: message sent to unknown channel ${id}`);
  throw DiscordErrors.unknownChannel();
}

/** A channel message as the bot's own routes see it: ephemerals do not exist for them. */
function channelMessage(c: RouteContext, purpose: 'read' | 'change'): FakeMessage {
  const message = c.state.messages.get(param(c, 'message'));
  if (!message || message.deleted || message.channelId !== param(c, 'channel')) throw DiscordErrors.unknownMessage();
  if (message.ephemeralFor !== undefined) {
    if (purpose === 'change')
      c.state.breach(`${c.label}: message ${message.id} is ephemeral; only its interaction token can change it`);
    throw DiscordErrors.unknownMessage();
  }
  return message;
}

function createChannelMessage(c: RouteContext): ReturnType<typeof ok> {
  const { state } = c;
  const channel = requireChannel(c, true);
  requireBotPermissions(state, channel, sendPermission(channel));
  requireDmReachable(state, channel);
  const { body, violations } = readMessageBody(c.req.body);
  violations.push(...checkNonce(body));
  const draft = composeDraft(state, channel.id, undefined, body, c.req.files);
  enforceMessageRules(state, c.label, draft, violations);
  const nonce = typeof body.nonce === 'string' || typeof body.nonce === 'number' ? body.nonce : undefined;
  if (nonce !== undefined && body.enforce_nonce === true) {
    const earlier = messageWithNonce(state, channel.id, state.botUser.id, nonce);
    if (earlier) {
      // Discord's idempotent create: the earlier message comes back and nothing new is made.
      state.deduplicated.push({ channelId: channel.id, nonce, messageId: earlier.id, at: state.now() });
      return ok(apiMessage(state, earlier));
    }
  }
  const reference =
    isObject(body.message_reference) && typeof body.message_reference.message_id === 'string'
      ? body.message_reference.message_id
      : undefined;
  if (typeof body.flags === 'number' && body.flags & MessageFlag.Ephemeral) {
    state.breach(`${c.label}: the ephemeral flag only works in interaction responses; this message is public`);
  }
  const message = createMessage(state, {
    channelId: channel.id,
    author: state.botUser,
    draft,
    type: reference ? 19 : 0,
    pinged: pingedUsers(state, draft, body.allowed_mentions, state.botUser.id),
    ...(nonce !== undefined ? { nonce } : {}),
    ...(reference ? { referencedMessageId: reference } : {}),
  });
  return ok(apiMessage(state, message));
}

/** `nonce`: an integer or a string of at most 25 characters; `enforce_nonce`: a boolean. */
function checkNonce(body: JsonObject): Violation[] {
  const violations: Violation[] = [];
  const nonce = body.nonce;
  if (typeof nonce === 'string' && charCount(nonce) > NONCE_MAX_LENGTH) {
    violations.push({
      path: ['nonce'],
      code: 'BASE_TYPE_MAX_LENGTH',
      message: `Must be ${NONCE_MAX_LENGTH} or fewer in length.`,
      rule: `nonce is ${charCount(nonce)} characters (limit ${NONCE_MAX_LENGTH})`,
    });
  } else if (
    nonce !== undefined &&
    nonce !== null &&
    typeof nonce !== 'string' &&
    !(typeof nonce === 'number' && Number.isSafeInteger(nonce))
  ) {
    violations.push({
      path: ['nonce'],
      code: 'NONCE_TYPE_INVALID',
      message: 'Nonce must be an integer or a string.',
      rule: `nonce ${JSON.stringify(nonce)} is neither an integer nor a string`,
    });
  }
  const enforce = body.enforce_nonce;
  if (enforce !== undefined && enforce !== null && typeof enforce !== 'boolean') {
    violations.push({
      path: ['enforce_nonce'],
      code: 'BASE_TYPE_BOOLEAN',
      message: 'Must be either true or false.',
      rule: 'enforce_nonce is not a boolean',
    });
  }
  return violations;
}

/** The author's message with this nonce in the channel, created within the window (newest first). */
function messageWithNonce(
  state: FakeState,
  channelId: string,
  authorId: string,
  nonce: string | number,
): FakeMessage | undefined {
  const since = state.now() - NONCE_WINDOW_MS;
  return channelMessages(state, channelId)
    .reverse()
    .find(
      (m) =>
        !m.deleted &&
        m.author.id === authorId &&
        m.nonce !== undefined &&
        String(m.nonce) === String(nonce) &&
        m.createdAt >= since,
    );
}

/** GET /channels/{id}/messages: newest first, `limit` 1–100 (default 50), `before`/`after` ids. */
function listChannelMessages(c: RouteContext): ReturnType<typeof ok> {
  const channel = requireChannel(c);
  requireBotPermissions(c.state, channel, 0n);
  // Without Read Message History Discord answers with no messages rather than an error.
  if ((botPermissionsIn(c.state, channel.id) & Permission.ReadMessageHistory) === 0n) return ok([]);
  const query = c.req.query;
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 50) || 50, 1), 100);
  const before = snowflakeParam(query.get('before'));
  const after = snowflakeParam(query.get('after'));
  let list = channelMessages(c.state, channel.id).filter((m) => !m.deleted && m.ephemeralFor === undefined);
  if (before !== undefined) list = list.filter((m) => BigInt(m.id) < before);
  if (after !== undefined) list = list.filter((m) => BigInt(m.id) > after);
  const newestFirst = list.reverse();
  const page = after !== undefined ? newestFirst.slice(-limit) : newestFirst.slice(0, limit);
  return ok(page.map((m) => apiMessage(c.state, m)));
}

function snowflakeParam(value: string | null): bigint | undefined {
  return value !== null && /^\d+$/.test(value) ? BigInt(value) : undefined;
}
