// `npm run bench -- soak`: one bot process under many games at once for minutes, on SQLite and on PostgreSQL side
// by side. Each side is a process of its own (side.ts) running the built bot (dist/, npm start's node flags)
// against its own fake Discord, and the do-nothing bot (bench/support/do-nothing-bot.mjs) against another, sent
// the same interactions at the same instants (traffic.ts), all at once on this machine.
//
// What "200 games at once in 50 channels" is here. The bot holds one open game per channel (`channel-busy`, a
// unique index on the channel of every lobby and game in play), a game in a server playing in a thread started
// from its lobby message; a thread cannot hold a game of its own (Discord starts no thread in a thread). So 200
// games at once need 200 places, and the 50 channels are the server's share of them, as a bot in use sees it:
//   - OLATHE_SOAK_CHANNELS (50) text channels of one server, each a place for games of 1–8 seats with 1–all
//     of them people (eight members per channel), the rest computer players; each game in its own thread;
//   - OLATHE_SOAK_GAMES − CHANNELS (150) DMs with the bot, each a place for one person's games, alone or with
//     up to 7 computer players (the README: a DM plays solo games, computer players if you like).
// Every place plays game after game for the whole run (the first lobbies open over the first 30 s): its next
// lobby opens a few seconds after the results, so about GAMES games are in their lobby or in play at any moment.
// Each game is Balut or Olathe (its short two-column card or the default four columns), 1–8 seats; lobbies fill
// by Join clicks and the lobby's computer-player menu (a random difficulty), in random order. People
// (human.ts) think 0.2–3 s before each click and look at their card after it; in Balut half their moments
// fall on a beat the game's people share, so several of them click in the same instant. Computer players move at
// the bot's own pace (1.2 s a step). A lobby whose /olathe start went unanswered may still hold its channel,
// unseen: the host then does what the refusal says, /olathe end, and opens the next.
//
// Figures, per side (the table marks each goal PASS or MISS):
//   bot ran to the end  the bot process did not end by itself; if it does, the run stops there
//   clicks answered     interactions the bot acknowledged within Discord's 3 s (clicks, selects, /olathe start)
//   refusals of legal   ephemeral answers to a click on the clicker's newest card, their previous click answered
//     clicks (goal 0)   and shown on it: every move is picked from that card's enabled controls. Listed with their
//                       words; those on a card that had gone back to an earlier moment than it had shown its
//                       player are counted apart too, with that card's versions and which request drew each
//   stalled games (0)   games in play whose place (channel, thread or DM) showed no change for OLATHE_SOAK_STALL_S
//   cells lost or       after the run, from the database: events numbered 1…version, the saved state equal to
//     doubled (0)       the replay of its events, no cell written twice, finished cards full, and every cell a
//                       person saw written (write answered with the card) an event (checks.ts)
//   click p50 / p99     dispatch → the bot's callback reaching the fake (as the click bench), beside the
//                       do-nothing bot's under the same interactions
//   CPU per click       the process's user + system time over the run and 3 s after, over interactions answered:
//                       the bot's includes its computer players, channel messages and timers — all its work (per
//                       game event too: every stored move of every seat)
//   RSS (growth ≤ 10 %) VmRSS at minute 1 (halfway in a run under 2 minutes) and at the end
//   live heap, RSS      the goal the measurements support (README): from minute 4, when the warm-up is over, to
//     outside V8's heap the end, the bot's heap after a full collection (asked of V8 through the inspector, which
//     (≤ +10 %)         the bot is started with on a loopback port; heap.ts) and its RSS less V8's reserve
//                       then (a collection a minute from minute 2, after that minute's other readings). Raw
//                       RSS swings by 50–150 MB with V8's headroom before its next collection, leak or none
//
// The two sides, their four bots, the driver processes and PostgreSQL share the machine (here 2 cores, often
// shared with other work: the mean load average is printed): each side's figures are under the other's load, on
// purpose, as a bot in use shares its machine too. At the default 200 games the soak's own processes want more
// than two cores (each bot 9–12 ms of CPU a click at some 70 clicks a second, the fake Discords, PostgreSQL): there
// the run measures an overloaded bot. OLATHE_SOAK_GAMES=60 OLATHE_SOAK_CHANNELS=15 shows one that keeps up.
//
//   OLATHE_SOAK_MINUTES   length of the run (default 10; fractions allowed, e.g. 1.5)
//   OLATHE_SOAK_GAMES     places, i.e. games at once (default 200)
//   OLATHE_SOAK_CHANNELS  of them server channels (default 50); the rest DMs
//   OLATHE_SOAK_THINK_MS  a person's pause before a click, "min-max" (default 200-3000)
//   OLATHE_SOAK_STALL_S   silence that makes a game stalled (default 30)
//   OLATHE_SOAK_ENGINES   sqlite,postgres (default both)
//   OLATHE_SOAK_TREE      a commit or folder to run instead of the working tree (built in a temp folder)
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Tree } from '../support/tree';
import { ROOT, buildIn, materialise, workingTree } from '../support/tree';
import { machine } from '../support/figures';
import type { PostgresServer } from '../../test/support/postgres';
import { freshDatabase, startPostgres } from '../../test/support/postgres';
import type { SideConfig, SideResult } from './report';
import { report } from './report';

