// `npm run bench -- shards`: service actions per second with 1, 2 and 4 processes writing the one database,
// as shard processes do (each plays the games of its own guilds, one game per guild, many guilds). Every
// process is a real child process with its own connection (WAL, busy timeout), started together; the figure
// is the sum of their actions over the same wall-clock window. SQLite lets one connection write at a time,
// so past the point where the write lock is always held, more processes only queue behind it.
//
//   OLATHE_BENCH_SHARD_SECONDS   how long each round plays (default 8)
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WORKER = path.join(HERE, 'shard-writer.ts');
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
  processes: number;
  rate: number;
  p50: number;
  p99: number;
  max: number;
  cpu: number;
  /** Share of actions that waited for the write lock. */
  waited: number;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function round(processes: number, seconds: number): Promise<Round> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olathe-shards-bench-'));
  const file = path.join(dir, 'olathe.sqlite');
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

export async function run(): Promise<void> {
  const seconds = Number(process.env.OLATHE_BENCH_SHARD_SECONDS) || DEFAULT_SECONDS;
  const [load] = os.loadavg();
  console.log(
    `machine: ${os.cpus().length} cores, load average ${fmt(load ?? 0, 2)}; ${GUILDS_PER_PROCESS} guilds (one game each) per process, ${seconds} s a round`,
  );
  const rounds: Round[] = [];
  for (const n of PROCESSES) rounds.push(await round(n, seconds));
  const one = rounds[0]!.rate;
  console.log(
    'processes | actions/s | vs 1 | worst p50 ms | worst p99 ms | worst ms | actions > 2 ms | CPU cores busy',
  );
  for (const r of rounds)
    console.log(
      `${String(r.processes).padStart(9)} | ${fmt(r.rate).padStart(9)} | ${fmt(r.rate / one, 2).padStart(4)}× | ${fmt(r.p50, 3).padStart(12)} | ${fmt(r.p99, 3).padStart(12)} | ${fmt(r.max, 1).padStart(8)} | ${fmt(r.waited * 100, 1).padStart(13)}% | ${fmt(r.cpu, 2)}`,
    );
  console.log(
    `(${os.cpus().length} cores here: beyond that many processes they share cores; the write lock is SQLite's one writer)`,
  );
}
