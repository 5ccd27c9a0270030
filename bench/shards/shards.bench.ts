// `npm run bench -- shards`: service actions per second with 1, 2 and 4 processes writing the one database,
// as shard processes do (each plays the games of its own guilds, one game per guild, many guilds), on SQLite
// and on PostgreSQL side by side in one run. Every process is a real child process with its own connection
// (SQLite: WAL, busy timeout; PostgreSQL: a pool, on a throwaway local server that writes to disk as an
// operator's would), started together; the figure is the sum of their actions over the same wall-clock window.
// SQLite lets one connection write at a time, so past the point where the write lock is always held, more
// processes only queue behind it; PostgreSQL locks rows, so the games of different guilds do not wait for
// each other.
//
// Then start-up: from starting the built bot (dist/index.js, `npm run build` first) to every shard READY on
// the loopback Discord, unsharded and with SHARDS=1 and 2, under Discord's IDENTIFY limit of one login per 5 s
// (max_concurrency 1, most bots) and without it (max_concurrency 16, large bots).
//
//   OLATHE_BENCH_SHARD_SECONDS   how long each round plays (default 8)
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeDiscord } from '../../src/fake-discord';
import { freshDatabase, startPostgres } from '../../test/support/postgres';
import { loopbackBotEnv } from '../support/bot';
import { fmt, machine, percentile, verdict } from '../support/figures';
import { stopChild } from '../support/processes';
import { ROOT } from '../support/tree';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BUILT_BOT = path.join(ROOT, 'dist', 'index.js');
const STARTS = 3;
const WORKER = path.join(HERE, 'writer.ts');
const PROCESSES = [1, 2, 4];
const GUILDS_PER_PROCESS = 200;
const DEFAULT_SECONDS = 8;

export interface WriterReport {
  shard: number;
  actions: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  /** Actions that waited for another connection's write lock (SQLITE_BUSY handled by busy_timeout). */
  slow: number;
  cpuSeconds: number;
}

interface Round {
  engine: string;
  processes: number;
  rate: number;
  p50: number;
  p99: number;
  max: number;
  cpu: number;
  /** Share of actions that waited for the write lock. */
  waited: number;
}

/** A new database for a round: a SQLite file, or a fresh PostgreSQL database on `server`. */
type NewDatabase = (dir: string) => Promise<string>;

