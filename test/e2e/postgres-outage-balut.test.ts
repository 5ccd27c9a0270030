// A PostgreSQL outage: a solo Balut game in its thread, dice on the table, PostgreSQL out of reach for 8 s. The clicks
// meanwhile (test/e2e/outage.ts) are each told privately that the database cannot be reached; within 15 s of its
// return a hold on the same turn message works, and the game is played to the end with every cell written once.
// Twice: a server stopped with `pg_ctl stop -m immediate` that kept every commit, and one that lost the last
// commit it had acknowledged — the throw that put the dice on the card (a server with synchronous_commit off,
// as the tests' own servers run, loses what its WAL writer has not written yet; here its WAL writer is frozen
// before that throw and the crash comes from killing it, so the loss is certain). The card then shows a moment
// the saved game never reached, and must be drawn again from the saved game.
// PostgreSQL only (vitest.config.ts): the servers are the test's own, to be stopped and started.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { tr } from '../../src/discord/i18n';
import { MESSAGES } from '../../src/service/errors';
import type { PostgresOptions, PostgresServer } from '../support/postgres';
import type { World } from './harness';
import { eventually } from './harness';
import { ownPostgres } from './own-postgres';
import { clickThroughOutage, finishAndCheck, openSoloBalut, throwOn, untilAHoldWorks } from './outage';

const OUTAGE_MS = 8000;
const unreachable = tr('en')('refusal.databaseUnavailable');
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const own = ownPostgres();
let server: PostgresServer | undefined;

async function startOn(options: PostgresOptions): Promise<World> {
  const started = await own.start('outage-balut', options);
  server = started.server;
  return started.world;
}

/** Whether the server at `url` takes a connection now. */
async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

describe('PostgreSQL out of reach for 8 s in a solo Balut game', () => {
  it('that kept every commit: the clicks meanwhile are refused, then the old card holds again', async () => {
    const w = await startOn({ durableCommits: true });
    const card = await throwOn(w, await openSoloBalut(w));

    await server!.crash();
    const went = Date.now();
    expect(await clickThroughOutage(w, card, went)).toEqual([unreachable, unreachable, unreachable, unreachable]);
    await delay(Math.max(0, OUTAGE_MS - (Date.now() - went)));
    await server!.start();
    const back = Date.now();

    const recovery = await untilAHoldWorks(w, card.id, back);
    console.info(`database kept its commits: first hold taken ${recovery.holdTakenMs} ms after the restart`);
    // Nothing was lost and nothing changed meanwhile: the card's own hold is taken as it is.
    expect(recovery.refusals).toEqual([]);
    // Seen by the shard lock's confirmation, the clock's look on PostgreSQL: every game compared.
    await eventually(() => w.bot.log().includes('database reachable again'), 5000);
    await finishAndCheck(w);
  }, 120_000);

  it('that lost the throw it had acknowledged: the card is drawn again from the saved game and the game goes on', async () => {
    // No restart after a crashed process (the server stays down until the test starts it), and no background
    // writer writing the WAL before the crash. synchronous_commit stays off, as on the tests' servers.
    const w = await startOn({ settings: { restart_after_crash: 'off', bgwriter_lru_maxpages: 0 } });
    const url = w.env.DATABASE_URL!;
    const { fake } = w;
    const fresh = await openSoloBalut(w);
    // Everything up to here is written out; the WAL writer then stops writing until it is killed.
    await w.sql('CHECKPOINT');
    const [writer] = (await w.sql("SELECT pid FROM pg_stat_activity WHERE backend_type = 'walwriter'")) as {
      pid: number;
    }[];
    const pid = writer!.pid;
    process.kill(pid, 'SIGSTOP');
    const card = await throwOn(w, fresh);
    process.kill(pid, 'SIGKILL');
    await eventually(async () => !(await reachable(url)), 10_000);
    const went = Date.now();

    expect(await clickThroughOutage(w, card, went)).toEqual([unreachable, unreachable, unreachable, unreachable]);
    await delay(Math.max(0, OUTAGE_MS - (Date.now() - went)));
    await server!.start();
    const back = Date.now();
    // The throw the card shows is not in the saved game: the server lost it.
    expect(await w.sql("SELECT seq FROM events WHERE type = 'throw'")).toEqual([]);

    const recovery = await untilAHoldWorks(w, card.id, back);
    console.info(
      `database lost the throw: first click taken ${recovery.firstTakenMs} ms, first hold ${recovery.holdTakenMs} ms ` +
        `after the restart; refused meanwhile: ${JSON.stringify(recovery.refusals)}`,
    );
    // A click before the card was drawn again is refused as ahead of the saved game, never as "an earlier moment".
    expect(recovery.refusals.filter((r) => r.includes(MESSAGES.stale))).toEqual([]);
    // The same message was drawn again from the saved game (no dice on it until the next throw), not left alone.
    expect(fake.message(card.id)!.editCount).toBeGreaterThan(card.editCount);
    await finishAndCheck(w);
  }, 120_000);
});
