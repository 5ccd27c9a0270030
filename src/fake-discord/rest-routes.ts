// The bot-authenticated REST routes: gateway discovery, users, the application and the guilds.
// Channel, thread, reaction, interaction, command, application emoji, scheduled event and Activity instance routes
// live in their own files; OAuth2's token URL is not a REST route (oauth2-token.ts).
import { activityInstanceRoutes } from './activity-instances';
import { appEmojiRoutes } from './app-emojis';
import { channelRoutes } from './channel-routes';
import { commandRoutes } from './command-routes';
import { DiscordErrors } from './http';
import { interactionRoutes } from './interaction-routes';
import { privatePlaceRoutes } from './private-places';
import { apiApplication, apiChannel, apiGuild, apiMember, apiRole, apiUser, lastMessageId } from './payloads';
import { ok, param, route } from './routes';
import type { Route, RouteContext } from './routes';
import { reactionRoutes } from './reactions';
import { scheduledEventRoutes } from './scheduled-events';
import type { FakeGuild } from './store';
import { threadRoutes } from './threads';

export function allRoutes(): Route[] {
  return [
    ...gatewayRoutes(),
    ...userRoutes(),
    ...privatePlaceRoutes(),
    ...guildRoutes(),
    ...scheduledEventRoutes(),
    ...channelRoutes(),
    ...threadRoutes(),
    ...reactionRoutes(),
    ...commandRoutes(),
    ...appEmojiRoutes(),
    ...interactionRoutes(),
    ...activityInstanceRoutes(),
  ];
}

function gatewayRoutes(): Route[] {
  return [
    route('GET', '/gateway', false, (c) => ok({ url: c.gatewayUrl() })),
    route('GET', '/gateway/bot', true, (c) =>
      ok({
        url: c.gatewayUrl(),
        shards: c.recommendedShards,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: c.maxConcurrency },
      }),
    ),
  ];
}

function userRoutes(): Route[] {
  const me = (c: RouteContext) =>
    c.bearer
      ? ok(grantingUser(c, c.bearer.userId))
      : ok({
          ...apiUser(c.state.botUser),
          bot: true,
          verified: true,
          mfa_enabled: false,
          email: null,
          flags: 0,
          locale: 'en-US',
        });
  return [
    // The spec's security for get_my_user: [{ BotToken }, { OAuth2: ["identify"] }].
    { ...route('GET', '/users/@me', true, me), bearerScope: 'identify' },
    route('GET', '/users/:user', true, (c) => {
      const user = c.state.users.get(param(c, 'user'));
      if (!user) throw DiscordErrors.unknownUser();
      return ok(apiUser(user));
    }),
    route('GET', '/applications/@me', true, (c) => ok(apiApplication(c.state))),
    route('GET', '/oauth2/applications/@me', true, (c) => ok(apiApplication(c.state))),
  ];
}

/**
 * The person who granted an access token, as GET /users/@me shows them to it (the spec's UserPIIResponse; "identify
 * allows /users/@me without email", topics/oauth2#shared-resources-oauth2-scopes).
 */
function grantingUser(c: RouteContext, userId: string): Record<string, unknown> {
  const user = c.state.users.get(userId);
  if (!user) throw DiscordErrors.unauthorized();
  return { ...apiUser(user), flags: 0, mfa_enabled: false, locale: user.locale ?? 'en-US', premium_type: 0 };
}

function requireGuild(c: RouteContext): FakeGuild {
  const guild = c.state.guilds.get(param(c, 'guild'));
  if (!guild) throw DiscordErrors.unknownGuild();
  // A server the bot is not in exists, but the bot may see nothing of it.
  if (!guild.botMember) throw DiscordErrors.missingAccess();
  return guild;
}

function guildRoutes(): Route[] {
  return [
    route('GET', '/guilds/:guild', true, (c) => {
      const guild = requireGuild(c);
      const body = apiGuild(c.state, guild);
      if (c.req.query.get('with_counts') === 'true') {
        body.approximate_member_count = guild.members.size;
        body.approximate_presence_count = 0;
      }
      return ok(body);
    }),
    route('GET', '/guilds/:guild/channels', true, (c) => {
      const guild = requireGuild(c);
      // Threads are not listed here, as on Discord (see /threads/active).
      return ok(c.state.guildChannels(guild.id).map((ch) => apiChannel(ch, lastMessageId(c.state, ch.id))));
    }),
    route('GET', '/guilds/:guild/threads/active', true, (c) => {
      const guild = requireGuild(c);
      const threads = c.state.threads().filter((t) => t.guildId === guild.id && !t.thread?.archived);
      const members = threads
        .filter((t) => t.thread?.memberIds.includes(c.state.botUser.id))
        .map((t) => ({
          id: t.id,
          user_id: c.state.botUser.id,
          join_timestamp: new Date(t.thread?.createdAt ?? 0).toISOString(),
          flags: 0,
        }));
      return ok({ threads: threads.map((t) => apiChannel(t, lastMessageId(c.state, t.id))), members });
    }),
    route('GET', '/guilds/:guild/roles', true, (c) => {
      const guild = requireGuild(c);
      return ok([...guild.roles.values()].map((role) => apiRole(role, c.state.botUser.id)));
    }),
    route('GET', '/guilds/:guild/members/:user', true, (c) => {
      const guild = requireGuild(c);
      const user = c.state.users.get(param(c, 'user'));
      if (!user || !guild.members.has(user.id)) throw DiscordErrors.unknownMember();
      return ok(apiMember(guild, user));
    }),
  ];
}
