// Who runs a gateway shard when several hosts name it (SHARD_IDS): the process holding the shard's
// session-level advisory lock on its own lock connection (./lock-connection.ts). The others stand by without
// connecting to the gateway, trying the lock every second; PostgreSQL frees it when the holder's process or
// host dies, and a standby takes it. The holder keeps confirming the lock, and the rules that keep two
// gateway sessions from ever being live for one shard (the why of each duration is in ./timings.ts):
//   - a holder that cannot confirm its lock for H drops its gateway (onLost);
//   - a new holder waits F > H after taking the lock before IDENTIFY, unless the last holder let go cleanly
//     (./shard-holders.ts: the mark 'released', written only by a holder whose gateway is closed);
//   - a holder whose lock connection broke opens another: if it takes the lock again it carries on, and if
//     someone else has it, it drops at once.
// IDENTIFY itself takes one more lock, the rate-limit bucket's, and keeps it for Discord's 5 s, so hosts of
// one bucket never identify at the same moment.
import type { Logger } from '../app/logger';
import type { ConfirmingRead, LockKey, ReadAnswer } from './lock-connection';
import { LOCK_KIND } from './lock-connection';
import { LockSession } from './lock-session';
import type { LastHolder } from './shard-holders';
import { markHolding, markReleased, takeMark } from './shard-holders';
import type { OwnershipTimings } from './timings';
import { OWNERSHIP_TIMINGS, RELEASE_MARK_TIMEOUT_MS, checkTimings } from './timings';

export type OwnershipState = 'standby' | 'fencing' | 'holding' | 'lost' | 'released';

