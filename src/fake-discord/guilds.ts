// Guilds, their channels and their members. The fake starts with one default guild; tests may add more (each
// with its own @everyone role, a managed role for the bot, a text channel, the bot and the owner as members). A
// user's permissions are the same in every guild they belong to: each guild grants them through a role of its
// own, so discord.js computes the same bits from roles as the fake puts in app_permissions and member.permissions.
import { apiChannel, apiGuildCreate, apiRole } from './payloads';
import {
  BOT_ROLE_PERMISSIONS,
  EVERYONE_PERMISSIONS,
  Permission,
  effectivePermissions,
  parsePermissions,
} from './permissions';
import { FakeState } from './store';
import type { FakeGuild, FakeStateInit } from './store';
import type { FakeChannel, FakeRole, FakeUser } from './types';

/**
 * The fake's state with its default guild. Made here, not in FakeState's constructor: making a guild takes this
 * module and payloads.ts, which build on store.ts, and store.ts imports none of the modules built on it.
 */
export function createFakeState(
  now: () => number,
  init: FakeStateInit & { guildName: string; channelName: string },
): FakeState {
  const state = new FakeState(now, init);
  // The owner is a user of its own so no test user silently gets owner powers.
  const owner: FakeUser = {
    id: state.ids.next(),
    username: 'server-owner',
    globalName: 'Server Owner',
    bot: false,
    permissions: effectivePermissions(Permission.Administrator).toString(),
    roleIds: [],
  };
  state.users.set(owner.id, owner);
  const { guild } = createGuild(state, {
    id: state.defaultGuildId,
    name: init.guildName,
    ownerId: owner.id,
    channelName: init.channelName,
  });
  state.botUser.roleIds = [guild.botRoleId];
  return state;
}

export interface GuildInit {
  id: string;
  name: string;
  ownerId: string;
  channelName: string;
  preferredLocale?: string;
  /** Default true; see FakeGuild.botMember. */
  botMember?: boolean;
  /** Default true; see FakeGuild.externalApps. */
  externalApps?: boolean;
}

/**
 * Makes a guild with its roles, the bot and the owner as members and one text channel. Its events are
 * held back until it is complete (see FakeState.guildDispatch); then GUILD_CREATE tells the bots' session
 * of its shard everything at once, as when a bot is added to a server.
 */
export function createGuild(state: FakeState, init: GuildInit): { guild: FakeGuild; channel: FakeChannel } {
  if (state.guilds.has(init.id) || state.roles.has(init.id)) throw new Error(`id ${init.id} is already taken`);
  const everyone: FakeRole = {
    id: init.id,
    name: '@everyone',
    permissions: EVERYONE_PERMISSIONS.toString(),
    position: 0,
    managed: false,
  };
  const botMember = init.botMember ?? true;
  const botRole: FakeRole = {
    id: botMember ? state.ids.next() : '',
    name: state.botUser.username,
    permissions: BOT_ROLE_PERMISSIONS.toString(),
    position: 1,
    managed: true,
  };
  const guild: FakeGuild = {
    id: init.id,
    name: init.name,
    ownerId: init.ownerId,
    joinedAt: state.now(),
    botRoleId: botRole.id,
    botMember,
    externalApps: init.externalApps ?? true,
    ...(init.preferredLocale ? { preferredLocale: init.preferredLocale } : {}),
    roles: new Map(
      botMember
        ? [
            [everyone.id, everyone],
            [botRole.id, botRole],
          ]
        : [[everyone.id, everyone]],
    ),
    // The owner's powers come from owning the guild, not from a role.
    members: new Map<string, string[]>(
      botMember
        ? [
            [state.botUser.id, [botRole.id]],
            [init.ownerId, []],
          ]
        : [[init.ownerId, []]],
    ),
  };
  for (const role of guild.roles.values()) state.roles.set(role.id, role);
  const channel = addChannel(state, init.channelName, guild.id);
  state.guilds.set(guild.id, guild);
  state.guildDispatch(guild.id, 'GUILD_CREATE', apiGuildCreate(state, guild));
  state.notify();
  return { guild, channel };
}

/** A text channel in a guild (default: the default guild). */
export function addChannel(state: FakeState, name: string, guildId = state.guild.id): FakeChannel {
  const channel: FakeChannel = {
    id: state.ids.next(),
    guildId,
    name,
    type: 0,
    position: state.guildChannels(guildId).length,
  };
  state.channels.set(channel.id, channel);
  state.channelOrder.set(channel.id, []);
  state.guildDispatch(guildId, 'CHANNEL_CREATE', apiChannel(channel));
  state.notify();
  return channel;
}

