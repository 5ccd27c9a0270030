// `npm run bench -- service`: the service layer against the goals of its issue, on one core, on a real file
// (WAL, synchronous=NORMAL) in a temp folder:
//   1. a bare better-sqlite3 read-modify-write transaction with one event insert, measured here for scale;
//   2. ≥ 5,000 service actions/s sustained and p99 of one action ≤ 1 ms, over 100,000 actions spread over
//      1,000 concurrent games (clicks chosen by a simple player, real crypto dice); the same work on a
//      baseline commit's service in the same run, turn about (the outbox must cost little: ≥ 8,000/s where
//      the baseline did 9,400, so ≥ 85 % of the baseline on whatever machine this runs on);
//   3. resident memory flat (± 10 %) between 1,000 and 20,000 stored finished games.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import v8 from 'node:v8';
import type { GameOptions, Rng } from '../../src/game';
import { declarableColumns, newGame, seatsToAct, seededRng, writableCells, applyEvent } from '../../src/game';
import { WAL_AUTOCHECKPOINT_PAGES } from '../../src/db/sqlite/open';
import { openSqliteStorage } from '../../src/db/sqlite/storage';
import { SqliteStatsStore } from '../../src/db/sqlite/stats-store';
import type { GameView } from '../../src/service/game-service';
import { GameService, turnStamp } from '../../src/service/game-service';
import { pathToFileURL } from 'node:url';
import { materialise } from '../support/bot';
import type { Tree } from '../support/bot';

const GAMES = 1_000;
const ACTIONS = 100_000;
const GOAL_RATE = 5_000;
/** The outbox's goal: 8,000 actions/s against the 9,400 measured before it, i.e. 85 % of the baseline. */
const GOAL_OUTBOX_RATE = 8_000;
const GOAL_VS_BASELINE = 0.85;
const DEFAULT_BASELINE = '449c976';
const ROOT = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/** A service implementation to measure: this tree's, or a baseline commit's. */
interface ServiceImpl {
  label: string;
  /** A service on the file, and how to close what it opened. (A baseline's service may answer synchronously.) */
  open: (file: string) => { service: GameService; close: () => unknown };
}
const GOAL_P99_MS = 1;
const FEW_GAMES = 1_000;
const MANY_GAMES = 20_000;
const GOAL_RSS_DRIFT = 0.1;

const LAYOUTS: GameOptions[] = [
  { variant: 'olathe', columns: ['free', 'free', 'down', 'up'], throwsPerTurn: 3, predictions: true },
  { variant: 'olathe', columns: ['free', 'free', 'free', 'down', 'up'], throwsPerTurn: 3, predictions: false },
  { variant: 'olathe', columns: ['free', 'free'], throwsPerTurn: 5, predictions: false },
  { variant: 'balut', columns: ['free', 'free', 'free', 'free'], throwsPerTurn: 3, predictions: false },
];

// ---------- measuring ----------

export class Latencies {
  private readonly ns: number[] = [];
  time<T>(fn: () => T): T {
    const start = process.hrtime.bigint();
    const value = fn();
    this.ns.push(Number(process.hrtime.bigint() - start));
    return value;
  }
  /** An action of the service, from its call to its answer. */
  async timed<T>(fn: () => T | Promise<T>): Promise<T> {
    const start = process.hrtime.bigint();
    const value = await fn();
    this.ns.push(Number(process.hrtime.bigint() - start));
    return value;
  }
  get count(): number {
    return this.ns.length;
  }
  percentileMs(p: number): number {
    const sorted = Float64Array.from(this.ns).sort();
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! / 1e6;
  }
  meanMs(): number {
    return this.ns.reduce((a, b) => a + b, 0) / this.ns.length / 1e6;
  }
}

function tempFile(name: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'olathe-bench-')), name);
}

