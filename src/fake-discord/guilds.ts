// Guilds and their members. The fake starts with one default guild; tests may add more (each with its own
// @everyone role, a managed role for the bot, a text channel, the bot and the owner as members). A user's
// permissions are the same in every guild they belong to: each guild grants them through a role of its own,
// so discord.js computes the same bits from roles as the fake puts in app_permissions and member.permissions.
import { apiGuildCreate, apiRole } from './payloads';
import { BOT_ROLE_PERMISSIONS, EVERYONE_PERMISSIONS, Permission } from './permissions';
import type { FakeState } from './store';
import type { FakeChannel, FakeRole, FakeUser } from './types';

export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  /** When the bot "joined", for GUILD_CREATE's joined_at (and every member's, for simplicity). */
  joinedAt: number;
  /** The bot's managed role here, as Discord makes one per guild for a bot invited with permissions ('' without the bot). */
  botRoleId: string;
  /**
   * The bot is a member (the app is installed to the server). False for a server where people use the app
   * only through their own user install: no GUILD_CREATE or other events, 403 50001 on its routes.
   */
  botMember: boolean;
  /** @everyone's Use External Apps (1 << 50): off forces a user-installed app's replies ephemeral here. */
  externalApps: boolean;
  /** The guild's roles; @everyone has the guild's id. */
  roles: Map<string, FakeRole>;
  /** Members by user id, with their roles here besides @everyone. */
  members: Map<string, string[]>;
  /** The server's language (its community setting), sent as `preferred_locale` and `guild_locale`; default en-US. */
  preferredLocale?: string;
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
  const channel = state.addChannel(init.channelName, guild.id);
  state.guilds.set(guild.id, guild);
  state.guildDispatch(guild.id, 'GUILD_CREATE', apiGuildCreate(state, guild));
  state.notify();
  return { guild, channel };
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
