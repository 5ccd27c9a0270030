// The daily challenge's fixed parts: the game everyone plays, the UTC day, the keyed hash the dice come from
// (HMAC-SHA256 with the server's secret, which only this file's closure holds), and the expert solver's game
// on the same dice. The daily's actions are in daily-service.ts.
import { createHmac } from 'node:crypto';
import type { GameOptions, GameState } from '../game';
import { DEFAULT_LAYOUT, DEFAULT_THROWS, applyEvent, gameResults, layoutColumns, newGame } from '../game';
import type { KeyedHash } from '../game';
import { dailyRng } from '../game';
import { botEvents } from '../solver/strategy';

/**
 * The one game of the daily challenge, the same for everyone: Olathe on the standard card (2 Free, Down, Up),
 * 3 throws a turn, no predictions (a solo game has nobody to guess against), no hints (it is a challenge).
 */
export const DAILY_OPTIONS: GameOptions = {
  variant: 'olathe',
  columns: layoutColumns(DEFAULT_LAYOUT.olathe),
  throwsPerTurn: DEFAULT_THROWS,
  predictions: false,
  hints: false,
};

/** The daily challenge a moment belongs to: its UTC date, "YYYY-MM-DD". */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The keyed hash of the daily dice. The secret stays inside the closure: nothing else of the service holds it,
 * so no view, row or log line can carry it.
 */
export function dailyHash(secret: string): KeyedHash {
  const key = Buffer.from(secret, 'utf8');
  return (message) => createHmac('sha256', key).update(message, 'utf8').digest();
}

/** The expert solver's result on a day's dice. */
export interface SolverDaily {
  final: number;
  raw: number;
}

/**
 * The expert solver plays the day's game on the day's dice, the way a player's game gets them: deterministic,
 * so every process and every call agrees (a few tens of milliseconds).
 */
export function solverDaily(hash: KeyedHash, day: string): SolverDaily {
  let state: GameState = newGame(DAILY_OPTIONS, ['solver']);
  while (state.status === 'playing') {
    for (const event of botEvents(state, 0, 'expert', dailyRng(hash, day, state, 0))) state = applyEvent(state, event);
  }
  const { breakdown } = gameResults(state).standings[0]!;
  return { final: breakdown.final, raw: breakdown.rawTotal };
}