async function round(engine: string, database: NewDatabase, processes: number, seconds: number): Promise<Round> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olathe-shards-bench-'));
  const file = await database(dir);
  try {
    const children = Array.from({ length: processes }, (_, shard) =>
      fork(WORKER, [file, String(shard), String(processes), String(GUILDS_PER_PROCESS), String(seconds)], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    const reports = children.map(
      (child) =>
        new Promise<WriterReport>((resolve, reject) => {
          child.on('message', (m: { type: string; report?: WriterReport }) => {
            if (m.type === 'report') resolve(m.report!);
          });
          child.once('exit', (code) => code !== 0 && reject(new Error(`a writer exited with ${code}`)));
        }),
    );
    // Set up one by one (the schema is created once), then go together.
    const ready = children.map(
      (c) => new Promise<void>((resolve) => c.on('message', (m: { type: string }) => m.type === 'ready' && resolve())),
    );
    await Promise.all(ready);
    for (const c of children) c.send({ type: 'go' });
    const all = await Promise.all(reports);
    const window = Math.max(...all.map((r) => r.seconds));
    const actions = all.reduce((n, r) => n + r.actions, 0);
    return {
      engine,
      processes,
      rate: actions / window,
      p50: Math.max(...all.map((r) => r.p50)),
      p99: Math.max(...all.map((r) => r.p99)),
      max: Math.max(...all.map((r) => r.max)),
      cpu: all.reduce((n, r) => n + r.cpuSeconds, 0) / window,
      waited: all.reduce((n, r) => n + r.slow, 0) / actions,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Milliseconds from spawning the bot to every one of its shards READY on a fresh loopback Discord. */
async function startUp(shards: number | null, maxConcurrency: number): Promise<number> {
  const count = shards ?? 1;
  const fake = await startFakeDiscord({ recommendedShards: count, maxConcurrency });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olathe-startup-'));
  const env: NodeJS.ProcessEnv = {
    ...loopbackBotEnv(fake),
    DATABASE_PATH: path.join(dir, 'olathe.sqlite'),
    SHARDS: shards === null ? '' : String(shards),
  };
  const start = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', BUILT_BOT], { env, stdio: 'ignore' });
  try {
    await fake.waitForShards(count, 60_000);
    return performance.now() - start;
  } finally {
    await stopChild(child);
    await fake.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function startUpTable(): Promise<void> {
  if (!fs.existsSync(BUILT_BOT)) {
    console.log('start-up: skipped (no dist/index.js: run `npm run build` first)');
    return;
  }
  console.log(`start-up of the built bot to every shard READY (median of ${STARTS}):`);
  console.log('setting            | max_concurrency 1 | max_concurrency 16');
  for (const shards of [null, 1, 2] as const) {
    const cells: string[] = [];
    for (const concurrency of [1, 16]) {
      const times: number[] = [];
      for (let i = 0; i < STARTS; i++) times.push(await startUp(shards, concurrency));
      cells.push(`${fmt(percentile(times, 0.5))} ms`);
    }
    const label = shards === null ? 'one process' : `SHARDS=${shards}`;
    console.log(`${label.padEnd(18)} | ${cells[0]!.padStart(17)} | ${cells[1]!.padStart(18)}`);
  }
}

export async function run(): Promise<void> {
  const seconds = Number(process.env.OLATHE_BENCH_SHARD_SECONDS) || DEFAULT_SECONDS;
  console.log(`${machine()}; ${GUILDS_PER_PROCESS} guilds (one game each) per process, ${seconds} s a round`);
  const server = await startPostgres({ durable: true });
  const engines: Array<[string, NewDatabase]> = [
    ['sqlite', async (dir) => path.join(dir, 'olathe.sqlite')],
    ['postgres', async () => freshDatabase(server)],
  ];
  const rounds: Round[] = [];
  try {
    // Interleaved, engine by engine for each count, so both sample the same stretch of a shared machine.
    for (const n of PROCESSES)
      for (const [engine, database] of engines) rounds.push(await round(engine, database, n, seconds));
  } finally {
    await server.stop();
  }
  console.log(
    'engine   | processes | actions/s | vs 1 | worst p50 ms | worst p99 ms | worst ms | actions > 2 ms | CPU cores busy (writers)',
  );
  for (const [engine] of engines) {
    const mine = rounds.filter((r) => r.engine === engine);
    const one = mine[0]!.rate;
    for (const r of mine)
      console.log(
        `${engine.padEnd(8)} | ${String(r.processes).padStart(9)} | ${fmt(r.rate).padStart(9)} | ${fmt(r.rate / one, 2).padStart(4)}× | ${fmt(r.p50, 3).padStart(12)} | ${fmt(r.p99, 3).padStart(12)} | ${fmt(r.max, 1).padStart(8)} | ${fmt(r.waited * 100, 1).padStart(13)}% | ${fmt(r.cpu, 2)}`,
      );
  }
  const twoOverOne = (engine: string) => {
    const [one, two] = rounds.filter((r) => r.engine === engine);
    return two!.rate / one!.rate;
  };
  const goal = twoOverOne('postgres') >= 1.3;
  console.log(
    `1 → 2 processes: PostgreSQL ${fmt(twoOverOne('postgres'), 2)}× (goal ≥ 1.30×: ${verdict(goal)}), SQLite ${fmt(twoOverOne('sqlite'), 2)}×`,
  );
  console.log(
    `(${os.cpus().length} cores here, shared with the PostgreSQL server's own processes: beyond that many writers they share cores; SQLite has one writer at a time)`,
  );
  await startUpTable();
}
