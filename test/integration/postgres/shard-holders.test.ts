// The shard holders' marks (src/cluster/shard-holders.ts) on a real PostgreSQL server: a new holder waits the
// fence only when the last holder did not let go cleanly. First takes and takes after a clean stop run with
// a fence of a minute, so a wait would time the test out; the kill -9 take-over runs with the test timings
// and must wait at least F. A holder that lost its lock, or was still fencing, never marks 'released'.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { LOCK_KIND, openLockConnection } from '../../../src/cluster/lock-connection';
import { markReleased } from '../../../src/cluster/shard-holders';
import { ShardOwnership } from '../../../src/cluster/shard-ownership';
import type { OwnershipOptions } from '../../../src/cluster/shard-ownership';
import { loadPostgresMigrations, migratePostgres } from '../../../src/db/postgres/migrate';
import { createLogger } from '../../../src/app/logger';
import { freshDatabase } from '../../support/postgres';
import { holderOf, holderProcess, ownershipDatabase, until } from './fixtures/ownership-support';
import { TEST_TIMINGS } from './fixtures/test-timings';

/** A fence far longer than any test here: a take that waited it would never resolve in time. */
const NO_WAIT_EXPECTED = { ...TEST_TIMINGS, fenceWaitMs: 60_000 };

const db = ownershipDatabase();

async function markOf(shard: number): Promise<string | null> {
  const rows = await db.admin.query<{ state: string }>('SELECT state FROM shard_holders WHERE shard = $1', [shard]);
  return rows.rows[0]?.state ?? null;
}

function ownership(shard: number, extra: Partial<OwnershipOptions> = {}) {
  const logged: string[] = [];
  const lost: string[] = [];
  const owner = new ShardOwnership({
    url: db.url,
    shard: { id: shard, count: 32 },
    maxConcurrency: 1,
    log: createLogger('info', (line) => logged.push(line)),
    timings: NO_WAIT_EXPECTED,
    onLost: (why) => lost.push(why),
    ...extra,
  });
  db.cleanups.push(() => owner.release());
  return { owner, logged, lost };
}

describe('no fence wait when no gateway session can be live', () => {
  it('the first take of a shard: never held, no wait; the shard is marked held', async () => {
    const first = ownership(10);
    expect(await first.owner.acquire()).toBe('never');
    expect(first.owner.state).toBe('holding');
    expect(await markOf(10)).toBe('holding');
    expect(first.logged.join('\n')).toMatch(/"msg":"shard lock taken; no fence wait before IDENTIFY".*never held/);
    expect(first.logged.join('\n')).not.toContain('waiting out the fence');
  });

  it('a clean stop (SIGTERM) of the holder process marks the shard released; the next holder does not wait', async () => {
    const old = holderProcess(db.url, 11, db.cleanups);
    await until(() => old.lines.find((l) => l.startsWith('holding')));
    old.child.kill('SIGTERM');
    await until(() => old.lines.includes('released'));
    expect(await markOf(11)).toBe('released');

    const next = ownership(11);
    expect(await next.owner.acquire()).toBe('released');
    expect(await holderOf(db.admin, 11)).toBe(next.owner.backendPid);
    expect(await markOf(11)).toBe('holding');
    expect(next.logged.join('\n')).toMatch(/no fence wait before IDENTIFY.*its last holder let go cleanly/);
    // And again within one process: release, then a take.
    await next.owner.release();
    expect(await markOf(11)).toBe('released');
    expect(await ownership(11).owner.acquire()).toBe('released');
  }, 20_000);
});