/** A user, a member of `guildIds` (default: the default guild only). */
export function addUser(
  state: FakeState,
  init: {
    id?: string;
    username: string;
    globalName?: string | null;
    permissions?: string | bigint;
    bot?: boolean;
    guildIds?: string[];
    locale?: string;
  },
): FakeUser {
  const id = init.id ?? state.ids.next();
  if (state.users.has(id)) throw new Error(`a user with id ${id} already exists`);
  const guilds = (init.guildIds ?? [state.guild.id]).map((guildId) => requireGuild(state, guildId));
  const granted = parsePermissions(init.permissions ?? EVERYONE_PERMISSIONS);
  const user: FakeUser = {
    id,
    username: init.username,
    globalName: init.globalName ?? null,
    bot: init.bot ?? false,
    permissions: effectivePermissions(granted | EVERYONE_PERMISSIONS).toString(),
    roleIds: [],
    ...(init.locale ? { locale: init.locale } : {}),
  };
  state.users.set(id, user);
  state.grantedPermissions.set(id, granted);
  for (const guild of guilds) joinGuild(state, guild, user);
  state.notify();
  return user;
}

/** The guild for a test's call; throws for an id the fake does not know. */
export function requireGuild(state: FakeState, guildId: string): FakeGuild {
  const guild = state.guilds.get(guildId);
  if (!guild) throw new Error(`unknown guild ${guildId}; create it with addGuild()`);
  return guild;
}

/** Makes a user a member (a no-op for one already), with a role that grants their permissions. */
export function joinGuild(state: FakeState, guild: FakeGuild, user: FakeUser): void {
  if (guild.members.has(user.id)) return;
  const granted = state.grantedPermissions.get(user.id) ?? EVERYONE_PERMISSIONS;
  // Permissions beyond @everyone's come from a role, so discord.js computes the same bits from roles.
  const roleIds = granted & ~EVERYONE_PERMISSIONS ? [roleFor(state, guild, granted).id] : [];
  guild.members.set(user.id, roleIds);
  if (guild === state.guild) user.roleIds = [...roleIds];
  state.notify();
}

/**
 * A server admin gives the bot's managed role `extra` besides what the bot was invited with (replacing an earlier
 * grant; 0n takes it back). GUILD_ROLE_UPDATE tells the bot, so discord.js computes the same bits.
 */
export function setBotRoleGrant(state: FakeState, guild: FakeGuild, extra: bigint): void {
  const role = guild.roles.get(guild.botRoleId);
  if (!role) throw new Error(`the bot is not a member of guild ${guild.id}`);
  role.permissions = (BOT_ROLE_PERMISSIONS | extra).toString();
  state.guildDispatch(guild.id, 'GUILD_ROLE_UPDATE', { guild_id: guild.id, role: apiRole(role, state.botUser.id) });
  state.notify();
}

export function isMember(guild: FakeGuild | undefined, userId: string): boolean {
  return guild?.members.has(userId) ?? false;
}

/** For a person acting in a guild (a slash command, a click, a message): only members can. */
export function requireMember(state: FakeState, user: FakeUser, guildId: string): FakeGuild {
  const guild = requireGuild(state, guildId);
  if (!guild.members.has(user.id))
    throw new Error(
      `${user.username} is not a member of guild ${guildId} (${guild.name}); add them with addMember() or addUser({ guildIds })`,
    );
  return guild;
}

function roleFor(state: FakeState, guild: FakeGuild, permissions: bigint): FakeRole {
  const text = permissions.toString();
  for (const role of guild.roles.values())
    if (!role.managed && role.permissions === text && role.id !== guild.id) return role;
  const name =
    permissions & Permission.Administrator
      ? 'Admin'
      : permissions & Permission.ManageMessages
        ? 'Moderator'
        : `Role ${guild.roles.size}`;
  const role: FakeRole = { id: state.ids.next(), name, permissions: text, position: guild.roles.size, managed: false };
  guild.roles.set(role.id, role);
  state.roles.set(role.id, role);
  state.guildDispatch(guild.id, 'GUILD_ROLE_CREATE', { guild_id: guild.id, role: apiRole(role) });
  return role;
}
