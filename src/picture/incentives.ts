// How far each row of a card got towards its incentive (RULES.md "End of game"), for the picture's bonus
// column: met (with its points), missed (with how far it got), still open on a card that is not full, or none.
import type { Breakdown, Category } from '../game';
import { HOUSE_POINTS, STRAIGHT_POINTS, THRESHOLD_POINTS, TOTAL_THRESHOLDS, scaledThreshold } from '../game';

export interface RowIncentive {
  state: 'met' | 'missed' | 'open' | 'none';
  /** What the incentive is worth (met: what it earned). */
  points: number;
  /** How far it got: "38/52" for a total not met, "3/4" for straights and houses. */
  progress: string;
}

export function rowIncentive(b: Breakdown, category: Category, cardFull: boolean): RowIncentive {
  const n = b.columns.length;
  const earned = b.incentives[category] ?? 0;
  if (category === 'olathe') {
    return earned > 0 ? { state: 'met', points: earned, progress: '' } : { state: 'none', points: 0, progress: '' };
  }
  if (category === 'straight' || category === 'house') {
    const made = b.columns.filter((c) => (c.cells[category] ?? 0) > 0).length;
    const points = category === 'straight' ? STRAIGHT_POINTS : HOUSE_POINTS;
    const progress = `${made}/${n}`;
    if (earned > 0) return { state: 'met', points: earned, progress };
    // One zero in the row loses it for good, full card or not.
    const lost = b.columns.some((c) => c.cells[category] === 0);
    return { state: lost || cardFull ? 'missed' : 'open', points, progress };
  }
  // A met total needs no "42/39": the Σ column shows the total.
  if (earned > 0) return { state: 'met', points: earned, progress: '' };
  const need = Math.ceil(scaledThreshold(TOTAL_THRESHOLDS[category], n));
  const progress = `${b.categoryTotals[category]}/${need}`;
  return { state: cardFull ? 'missed' : 'open', points: THRESHOLD_POINTS, progress };
}
