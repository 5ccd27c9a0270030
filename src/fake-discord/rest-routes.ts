// The bot-authenticated REST routes: gateway discovery, users, the application, the guild and
// channel messages. Interaction and command routes live in their own files.
import { commandRoutes } from './command-routes';
import { DiscordErrors } from './http';
import { isObject } from './json';
import { interactionRoutes } from './interaction-routes';
import { MessageFlag } from './limits';
import { composeDraft, enforceMessageRules, readMessageBody } from './messages';
import { apiApplication, apiChannel, apiGuild, apiMember, apiMessage, apiRole, apiUser } from './payloads';
import { Permission } from './permissions';
import { noContent, ok, param, route } from './routes';
import type { Route, RouteContext } from './routes';
import type { FakeChannel, FakeMessage } from './types';

export function allRoutes(): Route[] {
  return [...gatewayRoutes(), ...userRoutes(), ...guildRoutes(), ...channelRoutes(), ...commandRoutes(), ...interactionRoutes()];
}

function gatewayRoutes(): Route[] {
  return [
    route('GET', '/gateway', false, (c) => ok({ url: c.gatewayUrl() })),
    route('GET', '/gateway/bot', true, (c) =>
      ok({ url: c.gatewayUrl(), shards: 1, session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 } }),
    ),
  ];
}

function userRoutes(): Route[] {
  const me = (c: RouteContext) => ok({ ...apiUser(c.state.botUser), bot: true, verified: true, mfa_enabled: false, email: null, flags: 0, locale: 'en-US' });
  return [
    route('GET', '/users/@me', true, me),
    route('GET', '/users/:user', true, (c) => {
      const user = c.state.users.get(param(c, 'user'));
      if (!user) throw DiscordErrors.unknownUser();
      return ok(apiUser(user));
    }),
    route('GET', '/applications/@me', true, (c) => ok(apiApplication(c.state))),
    route('GET', '/oauth2/applications/@me', true, (c) => ok(apiApplication(c.state))),
  ];
}

function requireGuild(c: RouteContext): void {
  if (param(c, 'guild') !== c.state.guild.id) throw DiscordErrors.unknownGuild();
}

function guildRoutes(): Route[] {
  return [
    route('GET', '/guilds/:guild', true, (c) => {
      requireGuild(c);
      const guild = apiGuild(c.state);
      if (c.req.query.get('with_counts') === 'true') {
        guild.approximate_member_count = c.state.users.size;
        guild.approximate_presence_count = 0;
      }
      return ok(guild);
    }),
    route('GET', '/guilds/:guild/channels', true, (c) => {
      requireGuild(c);
      return ok([...c.state.channels.values()].map((ch) => apiChannel(ch)));
    }),
    route('GET', '/guilds/:guild/roles', true, (c) => {
      requireGuild(c);
      return ok([...c.state.roles.values()].map((role) => apiRole(role, c.state.botUser.id)));
    }),
    route('GET', '/guilds/:guild/members/:user', true, (c) => {
      requireGuild(c);
      const user = c.state.users.get(param(c, 'user'));
      if (!user) throw DiscordErrors.unknownMember();
      return ok(apiMember(c.state, user));
    }),
  ];
}

function requireChannel(c: RouteContext): FakeChannel {
  const channel = c.state.channels.get(param(c, 'channel'));
  if (!channel) throw DiscordErrors.unknownChannel();
  return channel;
}

/** A channel message as the bot's own routes see it: ephemerals do not exist for them. */
function channelMessage(c: RouteContext, purpose: 'read' | 'change'): FakeMessage {
  requireChannel(c);
  const message = c.state.messages.get(param(c, 'message'));
  if (!message || message.deleted || message.channelId !== param(c, 'channel')) throw DiscordErrors.unknownMessage();
  if (message.ephemeralFor !== undefined) {
    if (purpose === 'change') c.state.breach(`${c.label}: message ${message.id} is ephemeral; only its interaction token can change it`);
    throw DiscordErrors.unknownMessage();
  }
  return message;
}

