// A stored message in Discord's wire shape, as REST returns it and INTERACTION_CREATE and the gateway's
// MESSAGE_* events carry it, with its attachments and reactions.
import type { JsonObject } from './json';
import { clone } from './json';
import { apiChannel, apiPartialMember, apiUser, iso, lastMessageId } from './payloads';
import type { FakeState } from './store';
import type { FakeAttachment, FakeMessage, FakeReaction } from './types';

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
