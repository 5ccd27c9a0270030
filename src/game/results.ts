// The end of a game: every card's breakdown, the ranking, the winners (RULES.md "Winner") and the
// prediction side game.
import type { Breakdown } from './scoring';
import { scoreCard } from './scoring';
import type { GameState } from './state';
import { olathesScored } from './state';

export interface Standing {
  seat: number;
  id: string;
  breakdown: Breakdown;
  /** 1 for the winners; equal results share a place. */
  place: number;
  /** Players who quit or were removed are ranked after everyone who stayed. */
  left: boolean;
}

export interface Results {
  standings: Standing[];
  /** Seats of the winners: more than one on a shared win. */
  winners: number[];
  olathesScored: number;
  /** Seats whose prediction was exactly right. */
  exactPredictions: number[];
}

/** Which of two results ranks higher: negative when `a` does. Final score, then raw total. */
export function compareResults(
  a: { breakdown: Breakdown; left: boolean },
  b: { breakdown: Breakdown; left: boolean },
): number {
  if (a.left !== b.left) return a.left ? 1 : -1;
  return b.breakdown.final - a.breakdown.final || b.breakdown.rawTotal - a.breakdown.rawTotal;
}

export function gameResults(state: GameState): Results {
  const sorted = state.players
    .map((p, seat) => ({ seat, id: p.id, breakdown: scoreCard(p.card), left: p.left, place: 0 }))
    .sort((a, b) => compareResults(a, b) || a.seat - b.seat);
  sorted.forEach((s, i) => {
    const previous = sorted[i - 1];
    s.place = previous && compareResults(previous, s) === 0 ? previous.place : i + 1;
  });
  const stayed = sorted.filter((s) => !s.left);
  const winners = stayed.filter((s) => s.place === 1).map((s) => s.seat);
  const scored = olathesScored(state);
  const exactPredictions = state.options.predictions
    ? state.players.flatMap((p, seat) => (p.prediction === scored ? [seat] : []))
    : [];
  return { standings: sorted, winners, olathesScored: scored, exactPredictions };
}
