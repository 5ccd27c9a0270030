// The messages of the fake's channels: creating, editing and deleting them as Discord keeps them (in channel
// order, with their edit history, thread counts and who was notified), and copying them for the outside. Each
// change is announced (emitChange), which the gateway forwards as MESSAGE_* events.
import type { APIEmbed, APIMessageTopLevelComponent } from 'discord.js';
import { clone } from './json';
import { MessageFlag } from './limits';
import type { FakeState } from './store';
import type { ChangeEvent, FakeAttachment, FakeMessage, FakeUser } from './types';

/** What a message shows; the part that create/edit requests change. */
export interface MessageDraft {
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  flags: number;
  attachments: FakeAttachment[];
}

export interface NewMessage {
  channelId: string;
  author: FakeUser;
  draft: MessageDraft;
  /** 0 default, 19 reply, 20 chat-input command response. */
  type: number;
  ephemeralFor?: string;
  interactionId?: string;
  referencedMessageId?: string;
  /** Users notified (see mentions.ts); nobody when absent. */
  pinged?: string[];
  nonce?: string | number;
}

/**
 * A copy of a message for the outside. Its earlier versions are never changed once kept (an edit replaces a
 * message's fields, it does not mutate them), so they are shared rather than copied: a card edited a hundred
 * times would otherwise be copied a hundred versions deep on every look.
 */
export function cloneMessage(message: FakeMessage): FakeMessage {
  const { history, ...rest } = message;
  return { ...clone(rest), history: [...history] };
}

/** Tells the gateway and the waiting predicates that a message was made, changed or deleted. */
export function emitChange(state: FakeState, type: ChangeEvent['type'], message: FakeMessage): void {
  const event: ChangeEvent = { type, channelId: message.channelId, message: cloneMessage(message) };
  state.events.emit('change', event);
  state.notify();
}

/** A channel's messages in the order they were made, deleted ones included (they keep their place). */
export function channelMessages(state: FakeState, channelId: string): FakeMessage[] {
  const ids = state.channelOrder.get(channelId) ?? [];
  const list: FakeMessage[] = [];
  for (const id of ids) {
    const message = state.messages.get(id);
    if (message) list.push(message);
  }
  return list;
}

export function createMessage(state: FakeState, init: NewMessage): FakeMessage {
  const channel = state.channels.get(init.channelId);
  const guildId = channel?.guildId ?? state.guild.id;
  // In a DM or group DM its recipients are who can be notified.
  const members = channel?.recipientIds ? new Set(channel.recipientIds) : state.guilds.get(guildId)?.members;
  const message: FakeMessage = {
    id: state.ids.next(),
    channelId: init.channelId,
    guildId,
    author: {
      id: init.author.id,
      username: init.author.username,
      globalName: init.author.globalName,
      bot: init.author.bot,
    },
    ...clone(init.draft),
    type: init.type,
    createdAt: state.now(),
    editedAt: null,
    editCount: 0,
    history: [],
    // Someone mentioned in a guild they are not in cannot see the channel, so Discord notifies nobody.
    pinged: (init.pinged ?? []).filter((id) => members?.has(id) ?? false),
  };
  if (init.nonce !== undefined) message.nonce = init.nonce;
  if (init.ephemeralFor !== undefined) message.ephemeralFor = init.ephemeralFor;
  if (init.interactionId !== undefined) message.interactionId = init.interactionId;
  if (init.referencedMessageId !== undefined) message.referencedMessageId = init.referencedMessageId;
  state.messages.set(message.id, message);
  const order = state.channelOrder.get(init.channelId);
  if (order) order.push(message.id);
  else state.channelOrder.set(init.channelId, [message.id]);
  const thread = state.channels.get(init.channelId)?.thread;
  if (thread && init.ephemeralFor === undefined) {
    thread.messageCount++;
    thread.totalMessageSent++;
    // Posting in a thread joins it.
    if (!thread.memberIds.includes(message.author.id)) thread.memberIds.push(message.author.id);
  }
  emitChange(state, 'messageCreate', message);
  return message;
}

/**
 * Replaces what a message shows. Finishing a deferred reply (the "thinking…" placeholder) is not
 * an edit the user perceives, so it keeps no history and no edit count.
 */
export function editMessage(state: FakeState, message: FakeMessage, draft: MessageDraft): void {
  const finishingDeferred = (message.flags & MessageFlag.Loading) !== 0;
  if (!finishingDeferred) {
    message.history.push({
      content: message.content,
      embeds: message.embeds,
      components: message.components,
      flags: message.flags,
      attachments: message.attachments,
      replacedAt: state.now(),
    });
    message.editCount++;
    message.editedAt = state.now();
  }
  const next = clone(draft);
  message.content = next.content;
  message.embeds = next.embeds;
  message.components = next.components;
  message.flags = next.flags & ~MessageFlag.Loading;
  message.attachments = next.attachments;
  emitChange(state, 'messageUpdate', message);
}

/** Deleted messages are kept, marked, so tests can still see what was shown and who was notified. */
export function deleteMessage(state: FakeState, message: FakeMessage): void {
  const thread = state.channels.get(message.channelId)?.thread;
  if (thread && !message.deleted && message.ephemeralFor === undefined) thread.messageCount--;
  message.deleted = true;
  emitChange(state, 'messageDelete', message);
}

export function draftOf(message: FakeMessage): MessageDraft {
  return {
    content: message.content,
    embeds: message.embeds,
    components: message.components,
    flags: message.flags,
    attachments: message.attachments,
  };
}