export interface OwnershipOptions {
  url: string;
  shard: { id: number; count: number };
  /** Discord's session_start_limit.max_concurrency: shards of one bucket (id % it) IDENTIFY 5 s apart. */
  maxConcurrency: number;
  log: Logger;
  /** The holder lost its shard: drop the gateway now. Called once. */
  onLost(why: string): void;
  /** The shard is held elsewhere: this process stands by (called once per wait). */
  onStandby?(): void;
  timings?: Partial<OwnershipTimings>;
  /** Monotonic milliseconds; tests may pass their own. */
  now?: () => number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ShardOwnership {
  private readonly timings: OwnershipTimings;
  private readonly now: () => number;
  private readonly key: LockKey;
  private readonly bucketKey: LockKey;
  private readonly session: LockSession;
  private stateNow: OwnershipState = 'standby';
  /** When the last confirmation that succeeded was sent (not answered: see ./timings.ts). */
  private confirmedAt = 0;
  private checker: NodeJS.Timeout | undefined;
  /** The next try after a confirmation that failed, sooner than the checker's (timings.reconnectEveryMs). */
  private retry: NodeJS.Timeout | undefined;
  private checking = false;
  private read: ConfirmingRead | null = null;

  constructor(private readonly options: OwnershipOptions) {
    this.timings = { ...OWNERSHIP_TIMINGS, ...options.timings };
    checkTimings(this.timings);
    this.now = options.now ?? (() => performance.now());
    this.key = [LOCK_KIND.shard, options.shard.id];
    this.bucketKey = [LOCK_KIND.identify, options.shard.id % Math.max(1, options.maxConcurrency)];
    this.session = new LockSession({
      url: options.url,
      shardId: options.shard.id,
      log: options.log,
      now: this.now,
      answerWithinMs: this.timings.confirmTimeoutMs,
      released: () => this.stateNow === 'released',
    });
  }

  get state(): OwnershipState {
    return this.stateNow;
  }

  get shardId(): number {
    return this.options.shard.id;
  }

  /** The holder's session as pg_locks names it (tests, logs); null without a connection. */
  get backendPid(): number | null {
    return this.session.current?.backendPid ?? null;
  }

  /** Asks `read` as each confirmation from now on (null: the empty query again). */
  confirmWith(read: ConfirmingRead | null): void {
    this.read = read;
  }

  /**
   * Resolves once this process holds the shard and the fence wait, if it needs one, is over: the gateway may
   * be used. Until then the process stands by, whatever the database does (unreachable, the lock held
   * elsewhere). Says what the last holder left (./shard-holders.ts).
   */
  async acquire(): Promise<LastHolder> {
    const { log, shard } = this.options;
    let announced = false;
    for (;;) {
      if (this.stateNow === 'released') throw new Error('shard ownership released before it was acquired');
      const last = await this.tryTake();
      if (last === 'never' || last === 'released') {
        log.info('shard lock taken; no fence wait before IDENTIFY', {
          shard: shard.id,
          why: last === 'never' ? 'the shard was never held before' : 'its last holder let go cleanly',
        });
        this.stateNow = 'holding';
        this.startChecking();
        return last;
      }
      if (last === 'holding') {
        this.stateNow = 'fencing';
        log.info('shard lock taken; waiting out the fence before IDENTIFY', {
          shard: shard.id,
          fenceWaitMs: this.timings.fenceWaitMs,
          why: 'its last holder did not let go cleanly and may still be on the gateway',
        });
        this.startChecking();
        await sleep(this.timings.fenceWaitMs);
        // Lost during the wait (its connection broke and another process took it): stand by again.
        if ((this.stateNow as OwnershipState) === 'fencing') {
          this.stateNow = 'holding';
          return last;
        }
        if ((this.stateNow as OwnershipState) === 'released') continue;
        this.stateNow = 'standby';
      } else if (!announced) {
        announced = true;
        log.info('standing by: another process holds this shard', { shard: shard.id });
        this.options.onStandby?.();
      }
      await sleep(this.timings.retryMs);
    }
  }

  /**
   * Runs `identify` (log in and wait for READY) holding the IDENTIFY bucket's lock, which is kept another
   * identifyWindowMs after it so the next IDENTIFY of the bucket, from any host, comes 5 s later at the earliest.
   */
  async identifyTurn<T>(identify: () => Promise<T>): Promise<T> {
    while (!(await this.tryBucket())) {
      if (this.stateNow !== 'holding') throw new Error(`shard ${this.shardId} lost before IDENTIFY`);
      await sleep(250);
    }
    const bucketHeldOn = this.session.current;
    const release = () => {
      // On a connection that broke since, the server has freed the lock already.
      if (bucketHeldOn && !bucketHeldOn.broken) bucketHeldOn.unlock(this.bucketKey).catch(() => {});
    };
    try {
      return await identify();
    } finally {
      setTimeout(release, this.timings.identifyWindowMs).unref();
    }
  }

  /**
   * Gives the shard up (a clean stop): the lock is freed at once for a standby. Call only once this process's
   * gateway is closed (or was never opened): a holder past its fence then marks the shard 'released' first, so
   * the next holder need not wait the fence. One that was still fencing, had lost the lock, or cannot write
   * the mark leaves 'holding': the next holder waits, as the last holder before this one may be live.
   */
  async release(): Promise<void> {
    const wasHolding = this.stateNow === 'holding';
    this.stateNow = 'released';
    clearInterval(this.checker);
    clearTimeout(this.retry);
    const connection = this.session.current;
    if (wasHolding && connection && !connection.broken) {
      const marked = await markReleased(connection, this.key, RELEASE_MARK_TIMEOUT_MS).catch(() => false);
      if (marked)
        this.options.log.info('shard released cleanly: its next holder need not wait the fence', {
          shard: this.shardId,
        });
      else
        this.options.log.warn('shard released without the clean mark: its next holder waits the fence', {
          shard: this.shardId,
        });
    }
    await this.session.close(connection);
  }

  /**
   * One try at the shard's lock: what its last holder left once it is taken and marked as this process's,
   * null when it is held elsewhere or the database cannot be reached. A lock taken but not marked is let go:
   * without 'holding' written, a later holder could skip the fence while this process is on the gateway.
   */
  private async tryTake(): Promise<LastHolder | null> {
    const sentAt = this.now();
    const connection = await this.session.open();
    if (!connection) return null;
    try {
      if (!(await connection.tryLock(this.key))) return null;
    } catch {
      return null;
    }
    try {
      const last = await takeMark(connection, this.shardId, this.timings.confirmTimeoutMs);
      if (this.stateNow === 'released') return null;
      this.confirmedAt = sentAt;
      return last;
    } catch (error) {
      if (this.stateNow !== 'released')
        this.options.log.warn('shard lock taken but not marked as held; letting it go', { shard: this.shardId, error });
      await this.session.close(connection);
      return null;
    }
  }

  private async tryBucket(): Promise<boolean> {
    const connection = this.session.current;
    if (!connection || connection.broken) return false;
    return connection.tryLock(this.bucketKey).catch(() => false);
  }

  private startChecking(): void {
    clearInterval(this.checker);
    this.checker = setInterval(() => this.tick(), this.timings.confirmEveryMs);
    this.checker.unref();
  }

  /**
   * H is judged here, on the timer, never behind the database I/O of a check: a connection attempt to a
   * vanished server may take seconds, and the gateway must be dropped on time regardless.
   */
  private tick(): void {
    if (!this.holdsOrFences()) return;
    const silentMs = this.now() - this.confirmedAt;
    if (silentMs > this.timings.holdWithoutConfirmMs)
      return this.lose(`the shard lock could not be confirmed for ${Math.round(silentMs)} ms`);
    if (this.checking) return;
    this.checking = true;
    void this.check().then((confirmed) => {
      this.checking = false;
      // Not confirmed (a broken connection too, though nothing was asked): what the read would say is unknown.
      if (!confirmed) this.tell(() => this.read?.failed());
      // The way back from an outage is not left to the next tick: that wait counts against H.
      if (confirmed || !this.holdsOrFences()) return;
      clearTimeout(this.retry);
      this.retry = setTimeout(() => this.tick(), this.timings.reconnectEveryMs);
      this.retry.unref();
    });
  }

  /** The read's owner told what came of it; its mistake must not stop the confirmations (nor end the process). */
  private tell(what: () => void): void {
    try {
      what();
    } catch (error) {
      this.options.log.error("the confirmation's read could not be handed on", { shard: this.shardId, error });
    }
  }

  private holdsOrFences(): boolean {
    return this.stateNow === 'fencing' || this.stateNow === 'holding';
  }

  /**
   * One confirmation of a held lock, or a try to take it again on a new connection; may lose the shard. True
   * when the lock was confirmed.
   */
  private async check(): Promise<boolean> {
    const sentAt = this.now();
    const connection = this.session.current;
    if (connection && !connection.broken) {
      const read = this.read;
      let answer: ReadAnswer | null = null;
      try {
        // The session answering is the lock still held: a session-level advisory lock ends only with its session
        // or when that session unlocks it, and this process unlocks the shard's only by closing the connection
        // (release). Each round trip costs an idle bot CPU (./timings.ts), so it is the empty query
        // or a read another part of the process would have asked anyway; the server refusing it is an answer too.
        if (read) answer = await connection.ask(read.text, read.values, this.timings.confirmTimeoutMs);
        else await connection.answers(this.timings.confirmTimeoutMs);
      } catch {
        // Counted against H by tick(); the next check opens a new connection.
        return false;
      }
      this.confirmedAt = sentAt;
      if (read && answer)
        this.tell(() => ('rows' in answer ? read.answered(answer.rows) : read.refused(answer.refused)));
      return true;
    }
    const reconnected = await this.session.open(this.timings.holdWithoutConfirmMs);
    if (!reconnected || !this.holdsOrFences()) return false;
    const taken = await reconnected.tryLock(this.key).catch(() => null);
    if (taken === null || !this.holdsOrFences()) return false;
    if (!taken) {
      this.lose('another process took the shard lock');
      return false;
    }
    // The row says 'holding' already (nobody may mark it 'released' while this process may be on the gateway);
    // written again so that this stays true whatever happened to the row. Unwritten, the lock is not
    // counted as confirmed, and the next check tries on a new connection.
    if (
      !(await markHolding(reconnected, this.shardId, this.timings.confirmTimeoutMs).then(
        () => true,
        () => false,
      ))
    )
      return false;
    if (!this.holdsOrFences()) return false;
    this.confirmedAt = sentAt;
    this.options.log.warn('shard lock connection replaced; the lock is still ours', { shard: this.shardId });
    return true;
  }

  private lose(why: string): void {
    if (!this.holdsOrFences()) return;
    const wasHolding = this.stateNow === 'holding';
    this.stateNow = 'lost';
    clearInterval(this.checker);
    clearTimeout(this.retry);
    void this.session.close();
    if (wasHolding) this.options.log.error('shard lost: dropping the gateway', { shard: this.shardId, why });
    else this.options.log.warn('shard lost before IDENTIFY: standing by again', { shard: this.shardId, why });
    if (wasHolding) this.options.onLost(why);
  }
}
