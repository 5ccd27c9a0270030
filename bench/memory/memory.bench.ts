// `npm run bench -- memory`: resident memory of the bot as it ships (dist/index.js, built first) after 1,000
// clicks, beside a do-nothing discord.js bot (bench/support/do-nothing-bot.mjs: the same intents, it acknowledges each
// interaction and nothing more) that was sent as many slash commands, buttons and selects, each on its own
// loopback Discord, in one run. Goal: the bot's RSS ≤ 1.2 × the do-nothing bot's.
//
//   OLATHE_BENCH_CANDIDATE  a folder or a commit with scripts/build.mjs (default: the working tree), built there
//   OLATHE_BENCH_BEFORE     a commit run from its sources through tsx, as the bot ran before the build (default
//                           3b0b9bf, main before the bot was built); "none" leaves it out
//   OLATHE_BENCH_CLICKS     clicks per bot (default 1,000)
//   OLATHE_BENCH_BOT_FLAGS  also run the bot with these node/V8 flags, side by side (e.g. --max-semi-space-size=8)
//
// RSS (VmRSS, from /proc) right after the clicks holds V8's heap as large as its collector let it grow, and how far
// that is, is V8's choice made afresh in each process: the do-nothing bot's own RSS here has ranged from 92 to
// 125 MB over runs of the same code, while the bot's stayed within 134–144 MB. So RSS is also given without V8's
// spare heap (the heap it has committed beyond what is live after a full collection): what each process needs.
// bench/memory/probe.mjs, preloaded into each (with --expose-gc), reads process.memoryUsage() as the process is
// and after a full collection; with /proc's RssFile that splits RSS into V8's heap (committed, in use, live),
// external memory (Buffers, ArrayBuffers), pages of files (node's own code and libraries) and the rest: native
// memory — SQLite's page cache, malloc's arenas, thread stacks, another isolate such as tsx's loader thread.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { REST, Routes } from 'discord.js';
import type { FakeUser } from '../../src/fake-discord';
import type { Launch, RunningBot } from '../support/bot';
import { DO_NOTHING, FROM_SOURCES, builtLaunch, startBot } from '../support/bot';
import { fmt, machine, percentile, printTable, verdict } from '../support/figures';
import { sleep, statusMb } from '../support/processes';
import { wholeEnv } from '../support/settings';
import type { Tree } from '../support/tree';
import { ROOT, buildIn, materialise, workingTree } from '../support/tree';
import { Player } from './player';

const DEFAULT_BEFORE = '3b0b9bf';
const GOAL_RATIO = 1.2;
const DEFAULT_CLICKS = 1000;
// The do-nothing bot catches up after every round, so all of them grow side by side.
const CLICKS_PER_ROUND = 20;
/** After the last click: timers and the Publisher's last passes run out before memory is read. */
const SETTLE_MS = 3000;
const PROBE = new URL('probe.mjs', import.meta.url).href;

type Usage = Record<'rss' | 'heapUsed' | 'heapTotal' | 'external' | 'arrayBuffers', number>;

/** One process at one moment: /proc's figures (MB) and, from the probe, its memoryUsage() (bytes). */
interface Reading {
  rssMb: number;
  /** Pages of files: node's own code and the shared libraries (shared between processes). */
  fileMb: number;
  usage: Usage;
}

/** A do-nothing bot, sent as many interactions of each kind as a Player sent its bot, on one message of its own. */
class Mirror {
  readonly sent = { slash: 0, button: 0, select: 0 };
  private readonly user: FakeUser;
  private messageId = '';

  constructor(readonly bot: RunningBot) {
    this.user = bot.fake.addUser({ username: 'bench', globalName: 'Bench' });
  }

