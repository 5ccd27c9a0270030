// Shard ownership on a real PostgreSQL server (src/cluster/shard-ownership.ts), with the test timings of
// fixtures/test-timings.ts: one process holds a shard and another stands by; kill -9 of the holder hands the
// shard over; and the fencing rules — a holder cut off from the database drops its gateway before a new
// holder may IDENTIFY, a holder whose lock was taken while its connection was down drops at once, and one
// that takes its lock again carries on, trying again soon after a failed try rather than at its next confirmation.
// The IDENTIFY bucket lock keeps two shards of one bucket apart.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { LOCK_KIND } from '../../../src/cluster/lock-connection';
import { ShardOwnership } from '../../../src/cluster/shard-ownership';
import type { OwnershipOptions } from '../../../src/cluster/shard-ownership';
import { createLogger } from '../../../src/app/logger';
import { startTcpProxy } from '../../support/tcp-proxy';
import {
  holderOf as holderOn,
  ownershipDatabase,
  holderProcess as spawnHolder,
  until,
} from './fixtures/ownership-support';
import { TEST_TIMINGS } from './fixtures/test-timings';

const db = ownershipDatabase();

const holderOf = (id: number) => holderOn(db.admin, id);
const holderProcess = (shard: number) => spawnHolder(db.url, shard, db.cleanups);

/**
 * The database refuses new sessions (as while a server starts up) and the session `pid` is cut, until `during`
 * has resolved.
 */
async function cutOff(pid: number, during: () => Promise<unknown>): Promise<void> {
  const url = new URL(db.url);
  const database = url.pathname.slice(1);
  // A database refuses to lock itself out from its own session: the switch is made from another.
  url.pathname = '/postgres';
  const server = new pg.Client({ connectionString: url.toString() });
  await server.connect();
  db.cleanups.push(() => server.end());
  await server.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`);
  try {
    await db.admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await during();
  } finally {
    await server.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`);
  }
}

function ownership(shard: number, extra: Partial<OwnershipOptions> = {}) {
  const events: Array<{ what: string; at: number }> = [];
  const owner = new ShardOwnership({
    url: db.url,
    shard: { id: shard, count: 8 },
    maxConcurrency: 1,
    log: createLogger('error', () => {}),
    timings: TEST_TIMINGS,
    onLost: (why) => events.push({ what: `lost: ${why}`, at: performance.now() }),
    onStandby: () => events.push({ what: 'standby', at: performance.now() }),
    ...extra,
  });
  db.cleanups.push(() => owner.release());
  return { owner, events };
}

describe('two processes that want one shard', () => {
  it('one holds, the other stands by; kill -9 of the holder hands the shard to the other', async () => {
    const first = holderProcess(1);
    const firstLine = await until(() => first.lines.find((l) => l.startsWith('holding')));
    const firstPid = Number(firstLine.split(' ')[1]);
    expect(await holderOf(1)).toBe(firstPid);
    expect(firstLine).toBe(`holding ${firstPid} after never`);

    const second = holderProcess(1);
    await until(() => second.lines.includes('standby'));
    expect(second.lines.some((l) => l.startsWith('holding'))).toBe(false);
    expect(await holderOf(1)).toBe(firstPid);

    first.child.kill('SIGKILL');
    const taken = await until(() => second.lines.find((l) => l.startsWith('holding')));
    expect(await holderOf(1)).toBe(Number(taken.split(' ')[1]));
    expect(second.lines).toEqual(['standby', taken]);
    // Killed, the first left its mark 'holding': the second waited the fence (shard-holders.test.ts times it).
    expect(taken).toMatch(/^holding \d+ after holding$/);
  }, 30_000);
});

