// The clocks of shard ownership across hosts (src/cluster/shard-ownership.ts), in one place because they
// only make sense together. The goal: a shard's standby is READY within 30 s of its holder's death, and
// never are two gateway sessions live for one shard.
//
// What bounds the take-over, for a holder whose host vanishes from the network (the slow case; a kill -9
// closes the holder's socket at once and the server drops its lock in milliseconds):
//   the server notices the dead lock connection  ≤ SERVER_KEEPALIVE (≈ 10 s, set per session below)
//   + the standby's next try                       ≤ retryMs (1 s)
//   + the fence wait                               = fenceWaitMs (8 s)
//   + waiting for the IDENTIFY bucket and READY    ≈ 1–6 s (another shard of the bucket may have just identified)
//   ≈ 20–25 s, inside the 30 s.
//
// Why the fence wait makes two live sessions impossible: a holder only counts a confirmation from the time
// it *sent* the query, which is before the server answered, which is before the server can drop the lock.
// A holder that cannot confirm for holdWithoutConfirmMs drops its gateway at the next check, so it is gone
// by (lock dropped) + holdWithoutConfirmMs + confirmEveryMs + a moment to close its socket = at most 6.x s.
// The new holder took the lock after it was dropped and waits fenceWaitMs (8 s) more before IDENTIFY.
// Both are durations on each host's own monotonic clock, so the hosts' clocks need not agree.

export interface OwnershipTimings {
  /** A standby tries the shard's lock this often. */
  retryMs: number;
  /** A holder confirms on its lock connection this often that the server still has its lock. */
  confirmEveryMs: number;
  /** A confirmation not answered within this long counts as failed (the connection is then replaced). */
  confirmTimeoutMs: number;
  /** A holder that has not confirmed its lock for this long drops its gateway (H). */
  holdWithoutConfirmMs: number;
  /** A new holder waits this long after taking the lock before IDENTIFY (F > H + confirmEveryMs + closing). */
  fenceWaitMs: number;
  /** The IDENTIFY bucket's lock is kept this long after READY: Discord allows one IDENTIFY per 5 s a bucket. */
  identifyWindowMs: number;
}

export const OWNERSHIP_TIMINGS: OwnershipTimings = {
  retryMs: 1000,
  confirmEveryMs: 1000,
  confirmTimeoutMs: 1500,
  holdWithoutConfirmMs: 5000,
  fenceWaitMs: 8000,
  identifyWindowMs: 5500,
};

/**
 * The server-side TCP settings of a lock connection, so PostgreSQL itself notices a vanished host and frees
 * its locks: after 4 s of silence it probes every 2 s and gives up after 3 unanswered probes (≈ 10 s), and
 * data it sent that stays unacknowledged for 10 s ends the connection too (tcp_user_timeout). The defaults
 * (the system's: 2 h of silence) would leave a dead host's shard locked for hours.
 */
export const SERVER_KEEPALIVE = {
  tcp_keepalives_idle: 4,
  tcp_keepalives_interval: 2,
  tcp_keepalives_count: 3,
  tcp_user_timeout: 10_000,
} as const;

/** Client side: the same silence, so this process also notices a server gone quiet (Node's keepalive). */
export const CLIENT_KEEPALIVE_DELAY_MS = 4000;

/** Tries to see which are inconsistent: F must outlast H plus one check plus closing a socket. */
export function checkTimings(t: OwnershipTimings): void {
  if (t.fenceWaitMs <= t.holdWithoutConfirmMs + t.confirmEveryMs)
    throw new Error('fenceWaitMs must exceed holdWithoutConfirmMs + confirmEveryMs (see src/cluster/timings.ts)');
  if (t.confirmTimeoutMs >= t.holdWithoutConfirmMs)
    throw new Error('confirmTimeoutMs must be shorter than holdWithoutConfirmMs');
}
