// Computer players (RULES.md has none: a bot seat plays by the solver in src/solver/strategy.ts). A bot's
// user id says what it is — `bot:<difficulty>:<k>`, k counting the bots of that difficulty in its game — so
// nothing but the seat row is needed to run it, and a restarted process carries on from the database alone.
// Each difficulty has one name, in every game and on the leaderboard: players learn who "Turing" is.
import type { Category, GameEvent, GameState, Rng } from '../game';
import { declarableColumns, scoreCell, throwEvent, writableCells } from '../game';
import type { Difficulty } from '../solver/strategy';
import { DIFFICULTIES } from '../solver/strategy';

/** How long a bot waits before each of its steps (a declare, a throw, one hold, the write): readable in a channel. */
export const DEFAULT_BOT_STEP_MS = 1200;

/** The name of every bot of a difficulty; a second one in the same game is "Turing 2". */
export const BOT_NAMES: Readonly<Record<Difficulty, string>> = { easy: 'Ada', normal: 'Hopper', expert: 'Turing' };

const BOT_ID = /^bot:([a-z]+)(?::([1-9][0-9]{0,5}))?$/;

/** The difficulty of a bot's user id (`bot:expert:2`, or a leaderboard identity `bot:expert`); null for humans. */
export function botDifficulty(userId: string): Difficulty | null {
  const match = BOT_ID.exec(userId);
  const difficulty = match?.[1];
  return difficulty !== undefined && (DIFFICULTIES as readonly string[]).includes(difficulty)
    ? (difficulty as Difficulty)
    : null;
}

/** The k of a bot user id `bot:<difficulty>:<k>`; null for anything else. */
export function botNumber(userId: string): number | null {
  const k = BOT_ID.exec(userId)?.[2];
  return k !== undefined && botDifficulty(userId) !== null ? Number(k) : null;
}

export function botUserId(difficulty: Difficulty, k: number): string {
  return `bot:${difficulty}:${k}`;
}

/** e.g. `🤖 Turing (expert)` for k = 1, `🤖 Turing 2 (expert)` for k = 2. */
export function botName(difficulty: Difficulty, k: number): string {
  return `🤖 ${BOT_NAMES[difficulty]}${k > 1 ? ` ${k}` : ''} (${difficulty})`;
}

/** Where a bot counts on the leaderboard: one row per difficulty across games, e.g. `bot:expert`. */
export function botIdentity(difficulty: Difficulty): string {
  return `bot:${difficulty}`;
}

/** The leaderboard's name for every bot of a difficulty: the name each of them has in a game, `🤖 Turing (expert)`. */
export function botIdentityName(difficulty: Difficulty): string {
  return botName(difficulty, 1);
}

/** The smallest k not yet used by a bot of this difficulty among these user ids. */
export function nextBotNumber(userIds: readonly string[], difficulty: Difficulty): number {
  const used = new Set(userIds.filter((id) => botDifficulty(id) === difficulty).flatMap((id) => botNumber(id) ?? []));
  let k = 1;
  while (used.has(k)) k++;
  return k;
}

/**
 * A plain legal step for a bot whose solver failed (it never should): declare the emptiest column
 * (leftmost), throw once, then write the dice where they score most (topmost on a tie). Never a timeout,
 * so a bot is never removed for one.
 */
export function fallbackBotEvents(state: GameState, seat: number, rng: Rng): GameEvent[] {
  const player = state.players[seat]!;
  if (state.options.variant === 'olathe' && player.turn.column === null) {
    const columns = declarableColumns(state, seat);
    const empty = (c: number) => Object.values(player.card.columns[c]!.cells).filter((d) => d === null).length;
    const column = columns.reduce((best, c) => (empty(c) > empty(best) ? c : best), columns[0]!);
    return [{ type: 'declare', seat, column }];
  }
  const dice = player.turn.dice;
  if (dice === null) return [throwEvent(state, seat, rng)];
  let best: { column: number; category: Category; score: number } | null = null;
  for (const ref of writableCells(state, seat)) {
    const score = scoreCell(ref.category, dice);
    if (!best || score > best.score) best = { column: ref.column, category: ref.category, score };
  }
  return best ? [{ type: 'write', seat, column: best.column, category: best.category }] : [];
}