  /** A message shaped like a turn message (dice buttons, a throw button, a select) to click on. */
  async post(): Promise<void> {
    const { fake } = this.bot;
    const button = (n: number) => ({ type: 2, style: 2, label: `die ${n}`, custom_id: `o1:hold:1:0:0.1:${n}:1` });
    const cells = ['fours', 'fives', 'sixes', 'straight', 'house', 'choice', 'olathe'];
    const body = {
      content: '**Bench**, your turn — a message to click on',
      components: [
        { type: 1, components: [1, 2, 3, 4, 5].map(button) },
        { type: 1, components: [{ type: 2, style: 1, label: 'Throw', custom_id: 'o1:throw:1:0:0.1' }] },
        {
          type: 1,
          components: [
            { type: 3, custom_id: 'o1:write:1:0:0.1', options: cells.map((value) => ({ label: value, value })) },
          ],
        },
      ],
    };
    const rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    const message = (await rest.post(Routes.channelMessages(fake.channelId), { body })) as { id: string };
    this.messageId = message.id;
  }

  async catchUp(target: Player['sent']): Promise<void> {
    const { fake } = this.bot;
    for (; this.sent.slash < target.slash; this.sent.slash++)
      await fake.slash(this.user, 'olathe', {}, { subcommand: 'help' }).acked();
    for (; this.sent.button < target.button; this.sent.button++)
      await fake.click(this.user, this.messageId, 'o1:throw:1:0:0.1').acked();
    for (; this.sent.select < target.select; this.sent.select++)
      await fake.select(this.user, this.messageId, 'o1:write:1:0:0.1', ['choice']).acked();
  }
}

const mb = (bytes: number) => bytes / 2 ** 20;

/** A launch with the memory probe preloaded; its answers go to `file`. */
function probed(launch: Launch, file: string): Launch {
  return {
    ...launch,
    node: ['--expose-gc', ...launch.node, '--import', PROBE],
    env: { ...launch.env, OLATHE_MEMORY_PROBE: file },
  };
}

/** `collect`: after a full collection (the probe's heapUsed is then the live heap). */
async function read(name: string, bot: RunningBot, file: string, collect: boolean): Promise<Reading> {
  writeFileSync(file, collect ? 'gc' : 'as is');
  bot.child.kill('SIGUSR2');
  const until = Date.now() + 10_000;
  while (!readFileSync(file, 'utf8').startsWith('{')) {
    if (Date.now() > until) throw new Error(`${name}: the memory probe did not answer:\n${bot.log()}`);
    await sleep(20);
  }
  const pid = bot.child.pid!;
  const usage = JSON.parse(readFileSync(file, 'utf8')) as Usage;
  return { rssMb: statusMb(pid) ?? NaN, fileMb: statusMb(pid, 'RssFile') ?? NaN, usage };
}

/** RSS = JavaScript heap (committed) + external (Buffers, ArrayBuffers) + file pages + the rest (native). */
function breakdown(r: Reading): string[] {
  const { heapTotal, heapUsed, external } = r.usage;
  const native = r.rssMb - mb(heapTotal) - mb(external) - r.fileMb;
  return [r.rssMb, mb(heapTotal), mb(heapUsed), mb(external), r.fileMb, native].map((n) => fmt(n, 1));
}

/** `[do-nothing, bot, before?]`; the goal is judged on RSS as it is, as it was first measured. */
function ratioLine(what: string, [base, bot, before]: number[], goal: boolean): void {
  const ratio = bot! / base!;
  const judged = goal ? ` — goal ≤ ${fmt(GOAL_RATIO, 2)}×: ${verdict(ratio <= GOAL_RATIO)}` : '';
  const earlier = before === undefined ? '' : `; before / do-nothing ${fmt(before / base!, 2)}×`;
  console.log(`  bot / do-nothing, ${what}: ${fmt(ratio, 2)}× (${fmt(bot! - base!, 1)} MB more)${judged}${earlier}`);
}

