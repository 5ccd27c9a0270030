// One person at one seat of a soak game (soak.bench.ts): waits for their card, thinks a random while, then
// clicks what a person might — hold or release a die, throw, write a cell, declare a column — on the newest
// card they have, and waits to see the click on the card before thinking again, as a person looks before
// clicking again. In Balut, where every seat plays at once, half the moments are taken on the game's shared
// beat, so the people of one game often click in the same millisecond.
import type { FakeUser } from '../../src/fake-discord';
import { parseCellValue } from '../../src/discord/custom-id';
import type { Control } from '../support/controls';
import type { SeatCard, SoakBoard } from './board';
import type { Kind, Traffic } from './traffic';

/** A cell a person saw written: their write was answered with the card, not refused. */
export interface WrittenCell {
  gameId: number;
  seat: number;
  column: number;
  category: string;
}

export interface SoakContext {
  board: SoakBoard;
  traffic: Traffic;
  /** A seeded choice in [0, n). */
  pick(n: number): number;
  /** A person's pause before a click, ms. */
  think(): number;
  stopped(): boolean;
  writes: WrittenCell[];
  /** Answered clicks the card did not show within SHOWN_MS, and the first few of them. */
  unshown: { count: number; examples: string[] };
  /** Cards that showed an earlier moment than they had shown their player before. */
  wentBack: { count: number; examples: string[] };
  /** The first few refusals of legal clicks: the click, and the moments its card had shown. */
  refusedExamples: string[];
  /** The moments a message has shown, version by version (its edit history), for the examples. */
  momentsOf(messageId: string): string;
}

export interface SeatGame {
  gameId: number;
  kind: Exclude<Kind, 'lobby'>;
  /** People at this game's table: in Balut, 2+ of them click on the shared beat. */
  people: number;
  /** The shared beat's phase, ms. */
  phase: number;
}

/** How long a person waits to see their click on the card before giving up on it and looking again. */
const SHOWN_MS = 10_000;
const BEAT_MS = 500;
/** After a refusal, a person waits for the card to change (or this long) before trying again. */
const AFTER_REFUSAL_MS = 5_000;

const sleep = (ms: number, stopped: () => boolean) =>
  new Promise<void>((done) => {
    const timer = setTimeout(finish, ms);
    const poll = setInterval(() => stopped() && finish(), 250);
    function finish() {
      clearTimeout(timer);
      clearInterval(poll);
      done();
    }
  });

/**
 * The move, as bench/memory/player.ts (the memory bench's person) makes it: declare, else throw, hold, throw again
 * or write.
 */
function choose(card: SeatCard, pick: (n: number) => number): { control: Control; value?: string } | null {
  const of = (action: string) => card.controls.filter((c) => c.id.action === action);
  const [declare] = of('declare');
  const [predict] = of('predict');
  const writes = of('write');
  const [throwButton] = of('throw');
  const holds = of('hold');
  const allHeld = holds.length === 5 && holds.every((h) => h.id.action === 'hold' && h.id.held === false);
  const roll = pick(100);
  const option = (c: Control) => ({ control: c, value: c.options[pick(c.options.length)]! });
  if (predict) return option(predict);
  if (declare) return option(declare);
  if (!writes.length) return throwButton ? { control: throwButton } : null;
  if (throwButton && holds.length && roll < 35) return { control: holds[pick(holds.length)]! };
  if (throwButton && !allHeld && roll < 65) return { control: throwButton };
  const menus = writes.filter((w) => w.options.length);
  return menus.length ? option(menus[pick(menus.length)]!) : null;
}

/** Plays the seat until its card is full, the game is over or the soak stops. */
export async function playSeat(
  ctx: SoakContext,
  game: SeatGame,
  seat: number,
  user: FakeUser,
  cells: number,
): Promise<void> {
  const { board, traffic } = ctx;
  const { gameId } = game;
  const over = () => ctx.stopped() || board.finished(gameId);
  let written = 0;
  let lastShown = true;
  /** The latest moment this seat's card has shown: a card drawn at an earlier one went back. */
  let highest = -1;
  while (written < cells && !over()) {
    const ready = await board.wait(gameId, () => board.seatCard(gameId, seat), 60_000, over);
    if (!ready) continue;
    let pause = ctx.think();
    if (game.kind === 'balut' && game.people > 1 && ctx.pick(2) === 0) {
      const at = Date.now() + pause;
      pause = Math.ceil((at - game.phase) / BEAT_MS) * BEAT_MS + game.phase - Date.now();
    }
    await sleep(pause, over);
    const card = board.seatCard(gameId, seat);
    const move = card && !over() ? choose(card, ctx.pick) : null;
    if (!card || !move) continue;
    const { control, value } = move;
    const wentBack = card.moment < highest;
    if (wentBack && ctx.wentBack.count++ < 10)
      ctx.wentBack.examples.push(
        `game ${gameId} seat ${seat}: ${card.moment} after ${highest}; its versions: ${ctx.momentsOf(card.messageId)}`,
      );
    highest = Math.max(highest, card.moment);
    const shownAs = !lastShown ? 'stale' : wentBack ? 'went back' : 'current';
    const answer = await traffic.click(
      user,
      gameId,
      game.kind,
      card.messageId,
      control.customId,
      value === undefined ? undefined : [value],
      shownAs,
    );
    // "This interaction failed": the person cannot know whether it counted.
    lastShown = answer.ack !== null;
    if (!answer.ack) continue;
    if (answer.refusal !== null) {
      if (shownAs !== 'stale' && ctx.refusedExamples.length < 10)
        ctx.refusedExamples.push(
          `game ${gameId} seat ${seat}: ${control.customId} on a card at ${card.moment}; its versions: ` +
            ctx.momentsOf(card.messageId),
        );
      await board.wait(
        gameId,
        () => (board.seatCard(gameId, seat)?.signature !== card.signature ? true : undefined),
        AFTER_REFUSAL_MS,
        over,
      );
      continue;
    }
    const cell = control.id.action === 'write' && value !== undefined ? parseCellValue(value) : null;
    if (cell) {
      ctx.writes.push({ gameId, seat, column: cell.column, category: cell.category });
      written++;
    }
    const clicked = card.moment;
    const shown = await board.wait(
      gameId,
      () => {
        const now = board.seatCard(gameId, seat);
        if (!now) return cell || board.finished(gameId) ? true : undefined;
        if (now.signature === card.signature || now.moment < clicked) return undefined;
        highest = Math.max(highest, now.moment);
        return true;
      },
      SHOWN_MS,
      ctx.stopped,
    );
    lastShown = shown === true || ctx.stopped();
    if (lastShown) continue;
    if (ctx.unshown.count++ < 10)
      ctx.unshown.examples.push(
        `game ${gameId} seat ${seat}: ${control.customId}${value === undefined ? '' : ` [${value}]`}`,
      );
  }
}
