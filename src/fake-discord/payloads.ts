// The fake's objects in Discord's wire shapes (snake_case, ids as strings), with enough of the
// fields discord.js reads that it builds its structures without crashing: users, members, roles, channels,
// threads, guilds, scheduled events and the application. Messages, their attachments and reactions: message-payloads.ts.
import type { JsonObject } from './json';
import { channelMessages } from './message-store';
import { EXTERNAL, GUILD_ONLY } from './scheduled-event-rules';
import type { FakeGuild, FakeScheduledEvent, FakeState } from './store';
import type { FakeChannel, FakeRole, FakeThreadState, FakeUser } from './types';

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function apiUser(user: FakeUser): JsonObject {
  return {
    id: user.id,
    username: user.username,
    global_name: user.globalName,
    discriminator: '0',
    avatar: null,
    public_flags: 0,
    avatar_decoration_data: null,
    ...(user.bot ? { bot: true } : {}),
  };
}

/** A member of `guild` without `user`, as in `resolved.members`. */
export function apiPartialMember(guild: FakeGuild, user: FakeUser): JsonObject {
  return {
    nick: null,
    avatar: null,
    banner: null,
    roles: [...(guild.members.get(user.id) ?? [])],
    joined_at: iso(guild.joinedAt),
    premium_since: null,
    deaf: false,
    mute: false,
    pending: false,
    flags: 0,
    communication_disabled_until: null,
  };
}

export function apiMember(guild: FakeGuild, user: FakeUser): JsonObject {
  return { user: apiUser(user), ...apiPartialMember(guild, user) };
}

/** The member object inside an interaction carries the member's permissions in that channel. */
export function apiInteractionMember(guild: FakeGuild, user: FakeUser): JsonObject {
  return { ...apiMember(guild, user), permissions: user.permissions };
}

export function apiRole(role: FakeRole, botUserId?: string): JsonObject {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions,
    managed: role.managed,
    mentionable: false,
    flags: 0,
    ...(role.managed && botUserId ? { tags: { bot_id: botUserId } } : {}),
  };
}

export function apiChannel(channel: FakeChannel, lastMessageId: string | null = null): JsonObject {
  if (channel.thread) return apiThread(channel, channel.thread, lastMessageId);
  const overwrite = channel.botOverwrite;
  return {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    name: channel.name,
    position: channel.position,
    // type 1: a member overwrite, so discord.js works out the bot's permissions here as Discord does.
    permission_overwrites: overwrite
      ? [{ id: overwrite.id, type: 1, allow: overwrite.allow, deny: overwrite.deny }]
      : [],
    nsfw: false,
    topic: null,
    last_message_id: lastMessageId,
    rate_limit_per_user: 0,
    parent_id: null,
    flags: 0,
  };
}

/** A thread is a channel with `parent_id`, `owner_id`, counts and `thread_metadata` (Discord's "Threads" topic). */
function apiThread(channel: FakeChannel, thread: FakeThreadState, lastMessageId: string | null): JsonObject {
  return {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    name: channel.name,
    parent_id: channel.parentId ?? null,
    owner_id: channel.ownerId ?? null,
    last_message_id: lastMessageId,
    rate_limit_per_user: thread.rateLimitPerUser,
    flags: 0,
    message_count: thread.messageCount,
    total_message_sent: thread.totalMessageSent,
    // Discord stops counting members at 50.
    member_count: Math.min(thread.memberIds.length, 50),
    thread_metadata: {
      archived: thread.archived,
      auto_archive_duration: thread.autoArchiveDuration,
      archive_timestamp: iso(thread.archiveTimestamp),
      locked: thread.locked,
      create_timestamp: iso(thread.createdAt),
    },
  };
}

export function apiGuild(state: FakeState, guild: FakeGuild): JsonObject {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    mfa_level: 0,
    nsfw_level: 0,
    premium_tier: 0,
    premium_subscription_count: 0,
    premium_progress_bar_enabled: false,
    preferred_locale: guild.preferredLocale ?? 'en-US',
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    vanity_url_code: null,
    application_id: null,
    max_members: 500_000,
    max_video_channel_users: 25,
    features: [],
    emojis: [],
    stickers: [],
    roles: [...guild.roles.values()].map((role) => apiRole(role, state.botUser.id)),
  };
}

/** GUILD_CREATE: the guild plus everything a gateway client learns about it on joining. */
export function apiGuildCreate(state: FakeState, guild: FakeGuild): JsonObject {
  const members = [...guild.members.keys()].flatMap((id) => {
    const user = state.users.get(id);
    return user ? [apiMember(guild, user)] : [];
  });
  return {
    ...apiGuild(state, guild),
    joined_at: iso(guild.joinedAt),
    large: false,
    unavailable: false,
    lazy: true,
    member_count: members.length,
    members,
    channels: state.guildChannels(guild.id).map((channel) => apiChannel(channel, lastMessageId(state, channel.id))),
    // Active threads, so a restarted bot knows them (and the interactions that happen in them).
    threads: state
      .threads()
      .filter((t) => t.guildId === guild.id && !t.thread?.archived)
      .map((thread) => apiChannel(thread, lastMessageId(state, thread.id))),
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [...state.scheduledEvents.values()]
      .filter((e) => e.guildId === guild.id && !e.deleted)
      .map((e) => apiScheduledEvent(state, e)),
    soundboard_sounds: [],
    embedded_activities: [],
  };
}

export function lastMessageId(state: FakeState, channelId: string): string | null {
  const visible = channelMessages(state, channelId).filter((m) => !m.deleted && m.ephemeralFor === undefined);
  return visible.at(-1)?.id ?? null;
}

export function apiApplication(state: FakeState): JsonObject {
  const owner = state.users.get(state.guild.ownerId);
  return {
    id: state.applicationId,
    name: state.botUser.username,
    icon: null,
    description: '',
    summary: '',
    type: null,
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: '0'.repeat(64),
    flags: 0,
    team: null,
    ...(owner ? { owner: apiUser(owner) } : {}),
    bot: apiUser(state.botUser),
    install_params: { scopes: ['bot', 'applications.commands'], permissions: '0' },
    // Both installation contexts are switched on (Developer Portal, Installation page).
    integration_types_config: {
      '0': { oauth2_install_params: { scopes: ['applications.commands', 'bot'], permissions: '0' } },
      '1': { oauth2_install_params: { scopes: ['applications.commands'], permissions: '0' } },
    },
  };
}

/** The guild scheduled event object, as REST answers and the gateway sends it (the spec's ExternalScheduledEventResponse). */
export function apiScheduledEvent(state: FakeState, event: FakeScheduledEvent, userCount = false): JsonObject {
  const creator = state.users.get(event.creatorId);
  return {
    id: event.id,
    guild_id: event.guildId,
    name: event.name,
    description: event.description,
    channel_id: null,
    creator_id: event.creatorId,
    ...(creator ? { creator: { ...apiUser(creator), flags: 0, primary_guild: null } } : {}),
    image: null,
    scheduled_start_time: iso(event.startAt),
    scheduled_end_time: iso(event.endAt),
    status: event.status,
    entity_type: EXTERNAL,
    entity_id: null,
    recurrence_rule: null,
    // RSVPs are not modelled: nobody is interested yet.
    ...(userCount ? { user_count: 0 } : {}),
    privacy_level: GUILD_ONLY,
    guild_scheduled_event_exceptions: [],
    entity_metadata: { location: event.location },
  };
}