export async function run(): Promise<void> {
  const clicks = wholeEnv('OLATHE_BENCH_CLICKS', DEFAULT_CLICKS);
  console.log(`${machine()} at the start`);
  const probes = mkdtempSync(join(os.tmpdir(), 'olathe-bench-memory-'));
  // The bot as `npm start` runs it (its node flags read from package.json); the do-nothing bot with node's defaults.
  const built = builtLaunch(ROOT);
  const doNothing = DO_NOTHING;
  // Experiments with V8's or node's settings for the bot alone (the do-nothing bot keeps node's defaults).
  const flags = process.env.OLATHE_BENCH_BOT_FLAGS?.trim().split(/\s+/) ?? [];
  const candidateLaunch: Launch = { ...built, node: [...built.node, ...flags] };
  const bots: Array<{ name: string; bot: RunningBot; file: string }> = [];
  const trees: Tree[] = [];
  try {
    const candidateSpec = process.env.OLATHE_BENCH_CANDIDATE?.trim();
    const candidate = candidateSpec ? materialise(ROOT, candidateSpec) : workingTree(ROOT);
    trees.push(candidate);
    // Its own build, as `npm run build` makes it there; synchronous, before any fake Discord here must answer.
    buildIn(candidate);
    const start = async (name: string, tree: Tree, launch: Launch) => {
      const file = join(probes, `${bots.length}.json`);
      bots.push({ name, bot: await startBot(tree, probed(launch, file)), file });
      return bots.at(-1)!.bot;
    };
    const mirror = new Mirror(await start('do-nothing bot', workingTree(ROOT), doNothing));
    await mirror.post();
    const players = [new Player(await start('bot (dist/index.js)', candidate, built))];
    if (flags.length > 0) players.push(new Player(await start(`bot ${flags.join(' ')}`, candidate, candidateLaunch)));
    const beforeSpec = process.env.OLATHE_BENCH_BEFORE?.trim() || DEFAULT_BEFORE;
    if (beforeSpec !== 'none') {
      try {
        const tree = materialise(ROOT, beforeSpec);
        trees.push(tree);
        players.push(new Player(await start(`before: ${beforeSpec}, tsx`, tree, FROM_SOURCES)));
      } catch (error) {
        console.log(`${beforeSpec} could not be run (${String(error).split('\n')[0]}): measuring without it`);
      }
    }
    const [player] = players;
    for (let done = 0; done < clicks; done += CLICKS_PER_ROUND) {
      const n = Math.min(CLICKS_PER_ROUND, clicks - done);
      for (const p of players) await p.measure(n);
      await mirror.catchUp(player!.sent);
    }
    await sleep(SETTLE_MS);
    const asIs: Reading[] = [];
    for (const b of bots) asIs.push(await read(b.name, b.bot, b.file, false));
    const collected: Reading[] = [];
    for (const b of bots) collected.push(await read(b.name, b.bot, b.file, true));

    const { slash, button, select } = player!.sent;
    console.log(
      `memory after ${fmt(clicks)} clicks per bot (solo Olathe/Balut games: ${fmt(slash)} slash commands, ` +
        `${fmt(button)} buttons, ${fmt(select)} selects; the do-nothing bot was sent as many of each), in MB:`,
    );
    const spare = (i: number) => mb(asIs[i]!.usage.heapTotal - collected[i]!.usage.heapUsed);
    printTable(
      [
        '',
        'RSS',
        'heap total',
        'heap used',
        'live heap',
        'external',
        'file pages',
        'rest (native)',
        'RSS − spare heap',
      ],
      bots.map((b, i) => {
        const [rss, total, used, external, file, native] = breakdown(asIs[i]!);
        const live = fmt(mb(collected[i]!.usage.heapUsed), 1);
        return [b.name, rss!, total!, used!, live, external!, file!, native!, fmt(asIs[i]!.rssMb - spare(i), 1)];
      }),
    );
    ratioLine(
      'RSS',
      asIs.map((r) => r.rssMb),
      true,
    );
    ratioLine(
      'RSS − spare heap',
      asIs.map((r, i) => r.rssMb - spare(i)),
      false,
    );
    for (const [i, p] of players.entries()) {
      const at = (q: number) => fmt(percentile(p.latencies, q), 2);
      console.log(`  ${bots[i + 1]!.name}: click → ack p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
    }
    for (const p of players)
      if (p.stuck.length) console.log(`  ${p.stuck.length} game(s) got stuck and were ended; the first: ${p.stuck[0]}`);
    for (const b of bots)
      if (b.bot.fake.breaches.length)
        console.log(`  ${b.name} broke Discord's rules ${b.bot.fake.breaches.length}×: ${b.bot.fake.breaches[0]}`);
  } finally {
    for (const b of bots) await b.bot.stop().catch((e: unknown) => console.error(`stopping a bot: ${String(e)}`));
    for (const t of trees) t.dispose();
    rmSync(probes, { recursive: true, force: true });
  }
}
