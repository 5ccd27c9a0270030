// Public shapes of the fake's state, as tests and the playground see them.
import type { APIApplicationCommand, APIEmbed, APIMessageTopLevelComponent } from 'discord.js';

export interface FakeDiscordOptions {
  /** Port to listen on; 0 or absent picks a free one. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  applicationId?: string;
  /** Defaults to the application id, as for every modern Discord bot. */
  botUserId?: string;
  botUsername?: string;
  /**
   * When given, REST and the gateway accept only this token (401 / close 4004 otherwise).
   * When absent, a token is generated for `botToken` but any token is accepted.
   */
  botToken?: string;
  /** Time the bot has to acknowledge an interaction; Discord's is 3000 ms. */
  ackDeadlineMs?: number;
  /** Clock (ms since 1970) for snowflakes, timestamps and the 15-minute token lifetime. */
  now?: () => number;
  /** The default guild's name and its text channel's. */
  guildName?: string;
  channelName?: string;
  /** The shard `[id, count]` the default guild's id lands on (Discord's formula); default: any. */
  guildShard?: [number, number];
  /** GET /gateway/bot's `shards`, which discord.js uses with `shards: 'auto'`; default 1. */
  recommendedShards?: number;
  /**
   * GET /gateway/bot's `session_start_limit.max_concurrency`: IDENTIFYs allowed per 5 s, which discord.js
   * waits for between the shards it starts; default 1, as for most bots (not enforced by the fake).
   */
  maxConcurrency?: number;
  /**
   * HELLO's heartbeat_interval (Discord's is about 41 s). As on Discord, a connection that sends no heartbeat
   * for 1.5 intervals is closed (4009, session timed out): the way a bot whose host vanished stops counting
   * as live. Tests of vanished hosts set it short.
   */
  heartbeatIntervalMs?: number;
}

export interface FakeUser {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  /** Effective guild permissions, a decimal bitfield string (administrators get every bit); the same in every guild. */
  permissions: string;
  /** Roles besides @everyone in the default guild (other guilds grant the same permissions by roles of their own). */
  roleIds: string[];
  /** The language of their Discord client, sent as an interaction's `locale`; default en-US. */
  locale?: string;
}

export interface FakeChannel {
  id: string;
  /** The guild it belongs to; a thread's is its parent's; '' for a DM or group DM (private-places.ts). */
  guildId: string;
  /** A text channel's or thread's name; for a DM or group DM how the fake describes it (Discord's is null). */
  name: string;
  /**
   * 0: guild text channel (addChannel); 11: public thread (started from a message by the bot);
   * 1: the bot's DM with a user (addDm); 3: a group DM of users, the bot not among them (addGroupDm).
   */
  type: 0 | 1 | 3 | 11;
  /** DMs and group DMs: the users in it (the bot too, in its own DM), the owner of a group DM first. */
  recipientIds?: string[];
  /** Sorting position among the guild's channels; threads have none and keep 0. */
  position: number;
  /** Threads: the text channel the thread was started in. */
  parentId?: string;
  /** Threads: the user who started it. */
  ownerId?: string;
  /** Threads only. */
  thread?: FakeThreadState;
  /** The bot member's permission overwrite here (setBotChannelPermissions); threads follow their parent's. */
  botOverwrite?: { id: string; allow: string; deny: string };
}

export interface FakeThreadState {
  archived: boolean;
  locked: boolean;
  /** Minutes: 60, 1440, 4320 or 10080. */
  autoArchiveDuration: number;
  archiveTimestamp: number;
  createdAt: number;
  rateLimitPerUser: number;
  /** Messages in the thread now, deleted ones not counted (Discord's message_count). */
  messageCount: number;
  /** Messages ever sent in the thread (total_message_sent). */
  totalMessageSent: number;
  /** The starter and everyone who posted, in joining order. */
  memberIds: string[];
}

export interface FakeRole {
  id: string;
  name: string;
  permissions: string;
  position: number;
  managed: boolean;
}

export interface FakeAttachment {
  id: string;
  filename: string;
  size: number;
  contentType: string | null;
  description?: string;
  url: string;
}

/** One earlier state of a message, kept in `history` when it is edited. */
export interface MessageVersion {
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  flags: number;
  attachments: FakeAttachment[];
  /** When this version was replaced. */
  replacedAt: number;
}

export interface FakeMessageAuthor {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
}

export interface FakeMessage {
  id: string;
  channelId: string;
  guildId: string;
  author: FakeMessageAuthor;
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  /** Message flags; 32 = has a thread, 64 = ephemeral, 128 = loading (a deferred reply not yet edited). */
  flags: number;
  attachments: FakeAttachment[];
  /** Discord message type: 0 default, 19 reply (to a component), 20 slash-command response. */
  type: number;
  /** Set for ephemeral messages: the only user who sees it. */
  ephemeralFor?: string;
  /** The interaction whose callback, edit or follow-up created it. */
  interactionId?: string;
  /** For replies to a component: the message that was clicked. */
  referencedMessageId?: string;
  createdAt: number;
  editedAt: number | null;
  /** Real edits; finishing a deferred reply ("thinking…") does not count. */
  editCount: number;
  /** Earlier versions, oldest first. */
  history: MessageVersion[];
  deleted?: boolean;
  /**
   * Users Discord notified when the message was created: mentions in content (or text display components)
   * that allowed_mentions let through. Edits never add any; embeds and ephemeral messages ping nobody.
   */
  pinged: string[];
  /** The nonce the bot sent when creating it. */
  nonce?: string | number;
  /** The thread started from this message (it has the message's id), even once deleted. */
  threadId?: string;
  /** Reactions, in the order their emoji was first added; absent until the first one. */
  reactions?: FakeReaction[];
}

