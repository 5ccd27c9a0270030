// `npm run bench -- activity`: the Activity board's figures, on the bot as it ships (dist/, npm start's node flags)
// with its Activity server on, against its loopback Discord, each figure beside a reference measured in the same
// run on the same bot process:
//  1. A hold move on the board (a solo Balut game watched by its player's board and a spectator's) → the `board`
//     message at the spectator's connection, and → the Publisher's edit of the game's card reaching the fake; p50 and
//     p99 beside a plain hold click on another game's card (click → its callback reaching the fake, as the click bench
//     times it), interleaved in rounds. Goal: each p99 ≤ 1.5× the card click's. A board accepts at most 10 messages a
//     second (src/activity/session.ts), so board moves are paced to one per 110 ms; the time between is not counted.
//  2. 100 Activity connections (two per game) watching 50 solo Balut games: the bot's CPU time per move (user +
//     system, /proc/<pid>/stat) and its RSS, against the same bot making the same card-click moves, spread over the
//     50 games, with no connection open before and after. Goal (this bench's own): ≤ 1.5× the CPU without.
//  3. The page's script gzipped (scripts/build.mjs's pageSizes): ≤ 150 kB. The board's first paint after ready() in
//     the playground, in headless Chromium (paint.ts), opened 5 times, the first with a cold cache: ≤ 1 s.
//
//   OLATHE_BENCH_MOVES   measured board moves (and as many card clicks) in part 1, and moves per phase in part 2
//                        (default 300)
//   OLATHE_BENCH_WARMUP  warm-up moves and clicks before them (default 100)
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChangeEvent } from '../../src/fake-discord';
import type { BoardClient } from '../../test/integration/activity/board-client';
import { is } from '../../test/integration/activity/board-client';
import { controlsOf } from '../support/controls';
import { fmt, loadAverage, machine, percentiles, verdict } from '../support/figures';
import { sleep } from '../support/processes';
import { wholeEnv } from '../support/settings';
import { ROOT, buildIn, workingTree } from '../support/tree';
import type { ActivityBot } from './bot';
import { GameClicker, openBoards, startActivityBot } from './bot';
import { firstPaints } from './paint';

const GAMES = 50;
const ROUND = 5;
const BOARD_PACE_MS = 110;
const SETTLE_MS = 1000;
const GOALS = { p99: 1.5, cpu: 1.5, gzipKb: 150, paintMs: 1000 };
/** Times the board is opened in the playground's browser for its first paint. */
const PAINTS = 5;

/**
 * Times the moment the fake takes in the card's edit that shows die `die` held (or not): its button then asks for
 * the other state (src/discord/custom-id.ts). One wait at a time.
 */
class CardWatch {
  private pending: { gameId: number; die: number; held: boolean; done: (at: number) => void } | null = null;
  constructor(bot: ActivityBot) {
    bot.fake.on('change', (event: ChangeEvent) => {
      const p = this.pending;
      if (!p || event.type === 'messageDelete') return;
      const at = performance.now();
      const shown = controlsOf(event.message).some(
        (c) => c.id.action === 'hold' && c.id.gameId === p.gameId && c.id.die === p.die && c.id.held === !p.held,
      );
      if (shown) {
        this.pending = null;
        p.done(at);
      }
    });
  }
  expect(gameId: number, die: number, held: boolean): Promise<number> {
    return new Promise((done, reject) => {
      const timer = setTimeout(() => reject(new Error(`the card of game ${gameId} did not follow a move`)), 5000);
      this.pending = { gameId, die, held, done: (at) => (clearTimeout(timer), done(at)) };
    });
  }
}

/** Hold moves on the board of one game: each timed to the spectator's board and to the card's edit. */
class BoardMover {
  readonly toBoard: number[] = [];
  readonly toCard: number[] = [];
  private moves = 0;
  private last = 0;
  constructor(
    private readonly game: GameClicker,
    private readonly mover: BoardClient,
    private readonly watcher: BoardClient,
    private readonly card: CardWatch,
  ) {}

