// The clocks of shard ownership across hosts (src/cluster/shard-ownership.ts), in one place because they
// only make sense together. The goals: a standby is READY within 30 s of its holder's death; never are two
// gateway sessions live for one shard; and a short database outage (a restart, ~10 s) does not take the
// shards off the gateway.
//
// The take-over, for a holder whose host vanishes from the network (the slow case; a kill -9 closes the
// holder's socket at once, the server frees its lock in milliseconds, and the first term is ~0):
//   the server notices the dead lock connection      ≈ 4 s (SERVER_KEEPALIVE below)
//   + the standby's next try                         ≤ retryMs (1 s)
//   + the fence wait                                 = fenceWaitMs (18 s)
//   + the IDENTIFY bucket, IDENTIFY and READY        ≈ 1–6 s (another shard of the bucket may have just identified)
//   ≈ 24–29 s, inside the 30 s; after a kill -9, ≈ 19–20 s.
//
// Why the fence wait rules out two live sessions: a holder dates a confirmation from when it *sent* the
// query, which is before the server answered, which is before the server could free the lock. A holder that
// has not confirmed for holdWithoutConfirmMs drops its gateway at the next tick, so it is gone by
// (lock freed) + holdWithoutConfirmMs + confirmEveryMs + the moment it takes to exit: ≤ 15 s and a little.
// The new holder took the lock after it was freed and waits fenceWaitMs (18 s) before IDENTIFY: 3 s to spare
// for a busy event loop. All are durations on each host's own monotonic clock; the hosts' clocks need not agree.
// The wait is needed only when the last holder may still be live: a holder that let go cleanly (its gateway
// closed first) leaves the mark 'released' and its next holder skips it (./shard-holders.ts).
//
// Why H is 13 s: H is also how long a holder keeps the gateway while the database does not answer at all, and a
// restart of PostgreSQL (an outage: stopped 8 s, then ~1 s of recovery on a busy host) must not drop the shards.
// What counts against H in such an outage: the time from the last confirmation sent before it (≤ confirmEveryMs)
// + the outage and the recovery + the wait for the next try once the server is back (≤ reconnectEveryMs) + the
// reconnection itself: 2 + 9 + 0.25 + a little ≈ 11.5 s, 1.5 s to spare. Shorter, and every restart would drop
// every shard and cost a fence wait on the way back. F follows from H, and the keepalive from what is left of
// the 30 s.
//
// Why a confirmation every 2 s: each one is a round trip, and here a round trip's two wakes (the
// timer, then the answer) cost an idle bot ~1 ms of CPU, whatever it asked and whether through pg or a bare
// socket; an idle bot on SQLite wakes once a second and spends ~1.2 ms/s in all. At one a second, with the turn
// clock's look folded into the confirmation (ShardOwnership.confirmWith), the bot on PostgreSQL spent 1.75–2.29×
// SQLite's; four a second had been ~3.2 ms/s alone. The interval is in the sums above, so it grew with H (12 → 13
// s) and F (16 → 18 s), and the keepalive was shortened to pay for it (5 → 4 s; its probes cost the process
// nothing, the kernel sends and answers them). The confirmation is the clock's read, or an empty query, on the
// lock's session (the session answering is the lock held, see ShardOwnership.check). TCP keepalive cannot stand in
// for it: Node sets only its idle time, and the kernel's probes then give up after 10 more seconds, past H; and no
// probe's answer reaches the process, so none can date a confirmation.

export interface OwnershipTimings {
  /** A standby tries the shard's lock this often. */
  retryMs: number;
  /** A holder confirms on its lock connection this often that the server still has its lock. */
  confirmEveryMs: number;
  /** After a confirmation that failed, the holder tries again this soon (an outage's end is not waited for). */
  reconnectEveryMs: number;
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
  confirmEveryMs: 2000,
  reconnectEveryMs: 250,
  confirmTimeoutMs: 2000,
  holdWithoutConfirmMs: 13_000,
  fenceWaitMs: 18_000,
  identifyWindowMs: 5500,
};

/**
 * The server-side TCP settings of a lock connection, so that PostgreSQL itself notices a vanished host and
 * frees its locks: after 1 s of silence it probes every second and gives up after 3 unanswered probes
 * (≈ 4 s; a live holder's kernel answers the probes, even while the process is busy, and without waking it), and
 * data it sent that stays unacknowledged for 4 s ends the connection too (tcp_user_timeout). With the system's
 * defaults (2 h of silence before the first probe) a dead host's shard would stay locked for hours.
 */
export const SERVER_KEEPALIVE = {
  tcp_keepalives_idle: 1,
  tcp_keepalives_interval: 1,
  tcp_keepalives_count: 3,
  tcp_user_timeout: 4000,
} as const;

/**
 * How long a stopping holder waits for its 'released' mark to be written (./shard-holders.ts): a healthy server
 * answers in milliseconds, and a stop must fit docker's 10 s (docs/HOSTING.md, "Shutdown"). Unwritten, the next holder
 * waits the fence.
 */
export const RELEASE_MARK_TIMEOUT_MS = 1000;

/** Node's keepalive on this end: a server gone quiet is noticed too, not only through the confirmations. */
export const CLIENT_KEEPALIVE_DELAY_MS = 3000;

/** Refuses timings whose order would let two holders overlap (tests scale them down, keeping the order). */
export function checkTimings(t: OwnershipTimings): void {
  if (t.fenceWaitMs <= t.holdWithoutConfirmMs + t.confirmEveryMs)
    throw new Error('fenceWaitMs must exceed holdWithoutConfirmMs + confirmEveryMs (see src/cluster/timings.ts)');
  if (t.reconnectEveryMs > t.confirmEveryMs) throw new Error('reconnectEveryMs must not exceed confirmEveryMs');
  if (t.confirmTimeoutMs >= t.holdWithoutConfirmMs)
    throw new Error('confirmTimeoutMs must be shorter than holdWithoutConfirmMs');
}
