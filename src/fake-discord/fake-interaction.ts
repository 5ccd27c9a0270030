// Sending a built interaction to the bot (with Discord's acknowledgement deadline), and the
// FakeInteraction handle tests hold to await the bot's answer.
import type { FakeGateway } from './gateway';
import type { BuiltInteraction } from './interaction-common';
import type { InteractionRecord } from './interaction-record';
import { clone } from './json';
import type { JsonObject } from './json';
import { MessageFlag } from './limits';
import { cloneMessage } from './message-store';
import type { FakeState } from './store';
import type { AckInfo, FakeMessage } from './types';

/**
 * Dispatches INTERACTION_CREATE to the newest bot session of the guild's shard and starts the deadline.
 * Throws when no bot is connected at all (the test forgot `ready()`). When bots are connected but none holds
 * the guild's shard (its process is down), nobody receives it and the deadline passes, as on Discord: the
 * person sees "This interaction failed".
 */
export function dispatchInteraction(
  state: FakeState,
  gateway: FakeGateway,
  built: BuiltInteraction,
  ackDeadlineMs: number,
  describe: () => string,
): FakeInteraction {
  const { record, payload } = built;
  // Registered before sending: the bot may answer before this function returns.
  state.addInteraction(record);
  // Interactions from DMs and group DMs reach shard 0, as their events do.
  const delivered = gateway.dispatchToNewest(record.guildId || '0', 'INTERACTION_CREATE', payload);
  record.delivered = delivered;
  if (!delivered && gateway.connectedBots === 0) {
    state.interactions.delete(record.id);
    state.interactionsByToken.delete(record.token);
    throw new Error('no bot is connected to the fake gateway (await fake.ready() first)');
  }
  record.timer = setTimeout(() => {
    if (record.ack || record.expired) return;
    record.expired = true;
    const why = delivered ? '' : ` (no bot session holds the shard of guild ${record.guildId}, so none received it)`;
    state.breach(
      `${record.label}: not acknowledged within ${ackDeadlineMs} ms${why} (Discord shows "This interaction failed")`,
    );
  }, ackDeadlineMs);
  record.timer.unref();
  state.notify();
  return new FakeInteraction(state, record, payload, ackDeadlineMs, describe);
}

/**
 * One dispatched interaction. `acked()` resolves when the bot's callback arrived (rejects if the
 * deadline passed first); `reply()` resolves with the message that shows the bot's answer:
 * the type 4 reply, the deferred reply once edited, the message a type 7 updated, or — after a
 * type 6 — the message once edited through @original (or the first follow-up).
 */
export class FakeInteraction {
  constructor(
    private readonly state: FakeState,
    private readonly record: InteractionRecord,
    /** The INTERACTION_CREATE `d` as sent to the bot. */
    readonly payload: JsonObject,
    private readonly ackDeadlineMs: number,
    private readonly describe: () => string,
  ) {}

  get id(): string {
    return this.record.id;
  }
  get token(): string {
    return this.record.token;
  }
  /** 2 application command, 3 message component. */
  get type(): 2 | 3 {
    return this.record.type;
  }
  get userId(): string {
    return this.record.userId;
  }
  get channelId(): string {
    return this.record.channelId;
  }
  /** The callback the bot sent, once it did. */
  get ack(): AckInfo | undefined {
    return this.record.ack ? clone(this.record.ack) : undefined;
  }
  /** The deadline passed without an acknowledgement. */
  get expired(): boolean {
    return this.record.expired;
  }
  /** A bot session received it; false when no session held the guild's shard. */
  get delivered(): boolean {
    return this.record.delivered ?? false;
  }

  acked(timeoutMs = this.ackDeadlineMs + 1000): Promise<AckInfo> {
    return this.state.waitFor(
      () => {
        if (this.record.ack) return clone(this.record.ack);
        if (this.record.expired)
          throw new Error(
            `${this.record.label} was not acknowledged within ${this.ackDeadlineMs} ms\n${this.describe()}`,
          );
        return undefined;
      },
      timeoutMs,
      () => `${this.record.label}: no acknowledgement within ${timeoutMs} ms\n${this.describe()}`,
    );
  }

  reply(timeoutMs = 5000): Promise<FakeMessage> {
    return this.state.waitFor(
      () => {
        const id = this.record.replyMessageId;
        const message = id ? this.state.messages.get(id) : undefined;
        if (message && !(message.flags & MessageFlag.Loading)) return cloneMessage(message);
        if (this.record.expired && !this.record.ack)
          throw new Error(`${this.record.label} was never acknowledged, so it has no reply\n${this.describe()}`);
        if (this.record.ack?.type === 9)
          throw new Error(`${this.record.label} was answered with a modal, which has no reply message`);
        return undefined;
      },
      timeoutMs,
      () =>
        `${this.record.label}: no reply within ${timeoutMs} ms (ack: ${this.record.ack ? `type ${this.record.ack.type}` : 'none'})\n${this.describe()}`,
    );
  }

  /** Every message of this interaction's chain: @original (when it made one) and follow-ups. */
  messages(): FakeMessage[] {
    return this.state
      .interactionMessageIds(this.record)
      .map((id) => this.state.messages.get(id))
      .filter((m): m is FakeMessage => m !== undefined)
      .map((m) => cloneMessage(m));
  }

  followUps(): FakeMessage[] {
    return this.record.followUpIds
      .map((id) => this.state.messages.get(id))
      .filter((m): m is FakeMessage => m !== undefined)
      .map((m) => cloneMessage(m));
  }
}