describe('the fence when the last holder may still be live', () => {
  it('kill -9 of the holder process: its mark stays, and the next holder waits F', async () => {
    const killed = holderProcess(db.url, 12, db.cleanups);
    await until(() => killed.lines.find((l) => l.startsWith('holding')));
    const next = ownership(12, { timings: TEST_TIMINGS });
    const acquired = next.owner.acquire();
    const killedAt = performance.now();
    killed.child.kill('SIGKILL');
    expect(await acquired).toBe('holding');
    expect(performance.now() - killedAt).toBeGreaterThanOrEqual(TEST_TIMINGS.fenceWaitMs);
    expect(next.logged.join('\n')).toMatch(/waiting out the fence before IDENTIFY.*did not let go cleanly/);
    expect(await markOf(12)).toBe('holding');
  }, 20_000);

  it('a holder whose lock was taken while its connection was down never marks the shard released', async () => {
    const holder = ownership(13);
    await holder.owner.acquire();
    const thief = new pg.Client({ connectionString: db.url });
    await thief.connect();
    db.cleanups.push(() => thief.end());
    await db.admin.query('SELECT pg_terminate_backend($1)', [holder.owner.backendPid]);
    await until(async () => (await holderOf(db.admin, 13)) === null);
    await thief.query('SELECT pg_try_advisory_lock($1, $2)', [LOCK_KIND.shard, 13]);
    await until(() => holder.lost.length > 0);
    await holder.owner.release();
    expect(await markOf(13)).toBe('holding');
    expect(holder.logged.join('\n')).not.toContain('released cleanly');

    // Nor can any session that does not hold the lock, whatever it believes: the statement checks.
    const stranger = await openLockConnection(db.url, 'test stranger');
    db.cleanups.push(() => stranger.close());
    expect(await markReleased(stranger, [LOCK_KIND.shard, 13], 2000)).toBe(false);
    expect(await markOf(13)).toBe('holding');
  }, 20_000);

  it('a holder stopped while it still waits the fence leaves the mark: the one before it may be live', async () => {
    await db.admin.query("INSERT INTO shard_holders (shard, state, changed_at) VALUES (14, 'holding', 0)");
    // The test timings: a release does not cut the fence's sleep short, and acquire() gives up after it.
    const fencing = ownership(14, { timings: TEST_TIMINGS });
    const acquired = fencing.owner.acquire();
    await until(() => fencing.owner.state === 'fencing');
    await fencing.owner.release();
    await expect(acquired).rejects.toThrow(/released before it was acquired/);
    expect(await markOf(14)).toBe('holding');
  });

  it('a holder that takes its lock again on a new connection marks the shard held again', async () => {
    const holder = ownership(15);
    await holder.owner.acquire();
    const before = holder.owner.backendPid!;
    // Whatever the row says meanwhile, a live holder's shard reads 'holding' once its lock is taken again.
    await db.admin.query("UPDATE shard_holders SET state = 'released' WHERE shard = 15");
    await db.admin.query('SELECT pg_terminate_backend($1)', [before]);
    await until(async () => {
      const pid = await holderOf(db.admin, 15);
      return pid !== null && pid !== before && (await markOf(15)) === 'holding';
    });
    expect(holder.owner.state).toBe('holding');
    expect(holder.lost).toEqual([]);
  });
});

describe('upgrading a bot that ran shards before the marks existed', () => {
  it('marks every shard of an existing bot held, so each next holder waits once; a new bot has no marks', async () => {
    const migrations = loadPostgresMigrations();
    const before = migrations.findIndex((m) => m.name.startsWith('0012_'));
    expect(before).toBeGreaterThan(0);
    const existing = await freshDatabase(db.server);
    await migratePostgres(existing, migrations.slice(0, before));
    const client = new pg.Client({ connectionString: existing });
    await client.connect();
    db.cleanups.push(() => client.end());
    await client.query("INSERT INTO cluster (id, shard_count, secret_fingerprint, created_at) VALUES (1, 3, 'f', 0)");
    await migratePostgres(existing, migrations);
    const marks = await client.query('SELECT shard, state FROM shard_holders ORDER BY shard');
    expect(marks.rows).toEqual([0, 1, 2].map((shard) => ({ shard, state: 'holding' })));

    expect((await db.admin.query('SELECT shard FROM shard_holders WHERE shard < 10')).rows).toEqual([]);
  });
});
