// What the playground's page is sent: messages, channels and threads as it draws them (no edit history, no
// more than the page shows), made from the fake's records.
import type { FakeChannel, FakeDiscord, FakeMessage, FakeScheduledEvent } from '../fake-discord';

/** A message as the page draws it (no edit history), with who used the command it answers. */
export interface PageMessage {
  id: string;
  /** The channel or thread it is in. */
  channelId: string;
  author: FakeMessage['author'];
  content: string;
  embeds: FakeMessage['embeds'];
  components: FakeMessage['components'];
  /** The uploaded files, each with the URL the fake's CDN serves it at (an embed's attachment:// names one). */
  attachments: FakeMessage['attachments'];
  flags: number;
  type: number;
  ephemeralFor?: string;
  createdAt: number;
  editedAt: number | null;
  usedBy?: { userId: string; command: string };
  /** The thread started from this message (Discord's "Start Thread from Message"), while it exists. */
  threadId?: string;
}

/** A channel or thread as the page names it. */
export interface PageChannel {
  id: string;
  name: string;
  /** 0: text channel; 11: public thread. */
  type: number;
  /** Threads: the text channel it was started in (from the message with the thread's id). */
  parentId?: string;
}

/** A thread of the playground's channel, for the sidebar. */
export interface PageThread extends PageChannel {
  parentId: string;
  createdAt: number;
  archived: boolean;
  locked: boolean;
}

/** A message as the page draws it; `usedBy` names who used the command each interaction's reply answers. */
export const pageMessage = (
  fake: FakeDiscord,
  usedBy: ReadonlyMap<string, { userId: string; command: string }>,
  m: FakeMessage,
): PageMessage => ({
  id: m.id,
  channelId: m.channelId,
  author: m.author,
  content: m.content,
  embeds: m.embeds,
  components: m.components,
  attachments: m.attachments,
  flags: m.flags,
  type: m.type,
  ...(m.ephemeralFor !== undefined ? { ephemeralFor: m.ephemeralFor } : {}),
  createdAt: m.createdAt,
  editedAt: m.editedAt,
  ...(m.interactionId && usedBy.has(m.interactionId) && m.type === 20 ? { usedBy: usedBy.get(m.interactionId)! } : {}),
  ...(m.threadId !== undefined && fake.channel(m.threadId) ? { threadId: m.threadId } : {}),
});

export const pageChannel = (c: FakeChannel): PageChannel => ({
  id: c.id,
  name: c.name,
  type: c.type,
  ...(c.parentId !== undefined ? { parentId: c.parentId } : {}),
});

/** The playground channel's threads, oldest first (a thread's id is its starter message's: newest game last). */
export const channelThreads = (fake: FakeDiscord): PageThread[] =>
  fake
    .threads(fake.channelId)
    .map((t) => ({
      id: t.id,
      name: t.name,
      type: t.type,
      parentId: t.parentId ?? fake.channelId,
      createdAt: t.thread?.createdAt ?? 0,
      archived: t.thread?.archived ?? false,
      locked: t.thread?.locked ?? false,
    }))
    .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0));

/** A scheduled event of the server (Discord's "Events"), as the sidebar lists it. */
export interface PageEvent {
  id: string;
  name: string;
  location: string;
  startAt: number;
  endAt: number;
  /** 1 SCHEDULED, 2 ACTIVE, 3 COMPLETED, 4 CANCELED. */
  status: number;
}

/** The server's scheduled events, soonest first (deleted ones are gone from Discord's list). */
export const guildEvents = (fake: FakeDiscord): PageEvent[] =>
  fake
    .scheduledEvents(fake.guildId)
    .map((e: FakeScheduledEvent) => ({
      id: e.id,
      name: e.name,
      location: e.location,
      startAt: e.startAt,
      endAt: e.endAt,
      status: e.status,
    }))
    .sort((a, b) => a.startAt - b.startAt || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
