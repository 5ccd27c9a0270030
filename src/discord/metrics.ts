// What the Discord layer tells the operator's metrics, and nothing more: the layer counts through this
// interface, so it never imports prom-client (src/ops builds the real one; tests and the playground keep the
// no-op). Also the acknowledgement clock: an interaction is acknowledged when Discord answers its callback,
// which only the REST layer sees, so the time is taken there and read back by the router.

export type InteractionKind = 'command' | 'button' | 'select';
/**
 * ok; refused (the user's mistake, told so); busy (a legal move that lost every race to other processes, told to
 * try again); failed (ours); dropped (arrived while the bot was stopping).
 */
export type InteractionOutcome = 'ok' | 'refused' | 'busy' | 'failed' | 'dropped';

export interface Metrics {
  /** One interaction handled; `ackMs` is null when it was never acknowledged. */
  interaction(kind: InteractionKind, outcome: InteractionOutcome, ackMs: number | null): void;
  /** A Discord REST request answered with an error status, or with nothing at all ('network'). */
  restError(status: number | 'network'): void;
  /**
   * A refusal, of an interaction (its kind) or of a board's message ('activity'): `reason` is a code or catalogue
   * key of the bot's (flood-guard.ts), never the user's input, so the label stays small.
   */
  refusal(kind: InteractionKind | 'activity', reason: string): void;
  /**
   * A season podium's delivery (src/discord/season-publisher.ts): posted; retry (Discord or the network failed,
   * tried again later); failed (given up: its channel is gone or closed to the bot, or Discord keeps refusing it).
   */
  seasonPost?(outcome: SeasonPostOutcome): void;
}

export type SeasonPostOutcome = 'posted' | 'retry' | 'failed';

export const NO_METRICS: Metrics = {
  interaction: () => undefined,
  restError: () => undefined,
  refusal: () => undefined,
};

/** The path of an interaction's callback (Routes.interactionCallback): where it is acknowledged. */
const CALLBACK = /^\/interactions\/(\d+)\/[^/]+\/callback/;

/** Interactions seen for longer than this are forgotten (one the router never finished, say). */
const FORGET_AFTER_MS = 60_000;

export class AckClock {
  private readonly open = new Map<string, { receivedAt: number; ackMs: number | null }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The gateway delivered the interaction. */
  received(interactionId: string): void {
    const at = this.now();
    // Bounded: an entry the router never takes must not grow the map for the life of the process.
    for (const [id, entry] of this.open) {
      if (at - entry.receivedAt < FORGET_AFTER_MS) break;
      this.open.delete(id);
    }
    this.open.set(interactionId, { receivedAt: at, ackMs: null });
  }

  /** A REST response: the first successful callback of an open interaction is its acknowledgement. */
  response(path: string, status: number): void {
    if (status >= 400) return;
    const id = CALLBACK.exec(path)?.[1];
    const entry = id === undefined ? undefined : this.open.get(id);
    if (entry && entry.ackMs === null) entry.ackMs = this.now() - entry.receivedAt;
  }

  /** Milliseconds since the gateway delivered the interaction, on the clock its acknowledgement is timed by. */
  sinceReceived(interactionId: string): number | null {
    const entry = this.open.get(interactionId);
    return entry ? this.now() - entry.receivedAt : null;
  }

  /** Milliseconds from receipt to acknowledgement (null: not acknowledged), and forgets the interaction. */
  take(interactionId: string): number | null {
    const entry = this.open.get(interactionId);
    this.open.delete(interactionId);
    return entry?.ackMs ?? null;
  }
}