const HERE = dirname(fileURLToPath(import.meta.url));

function numberEnv(name: string, fallback: number, min: number): number {
  const text = process.env[name]?.trim();
  const n = Number(text || fallback);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number ≥ ${min}, got "${text}"`);
  return n;
}

function config(): Omit<SideConfig, 'engine' | 'treeDir' | 'databaseUrl'> & { engines: SideConfig['engine'][] } {
  const minutes = numberEnv('OLATHE_SOAK_MINUTES', 10, 0.25);
  const games = Math.round(numberEnv('OLATHE_SOAK_GAMES', 200, 1));
  const channels = Math.round(numberEnv('OLATHE_SOAK_CHANNELS', 50, 1));
  if (channels > games) throw new Error(`OLATHE_SOAK_CHANNELS (${channels}) exceeds OLATHE_SOAK_GAMES (${games})`);
  const think = (process.env.OLATHE_SOAK_THINK_MS?.trim() || '200-3000').split('-').map(Number);
  if (think.length !== 2 || !think.every((n) => Number.isInteger(n) && n >= 0) || think[0]! > think[1]!)
    throw new Error(`OLATHE_SOAK_THINK_MS must be "min-max" in ms, got "${process.env.OLATHE_SOAK_THINK_MS}"`);
  const engines = (process.env.OLATHE_SOAK_ENGINES?.trim() || 'sqlite,postgres').split(',').map((e) => e.trim());
  if (!engines.length || engines.some((e) => e !== 'sqlite' && e !== 'postgres'))
    throw new Error(`OLATHE_SOAK_ENGINES must list sqlite and/or postgres, got "${engines.join(',')}"`);
  return {
    minutes,
    games,
    channels,
    thinkMs: [think[0]!, think[1]!],
    stallMs: numberEnv('OLATHE_SOAK_STALL_S', 30, 1) * 1000,
    seed: 33,
    engines: engines as SideConfig['engine'][],
  };
}

/** The side processes running, and the bots each started (killed with it should it fail or overrun). */
const sides = new Map<ChildProcess, Set<number>>();

function killSides(): void {
  for (const [child, pids] of sides) {
    child.kill('SIGKILL');
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  sides.clear();
}

/** One side in its own process, under tsx as this one; killed, with its bots, if it outlives its run by far. */
function runSide(side: SideConfig): Promise<SideResult> {
  const child = fork(join(HERE, 'side.ts'), [], {
    execArgv: ['--import', 'tsx', '--max-old-space-size=4096'],
    env: { ...process.env, OLATHE_SOAK_SIDE: JSON.stringify(side) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pids = new Set<number>();
  sides.set(child, pids);
  const limit = setTimeout(killSides, side.minutes * 60_000 + 10 * 60_000);
  return new Promise<SideResult>((resolve, reject) => {
    child.on('message', (m: { pid?: number; result?: SideResult; error?: string }) => {
      if (m.pid) pids.add(m.pid);
      // The side stops its bots before it sends its figures: no pid of theirs is to be killed after.
      else if (m.result) {
        pids.clear();
        resolve(m.result);
      } else reject(new Error(`the ${side.engine} side failed: ${m.error}`));
    });
    child.on('exit', (code) => {
      sides.delete(child);
      reject(new Error(`the ${side.engine} side exited (${code}) without its figures`));
    });
  }).finally(() => clearTimeout(limit));
}

export async function run(): Promise<void> {
  const { engines, ...settings } = config();
  console.log(
    `${machine()} at the start; ` +
      `${settings.minutes} min, ${settings.games} places (${settings.channels} server channels, ` +
      `${settings.games - settings.channels} DMs), think ${settings.thinkMs.join('–')} ms, ` +
      `stalled after ${settings.stallMs / 1000} s; ${engines.join(' and ')}${engines.length > 1 ? ' side by side' : ''}`,
  );
  const spec = process.env.OLATHE_SOAK_TREE?.trim();
  const tree: Tree = spec ? materialise(ROOT, spec) : workingTree(ROOT);
  let postgres: PostgresServer | null = null;
  try {
    buildIn(tree);
    console.log(`running ${tree.label}`);
    if (engines.includes('postgres')) postgres = await startPostgres({ durable: true });
    const results = await Promise.all(
      engines.map(async (engine) =>
        runSide({
          ...settings,
          engine,
          treeDir: tree.dir,
          ...(engine === 'postgres' ? { databaseUrl: await freshDatabase(postgres!) } : {}),
        }),
      ),
    );
    report(results);
  } finally {
    killSides();
    await postgres?.stop();
    tree.dispose();
  }
}
