// A move made on the board, played as the card's click would be (src/discord/components.ts playOnCard): the same
// service calls with the same stamp and seat, so the service checks the player owns the seat on its one read of
// the game and refuses a stale or forged moment with the same words. The words go out in the player's language.
import type { Category } from '../game';
import { CATEGORIES, isGameError } from '../game';
import type { ActionResult, GameService, GameView } from '../service/game-service';
import { isServiceError } from '../service/game-service';
import { refusalText } from '../discord/refusals';
import { tr } from '../discord/i18n';
import type { BoardMove } from './protocol';

const STAMP = /^\d{1,4}\.\d{1,2}$/;

/** A move as the page sent it, checked field by field; null when it is not one (a forged or garbled message). */
export function parseMove(value: unknown): BoardMove | null {
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  const stamp = typeof m.stamp === 'string' && STAMP.test(m.stamp) ? m.stamp : null;
  const small = (n: unknown, max: number): n is number =>
    Number.isInteger(n) && (n as number) >= 0 && (n as number) <= max;
  switch (m.kind) {
    case 'throw':
      return stamp ? { kind: 'throw', stamp } : null;
    case 'hold':
      return stamp && small(m.die, 4) && typeof m.held === 'boolean'
        ? { kind: 'hold', die: m.die, held: m.held, stamp }
        : null;
    case 'write':
      return stamp && small(m.column, 15) && CATEGORIES.includes(m.category as Category)
        ? { kind: 'write', column: m.column, category: m.category as Category, stamp }
        : null;
    case 'declare':
      return stamp && small(m.column, 15) ? { kind: 'declare', column: m.column, stamp } : null;
    case 'predict':
      return small(m.count, 99) ? { kind: 'predict', count: m.count } : null;
    default:
      return null;
  }
}

/** Plays `move` for `userId` on their seat `seat` of game `gameId`; a refusal is thrown as the service throws it. */
export function playMove(
  service: GameService,
  gameId: number,
  userId: string,
  seat: number,
  move: BoardMove,
): Promise<ActionResult> {
  switch (move.kind) {
    case 'hold':
      return service.setHold(gameId, userId, move.die, move.held, move.stamp, seat);
    case 'throw':
      return service.throwDice(gameId, userId, move.stamp, seat);
    case 'declare':
      return service.declare(gameId, userId, move.column, move.stamp, seat);
    case 'predict':
      return service.predict(gameId, userId, move.count, seat);
    case 'write':
      return service.write(gameId, userId, move.column, move.category, move.stamp, seat);
  }
}

/** Whether the error is a refusal (nothing changed, a plain reason to give) rather than a failure to log. */
export function isRefusal(error: unknown): error is Error {
  return isServiceError(error) || isGameError(error);
}

/**
 * A refusal in the player's language, worded as the card's click would get it — without the parts that point to
 * the channel's messages: a board has no "newest card" to link, it always shows the newest moment.
 */
export function refusalWords(error: Error, userId: string, game: GameView | null, locale: string | null): string {
  // Without a play channel refusalText links no message (newestCardLink): the board is the newest card.
  const seen = game && { ...game, playChannelId: null };
  return refusalText(error, { userId, game: () => seen, fromHint: false }, tr(locale));
}
