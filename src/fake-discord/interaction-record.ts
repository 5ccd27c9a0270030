// What the fake keeps of each interaction it dispatched: who, where, how it was acknowledged and which
// messages answered it. Routes check Discord's rules against it (the deadline, the token's lifetime).
import type { AckInfo } from './types';

/** An interaction token (its webhook routes) works for 15 minutes after the interaction. */
export const TOKEN_LIFETIME_MS = 15 * 60 * 1000;

/** The fake's bookkeeping for one interaction it dispatched. */
export interface InteractionRecord {
  id: string;
  token: string;
  /** 2 application command, 3 message component. */
  type: 2 | 3;
  userId: string;
  /** '' in a DM or group DM. */
  guildId: string;
  channelId: string;
  /** Where it happened: 0 a server, 1 the bot's DM, 2 a group DM (install-contexts.ts). */
  context: 0 | 1 | 2;
  /** authorizing_integration_owners as sent: "0" the guild install's owner, "1" the installing user. */
  owners: Record<string, string>;
  /** A server that switched off Use External Apps makes every message of a user-install-only interaction ephemeral. */
  forcedEphemeral: boolean;
  /** How breaches name it: "/roll" or "button roll:1 on message 123". */
  label: string;
  commandName?: string;
  commandId?: string;
  /** For components: the message whose component was used. */
  sourceMessageId?: string;
  /** Clock time of dispatch (for the 15-minute token lifetime). */
  createdAt: number;
  /** performance.now() at dispatch (for the 3-second deadline, in real time). */
  dispatchedAtReal: number;
  ack?: AckInfo;
  /** The deadline passed without an acknowledgement. */
  expired: boolean;
  /** A bot session received INTERACTION_CREATE (false: none held the guild's shard). */
  delivered?: boolean;
  /** What `@original` names once acknowledged. */
  originalMessageId?: string;
  /** The first message that showed the bot's answer (see FakeInteraction.reply). */
  replyMessageId?: string;
  followUpIds: string[];
  /** The Activity instance a LAUNCH_ACTIVITY answer opened or joined. */
  activityInstanceId?: string;
  timer?: ReturnType<typeof setTimeout>;
}