/** One emoji's reactions on a message: who reacted with it, in order. */
export interface FakeReaction {
  /** A Unicode emoji, or `name:id` for a custom one. */
  emoji: string;
  userIds: string[];
}

/** An emoji the application owns (Create Application Emoji), with the image it was given. */
export interface FakeAppEmoji {
  id: string;
  name: string;
  contentType: string;
  bytes: Uint8Array;
  /** GIF uploads are animated emojis. */
  animated: boolean;
  createdAt: number;
}

export type ChangeEvent =
  | { type: 'messageCreate'; channelId: string; message: FakeMessage }
  | { type: 'messageUpdate'; channelId: string; message: FakeMessage }
  | { type: 'messageDelete'; channelId: string; message: FakeMessage };

export interface LoggedRequest {
  method: string;
  /** Path without query, e.g. /api/v10/channels/1/messages. */
  path: string;
  query: string;
  /** Parsed JSON body (payload_json for multipart, with `files` listing uploads); never headers. */
  body: unknown;
  /** The status sent; 0 while a stalled request is held, and for dropped ones. */
  status: number;
  at: number;
  /** Set when an injected fault decided the answer. */
  fault?: FaultKind;
}

/** One create that `enforce_nonce` turned into the earlier message (see FakeDiscord.deduplicatedCreates). */
export interface DeduplicatedCreate {
  channelId: string;
  nonce: string | number;
  /** The earlier message that was returned instead of a new one. */
  messageId: string;
  at: number;
}

export type FaultKind = 'status' | 'ratelimit' | 'stall' | 'drop';

/** What fake.injectFault() does to the REST requests it matches. */
export interface FaultRule {
  /** Only requests with this method (also writable as the first word of `route`). */
  method?: string;
  /**
   * Matched against the route label, e.g. "POST /channels/123/messages" (the path after /api/v10).
   * A string is a pattern: "POST /channels/:channel/messages" (`:name` or `*` stands for one segment;
   * without a leading method any method matches). A RegExp is tested against the whole label.
   * FaultRoute holds the usual ones.
   */
  route: string | RegExp;
  /** How many matching requests it affects; default 1, Infinity allowed. */
  times?: number;
  kind: FaultKind;
  /** For 'status': the status to answer (default 500). */
  status?: number;
  /** For 'status': the JSON body (default Discord's `{ message: "<status>: …", code: 0 }`). */
  body?: unknown;
  /** For 'ratelimit': how long Discord asks to wait (default 1000). */
  retryAfterMs?: number;
  /**
   * 'before' (default): refuse without doing anything. 'after': carry the request out, then answer the
   * fault instead of the real answer — the response was lost.
   */
  apply?: 'before' | 'after';
}

export interface FaultHandle {
  /** Requests the rule affected so far. */
  readonly hits: number;
  /** Requests it will still affect (Infinity for an endless rule; 0 once removed). */
  readonly remaining: number;
  /** Answers every request a 'stall' holds (normally, as if never stalled) and retires the rule. */
  release(): void;
  /** Retires the rule; requests it already holds stay held until release(). */
  remove(): void;
}

export interface RegisteredCommands {
  global: APIApplicationCommand[];
  /** By guild id. */
  guilds: Record<string, APIApplicationCommand[]>;
}

export interface AckInfo {
  /** Callback type: 4 reply, 5 deferred reply, 6 deferred update, 7 update, 9 modal. */
  type: number;
  /** Milliseconds after dispatch (real time). */
  afterMs: number;
  /**
   * When the callback request reached the fake, in ms after dispatch, unrounded: without the time the fake
   * then takes to read, check and apply what the callback says (which grows with the answer, not the bot).
   */
  arrivedAfterMs: number;
  /** When the interaction was dispatched, on the fake's process's clock (performance.now()): a bench lines it up. */
  dispatchedAt: number;
  ephemeral: boolean;
}

export type SlashOptionValue = string | number | boolean | FakeUser | FakeChannel | FakeRole;

export interface SlashExtras {
  /** Subcommand name; "group sub" also selects a subcommand group. */
  subcommand?: string;
  subcommandGroup?: string;
  /** Channel or thread the command is used in; default: the default channel. */
  channelId?: string;
  /** The bot's permissions in that channel as Discord reports them; default: its role's, after the channel's overwrite. */
  appPermissions?: string;
  locale?: string;
}

export interface ComponentExtras {
  appPermissions?: string;
  locale?: string;
  /**
   * Sends the click even when the message has no such component, or it is disabled: what a modified client,
   * or a message drawn by an older version of the bot, would send. For tests of forged and stale custom_ids.
   */
  unchecked?: boolean;
}
