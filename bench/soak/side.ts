// One side of the soak (soak.bench.ts), in a process of its own so the two sides' fake Discords and people do
// not share one event loop (a busy loop would delay the moment a callback is seen to arrive, and count that
// against the bot): the bot on one database and the do-nothing bot, each on its own fake Discord, the places
// and their people, the clocks, and at the end the database checks. Its figures go back to the parent over IPC.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeDiscord } from '../../src/fake-discord';
import { freePort } from '../../test/support/ports';
import type { FakeDiscord, FakeMessage } from '../../src/fake-discord';
import { DO_NOTHING, builtLaunch } from '../support/bot';
import { picker } from '../support/controls';
import { percentiles } from '../support/figures';
import { sleep } from '../support/processes';
import type { SoakProcess } from './bots';
import { Meter, baseEnv, launch } from './bots';
import { SoakBoard, cardHistory } from './board';
import { checkCells } from './checks';
import type { SoakContext } from './human';
import { Place } from './place';
import type { PlaceSpec } from './place';
import type { ProcessFigures, SideConfig, SideResult } from './report';
import type { Latencies } from './traffic';
import { Traffic, mirrorThread } from './traffic';

const SETTLE_MS = 3000;
/**
 * Places open their first lobby within this much of the start (at most a quarter of the run): games begin
 * spread out, as a bot in use sees them, not 200 lobbies in one second.
 */
const STAGGER_MS = 30_000;
/** How often the fakes forget their records of requests and old message versions (kept for tests, unbounded). */
const TRIM_MS = 30_000;

const cfg = JSON.parse(process.env.OLATHE_SOAK_SIDE ?? '{}') as SideConfig;

/** The bots this side started: ended with it, however it ends (the parent also knows them, see soak.bench.ts). */
const started = new Set<number>();
const abandon = () => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  process.exit(1);
};
process.once('SIGTERM', abandon);
process.once('disconnect', abandon);
const track = (p: SoakProcess) => {
  started.add(p.pid);
  process.send!({ pid: p.pid });
  return p;
};