describe('fencing', () => {
  it('a holder cut off from the database drops its gateway before a new holder may IDENTIFY', async () => {
    const proxy = await startTcpProxy(db.server.port);
    db.cleanups.push(() => proxy.close());
    const cutUrl = new URL(db.url);
    cutUrl.port = String(proxy.port);
    const old = ownership(2, { url: cutUrl.toString() });
    await old.owner.acquire();
    const oldPid = old.owner.backendPid!;
    expect(await holderOf(2)).toBe(oldPid);

    // The host drops off the network; the server notices its session is gone (here at once, by hand, as
    // its TCP keepalive would) and frees the lock while the old holder still believes it holds it.
    proxy.partition();
    await db.admin.query('SELECT pg_terminate_backend($1)', [oldPid]);
    const next = ownership(2);
    // The old holder's mark is still 'holding': the new one waits the fence.
    expect(await next.owner.acquire()).toBe('holding');
    const mayIdentifyAt = performance.now();

    const lost = old.events.find((e) => e.what.startsWith('lost'));
    expect(lost?.what).toMatch(/could not be confirmed/);
    expect(lost!.at).toBeLessThan(mayIdentifyAt);
    expect(old.owner.state).toBe('lost');
    expect(next.owner.state).toBe('holding');
    expect(await holderOf(2)).toBe(next.owner.backendPid);
  }, 20_000);

  it('a holder whose lock was taken while its connection was down drops at once', async () => {
    // H 5 s, as below: on a loaded machine the test timings' 0.6 s could run out before the new session found the
    // lock taken, and the loss would be told for that reason instead.
    const holder = ownership(3, { timings: { ...TEST_TIMINGS, holdWithoutConfirmMs: 5000, fenceWaitMs: 6000 } });
    await holder.owner.acquire();
    const thief = new pg.Client({ connectionString: db.url });
    await thief.connect();
    db.cleanups.push(() => thief.end());
    await db.admin.query('SELECT pg_terminate_backend($1)', [holder.owner.backendPid]);
    await until(async () => (await holderOf(3)) === null);
    const stolen = await thief.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
      LOCK_KIND.shard,
      3,
    ]);
    expect(stolen.rows[0]!.ok).toBe(true);
    await until(() => holder.events.some((e) => e.what.startsWith('lost')));
    expect(holder.events.map((e) => e.what)).toEqual(['lost: another process took the shard lock']);
  });

  it('a holder whose connection broke takes its lock again and carries on', async () => {
    // H longer than the test timings' 0.6 s: a new session (its SCRAM exchange, the lock, the mark) took longer on
    // a loaded CI run, and the holder rightly let the shard go: the first fencing test's subject, not this one's.
    const holder = ownership(4, { timings: { ...TEST_TIMINGS, holdWithoutConfirmMs: 5000, fenceWaitMs: 6000 } });
    await holder.owner.acquire();
    const before = holder.owner.backendPid!;
    await db.admin.query('SELECT pg_terminate_backend($1)', [before]);
    // A shard lost ends the wait at once, and the assertion below says why it was lost.
    const after = await until(async () => {
      if (holder.events.length > 0) return -1;
      const pid = await holderOf(4);
      return pid !== null && pid !== before ? pid : null;
    });
    expect(holder.events).toEqual([]);
    expect(after).toBe(holder.owner.backendPid);
    expect(holder.owner.state).toBe('holding');
  });

  it('a holder whose connection broke tries again every reconnectEveryMs, not at its next confirmation', async () => {
    // Confirmations 5 s apart: a holder that waited for the next one would be back seconds after the database.
    const slow = { ...TEST_TIMINGS, confirmEveryMs: 5000, holdWithoutConfirmMs: 20_000, fenceWaitMs: 26_000 };
    const lines: string[] = [];
    const holder = ownership(6, { timings: slow, log: createLogger('warn', (l) => lines.push(l)) });
    await holder.owner.acquire();
    const before = holder.owner.backendPid!;
    await cutOff(before, () => until(() => lines.some((l) => l.includes('shard lock connection failed')), 10_000));
    const backAt = performance.now();
    await until(async () => {
      const pid = await holderOf(6);
      return pid !== null && pid !== before ? pid : null;
    });
    expect(performance.now() - backAt).toBeLessThan(2500);
    expect(holder.owner.state).toBe('holding');
    expect(holder.events).toEqual([]);
  }, 30_000);
});

