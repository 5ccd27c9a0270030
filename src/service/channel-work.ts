// What an action means for the channel beyond the game's own state: the one-off things a reconcile could not
// work out again from the saved game (a shout for a throw, the line an ended turn leaves in the log). They are
// decided from the action's steps and saved in the action's transaction (the `outbox` table); the Publisher
// delivers them. Pure: no Discord wording here, only facts the Discord layer renders.
import type { Category, Dice, GameEvent, GameState } from '../game';
import { CATEGORIES, isFiveOfAKind, scoreCell, thrownDice } from '../game';
import type { OutboxEntry } from '../db/storage';

export interface ShoutWork {
  kind: 'shout';
  seat: number;
  /**
   * Which of the seat's turns threw it (its turnsTaken then): names the turn message the shout also marks.
   * Absent in shouts saved before it was recorded.
   */
  turn?: number;
  dice: Dice;
  /** The event's sequence number: what makes two shouts of one game different. */
  seq: number;
}

/** A seat's turn that ended: written (by the player or, on a timeout, for them), or left. */
export interface LogWork {
  kind: 'log';
  seat: number;
  /** Which of the seat's turns ended (its turnsTaken before the event): names the turn's message. */
  turn: number;
  what: 'write' | 'timeout' | 'leave';
  column?: number;
  category?: Category;
  dice?: Dice;
  score?: number;
  /** Three timed-out turns in a row: the player was taken out of the game. */
  removed?: boolean;
  seq: number;
}

export type ChannelWork = ShoutWork | LogWork;

/** A saved piece of channel work: its row id names it until it is delivered. */
/** A piece of channel work as saved in the outbox. */
export type OutboxItem = OutboxEntry<ChannelWork>;

export interface Step {
  before: GameState;
  event: GameEvent;
  after: GameState;
}

export function channelWorkOf(steps: readonly Step[]): ChannelWork[] {
  const work: ChannelWork[] = [];
  for (const step of steps) {
    const { before, event, after } = step;
    const dice = thrownDice(event);
    if (dice && isFiveOfAKind(dice) && event.type !== 'end') {
      const turn = before.players[event.seat]!.turnsTaken;
      work.push({ kind: 'shout', seat: event.seat, turn, dice, seq: after.version });
    }
    const log = logOf(step);
    if (log) work.push(log);
  }
  return work;
}

function logOf({ before, event, after }: Step): LogWork | null {
  if (event.type !== 'write' && event.type !== 'timeout' && event.type !== 'leave') return null;
  const seat = event.seat;
  const was = before.players[seat]!;
  const base = { kind: 'log' as const, seat, turn: was.turnsTaken, seq: after.version };
  // Leaving between one's turns in seat order ends no turn, but the table still learns of it.
  if (event.type === 'leave') return { ...base, what: 'leave' };
  const cell = newCell(before, after, seat);
  const removed = after.players[seat]!.left && !was.left;
  return {
    ...base,
    what: event.type,
    ...(cell
      ? { column: cell.column, category: cell.category, dice: cell.dice, score: scoreCell(cell.category, cell.dice) }
      : {}),
    ...(removed ? { removed: true } : {}),
  };
}

/** The one cell a write (or a timed-out turn) filled. */
function newCell(
  before: GameState,
  after: GameState,
  seat: number,
): { column: number; category: Category; dice: Dice } | null {
  const was = before.players[seat]!.card.columns;
  const now = after.players[seat]!.card.columns;
  for (let column = 0; column < now.length; column++) {
    for (const category of CATEGORIES) {
      const dice = now[column]!.cells[category];
      if (dice && !was[column]!.cells[category]) return { column, category, dice };
    }
  }
  return null;
}
