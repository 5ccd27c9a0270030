// `npm run bench -- service`: the service layer against its goals, on one core, on a real file (WAL,
// synchronous=NORMAL) in a temp folder:
//   1. a bare better-sqlite3 read-modify-write transaction with one event insert, measured here for scale;
//   2. ≥ 5,000 service actions/s sustained and p99 of one action ≤ 1 ms, over 100,000 actions spread over 1,000
//      concurrent games (clicks chosen by a simple player, real crypto dice; throughput.ts); the same work on a
//      baseline commit's service in the same run, turn about (the outbox must cost little: ≥ 8,000/s where the
//      baseline did 9,400, so ≥ 85 % of the baseline on whatever machine this runs on; baseline.ts);
//   3. resident memory flat (± 10 %) between 1,000 and 20,000 stored finished games (memory.ts).
import { applyEvent, declarableColumns, newGame, seededRng, writableCells } from '../../src/game';
import { WAL_AUTOCHECKPOINT_PAGES } from '../../src/db/sqlite/open';
import { openSqliteStorage } from '../../src/db/sqlite/storage';
import { GameService } from '../../src/service/game-service';
import { fmt, machine, verdict } from '../support/figures';
import { LAYOUTS } from '../support/service-player';
import { againstBaseline } from './baseline';
import { FEW_GAMES, MANY_GAMES, memoryFlatness } from './memory';
import type { ServiceImpl } from './throughput';
import { ACTIONS, GAMES, bareBaseline, serviceThroughput } from './throughput';

const GOAL_RATE = 5_000;
const GOAL_P99_MS = 1;
const GOAL_RSS_DRIFT = 0.1;

export async function run(): Promise<void> {
  // Other work on the machine shows up in every figure: say how busy it was.
  console.log(`${machine()} at the start (one core is all this uses)`);
  // The bare baseline rewrites a snapshot the size of a real one: a 3-player Olathe game half-way through.
  let sample = newGame(LAYOUTS[0]!, ['a', 'b', 'c']);
  const dice = seededRng(1);
  while (sample.players[2]!.turnsTaken < 14) {
    const seat = sample.current;
    const p = sample.players[seat]!;
    if (p.turn.column === null)
      sample = applyEvent(sample, { type: 'declare', seat, column: declarableColumns(sample, seat)[0]! });
    else if (!p.turn.dice)
      sample = applyEvent(sample, {
        type: 'throw',
        seat,
        dice: [dice.face(), dice.face(), dice.face(), dice.face(), dice.face()],
      });
    else sample = applyEvent(sample, { type: 'write', seat, ...writableCells(sample, seat)[0]! });
  }
  const defaults = bareBaseline(JSON.stringify(sample), 1000);
  const bare = bareBaseline(JSON.stringify(sample), WAL_AUTOCHECKPOINT_PAGES);
  console.log(
    `bare better-sqlite3 (read, update, insert event; WAL, synchronous=NORMAL; ${fmt(JSON.stringify(sample).length)}-byte row):`,
  );
  console.log(
    `  SQLite's default checkpoint (1,000 pages): ${fmt(defaults.rate)} tx/s, p99 ${fmt(defaults.p99, 3)} ms`,
  );
  console.log(
    `  the service's checkpoint (${fmt(WAL_AUTOCHECKPOINT_PAGES)} pages): ${fmt(bare.rate)} tx/s, p99 ${fmt(bare.p99, 3)} ms`,
  );

  const current: ServiceImpl = {
    label: 'this tree',
    open: (f) => {
      const storage = openSqliteStorage(f);
      return { service: new GameService(storage), close: () => storage.close() };
    },
  };
  const s = await serviceThroughput(current);
  console.log(
    `service: ${fmt(ACTIONS)} actions over ${fmt(GAMES)} concurrent games (${fmt(s.finished)} finished and replaced): ` +
      `${fmt(s.rate)} actions/s — goal ≥ ${fmt(GOAL_RATE)}: ${verdict(s.rate >= GOAL_RATE)}`,
  );
  console.log(
    `  one action: p50 ${fmt(s.p50, 3)} ms, mean ${fmt(s.mean, 3)} ms, p99 ${fmt(s.p99, 3)} ms — goal p99 ≤ ${GOAL_P99_MS} ms: ${verdict(s.p99 <= GOAL_P99_MS)}`,
  );
  console.log(`  per CPU-second used (what the process itself costs, whatever else runs): ${fmt(s.cpuRate)} actions`);
  console.log(
    `  cost against the bare database: ${fmt(bare.rate / s.rate, 1)}× (snapshot ≈ ${fmt(s.stateBytes)} bytes)`,
  );
  await againstBaseline(current, bare.rate);

  const m = await memoryFlatness();
  console.log(
    `resident memory after the same work with ${fmt(FEW_GAMES)} vs ${fmt(MANY_GAMES)} finished games stored (file ${fmt(m.fileMb)} MB): ` +
      `${fmt(m.few, 1)} MB vs ${fmt(m.many, 1)} MB (${m.drift >= 0 ? '+' : ''}${fmt(m.drift * 100, 1)} %) — goal ± ${GOAL_RSS_DRIFT * 100} %: ${verdict(Math.abs(m.drift) <= GOAL_RSS_DRIFT)}`,
  );
  console.log(`  leaderboard of a guild with ${fmt(MANY_GAMES / 20)} finished games: ${fmt(m.leaderboardMs, 1)} ms`);
}
