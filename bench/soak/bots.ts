// The soak bench's processes (soak.bench.ts): the built bot and the do-nothing bot, each on its own fake
// Discord, with their CPU time and resident memory read from /proc and the warnings the bot logs tallied.
// Not support/bot.ts's startBot: that one registers the commands in the test guild only, where Discord offers
// none in DMs, and removes the database when the bot stops, before the soak has read it.
import { loadavg } from 'node:os';
import type { FakeDiscord } from '../../src/fake-discord';
import type { Launch } from '../support/bot';
import { loopbackBotEnv } from '../support/bot';
import { collect, cpuTimes, exitOf, spawnIn, statusMb, stopChild } from '../support/processes';
import type { Tree } from '../support/tree';
import type { LiveReading } from './heap';
import { inspectorUrl, liveHeap } from './heap';

export interface SoakProcess {
  pid: number;
  /** user + system CPU time so far in ms (/proc/<pid>/stat), null once it is gone. */
  cpuMs(): number | null;
  /** Resident memory in MB (/proc/<pid>/status VmRSS), null once it is gone. */
  rssMb(): number | null;
  /** Its inspector's address when started with `inspect` (the leak check, heap.ts). */
  inspector(): string | null;
  /** What it logged at warn and error, counted by message, with the first line of each. */
  warnings(): Map<string, { count: number; first: string }>;
  /** The last lines it wrote, for a failure's report. */
  tail(): string;
  /** Resolves with its exit code when it ends, whoever ended it. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after 10 s; resolves with its exit code. */
  stop(): Promise<number | null>;
}

const MAX_KINDS = 50;
const TAIL_CHARS = 8000;

/** The environment both bots get: support/bot.ts's loopbackBotEnv, their database, and JSON logs to tally. */
export function baseEnv(fake: FakeDiscord, databasePath: string): NodeJS.ProcessEnv {
  return { ...loopbackBotEnv(fake), DATABASE_PATH: databasePath, LOG_FORMAT: 'json' };
}

/**
 * Registers the commands with the tree's deploy script, then starts the bot and waits for its READY. `inspect`
 * opens its inspector on a loopback port of its own, for the leak check.
 */
export async function launch(
  tree: Tree,
  fake: FakeDiscord,
  how: Launch,
  env: NodeJS.ProcessEnv,
  inspect = false,
): Promise<SoakProcess> {
  const deploy = spawnIn(tree, how.node, how.deploy, env);
  const deployLog = collect(deploy);
  const code = await exitOf(deploy);
  if (code !== 0) throw new Error(`${how.deploy} failed (${code}):\n${deployLog()}`);

  const ready = fake.nextReady(60_000);
  const node = inspect ? [...how.node, '--inspect=127.0.0.1:0'] : how.node;
  const child = spawnIn(tree, node, how.bot, { ...env, ...how.env });
  let inspector: string | null = null;
  const kinds = new Map<string, { count: number; first: string }>();
  let tail = '';
  let partial = '';
  const take = (chunk: Buffer) => {
    const text = chunk.toString();
    tail = (tail + text).slice(-TAIL_CHARS);
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      // The inspector's own lines (its address, its help link) are not the bot's warnings.
      if (line.startsWith('Debugger ') || line.startsWith('For help, see')) {
        inspector ??= inspectorUrl(line);
        continue;
      }
      // JSON logs (LOG_FORMAT=json) name the message; anything else (a crash's stack) counts by its first words.
      let message = line.slice(0, 80);
      try {
        const entry = JSON.parse(line) as { level?: unknown; msg?: unknown; what?: unknown; error?: unknown };
        // An interaction's failure names what was clicked or used; an error its name: kinds worth telling apart.
        const what = typeof entry.what === 'string' ? ` ${entry.what.replace(/:\d+.*$/, '')}` : '';
        const error = (entry.error as { name?: unknown } | undefined)?.name;
        message = `${String(entry.level)}: ${String(entry.msg)}${what}${error ? ` (${String(error)})` : ''}`;
      } catch {
        // not JSON
      }
      const kind = kinds.get(message);
      if (kind) kind.count++;
      else if (kinds.size < MAX_KINDS) kinds.set(message, { count: 1, first: line.slice(0, 600) });
    }
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = exitOf(child);
  await Promise.race([
    ready,
    exited.then((c) => {
      throw new Error(`${how.bot} exited (${c}) before it was ready:\n${tail}`);
    }),
  ]);
  const pid = child.pid!;
  return {
    pid,
    cpuMs: () => {
      const times = cpuTimes(pid);
      return times && times.user + times.system;
    },
    rssMb: () => statusMb(pid),
    inspector: () => inspector,
    warnings: () => kinds,
    tail: () => tail,
    exited,
    stop: () => stopChild(child, 10_000),
  };
}

