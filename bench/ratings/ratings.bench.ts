// `npm run bench -- ratings`: what ratings cost. Goals: the rating update at a game's end ≤ 1 ms of CPU (the
// pure part: rateGame and its write, for 2, 4 and 8 seats); no round trip added to the end's transaction on
// PostgreSQL (its one read and one write ride on statements the end already makes, counted on the wire); what
// `/olathe leaderboard` reads over a server of 100,000 rated people, now or for a past season of 3–5 rated games
// each, p99 ≤ 50 ms on both engines (./command.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ratingWrite } from '../../src/db/rating-rows';
import { openPostgresStorage } from '../../src/db/postgres/storage';
import type { PersonRating, RatedSeat } from '../../src/rating';
import { rateGame } from '../../src/rating';
import { startPostgres, freshDatabase } from '../../test/support/postgres';
import { startRoundTripRelay } from '../../test/integration/storage/round-trips';
import { fmt, machine, percentiles, printTable, verdict } from '../support/figures';
import { BOARD, RATINGS, boardRows, ratingRows } from './board-data';
import type { BenchFill } from './fill';
import { fillPostgres, fillSqlite } from './fill';
import { timeCommandReads } from './command';
import { PEOPLE } from './people';
import { HISTORY, SEASON, historyRows } from './season-data';

const UPDATES = 20_000;
const GOAL_UPDATE_MS = 1;
const GOAL_P99_MS = 50;
const FILLS: BenchFill[] = [
  [BOARD, boardRows],
  [RATINGS, ratingRows],
  [HISTORY, historyRows],
];

/** CPU per rated end: the rating of `seats` seats (one a computer player), and its write's rows. */
function updateCost(seats: number): { p50: number; p99: number; mean: number } {
  const current = new Map<string, PersonRating>();
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < UPDATES; i++) {
    const table: RatedSeat[] = Array.from({ length: seats }, (_, s) => ({
      seat: s,
      userId: s === seats - 1 ? 'bot:normal:1' : `p${(i * 7 + s * 13) % 500}`,
      name: 'someone',
      place: 1 + ((i + s) % seats),
      left: false,
      computer: s === seats - 1 ? 'normal' : null,
    }));
    const start = process.hrtime.bigint();
    const game = rateGame('olathe', table, current, Date.UTC(2026, 11, 1) + i);
    ratingWrite(game, i, 'g');
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    for (const [user, r] of game.stored) current.set(user, r);
    if (i >= 500) times.push(ms);
    total += ms;
  }
  return { ...percentiles(times), mean: total / UPDATES };
}

/** The round trips of a rated end's read and write beside the statements they ride on. */
async function roundTrips(url: string): Promise<Record<string, number>> {
  const relay = await startRoundTripRelay(Number(new URL(url).port));
  const storage = await openPostgresStorage(relay.via(url));
  try {
    const seats: RatedSeat[] = ['ann', 'ben'].map((userId, i) => ({
      ...{ seat: i, userId, name: userId, place: i + 1, left: false, computer: null },
    }));
    const write = ratingWrite(rateGame('olathe', seats, new Map(), Date.now()), 1, 'g');
    const count = async (act: () => Promise<unknown>) => {
      relay.reset();
      await act();
      return relay.count;
    };
    return await storage.transaction(async (tx) => ({
      'fives read (unrated end)': await count(() => tx.games.fivesBySeat(1)),
      'fives + ratings read (rated end)': await count(() => tx.ratings.endReads(1, 'olathe', ['ann', 'ben'])),
      'count (unrated end)': await count(() => tx.stats.countGame(1)),
      'count + rating write (rated end)': await count(() => tx.stats.countGame(1, write)),
    }));
  } finally {
    await storage.close();
    await relay.close();
  }
}

export async function run(): Promise<void> {
  console.log(`${machine()} at the start`);
  console.log(`\nrating update at a game's end, CPU (${fmt(UPDATES)} ends each, one seat a computer player):`);
  const rows = [2, 4, 8].map((n) => {
    const t = updateCost(n);
    return [
      `${n} seats`,
      fmt(t.mean * 1000, 0),
      fmt(t.p50 * 1000, 0),
      fmt(t.p99 * 1000, 0),
      verdict(t.p99 <= GOAL_UPDATE_MS),
    ];
  });
  printTable(['game', 'mean µs', 'p50 µs', 'p99 µs', `p99 ≤ ${GOAL_UPDATE_MS} ms`], rows);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olathe-ratings-'));
  const server = await startPostgres();
  try {
    const filled = [
      { engine: 'SQLite', ...fillSqlite(path.join(dir, 'ratings.sqlite'), FILLS) },
      { engine: 'PostgreSQL', ...(await fillPostgres(await freshDatabase(server), FILLS)) },
    ];
    const took = (f: (typeof filled)[number]) => `${fmt(f.fill, 1)} s and ${fmt(f.migrate, 1)} s (${f.engine})`;
    console.log(
      `\nwhat /olathe leaderboard reads: ${fmt(PEOPLE)} rated people in one server in each variant (and as many ` +
        `again in four others), 3–5 rated games each in ${SEASON} there; ${fmt(filled[0]!.rows)} rows written ` +
        `at schema 0016, then the later migrations run over them, in ${filled.map(took).join(', ')}:`,
    );
    const ms = (n: number) => (Number.isFinite(n) ? fmt(n, 2) : 'failed');
    for (const { engine, storage } of filled) {
      const board = (await timeCommandReads(storage)).map((t) => [
        t.read,
        ms(t.p50),
        ms(t.p99),
        t.failed ? `${fmt(t.calls)} (${fmt(t.failed)} failed)` : fmt(t.calls),
        verdict(t.p99 <= GOAL_P99_MS),
      ]);
      await storage.close();
      console.log(`  ${engine}:`);
      printTable([`read`, 'p50 ms', 'p99 ms', 'calls', `p99 ≤ ${GOAL_P99_MS} ms`], board);
    }

    const trips = await roundTrips(await freshDatabase(server));
    console.log('\nround trips on PostgreSQL, inside the end’s transaction (counted by a relay):');
    printTable(
      ['statement', 'round trips'],
      Object.entries(trips).map(([k, v]) => [k, String(v)]),
    );
    const same =
      trips['fives read (unrated end)'] === trips['fives + ratings read (rated end)'] &&
      trips['count (unrated end)'] === trips['count + rating write (rated end)'];
    console.log(`  no round trip added by the rating: ${verdict(same)}`);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