function channelRoutes(): Route[] {
  return [
    route('GET', '/channels/:channel', true, (c) => ok(apiChannel(requireChannel(c)))),
    route('POST', '/channels/:channel/typing', true, (c) => {
      requireChannel(c);
      return noContent();
    }),
    route('POST', '/channels/:channel/messages', true, createChannelMessage),
    route('GET', '/channels/:channel/messages', true, listChannelMessages),
    route('GET', '/channels/:channel/messages/:message', true, (c) => ok(apiMessage(c.state, channelMessage(c, 'read')))),
    route('PATCH', '/channels/:channel/messages/:message', true, (c) => {
      const { state } = c;
      const message = channelMessage(c, 'change');
      if (message.author.id !== state.botUser.id) {
        state.breach(`${c.label}: message ${message.id} was written by ${message.author.username}, not the bot`);
        throw DiscordErrors.cannotEditOthers();
      }
      const { body, violations } = readMessageBody(c.req.body);
      const draft = composeDraft(state, message.channelId, state.draftOf(message), body, c.req.files);
      enforceMessageRules(state, c.label, draft, violations);
      state.editMessage(message, draft);
      return ok(apiMessage(state, message));
    }),
    route('DELETE', '/channels/:channel/messages/:message', true, (c) => {
      const { state } = c;
      const message = channelMessage(c, 'change');
      const canManage = (BigInt(state.botUser.permissions) & Permission.ManageMessages) !== 0n;
      if (message.author.id !== state.botUser.id && !canManage) {
        state.breach(`${c.label}: deleting ${message.author.username}'s message needs Manage Messages, which the bot lacks`);
        throw DiscordErrors.missingPermissions();
      }
      state.deleteMessage(message);
      return noContent();
    }),
  ];
}

function createChannelMessage(c: RouteContext): ReturnType<typeof ok> {
  const { state } = c;
  const channelId = param(c, 'channel');
  if (!state.channels.has(channelId)) {
    state.breach(`${c.label}: message sent to unknown channel ${channelId}`);
    throw DiscordErrors.unknownChannel();
  }
  const { body, violations } = readMessageBody(c.req.body);
  const draft = composeDraft(state, channelId, undefined, body, c.req.files);
  enforceMessageRules(state, c.label, draft, violations);
  const reference = isObject(body.message_reference) && typeof body.message_reference.message_id === 'string' ? body.message_reference.message_id : undefined;
  if (typeof body.flags === 'number' && body.flags & MessageFlag.Ephemeral) {
    state.breach(`${c.label}: the ephemeral flag only works in interaction responses; this message is public`);
  }
  const message = state.createMessage({
    channelId,
    author: state.botUser,
    draft,
    type: reference ? 19 : 0,
    ...(reference ? { referencedMessageId: reference } : {}),
  });
  return ok(apiMessage(state, message));
}

/** GET /channels/{id}/messages: newest first, `limit` 1–100 (default 50), `before`/`after` ids. */
function listChannelMessages(c: RouteContext): ReturnType<typeof ok> {
  const channel = requireChannel(c);
  const query = c.req.query;
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 50) || 50, 1), 100);
  const before = snowflakeParam(query.get('before'));
  const after = snowflakeParam(query.get('after'));
  let list = c.state.channelMessages(channel.id).filter((m) => !m.deleted && m.ephemeralFor === undefined);
  if (before !== undefined) list = list.filter((m) => BigInt(m.id) < before);
  if (after !== undefined) list = list.filter((m) => BigInt(m.id) > after);
  const newestFirst = list.reverse();
  const page = after !== undefined ? newestFirst.slice(-limit) : newestFirst.slice(0, limit);
  return ok(page.map((m) => apiMessage(c.state, m)));
}

function snowflakeParam(value: string | null): bigint | undefined {
  return value !== null && /^\d+$/.test(value) ? BigInt(value) : undefined;
}
