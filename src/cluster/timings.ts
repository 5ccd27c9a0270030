// The clocks of shard ownership across hosts (src/cluster/shard-ownership.ts), in one place because they
// only make sense together. The goals: a standby is READY within 30 s of its holder's death; never are two
// gateway sessions live for one shard; and a short database outage (a restart, ~10 s) does not take the
// shards off the gateway.
//
// The take-over, for a holder whose host vanishes from the network (the slow case; a kill -9 closes the
// holder's socket at once, the server frees its lock in milliseconds, and the first term is ~0):
//   the server notices the dead lock connection      ≈ 6 s (SERVER_KEEPALIVE below)
//   + the standby's next try                         ≤ retryMs (1 s)
//   + the fence wait                                 = fenceWaitMs (13 s)
//   + the IDENTIFY bucket, IDENTIFY and READY        ≈ 1–6 s (another shard of the bucket may have just identified)
//   ≈ 20–26 s, inside the 30 s; after a kill -9, ≈ 14–15 s.
//
// Why the fence wait rules out two live sessions: a holder dates a confirmation from when it *sent* the
// query, which is before the server answered, which is before the server could free the lock. A holder that
// has not confirmed for holdWithoutConfirmMs drops its gateway at the next tick, so it is gone by
// (lock freed) + holdWithoutConfirmMs + confirmEveryMs + the moment it takes to exit: ≤ 10.25 s and a little.
// The new holder took the lock after it was freed and waits fenceWaitMs (13 s) before IDENTIFY: 2.75 s to spare
// for a busy event loop. All are durations on each host's own monotonic clock; the hosts' clocks need not agree.
// The wait is needed only when the last holder may still be live: a holder that let go cleanly (its gateway
// closed first) leaves the mark 'released' and its next holder skips it (./shard-holders.ts).
//
// Why H is 10 s and not less: H is also how long a holder keeps the gateway while the database does not
// answer at all. Shorter, and every restart of PostgreSQL would drop every shard and cost a fence wait on
// the way back; 10 s outlasts a restart. F follows from H, and the keepalive from what is left of the 30 s.
//
// Why a confirmation every 0.25 s and not every second: the time since the last one before an outage counts
// against H too. At 1 s, an 8 s outage of PostgreSQL (stopped, then started again: recovery took about 1 s on a
// busy host) came to 10 s and dropped the gateway (issue 33). At 0.5 s (9.5 s) a full test run on a loaded
// 2-core machine saw a game stall after such an outage (issue 36), so it stays 0.25 s. What an idle bot on
// PostgreSQL spent on it was the pg_locks lookup (issue 36: 10 ms of CPU a second against SQLite's 2); the
// confirmation is now an empty query on the lock's session (the session answering is the lock held, see
// ShardOwnership.check), the cheapest round trip there is. TCP
// keepalive cannot stand in for it: Node sets only its idle time, and the kernel's probes then give up after
// 10 more seconds, past H; and no probe's answer reaches the process, so none can date a confirmation.

export interface OwnershipTimings {
  /** A standby tries the shard's lock this often. */
  retryMs: number;
  /** A holder confirms on its lock connection this often that the server still has its lock. */
  confirmEveryMs: number;
  /** A confirmation not answered within this long counts as failed (the connection is then replaced). */
  confirmTimeoutMs: number;
  /** A holder that has not confirmed its lock for this long drops its gateway (H). */
  holdWithoutConfirmMs: number;
  /** A new holder waits this long after taking the lock before IDENTIFY (F > H + confirmEveryMs + exiting). */
  fenceWaitMs: number;
  /** The IDENTIFY bucket's lock is kept this long after READY: Discord allows one IDENTIFY per 5 s a bucket. */
  identifyWindowMs: number;
}

export const OWNERSHIP_TIMINGS: OwnershipTimings = {
  retryMs: 1000,
  confirmEveryMs: 250,
  confirmTimeoutMs: 2000,
  holdWithoutConfirmMs: 10_000,
  fenceWaitMs: 13_000,
  identifyWindowMs: 5500,
};

/**
 * The server-side TCP settings of a lock connection, so that PostgreSQL itself notices a vanished host and
 * frees its locks: after 3 s of silence it probes every second and gives up after 3 unanswered probes
 * (≈ 6 s; the holder's confirmations keep a live connection from ever being silent that long), and data it
 * sent that stays unacknowledged for 6 s ends the connection too (tcp_user_timeout). With the system's
 * defaults (2 h of silence before the first probe) a dead host's shard would stay locked for hours.
 */
export const SERVER_KEEPALIVE = {
  tcp_keepalives_idle: 3,
  tcp_keepalives_interval: 1,
  tcp_keepalives_count: 3,
  tcp_user_timeout: 6000,
} as const;

/**
 * How long a stopping holder waits for its 'released' mark to be written (./shard-holders.ts): a healthy server
 * answers in milliseconds, and a stop must fit docker's 10 s (docs/OPERATIONS.md). Unwritten, the next holder
 * waits the fence.
 */
export const RELEASE_MARK_TIMEOUT_MS = 1000;

/** Node's keepalive on this end: a server gone quiet is noticed too, not only through the confirmations. */
export const CLIENT_KEEPALIVE_DELAY_MS = 3000;

/** Refuses timings whose order would let two holders overlap (tests scale them down, keeping the order). */
export function checkTimings(t: OwnershipTimings): void {
  if (t.fenceWaitMs <= t.holdWithoutConfirmMs + t.confirmEveryMs)
    throw new Error('fenceWaitMs must exceed holdWithoutConfirmMs + confirmEveryMs (see src/cluster/timings.ts)');
  if (t.confirmTimeoutMs >= t.holdWithoutConfirmMs)
    throw new Error('confirmTimeoutMs must be shorter than holdWithoutConfirmMs');
}