  async move(): Promise<{ board: number; card: number }> {
    const wait = this.last + BOARD_PACE_MS - performance.now();
    if (wait > 0) await sleep(wait);
    const die = this.moves++ % 5;
    const now = this.mover.messages.filter(is('board')).at(-1)!.board;
    const held = !now.you!.held[die];
    const [fromMover, fromWatcher] = [this.mover.messages.length, this.watcher.messages.length];
    const shown = (m: Parameters<Parameters<BoardClient['next']>[0]>[0]) =>
      m.t === 'board' && m.board.players[0]!.held[die] === held;
    const cardAt = this.card.expect(this.game.id, die, held);
    const t0 = performance.now();
    this.last = t0;
    this.mover.send({ t: 'move', id: this.moves, move: { kind: 'hold', die, held, stamp: now.you!.stamp } });
    const boardAt = this.watcher.next(shown as never, 5000, fromWatcher).then(() => performance.now());
    const result = await this.mover.next(
      (m): m is Extract<typeof m, { t: 'result' }> => m.t === 'result' && m.id === this.moves,
      5000,
      fromMover,
    );
    if (!result.ok) throw new Error(`a board move was refused: ${result.reason}`);
    const [b, c] = await Promise.all([boardAt, cardAt]);
    // The mover's own board must show the move before the next one names its stamp (unmeasured).
    await this.mover.next(shown as never, 5000, fromMover);
    return { board: b - t0, card: c - t0 };
  }
}

/** Card clicks spread over the games, one after another; the bot's CPU time per move and its RSS after. */
async function spreadMoves(bot: ActivityBot, games: GameClicker[], moves: number) {
  await sleep(SETTLE_MS);
  const before = bot.cpuTimes()!;
  for (let i = 0; i < moves; i++) await games[i % games.length]!.click();
  await sleep(SETTLE_MS);
  const after = bot.cpuTimes()!;
  return { cpuMs: (after.user + after.system - before.user - before.system) / moves, rssMb: bot.rssMb()! };
}

async function pageGzipKb(): Promise<number> {
  const build = (await import(pathToFileURL(join(ROOT, 'scripts', 'build.mjs')).href)) as {
    pageSizes(): Array<{ path: string; gzipped: number }>;
  };
  return Math.max(...build.pageSizes().map((p) => p.gzipped)) / 1024;
}