/**
 * CPU time and memory of the soak's processes, read every 2 s so a process that ended mid-run still has its
 * last reading, and the machine's load average (every process on it, ours included) over the run.
 */
export class Meter {
  private readonly cpu = new Map<SoakProcess, number>();
  private readonly loads: number[] = [];
  /** Each process's resident memory every minute, MB: a leak climbs on, a warm-up levels off. */
  readonly rssByMinute = new Map<SoakProcess, number[]>();
  /** The bot's JavaScript heap every minute, MB, from its own /metrics (null: not read). */
  readonly heapByMinute: Array<HeapReading | null> = [];
  /**
   * From minute 2 on, the bot's heap after a full collection and its RSS read right after it (null: not read).
   * Minute 1 is left alone: the collection would change the RSS the growth goal starts from.
   */
  readonly liveByMinute: Array<LiveReading | null> = [];
  private minute = 0;
  private readonly timers: Array<ReturnType<typeof setInterval>>;

  /** `metricsUrl`: the bot's GET /metrics (METRICS_PORT), which tells its heap apart from native memory. */
  constructor(
    private readonly processes: SoakProcess[],
    metricsUrl: string,
  ) {
    this.read();
    this.timers = [
      setInterval(() => this.read(), 2000),
      setInterval(() => {
        for (const p of processes) this.rssByMinute.set(p, [...(this.rssByMinute.get(p) ?? []), p.rssMb() ?? NaN]);
        const minute = ++this.minute;
        void heapReading(metricsUrl)
          .then((mb) => this.heapByMinute.push(mb))
          .then(() => this.readLive(minute));
      }, 60_000),
    ];
  }

  /** The first process's live heap (after its minute's other readings, as the collection changes them). */
  private async readLive(minute: number): Promise<void> {
    const bot = this.processes[0];
    const url = bot?.inspector();
    if (minute < 2 || !bot || !url) return;
    const heap = await liveHeap(url);
    this.liveByMinute.push(heap && { ...heap, rss: bot.rssMb() ?? NaN, minute });
  }

  private read(): void {
    for (const p of this.processes) {
      const ms = p.cpuMs();
      if (ms !== null) this.cpu.set(p, ms);
    }
    this.loads.push(loadavg()[0] ?? 0);
  }

  /** CPU time so far in ms: now, or at the last reading before it ended. */
  cpuMs(p: SoakProcess): number {
    this.read();
    return this.cpu.get(p) ?? NaN;
  }

  /** The mean of the 1-minute load averages read. */
  meanLoad(): number {
    return this.loads.reduce((a, b) => a + b, 0) / Math.max(1, this.loads.length);
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
  }
}

/** The JavaScript heap in use and as reserved (V8 grows it ahead of its next full collection), and the memory
 * outside it that JavaScript objects hold (Buffers, the canvas's pixels), MB. */
export interface HeapReading {
  used: number;
  total: number;
  external: number;
}

/** prom-client's heap figures from the bot's /metrics, in MB; null when they cannot be read in 5 s. */
async function heapReading(url: string): Promise<HeapReading | null> {
  try {
    const text = await (await fetch(url, { signal: AbortSignal.timeout(5000) })).text();
    const mb = (name: string) =>
      Number(new RegExp(`^${name} (\\d+(?:\\.\\d+)?)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
    const reading = {
      used: mb('nodejs_heap_size_used_bytes'),
      total: mb('nodejs_heap_size_total_bytes'),
      external: mb('nodejs_external_memory_bytes'),
    };
    return Number.isNaN(reading.used) ? null : reading;
  } catch {
    return null;
  }
}
