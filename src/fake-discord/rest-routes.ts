// The bot-authenticated REST routes: gateway discovery, users, the application and the guild.
// Channel, thread, interaction and command routes live in their own files.
import { channelRoutes } from './channel-routes';
import { commandRoutes } from './command-routes';
import { DiscordErrors } from './http';
import { interactionRoutes } from './interaction-routes';
import { apiApplication, apiChannel, apiGuild, apiMember, apiRole, apiUser, lastMessageId } from './payloads';
import { ok, param, route } from './routes';
import type { Route, RouteContext } from './routes';
import { threadRoutes } from './threads';

export function allRoutes(): Route[] {
  return [
    ...gatewayRoutes(),
    ...userRoutes(),
    ...guildRoutes(),
    ...channelRoutes(),
    ...threadRoutes(),
    ...commandRoutes(),
    ...interactionRoutes(),
  ];
}

function gatewayRoutes(): Route[] {
  return [
    route('GET', '/gateway', false, (c) => ok({ url: c.gatewayUrl() })),
    route('GET', '/gateway/bot', true, (c) =>
      ok({
        url: c.gatewayUrl(),
        shards: 1,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
      }),
    ),
  ];
}

function userRoutes(): Route[] {
  const me = (c: RouteContext) =>
    ok({
      ...apiUser(c.state.botUser),
      bot: true,
      verified: true,
      mfa_enabled: false,
      email: null,
      flags: 0,
      locale: 'en-US',
    });
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
      // Threads are not listed here, as on Discord (see /threads/active).
      return ok(c.state.guildChannels().map((ch) => apiChannel(ch, lastMessageId(c.state, ch.id))));
    }),
    route('GET', '/guilds/:guild/threads/active', true, (c) => {
      requireGuild(c);
      const threads = c.state.threads().filter((t) => !t.thread?.archived);
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
