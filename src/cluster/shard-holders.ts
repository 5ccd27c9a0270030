// Whether a shard's last holder let go cleanly (migrations/*/0012_shard_holders.sql), so that a new holder
// waits the fence F (./timings.ts) only when the last one may still be on the gateway. The lock alone cannot
// tell: PostgreSQL frees it alike for a process that stopped and for a host cut off the network whose gateway
// session lives on for up to H.
//
// Every mark is written on the lock connection of the process holding the shard's lock, so no two processes
// ever write one shard's row at once, and the row's story follows the lock's:
//   - 'holding', written by each new holder before it may IDENTIFY (its gateway may be live from then on);
//   - 'released', written by a holder whose gateway is closed and whose own fence, if it had one, is over,
//     while its session still holds the lock (the statement checks it), just before it lets go;
//   - anything else — kill -9, a crash, a host cut off, a lock lost or taken — leaves 'holding'.
// So a new holder that reads 'released', or no row (the shard never held since the table exists), knows that
// no gateway session of the shard can be live; one that reads 'holding' waits F as before.
import type { LockConnection, LockKey } from './lock-connection';
import { HELD_BY_THIS_SESSION } from './lock-connection';

/** What the last holder left: 'never' when the shard has no row. */
export type LastHolder = 'never' | 'holding' | 'released';

/** Reads the last holder's mark, then marks this process as the holder; call with the shard's lock held. */
export async function takeMark(
  connection: LockConnection,
  shard: number,
  timeoutMs: number,
  now = Date.now(),
): Promise<LastHolder> {
  const read = await connection.query<{ state: 'holding' | 'released' }>(
    'SELECT state FROM shard_holders WHERE shard = $1',
    [shard],
    timeoutMs,
  );
  await markHolding(connection, shard, timeoutMs, now);
  return read.rows[0]?.state ?? 'never';
}

/** Marks this process as the shard's holder (again); call with the shard's lock held. */
export async function markHolding(
  connection: LockConnection,
  shard: number,
  timeoutMs: number,
  now = Date.now(),
): Promise<void> {
  await connection.query(
    `INSERT INTO shard_holders (shard, state, changed_at) VALUES ($1, 'holding', $2)
     ON CONFLICT (shard) DO UPDATE SET state = 'holding', changed_at = $2`,
    [shard, now],
    timeoutMs,
  );
}

/**
 * Marks the shard released, only if this very session still holds `key` (a session that lost it may not
 * speak for whoever holds it now); true when the mark was written. Call only once the gateway is closed.
 */
export async function markReleased(
  connection: LockConnection,
  key: LockKey,
  timeoutMs: number,
  now = Date.now(),
): Promise<boolean> {
  const result = await connection.query(
    `UPDATE shard_holders SET state = 'released', changed_at = $3 WHERE shard = $2 AND ${HELD_BY_THIS_SESSION}`,
    [...key, now],
    timeoutMs,
  );
  return result.rowCount === 1;
}
