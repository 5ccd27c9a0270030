// End-of-game scoring: RULES.md "End of game", including the N/4 scaling for cards of N columns.
import type { Category } from './dice';
import { CATEGORIES, scoreCell } from './dice';
import type { Card } from './card';
import type { ColumnKind } from './layout';

export type CategoryRecord = Record<Category, number>;

export interface ColumnBreakdown {
  kind: ColumnKind;
  cells: Record<Category, number | null>;
}

/** The scoring calculator's output (RULES.md "Scoring calculator format"). */
export interface Breakdown {
  columns: ColumnBreakdown[];
  categoryTotals: CategoryRecord;
  incentives: CategoryRecord;
  incentiveTotal: number;
  rawTotal: number;
  modifier: number;
  final: number;
}

/** Category totals that earn 2 points at or above this figure on a 4-column card. */
export const TOTAL_THRESHOLDS = { fours: 52, fives: 65, sixes: 78, choice: 100 } as const;
export const THRESHOLD_POINTS = 2;
export const STRAIGHT_POINTS = 4;
export const HOUSE_POINTS = 3;
export const OLATHE_POINTS = 2;
/** Raw-total band edges on a 4-column card: below the first → −2, each edge passed adds 1 (650+ → +6). */
export const MODIFIER_EDGES = [300, 350, 400, 450, 500, 550, 600, 650] as const;
export const LOWEST_MODIFIER = -2;

/**
 * Does `total` reach `threshold` scaled by N/4? Compared exactly in integers:
 * total ≥ threshold·N/4  ⇔  4·total ≥ threshold·N.
 */
export function reachesScaled(total: number, threshold: number, columnCount: number): boolean {
  return 4 * total >= threshold * columnCount;
}

/** The scaled figure a total must reach, for people ("Fours 36/52"); may be fractional. */
export function scaledThreshold(threshold: number, columnCount: number): number {
  return (threshold * columnCount) / 4;
}

export function modifierFor(rawTotal: number, columnCount: number): number {
  let modifier = LOWEST_MODIFIER;
  for (const edge of MODIFIER_EDGES) if (reachesScaled(rawTotal, edge, columnCount)) modifier++;
  return modifier;
}

export function scoreCard(card: Card): Breakdown {
  const n = card.columns.length;
  const totals: CategoryRecord = { fours: 0, fives: 0, sixes: 0, straight: 0, house: 0, choice: 0, olathe: 0 };
  let straightsAllMade = n > 0;
  let housesAllMade = n > 0;
  let olatheCellsMade = 0;
  const columns: ColumnBreakdown[] = card.columns.map((column) => {
    const cells = {} as Record<Category, number | null>;
    for (const category of CATEGORIES) {
      const dice = column.cells[category];
      const score = dice === null ? null : scoreCell(category, dice);
      cells[category] = score;
      totals[category] += score ?? 0;
      if (category === 'straight' && !score) straightsAllMade = false;
      if (category === 'house' && !score) housesAllMade = false;
      if (category === 'olathe' && score) olatheCellsMade++;
    }
    return { kind: column.kind, cells };
  });

  const incentives: CategoryRecord = {
    fours: reachesScaled(totals.fours, TOTAL_THRESHOLDS.fours, n) ? THRESHOLD_POINTS : 0,
    fives: reachesScaled(totals.fives, TOTAL_THRESHOLDS.fives, n) ? THRESHOLD_POINTS : 0,
    sixes: reachesScaled(totals.sixes, TOTAL_THRESHOLDS.sixes, n) ? THRESHOLD_POINTS : 0,
    straight: straightsAllMade ? STRAIGHT_POINTS : 0,
    house: housesAllMade ? HOUSE_POINTS : 0,
    choice: reachesScaled(totals.choice, TOTAL_THRESHOLDS.choice, n) ? THRESHOLD_POINTS : 0,
    olathe: OLATHE_POINTS * olatheCellsMade,
  };
  let incentiveTotal = 0;
  let rawTotal = 0;
  for (const category of CATEGORIES) {
    incentiveTotal += incentives[category];
    rawTotal += totals[category];
  }
  const modifier = modifierFor(rawTotal, n);
  return { columns, categoryTotals: totals, incentives, incentiveTotal, rawTotal, modifier, final: incentiveTotal + modifier };
}
