// The gateway's vocabulary from Discord's gateway documentation: intents, opcodes and close codes, and how a
// frame's text is read.
import type { RawData } from 'ws';

export const GatewayIntent = {
  Guilds: 1 << 0,
  GuildMessages: 1 << 9,
  GuildMessageReactions: 1 << 10,
  DirectMessages: 1 << 12,
  MessageContent: 1 << 15,
  /** GUILD_SCHEDULED_EVENT_CREATE, _UPDATE, _DELETE (and the USER_ events, not modelled). */
  GuildScheduledEvents: 1 << 16,
} as const;

export const GatewayOp = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  VoiceStateUpdate: 4,
  Resume: 6,
  Reconnect: 7,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
} as const;

/** Close codes from Discord's gateway documentation. */
export const GatewayClose = {
  UnknownOpcode: 4001,
  DecodeError: 4002,
  NotAuthenticated: 4003,
  AuthenticationFailed: 4004,
  AlreadyAuthenticated: 4005,
  SessionTimedOut: 4009,
  InvalidShard: 4010,
  InvalidIntents: 4013,
} as const;

/** A frame's data (a Buffer, its fragments, or an ArrayBuffer) as UTF-8 text. */
export function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
