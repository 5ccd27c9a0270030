// The fake's objects in Discord's wire shapes (snake_case, ids as strings), with enough of the
// fields discord.js reads that it builds its structures without crashing.
import type { FakeGuild } from './guilds';
import type { JsonObject } from './json';
import { clone } from './json';
import type { FakeState } from './store';
import type {
  FakeAttachment,
  FakeChannel,
  FakeMessage,
  FakeReaction,
  FakeRole,
  FakeThreadState,
  FakeUser,
} from './types';

function iso(ms: number): string {
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
    guild_scheduled_events: [],
    soundboard_sounds: [],
    embedded_activities: [],
  };
}

export function lastMessageId(state: FakeState, channelId: string): string | null {
  const visible = state.channelMessages(channelId).filter((m) => !m.deleted && m.ephemeralFor === undefined);
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

export function apiAttachment(attachment: FakeAttachment): JsonObject {
  return {
    id: attachment.id,
    filename: attachment.filename,
    size: attachment.size,
    url: attachment.url,
    proxy_url: attachment.url,
    content_type: attachment.contentType ?? undefined,
    description: attachment.description,
  };
}

/** A stored message as REST returns it (and as INTERACTION_CREATE carries it in `message`). */
export function apiMessage(state: FakeState, message: FakeMessage): JsonObject {
  const author = state.users.get(message.author.id);
  const record = message.interactionId ? state.interactions.get(message.interactionId) : undefined;
  const interactionUser = record ? state.users.get(record.userId) : undefined;
  const body: JsonObject = {
    id: message.id,
    channel_id: message.channelId,
    author: author
      ? apiUser(author)
      : {
          id: message.author.id,
          username: message.author.username,
          discriminator: '0',
          avatar: null,
          global_name: message.author.globalName,
        },
    content: message.content,
    timestamp: iso(message.createdAt),
    edited_timestamp: message.editedAt === null ? null : iso(message.editedAt),
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: message.attachments.map(apiAttachment),
    embeds: clone(message.embeds),
    pinned: false,
    type: message.type,
    flags: message.flags,
    components: clone(message.components),
  };
  if (record && interactionUser) {
    // Interaction responses come from the application's webhook and say which interaction made them.
    body.webhook_id = state.applicationId;
    body.application_id = state.applicationId;
    const metadata: JsonObject = {
      id: record.id,
      type: record.type,
      user: apiUser(interactionUser),
      authorizing_integration_owners: { ...record.owners },
    };
    if (record.commandName) {
      metadata.name = record.commandName;
      metadata.command_type = 1;
    }
    if (record.sourceMessageId) metadata.interacted_message_id = record.sourceMessageId;
    if (
      record.originalMessageId &&
      record.originalMessageId !== message.id &&
      record.followUpIds.includes(message.id)
    ) {
      metadata.original_response_message_id = record.originalMessageId;
    }
    body.interaction_metadata = metadata;
    if (record.commandName)
      body.interaction = { id: record.id, type: record.type, name: record.commandName, user: apiUser(interactionUser) };
  }
  if (message.referencedMessageId) {
    body.message_reference = {
      type: 0,
      message_id: message.referencedMessageId,
      channel_id: message.channelId,
      ...(message.guildId ? { guild_id: message.guildId } : {}),
    };
  }
  if (message.nonce !== undefined) body.nonce = message.nonce;
  if (message.reactions?.length) body.reactions = message.reactions.map((r) => apiReaction(state, r));
  // The starter message of a thread carries it (while it exists).
  const thread = message.threadId ? state.channels.get(message.threadId) : undefined;
  if (thread) body.thread = apiChannel(thread, lastMessageId(state, thread.id));
  return body;
}

/** A message's reactions with one emoji, as seen by the bot (`me`); no super reactions in the fake. */
export function apiReaction(state: FakeState, reaction: FakeReaction): JsonObject {
  const count = reaction.userIds.length;
  return {
    count,
    count_details: { burst: 0, normal: count },
    me: reaction.userIds.includes(state.botUser.id),
    me_burst: false,
    emoji: apiEmoji(reaction.emoji),
    burst_colors: [],
  };
}

/** `{ id: null, name: '🎉' }` for a Unicode emoji, `{ id, name }` for a custom `name:id` one. */
export function apiEmoji(emoji: string): JsonObject {
  const custom = /^(\w+):(\d+)$/.exec(emoji);
  return custom ? { id: custom[2]!, name: custom[1]! } : { id: null, name: emoji };
}

/** Gateway MESSAGE_CREATE/UPDATE carry guild_id and the author's member too. */
export function gatewayMessage(state: FakeState, message: FakeMessage, withContent: boolean): JsonObject {
  const body = apiMessage(state, message);
  if (message.guildId) body.guild_id = message.guildId;
  const author = state.users.get(message.author.id);
  const guild = state.guilds.get(message.guildId);
  if (author && guild?.members.has(author.id)) body.member = apiPartialMember(guild, author);
  if (!withContent && !message.author.bot) {
    // Without the MESSAGE_CONTENT intent Discord blanks other users' message content.
    body.content = '';
    body.embeds = [];
    body.components = [];
    body.attachments = [];
  }
  return body;
}
