// What a score-sheet picture shows: plain data that the results already have (see from-game.ts), so the
// picture is drawn from the same breakdowns as the words of the results embed.
import type { Breakdown, ColumnKind, Variant } from '../game';

export interface SheetPlayer {
  /** Drawn as text as it is (any script, emoji), cut with an ellipsis to fit. */
  name: string;
  /** 1 for the winners; equal results share a place. */
  place: number;
  /** Marked as the winner (only in a game two or more played to the end). */
  winner: boolean;
  /** Quit or was removed; the card still scores. */
  left: boolean;
  breakdown: Breakdown;
}

export interface ScoreSheetInput {
  variant: Variant;
  /** The game's layout, as chosen at start. */
  columns: readonly ColumnKind[];
  throwsPerTurn: number;
  gameId: number;
  /** When the game ended (or the card was asked for): ms since the epoch. Shown as a date in UTC. */
  date: number;
  /** The game's language ('en', 'da', …). */
  locale: string | null | undefined;
  /** 'results': every card at the end of a game; 'card': one player's card, which may not be full yet. */
  kind: 'results' | 'card';
  /** The game was stopped before the cards were full. */
  endedEarly: boolean;
  /** In the order to draw them: the standings, winners first. */
  players: readonly SheetPlayer[];
}

/** Control characters (newlines, tabs, …) and lone surrogates would draw as boxes or break a line. */
const UNDRAWABLE = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const LONE_SURROGATE = /\p{Cs}/gu;

/** A name as it will be drawn: undrawable characters become spaces; nothing left → the fallback. */
export function drawableName(name: unknown, fallback: string): string {
  if (typeof name !== 'string') return fallback;
  const text = name.replace(UNDRAWABLE, ' ').replace(LONE_SURROGATE, '\uFFFD').trim();
  return text || fallback;
}

/** A number for the picture: odd values (NaN, ∞, not a number) draw as "?" instead of breaking the layout. */
export function shownNumber(n: unknown): number | null {
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}