describe('the IDENTIFY bucket', () => {
  it('lets one shard of a bucket identify at a time, the next only a full window after the first', async () => {
    // maxConcurrency 2: shards 0 and 6 share bucket 0.
    const a = ownership(0, { maxConcurrency: 2 });
    const b = ownership(6, { maxConcurrency: 2 });
    await Promise.all([a.owner.acquire(), b.owner.acquire()]);
    const spans: Array<[number, number]> = [];
    const identify = async () => {
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 50));
      spans.push([start, performance.now()]);
    };
    await Promise.all([a.owner.identifyTurn(identify), b.owner.identifyTurn(identify)]);
    const [first, second] = spans.sort((x, y) => x[0] - y[0]) as [[number, number], [number, number]];
    expect(second[0] - first[1]).toBeGreaterThanOrEqual(TEST_TIMINGS.identifyWindowMs - 5);
  });
});

describe('a read as the confirmation (the turn clock’s look)', () => {
  it('is asked on the lock’s session in place of the empty query, and one the database cannot answer is told', async () => {
    // H longer than the test timings' 0.6 s: two outages in a row on a loaded machine must not cost the shard,
    // which is not what this test is about (the fencing tests are).
    const holder = ownership(7, { timings: { ...TEST_TIMINGS, holdWithoutConfirmMs: 5000, fenceWaitMs: 6000 } });
    await holder.owner.acquire();
    const answers: number[] = [];
    let failures = 0;
    const READ = 'SELECT pg_backend_pid() AS pid';
    holder.owner.confirmWith({
      text: READ,
      values: [],
      answered: (rows) => answers.push(Number(rows[0]!.pid)),
      refused: () => {},
      failed: () => failures++,
    });
    const lastQuery = async (pid: number) =>
      (await db.admin.query<{ query: string }>('SELECT query FROM pg_stat_activity WHERE pid = $1', [pid])).rows[0]
        ?.query;
    await until(() => answers.length >= 3);
    const first = holder.owner.backendPid!;
    expect(new Set(answers)).toEqual(new Set([first]));
    // Each confirmation is the read: the session's last statement is never the empty query.
    for (let i = 0; i < 5; i++) {
      expect(await lastQuery(first)).toBe(READ);
      await new Promise((r) => setTimeout(r, TEST_TIMINGS.confirmEveryMs / 2));
    }

    // An outage: the failures are told (the clock then counts the database lost), and the next read answers on
    // the session that took the lock again. Twice: the second time must go as the first.
    let session = first;
    for (let outage = 1; outage <= 2; outage++) {
      const before = failures;
      await cutOff(session, () => until(() => failures >= before + 2));
      const next = await until(() => (answers.at(-1) !== session ? answers.at(-1) : undefined));
      expect(next).toBe(holder.owner.backendPid);
      expect(await holderOf(7)).toBe(next);
      expect(holder.owner.state).toBe('holding');
      expect(holder.events).toEqual([]);
      session = next!;
    }

    holder.owner.confirmWith(null);
    await until(async () => (await lastQuery(session)) === '');
  });

  it('refused by the server (a table locked longer than a confirmation may take), still confirms the lock', async () => {
    // A migration's ALTER TABLE holds the table the read asks for longer than H: the server refuses the read
    // (the lock session's lock_timeout), which proves the session, and its lock, still there. Left to wait, the
    // read would break the connection, and a new one could not take the lock from its own waiting backend.
    await db.admin.query('CREATE TABLE IF NOT EXISTS busy_table (x int)');
    const holder = ownership(9);
    await holder.owner.acquire();
    const pid = holder.owner.backendPid!;
    let answered = 0;
    let refused = 0;
    let failed = 0;
    holder.owner.confirmWith({
      text: 'SELECT count(*) AS n FROM busy_table',
      values: [],
      answered: () => answered++,
      refused: () => refused++,
      failed: () => failed++,
    });
    await until(() => answered >= 1);
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    db.cleanups.push(() => locker.end());
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE busy_table IN ACCESS EXCLUSIVE MODE');
    await new Promise((r) => setTimeout(r, 3 * TEST_TIMINGS.holdWithoutConfirmMs));
    await locker.query('COMMIT');
    const after = answered;
    await until(() => answered > after);
    expect(refused).toBeGreaterThanOrEqual(3);
    expect(failed).toBe(0);
    expect(holder.owner.backendPid).toBe(pid);
    expect(holder.owner.state).toBe('holding');
    expect(holder.events).toEqual([]);
  });
});
