// Places outside the bot's servers (Channel resource: DM channel type 1, group DM type 3; User resource,
// "Create DM"): the bot's DM with a user, a group DM of users the bot is not in, and a server without the bot.
// Who may act where, what the bot's own routes may do there, and their channels in Discord's wire shape.
import { DiscordErrors } from './http';
import { isObject } from './json';
import type { JsonObject } from './json';
import { apiUser, lastMessageId } from './payloads';
import { ok, route } from './routes';
import type { Route, RouteContext } from './routes';
import type { FakeGuild, FakeState } from './store';
import type { FakeChannel, FakeUser } from './types';
import { requireMember } from './guilds';

export const ChannelType = { GuildText: 0, DM: 1, GroupDM: 3, PublicThread: 11 } as const;

export function isPrivate(channel: FakeChannel): boolean {
  return channel.type === ChannelType.DM || channel.type === ChannelType.GroupDM;
}

/** The bot's DM with a user (one per user, as Discord keeps one), made on first use. */
export function dmWith(state: FakeState, user: FakeUser): FakeChannel {
  if (user.id === state.botUser.id) throw new Error('the bot has no DM with itself');
  for (const channel of state.channels.values())
    if (channel.type === ChannelType.DM && channel.recipientIds?.includes(user.id)) return channel;
  const channel: FakeChannel = {
    id: state.ids.next(),
    guildId: '',
    name: `DM with ${user.username}`,
    type: ChannelType.DM,
    position: 0,
    recipientIds: [user.id, state.botUser.id],
  };
  state.addThread(channel);
  state.notify();
  return channel;
}

/** A group DM of 2–10 users (the first one owns it); the bot cannot be a member, as bots join no group DMs. */
export function addGroupDm(state: FakeState, users: FakeUser[], name?: string): FakeChannel {
  if (users.length < 2 || users.length > 10) throw new Error(`a group DM holds 2–10 users, got ${users.length}`);
  if (users.some((u) => u.bot)) throw new Error('bots cannot be members of a group DM');
  if (new Set(users.map((u) => u.id)).size !== users.length) throw new Error('a user is listed twice');
  const channel: FakeChannel = {
    id: state.ids.next(),
    guildId: '',
    name: name ?? `group DM ${users.map((u) => u.username).join(', ')}`,
    type: ChannelType.GroupDM,
    position: 0,
    recipientIds: users.map((u) => u.id),
  };
  state.addThread(channel);
  state.notify();
  return channel;
}

/**
 * For a person acting in a place (a slash command, a click, a message): a guild's member, or one of a
 * DM's recipients. Returns the guild, or undefined in a DM or group DM.
 */
export function requireParticipant(state: FakeState, user: FakeUser, channel: FakeChannel): FakeGuild | undefined {
  if (!isPrivate(channel)) return requireMember(state, user, channel.guildId);
  if (!channel.recipientIds?.includes(user.id))
    throw new Error(`${user.username} is not in ${channel.name} (${channel.id}); they cannot see it`);
  return undefined;
}

/** Whether the user and the bot are members of one guild (what lets a bot DM someone). */
export function sharesGuildWithBot(state: FakeState, user: FakeUser): boolean {
  return [...state.guilds.values()].some((g) => g.botMember && g.members.has(user.id));
}

/**
 * Channel routes on a place the bot is not a member of (a group DM, a server without the bot): Discord
 * answers 403 50001. A breach too: the interaction's context and owners told the bot, and refused requests
 * count towards Discord's invalid request limit.
 */
export function refuseOutsider(c: RouteContext, channel: FakeChannel): void {
  const guild = c.state.guilds.get(channel.guildId);
  const where =
    channel.type === ChannelType.GroupDM
      ? `${channel.id} is a group DM`
      : guild && !guild.botMember
        ? `${channel.id} is in server ${guild.name}, which the bot is not in`
        : undefined;
  if (where === undefined) return;
  c.state.breach(
    `${c.label}: channel ${where}; only interaction responses and follow-ups reach it (403 Missing Access)`,
  );
  throw DiscordErrors.missingAccess();
}

/**
 * Sending in the bot's DM needs the user to share a server with the bot or to have installed the app to their
 * account; otherwise Discord refuses (50278, no mutual guilds). Not a breach: the bot cannot know beforehand.
 */
export function requireDmReachable(state: FakeState, channel: FakeChannel): void {
  if (channel.type !== ChannelType.DM) return;
  const userId = channel.recipientIds?.find((id) => id !== state.botUser.id) ?? '';
  const user = state.users.get(userId);
  if (user && (sharesGuildWithBot(state, user) || state.userInstalls.has(user.id))) return;
  throw DiscordErrors.noMutualGuilds();
}

/** A DM or group DM in Discord's shape; the bot's DM lists the other user only, as the bot sees it. */
export function apiPrivateChannel(state: FakeState, channel: FakeChannel): JsonObject {
  const recipients = (channel.recipientIds ?? [])
    .filter((id) => id !== state.botUser.id)
    .flatMap((id) => {
      const user = state.users.get(id);
      return user ? [apiUser(user)] : [];
    });
  const body: JsonObject = {
    id: channel.id,
    type: channel.type,
    last_message_id: lastMessageId(state, channel.id),
    flags: 0,
    recipients,
  };
  if (channel.type === ChannelType.GroupDM) {
    body.name = null;
    body.icon = null;
    body.owner_id = channel.recipientIds?.[0] ?? null;
  }
  return body;
}

/** POST /users/@me/channels { recipient_id }: the bot opens (or finds) its DM with a user. */
export function privatePlaceRoutes(): Route[] {
  return [
    route('POST', '/users/@me/channels', true, (c) => {
      const body = isObject(c.req.body) ? c.req.body : {};
      const user = typeof body.recipient_id === 'string' ? c.state.users.get(body.recipient_id) : undefined;
      if (!user || user.id === c.state.botUser.id) throw DiscordErrors.unknownUser();
      return ok(apiPrivateChannel(c.state, dmWith(c.state, user)));
    }),
  ];
}
