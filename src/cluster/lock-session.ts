// The lock connection a ShardOwnership works on (./shard-ownership.ts): at most one open, at most one attempt to
// open it at a time, so none is ever left behind, and a failure to open it logged once a minute, not at each try.
import type { Logger } from '../app/logger';
import type { LockConnection } from './lock-connection';
import { openLockConnection } from './lock-connection';

export interface LockSessionOptions {
  url: string;
  shardId: number;
  log: Logger;
  now: () => number;
  /** How long its statements may take: the server refuses one that waits longer (lock-connection.ts). */
  answerWithinMs: number;
  /** True once the owner has let go: a connection opened meanwhile must not outlive it. */
  released: () => boolean;
}

export class LockSession {
  /** The connection last opened, broken or not; null before the first and once closed. */
  current: LockConnection | null = null;
  private opening: Promise<LockConnection | null> | null = null;
  /** When the last failed attempt was logged (null: the last attempt worked). */
  private failureLoggedAt: number | null = null;

  constructor(private readonly options: LockSessionOptions) {}

  /** The open connection, or a new one; null when none could be opened. */
  open(timeoutMs?: number): Promise<LockConnection | null> {
    if (this.current && !this.current.broken) return Promise.resolve(this.current);
    this.opening ??= this.reopen(timeoutMs).finally(() => (this.opening = null));
    return this.opening;
  }

  /** Closes `connection` (the current one unless said), freeing its session's locks. */
  async close(connection = this.current): Promise<void> {
    if (this.current === connection) this.current = null;
    await connection?.close();
  }

  private async reopen(timeoutMs?: number): Promise<LockConnection | null> {
    const { url, shardId, log, now, answerWithinMs } = this.options;
    await this.close();
    let opened: LockConnection;
    try {
      opened = await openLockConnection(url, `olathe shard ${shardId} lock`, timeoutMs, answerWithinMs);
      this.failureLoggedAt = null;
    } catch (error) {
      if (this.failureLoggedAt === null || now() - this.failureLoggedAt >= 60_000) {
        this.failureLoggedAt = now();
        log.warn('shard lock connection failed; trying again', { shard: shardId, error });
      }
      return null;
    }
    if (this.options.released()) {
      await opened.close();
      return null;
    }
    this.current = opened;
    return opened;
  }
}