async function main(): Promise<SideResult> {
  const tree = { label: cfg.treeDir, dir: cfg.treeDir, dispose: () => {} };
  const dir = mkdtempSync(join(tmpdir(), `olathe-soak-${cfg.engine}-`));
  const fake = await startFakeDiscord();
  const mirror = await startFakeDiscord();
  const processes: SoakProcess[] = [];
  try {
    const breaches: string[] = [];
    let breachCount = 0;
    const onBreach = (text: string) => breachCount++ < 10 && breaches.push(text.slice(0, 300));
    fake.on('breach', onBreach);
    mirror.on('breach', (text: string) => onBreach(`do-nothing bot: ${text}`));

    const specs: PlaceSpec[] = [];
    for (let i = 0; i < cfg.channels; i++) {
      const channelId = i === 0 ? fake.channelId : fake.addChannel(`dice-${i + 1}`).id;
      const users = Array.from({ length: 8 }, (_, k) => fake.addUser({ username: `c${i + 1}-p${k + 1}` }));
      specs.push({ index: specs.length, channelId, dm: false, users });
    }
    for (let i = cfg.channels; i < cfg.games; i++) {
      const user = fake.addUser({ username: `dm${i + 1}` });
      specs.push({ index: specs.length, channelId: fake.addDm(user).id, dm: true, users: [user] });
    }

    const database = cfg.databaseUrl
      ? { DATABASE_URL: cfg.databaseUrl, OLATHE_DAILY_SECRET: 'the-soak-bench-daily-secret' }
      : {};
    // No DISCORD_GUILD_ID: commands registered globally, as Discord offers them in DMs only so.
    // Its /metrics on loopback: its JavaScript heap, read each minute beside its resident memory.
    const metricsPort = await freePort();
    const bot = track(
      await launch(
        tree,
        fake,
        builtLaunch(tree.dir),
        {
          ...baseEnv(fake, join(dir, 'olathe.sqlite')),
          ...database,
          METRICS_PORT: String(metricsPort),
          METRICS_HOST: '127.0.0.1',
        },
        true,
      ),
    );
    processes.push(bot);
    const reference = track(
      await launch(tree, mirror, DO_NOTHING, {
        ...baseEnv(mirror, join(dir, 'reference.sqlite')),
        DISCORD_GUILD_ID: mirror.guildId,
      }),
    );
    processes.push(reference);
    const traffic = new Traffic(fake, mirror, await mirrorThread(mirror));

    let stopped = false;
    const places: Place[] = [];
    const board = new SoakBoard(fake, (event) => {
      for (const p of places) p.changed(event);
    });
    const pick = picker(cfg.seed);
    const [lo, hi] = cfg.thinkMs;
    const ctx: SoakContext = {
      board,
      traffic,
      pick,
      think: () => lo + pick(hi - lo + 1),
      stopped: () => stopped,
      writes: [],
      unshown: { count: 0, examples: [] },
      wentBack: { count: 0, examples: [] },
      refusedExamples: [],
      momentsOf: (id) => cardHistory(fake, id, traffic.answeredAt.get(id) ?? []),
    };
    for (const spec of specs) places.push(new Place(spec, ctx, cfg.stallMs));

    const runMs = cfg.minutes * 60_000;
    const earlyAt = Math.min(60_000, runMs / 2);
    const t0 = Date.now();
    const meter = new Meter([bot, reference], `http://127.0.0.1:${metricsPort}/metrics`);
    const cpu0 = { bot: meter.cpuMs(bot), reference: meter.cpuMs(reference) };
    const driver0 = process.cpuUsage();
    const early = { bot: NaN, reference: NaN };
    let died: { afterS: number; code: number | null } | null = null;
    const clocks = [
      setInterval(() => {
        const now = Date.now();
        for (const p of places) p.watch(now);
      }, 1000),
      // The fake keeps every request it was sent; the side keeps what it needs of them as they come.
      setInterval(() => {
        for (const f of [fake, mirror]) {
          f.clearRecords();
          trimHistories(f);
        }
      }, TRIM_MS),
      setTimeout(() => {
        early.bot = bot.rssMb() ?? NaN;
        early.reference = reference.rssMb() ?? NaN;
      }, earlyAt),
    ];
    const running = places.map(async (p) => {
      await sleep(pick(Math.min(STAGGER_MS, runMs / 4)));
      await p.run();
    });
    // The run ends at its time, or when the bot process ends by itself: nothing is left to measure then.
    await Promise.race([
      sleep(runMs),
      bot.exited.then((code) => {
        if (!stopped) died = { afterS: (Date.now() - t0) / 1000, code };
      }),
    ]);
    stopped = true;
    const end = { bot: bot.rssMb() ?? NaN, reference: reference.rssMb() ?? NaN };
    // Each person finishes the click in hand (answered within seconds, or expired); bounded all the same.
    await Promise.race([Promise.all(running), sleep(60_000)]);
    await sleep(SETTLE_MS);
    const cpu1 = { bot: meter.cpuMs(bot), reference: meter.cpuMs(reference) };
    const driver = process.cpuUsage(driver0);
    const seconds = (Date.now() - t0) / 1000;
    for (const c of clocks) clearInterval(c);
    meter.stop();

    const figures = (l: Latencies, which: 'bot' | 'reference'): ProcessFigures => ({
      sent: l.sent,
      answered: l.answered,
      unanswered: l.unanswered,
      ...percentiles(l.ms),
      cpuMsPerClick: (cpu1[which] - cpu0[which]) / Math.max(1, l.answered),
      rssEarly: early[which],
      rssByMinute: meter.rssByMinute.get(which === 'bot' ? bot : reference) ?? [],
      rssEnd: end[which],
    });
    const botExit = await bot.stop();
    await reference.stop();
    const cells = await checkCells(
      cfg.databaseUrl ? { url: cfg.databaseUrl } : { path: join(dir, 'olathe.sqlite') },
      ctx.writes,
    );

    const byText = new Map<string, SideResult['refusals']['byText'][number]>();
    for (const r of traffic.refusals) {
      const key = `${r.kind} ${r.action}: ${r.text}`;
      const entry = byText.get(key) ?? { text: key, count: 0, legal: 0, wentBack: 0 };
      entry.count++;
      if (r.card !== 'stale') entry.legal++;
      if (r.card === 'went back') entry.wentBack++;
      byText.set(key, entry);
    }
    return {
      engine: cfg.engine,
      seconds,
      earlyAt: earlyAt / 1000,
      gamesStarted: places.reduce((n, p) => n + p.started, 0),
      gamesFinished: places.reduce((n, p) => n + p.finished, 0),
      bot: figures(traffic.bot, 'bot'),
      reference: figures(traffic.reference, 'reference'),
      refusals: {
        total: traffic.refusals.length,
        legal: traffic.refusals.filter((r) => r.card !== 'stale').length,
        byText: [...byText.values()].sort((a, b) => b.count - a.count),
      },
      concurrent: traffic.concurrent,
      unshown: ctx.unshown,
      wentBack: ctx.wentBack,
      refusedExamples: ctx.refusedExamples,
      stalls: places.flatMap((p) => p.stalls),
      cells,
      breaches: { count: breachCount, first: breaches },
      warnings: [...bot.warnings()].map(([message, w]) => ({ message, ...w })),
      problems: countProblems(places),
      mirrorSkipped: traffic.mirrorSkipped,
      driverCpuMs: (driver.user + driver.system) / 1000,
      heapByMinute: meter.heapByMinute,
      liveByMinute: meter.liveByMinute,
      driverRssMb: process.memoryUsage().rss / 2 ** 20,
      botCpuMs: cpu1.bot - cpu0.bot,
      died,
      meanLoad: meter.meanLoad(),
      botExit,
    };
  } finally {
    for (const p of processes) {
      await p.stop().catch(() => null);
      started.delete(p.pid);
    }
    await fake.close();
    await mirror.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Versions of a message kept for the examples (cardHistory); the fake keeps every one. */
const KEPT_VERSIONS = 12;

/**
 * Forgets all but the last versions of every message. The fake keeps each message's every version for tests
 * (FakeMessage.history), which over a soak of tens of thousands of edits would fill the driver's heap, and
 * offers no way to bound it: so its state is reached past its type here (a `keepVersions` option on the fake
 * would make this unnecessary).
 */
function trimHistories(fake: FakeDiscord): void {
  const state = (fake as unknown as { state?: { messages?: Map<string, FakeMessage> } }).state;
  for (const m of state?.messages?.values() ?? [])
    if (m.history.length > KEPT_VERSIONS) m.history.splice(0, m.history.length - KEPT_VERSIONS);
}

/** The places' lobby problems, alike ones counted together. */
function countProblems(places: Place[]): string[] {
  const all = new Map<string, number>();
  for (const p of places) for (const [text, n] of p.problems) all.set(text, (all.get(text) ?? 0) + n);
  return [...all].sort((a, b) => b[1] - a[1]).map(([text, n]) => `${n}× ${text}`);
}

main().then(
  (result) => process.send!({ result }, () => process.exit(0)),
  (error: unknown) => {
    process.send!({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () =>
      process.exit(1),
    );
  },
);