function removeDb(file: string): void {
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

const gc: () => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

function rssMb(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().rss / 2 ** 20;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

// ---------- a simple player ----------

/** One click for a game: declare, throw, hold or write, as a person at the table might. */
export async function click(service: GameService, view: GameView, pick: Rng): Promise<GameView> {
  const state = view.state!;
  const acting = seatsToAct(state);
  const seat = acting.length === 1 ? acting[0]! : acting[(pick.face() * 6 + pick.face()) % acting.length]!;
  const player = state.players[seat]!;
  const userId = view.players[seat]!.userId;
  const stamp = turnStamp(player);
  if (state.options.variant === 'olathe' && player.turn.column === null) {
    const columns = declarableColumns(state, seat);
    return (await service.declare(view.id, userId, columns[pick.face() % columns.length]!, stamp)).view;
  }
  if (player.turn.dice === null) return (await service.throwDice(view.id, userId, stamp)).view;
  const throwsLeft = player.turn.throwsUsed < Math.min(3, state.options.throwsPerTurn);
  const roll = pick.face();
  if (throwsLeft && roll <= 2) return (await service.toggleHold(view.id, userId, (pick.face() - 1) % 5, stamp)).view;
  if (throwsLeft && roll <= 4 && !player.turn.held.every(Boolean))
    return (await service.throwDice(view.id, userId, stamp)).view;
  const cells = writableCells(state, seat);
  const cell = cells[(pick.face() * 6 + pick.face()) % cells.length]!;
  return (await service.write(view.id, userId, cell.column, cell.category, stamp)).view;
}

let channelSeq = 0;

/** A fresh game in play: lobby, joins and start, each one timed as an action too. */
export async function newTable(
  service: GameService,
  pick: Rng,
  guild: string,
  time: Latencies,
  channelId = `bench-channel-${++channelSeq}`,
): Promise<GameView> {
  const options = LAYOUTS[pick.face() % LAYOUTS.length]!;
  const players = 1 + (pick.face() % 4);
  const users = Array.from(
    { length: players },
    () => `user-${(pick.face() * 36 + pick.face() * 6 + pick.face()) % 120}`,
  );
  const unique = [...new Set(users)];
  let view = await time.timed(() =>
    service.openLobby({ guildId: guild, channelId, host: { id: unique[0]!, name: unique[0]! }, options }),
  );
  for (const id of unique.slice(1)) view = await time.timed(() => service.join(view.id, { id, name: id }));
  return time.timed(() => service.start(view.id, unique[0]!));
}

// ---------- 1. the bare database ----------

function bareBaseline(stateBytes: string, checkpointPages: number): { rate: number; p99: number } {
  const file = tempFile('bare.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`wal_autocheckpoint = ${checkpointPages}`); // the service's own setting: like for like
  db.exec(`CREATE TABLE g (id INTEGER PRIMARY KEY, version INTEGER NOT NULL, state TEXT NOT NULL);
           CREATE TABLE e (game_id INTEGER NOT NULL, seq INTEGER NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (game_id, seq)) WITHOUT ROWID;`);
  const insertGame = db.prepare('INSERT INTO g (id, version, state) VALUES (?, 0, ?)');
  db.transaction(() => {
    for (let i = 1; i <= GAMES; i++) insertGame.run(i, stateBytes);
  })();
  const read = db.prepare<[number], { version: number; state: string }>('SELECT version, state FROM g WHERE id = ?');
  const update = db.prepare('UPDATE g SET version = ?, state = ? WHERE id = ? AND version = ?');
  const insertEvent = db.prepare('INSERT INTO e (game_id, seq, payload) VALUES (?, ?, ?)');
  const action = db.transaction((id: number) => {
    const row = read.get(id)!;
    update.run(row.version + 1, row.state, id, row.version);
    insertEvent.run(id, row.version + 1, '{"type":"throw","seat":0,"dice":[1,2,3,4,5]}');
  });
  const time = new Latencies();
  const start = performance.now();
  for (let i = 0; i < ACTIONS; i++) time.time(() => action.immediate((i % GAMES) + 1));
  const seconds = (performance.now() - start) / 1000;
  db.close();
  removeDb(file);
  return { rate: ACTIONS / seconds, p99: time.percentileMs(99) };
}

// ---------- 2. the service ----------

interface Throughput {
  rate: number;
  cpuRate: number;
  p99: number;
  p50: number;
  mean: number;
  finished: number;
  stateBytes: number;
}

async function serviceThroughput(impl: ServiceImpl, actions = ACTIONS): Promise<Throughput> {
  const file = tempFile('service.sqlite');
  const { service, close } = impl.open(file);
  const pick = seededRng('service bench');
  const setup = new Latencies();
  const tables: GameView[] = [];
  for (let i = 0; i < GAMES; i++) tables.push(await newTable(service, pick, 'bench-guild', setup));
  const time = new Latencies();
  let finished = 0;
  let stateBytes = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; time.count < actions; i++) {
    const slot = i % GAMES;
    let view = tables[slot]!;
    if (view.status !== 'playing') {
      finished++;
      view = await newTable(service, pick, 'bench-guild', time);
    } else {
      view = await time.timed(() => click(service, view, pick));
    }
    tables[slot] = view;
    if (i === actions / 2) stateBytes = tables.reduce((n, t) => n + JSON.stringify(t.state).length, 0) / GAMES;
  }
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  await close();
  removeDb(file);
  const cpuSeconds = (used.user + used.system) / 1e6;
  return {
    rate: time.count / seconds,
    cpuRate: time.count / cpuSeconds,
    p99: time.percentileMs(99),
    p50: time.percentileMs(50),
    mean: time.meanMs(),
    finished,
    stateBytes,
  };
}

// ---------- 3. memory against the number of stored games ----------

/** Plays `count` whole games through the service: the templates the store is filled with. */
async function playTemplates(service: GameService, count: number): Promise<number[]> {
  const pick = seededRng('templates');
  const ids: number[] = [];
  const ignore = new Latencies();
  for (let i = 0; i < count; i++) {
    let view = await newTable(service, pick, 'bench-guild-0', ignore);
    while (view.status === 'playing') view = await click(service, view, pick);
    ids.push(view.id);
  }
  return ids;
}

/** Copies finished games (row, seats, events) until the store holds `total`: real games, quickly. */
function fillWithFinishedGames(file: string, templates: number[], total: number): void {
  const db = new Database(file);
  db.pragma('synchronous = NORMAL');
  const stored = () =>
    (db.prepare("SELECT COUNT(*) AS n FROM games WHERE status = 'finished'").get() as { n: number }).n;
  const copyGame = db.prepare<[string, string, number], { id: number }>(
    `INSERT INTO games (guild_id, channel_id, variant, options, turn_timeout_ms, status, host_id, created_at, started_at, finished_at, rev, version, state, deadlines, next_deadline, messages)
     SELECT ?, ?, variant, options, turn_timeout_ms, status, host_id, created_at, started_at, finished_at, rev, version, state, deadlines, next_deadline, messages
     FROM games WHERE id = ? RETURNING id`,
  );
  const copyPlayers = db.prepare(
    `INSERT INTO players (game_id, seat, user_id, name, is_bot, joined_at, prediction, left_reason, left_at, final_score, raw_total,
       place, won, olathes_thrown, olathes_scored, exact_prediction, incentives_met)
     SELECT ?, seat, user_id, name, is_bot, joined_at, prediction, left_reason, left_at, final_score, raw_total, place, won,
       olathes_thrown, olathes_scored, exact_prediction, incentives_met FROM players WHERE game_id = ?`,
  );
  const copyEvents = db.prepare(
    'INSERT INTO events SELECT ?, seq, at, type, seat, dice, holds, five, col, category, written, score, die, count FROM events WHERE game_id = ?',
  );
  const totals = new SqliteStatsStore(db);
  let n = stored();
  const batch = db.transaction((upTo: number) => {
    for (; n < upTo; n++) {
      const template = templates[n % templates.length]!;
      const id = copyGame.get(`bench-guild-${n % 20}`, `archive-${n}`, template)!.id;
      copyPlayers.run(id, template);
      copyEvents.run(id, template);
      totals.countGame(id); // as the service does when a game finishes
    }
  });
  while (n < total) batch(Math.min(total, n + 1000));
  db.close();
}

/** The same fixed work at each size: clicks in 200 games in play, reads of finished games, leaderboards. */
async function workload(service: GameService, seed: string, finishedIds: () => number): Promise<void> {
  const pick = seededRng(seed);
  const ignore = new Latencies();
  const tables: GameView[] = [];
  for (let i = 0; i < 200; i++) tables.push(await newTable(service, pick, 'bench-guild-live', ignore));
  for (let i = 0; i < 20_000; i++) {
    const slot = i % tables.length;
    const view = tables[slot]!;
    tables[slot] =
      view.status === 'playing'
        ? await click(service, view, pick)
        : await newTable(service, pick, 'bench-guild-live', ignore);
    if (i % 100 === 0) await service.game(1 + ((pick.face() * 7919 * i) % finishedIds()));
    if (i % 1000 === 0) await service.leaderboard(`bench-guild-${i % 20}`);
  }
  for (const t of tables) if (t.status === 'playing') await service.end(t.id, t.hostId, { canManage: true });
}

async function memoryFlatness(): Promise<{
  few: number;
  many: number;
  drift: number;
  fileMb: number;
  leaderboardMs: number;
}> {
  const file = tempFile('memory.sqlite');
  let storage = openSqliteStorage(file);
  let service = new GameService(storage);
  const templates = await playTemplates(service, 100);
  await storage.close();
  fillWithFinishedGames(file, templates, FEW_GAMES);

  storage = openSqliteStorage(file);
  service = new GameService(storage);
  const count = () => (storage.db.prepare('SELECT MAX(id) AS n FROM games').get() as { n: number }).n;
  await workload(service, 'warm-up', count); // the heap and the page cache reach their working size
  await workload(service, 'measured', count);
  const few = rssMb();

  await storage.close();
  fillWithFinishedGames(file, templates, MANY_GAMES);
  storage = openSqliteStorage(file);
  service = new GameService(storage);
  await workload(service, 'measured', count);
  const many = rssMb();
  await service.leaderboard('bench-guild-3'); // its pages into the cache, as for any repeated command
  const t0 = performance.now();
  await service.leaderboard('bench-guild-4');
  const leaderboardMs = performance.now() - t0;
  await storage.close();
  const fileMb = fs.statSync(file).size / 2 ** 20;
  removeDb(file);
  return { few, many, drift: (many - few) / few, fileMb, leaderboardMs };
}

// ---------- the same work on a baseline commit ----------

/** The baseline commit's service, loaded from an unpacked copy of that commit (tsx compiles it like ours). */
async function baselineImpl(tree: Tree): Promise<ServiceImpl> {
  const load = async <T>(file: string) => (await import(pathToFileURL(path.join(tree.dir, file)).href)) as T;
  // A baseline from before the storage seam: a synchronous service on a better-sqlite3 connection.
  const db = await load<{ openDatabase: (f: string) => Database.Database }>('src/db/open.ts');
  const svc = await load<{ GameService: new (db: Database.Database) => GameService }>('src/service/game-service.ts');
  return {
    label: tree.label,
    open: (f) => {
      const connection = db.openDatabase(f);
      return { service: new svc.GameService(connection), close: () => connection.close() };
    },
  };
}

/** Rounds of the same work, turn about, so both see the same machine; then the rates side by side. */
async function againstBaseline(current: ServiceImpl, bareRate: number): Promise<void> {
  const spec = process.env.OLATHE_BENCH_BASELINE?.trim() || DEFAULT_BASELINE;
  let tree: Tree;
  try {
    tree = materialise(ROOT, spec);
  } catch (error) {
    console.log(
      `baseline ${spec} could not be unpacked (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): no comparison`,
    );
    return;
  }
  try {
    const baseline = await baselineImpl(tree);
    const rounds = 4;
    const totals = new Map<ServiceImpl, { actions: number; seconds: number; cpuSeconds: number }>();
    for (let round = 0; round < rounds; round++) {
      for (const impl of round % 2 === 0 ? [current, baseline] : [baseline, current]) {
        const r = await serviceThroughput(impl, ACTIONS / rounds);
        const t = totals.get(impl) ?? { actions: 0, seconds: 0, cpuSeconds: 0 };
        totals.set(impl, {
          actions: t.actions + ACTIONS / rounds,
          seconds: t.seconds + ACTIONS / rounds / r.rate,
          cpuSeconds: t.cpuSeconds + ACTIONS / rounds / r.cpuRate,
        });
      }
    }
    const rate = (impl: ServiceImpl) => totals.get(impl)!.actions / totals.get(impl)!.seconds;
    const cpuRate = (impl: ServiceImpl) => totals.get(impl)!.actions / totals.get(impl)!.cpuSeconds;
    console.log(`side by side, ${rounds} rounds of ${fmt(ACTIONS / rounds)} actions each, turn about:`);
    for (const impl of [current, baseline])
      console.log(`  ${impl.label}: ${fmt(rate(impl))} actions/s (${fmt(cpuRate(impl))} per CPU-second)`);
    // The fixed reference: an earlier commit is shown beside it, never instead (a moving baseline hides regressions).
    console.log(
      `  each as a share of bare better-sqlite3 in this run (${fmt(bareRate)} tx/s): this tree ${fmt(rate(current) / bareRate, 2)}×, ` +
        `baseline ${fmt(rate(baseline) / bareRate, 2)}×`,
    );
    const ratio = rate(current) / rate(baseline);
    console.log(
      `  this tree / baseline: ${fmt(ratio, 2)}× (per CPU-second ${fmt(cpuRate(current) / cpuRate(baseline), 2)}×) — goal ≥ ${fmt(GOAL_OUTBOX_RATE)}/s, ` +
        `i.e. ≥ ${fmt(GOAL_VS_BASELINE, 2)}× the baseline: ${verdict(rate(current) >= GOAL_OUTBOX_RATE || ratio >= GOAL_VS_BASELINE)}`,
    );
  } finally {
    tree.dispose();
  }
}

// ---------- the report ----------

export async function run(): Promise<void> {
  // Other work on the machine shows up in every figure: say how busy it was.
  const [load] = os.loadavg();
  console.log(
    `machine: ${os.cpus().length} cores, load average ${fmt(load ?? 0, 2)} at the start (one core is all this uses)`,
  );
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
