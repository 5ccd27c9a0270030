// End-of-game scoring: RULES.md "End of game", including the N/4 scaling for cards of N columns.
import type { Category } from './dice';
import { scoreCell } from './dice';
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

/** The raw totals that give one modifier, as whole numbers: `from` null below the first edge, `to` null past the last. */
export interface ModifierBand {
  modifier: number;
  from: number | null;
  to: number | null;
}

/** The band a raw total falls in on a card of N columns (edges scaled by N/4; raw totals are whole). */
export function modifierBand(rawTotal: number, columnCount: number): ModifierBand {
  const modifier = modifierFor(rawTotal, columnCount);
  const passed = modifier - LOWEST_MODIFIER;
  // raw ≥ edge·N/4 holds for whole numbers exactly from ⌈edge·N/4⌉ on.
  const lowest = (edge: number) => Math.ceil(scaledThreshold(edge, columnCount));
  const below = MODIFIER_EDGES[passed - 1];
  const above = MODIFIER_EDGES[passed];
  return {
    modifier,
    from: below === undefined ? null : lowest(below),
    to: above === undefined ? null : lowest(above) - 1,
  };
}

const cellScore = (category: Category, dice: readonly number[] | null): number | null =>
  dice === null ? null : scoreCell(category, dice);

export function scoreCard(card: Card): Breakdown {
  const n = card.columns.length;
  // Totals in locals and cells read by name: keyed access in a loop made this several times slower.
  let fours = 0,
    fives = 0,
    sixes = 0,
    straight = 0,
    house = 0,
    choice = 0,
    olathe = 0;
  let straightsAllMade = n > 0;
  let housesAllMade = n > 0;
  let olatheCellsMade = 0;
  const columns: ColumnBreakdown[] = [];
  for (const column of card.columns) {
    const c = column.cells;
    const cells = {
      fours: cellScore('fours', c.fours),
      fives: cellScore('fives', c.fives),
      sixes: cellScore('sixes', c.sixes),
      straight: cellScore('straight', c.straight),
      house: cellScore('house', c.house),
      choice: cellScore('choice', c.choice),
      olathe: cellScore('olathe', c.olathe),
    };
    fours += cells.fours ?? 0;
    fives += cells.fives ?? 0;
    sixes += cells.sixes ?? 0;
    straight += cells.straight ?? 0;
    house += cells.house ?? 0;
    choice += cells.choice ?? 0;
    olathe += cells.olathe ?? 0;
    if (!cells.straight) straightsAllMade = false;
    if (!cells.house) housesAllMade = false;
    if (cells.olathe) olatheCellsMade++;
    columns.push({ kind: column.kind, cells });
  }
  const incentives: CategoryRecord = {
    fours: reachesScaled(fours, TOTAL_THRESHOLDS.fours, n) ? THRESHOLD_POINTS : 0,
    fives: reachesScaled(fives, TOTAL_THRESHOLDS.fives, n) ? THRESHOLD_POINTS : 0,
    sixes: reachesScaled(sixes, TOTAL_THRESHOLDS.sixes, n) ? THRESHOLD_POINTS : 0,
    straight: straightsAllMade ? STRAIGHT_POINTS : 0,
    house: housesAllMade ? HOUSE_POINTS : 0,
    choice: reachesScaled(choice, TOTAL_THRESHOLDS.choice, n) ? THRESHOLD_POINTS : 0,
    olathe: OLATHE_POINTS * olatheCellsMade,
  };
  const incentiveTotal =
    incentives.fours +
    incentives.fives +
    incentives.sixes +
    incentives.straight +
    incentives.house +
    incentives.choice +
    incentives.olathe;
  const rawTotal = fours + fives + sixes + straight + house + choice + olathe;
  const modifier = modifierFor(rawTotal, n);
  return {
    columns,
    categoryTotals: { fours, fives, sixes, straight, house, choice, olathe },
    incentives,
    incentiveTotal,
    rawTotal,
    modifier,
    final: incentiveTotal + modifier,
  };
}