export async function run(): Promise<void> {
  const moves = wholeEnv('OLATHE_BENCH_MOVES', 300);
  const warmUp = wholeEnv('OLATHE_BENCH_WARMUP', 100);
  console.log(`${machine(loadAverage(true))} at the start`);
  buildIn(workingTree(ROOT));
  const bot = await startActivityBot(ROOT);
  const boards: BoardClient[] = [];
  try {
    const games: GameClicker[] = [];
    for (let i = 0; i < GAMES; i++) {
      const game = new GameClicker(bot, bot.fake.addChannel(`dice-${i}`).id);
      await game.setUp();
      games.push(game);
    }
    const watchers = games.map((_, i) => bot.fake.addUser({ username: `watcher${i}`, globalName: `Watcher ${i}` }));
    const card = new CardWatch(bot);
    // Warm-up: card clicks over every game.
    for (let i = 0; i < warmUp; i++) await games[i % GAMES]!.click();

    // 2a. No Activity connection.
    const without = await spreadMoves(bot, games, moves);

    // 1. Board moves on game 1 (its player's board and a spectator's) beside card clicks on game 0.
    const [mover, watcher] = await openBoards(bot, games[1]!, watchers[1]!);
    boards.push(mover!, watcher!);
    const board = new BoardMover(games[1]!, mover!, watcher!, card);
    const clicker = games[0]!;
    for (let i = 0; i < warmUp; i++) await board.move();
    const clicks: number[] = [];
    for (let round = 0; round * ROUND < moves; round++) {
      const n = Math.min(ROUND, moves - round * ROUND);
      const boardFirst = round % 2 === 0;
      const doBoard = async () => {
        for (let i = 0; i < n; i++) {
          const m = await board.move();
          board.toBoard.push(m.board);
          board.toCard.push(m.card);
        }
      };
      const doClicks = async () => {
        for (let i = 0; i < n; i++) clicks.push(await clicker.click());
      };
      if (boardFirst) await doBoard().then(doClicks);
      else await doClicks().then(doBoard);
    }

    // 2b. 100 connections, two on each game (game 1's already open).
    for (let i = 0; i < GAMES; i++) if (i !== 1) boards.push(...(await openBoards(bot, games[i]!, watchers[i]!)));
    const withBoards = await spreadMoves(bot, games, moves);
    const missing = boards.filter((b) => !b.messages.some(is('board')));
    const open = boards.length;
    // 2c. The connections closed again: the same moves, to see what drifted.
    for (const b of boards.splice(0)) b.close();
    const closed = await spreadMoves(bot, games, moves);

    const [c, toBoard, toCard] = [percentiles(clicks), percentiles(board.toBoard), percentiles(board.toCard)];
    console.log(
      `1. ${fmt(moves)} hold moves on a solo Balut game's board, interleaved in rounds of ${ROUND} with as many hold ` +
        `clicks on another game's card, after ${fmt(warmUp)} warm-up moves (same bot process)`,
    );
    const row = (name: string, p: { p50: number; p99: number }, judged: boolean) => {
      const ratio = p.p99 / c.p99;
      const goal = judged
        ? ` — p99 ${fmt(ratio, 2)}× the card click's (goal ≤ ${GOALS.p99}×: ${verdict(ratio <= GOALS.p99)})`
        : '';
      console.log(
        `  ${name.padEnd(42)} p50 ${fmt(p.p50, 2).padStart(6)} ms  p99 ${fmt(p.p99, 2).padStart(6)} ms${goal}`,
      );
    };
    row('card click → its callback at the fake', c, false);
    row("board move → the spectator's board", toBoard, true);
    row("board move → the card's edit at the fake", toCard, true);
    console.log(
      `2. ${fmt(moves)} card-click moves spread over ${GAMES} solo Balut games, per phase; CPU = the bot's user + system ` +
        `time over the moves and ${SETTLE_MS} ms after`,
    );
    const cpuRatio = withBoards.cpuMs / without.cpuMs;
    console.log(
      `  ${'no connection'.padEnd(27)} CPU ${fmt(without.cpuMs, 2)} ms/move  RSS ${fmt(without.rssMb, 1)} MB`,
    );
    console.log(
      `  ${`${open} connections, 2 per game`.padEnd(27)} CPU ${fmt(withBoards.cpuMs, 2)} ms/move  RSS ${fmt(withBoards.rssMb, 1)} MB` +
        ` — CPU ${fmt(cpuRatio, 2)}× (goal ≤ ${GOALS.cpu}×: ${verdict(cpuRatio <= GOALS.cpu)}), RSS ${withBoards.rssMb >= without.rssMb ? '+' : '−'}${fmt(Math.abs(withBoards.rssMb - without.rssMb), 1)} MB`,
    );
    console.log(
      `  ${'the connections closed'.padEnd(27)} CPU ${fmt(closed.cpuMs, 2)} ms/move  RSS ${fmt(closed.rssMb, 1)} MB`,
    );
    if (missing.length) console.log(`  ${missing.length} connections never got a board`);
    if (bot.fake.breaches.length)
      console.log(`  the bot broke Discord's rules ${bot.fake.breaches.length}×: ${bot.fake.breaches[0]}`);
  } finally {
    for (const b of boards) b.close();
    await bot.stop();
  }
  // 3. With the bot above stopped: the playground's own bot, and a browser.
  const gzipKb = await pageGzipKb();
  console.log(
    `3. the page's script: ${fmt(gzipKb, 1)} kB gzipped (goal ≤ ${GOALS.gzipKb} kB: ${verdict(gzipKb <= GOALS.gzipKb)})`,
  );
  const paints = await firstPaints(PAINTS);
  if (typeof paints === 'string') console.log(`  first paint after ready(): not measured, no browser (${paints})`);
  else {
    const slowest = Math.max(...paints.map((p) => p.readyToPaintMs ?? Infinity));
    const ms = (n: number | null) => (n === null ? 'READY not seen' : `${fmt(n)} ms`);
    console.log(
      `  first paint after ready() in the playground, board opened ${PAINTS}× (the first cold): ` +
        `${paints.map((p) => ms(p.readyToPaintMs)).join(', ')}; slowest ${ms(slowest)} ` +
        `(goal ≤ ${fmt(GOALS.paintMs)} ms: ${verdict(slowest <= GOALS.paintMs)}); from the click on 🎲 Board: ` +
        paints.map((p) => ms(p.openToPaintMs)).join(', '),
    );
  }
  console.log(`  load average ${loadAverage(true)} at the end`);
}
