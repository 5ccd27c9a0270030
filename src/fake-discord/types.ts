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
  guildName?: string;
  channelName?: string;
}

export interface FakeUser {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  /** Effective guild permissions, a decimal bitfield string (administrators get every bit). */
  permissions: string;
  /** Guild roles besides @everyone. */
  roleIds: string[];
}

export interface FakeChannel {
  id: string;
  guildId: string;
  name: string;
  /** 0: guild text channel, the only kind the fake makes. */
  type: 0;
  position: number;
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
  /** Message flags; 64 = ephemeral, 128 = loading (a deferred reply not yet edited). */
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
  status: number;
  at: number;
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
  ephemeral: boolean;
}

export type SlashOptionValue = string | number | boolean | FakeUser | FakeChannel | FakeRole;

export interface SlashExtras {
  /** Subcommand name; "group sub" also selects a subcommand group. */
  subcommand?: string;
  subcommandGroup?: string;
  /** Channel the command is used in; default: the default channel. */
  channelId?: string;
  /** The bot's permissions in that channel as Discord reports them; default: what the bot role grants. */
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
