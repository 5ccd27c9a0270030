// The valuation's parameters, tuned with the simulator (src/cli/simulate.ts): one set per variant, Balut's
// with the correction learned in self-play (correction.ts).
import type { Variant } from '../game';
import type { Correction } from './correction';
import { BALUT_CORRECTION } from './correction';

export interface ValuationParams {
  /** Share of a pool's other open cells that count as extra tries for its Straight cells. */
  straightSpare: number;
  /** The same for House cells. */
  houseSpare: number;
  /** The same for Olathe cells (five of a kind comes mostly while aiming at something else). */
  olatheSpare: number;
  /** Free cells of Fours/Fives/Sixes are filled as if their turn had this many extra throws. */
  faceExtraThrows: number;
  /** The same for Free Choice cells. */
  choiceExtraThrows: number;
  /**
   * 0: those extra throws always; 1: scaled by the share of the pool's open cells that are not of the
   * category (the cells a failed try could go to instead), so they dwindle as the card fills.
   */
  extraBySpare: number;
  /** Scale on the expected future raw points. */
  rawMeanScale: number;
  /** Scale on the standard deviation of the future raw points. */
  rawSdScale: number;
  /** Weight of raw points on their own (the tie-break on final score). */
  rawTiebreak: number;
  /**
   * Multipliers on each category's incentive part (Fours … Olathe) when choosing. 1 = the incentive's own
   * points (expert); the normal bot uses 0 for the Fours/Fives/Sixes/Choice totals.
   */
  incentiveWeights: readonly number[];
  /**
   * A learned correction of the estimate (`correction.ts`), applied only on a card of the cell count it was
   * trained on; `paramsFor` gives the classic Balut card's one to Balut only.
   */
  correction?: Correction;
}

/** The parameters tuned with the simulator on the classic Balut card (one pool of 28 cells). */
export const DEFAULT_PARAMS: ValuationParams = {
  straightSpare: 0.35,
  houseSpare: 0.35,
  olatheSpare: 0.5,
  // 0.85 → 1.5: over a 28-turn Balut card the bot picks which turns go to Fours/Fives/Sixes, so a cell gets
  // more of its face than one aimed turn (2,000-game runs, 8 seeds: 9.74 → 9.82).
  faceExtraThrows: 1.5,
  choiceExtraThrows: 0.75,
  extraBySpare: 1,
  rawMeanScale: 1,
  rawSdScale: 1,
  rawTiebreak: 1e-4,
  incentiveWeights: [1, 1, 1, 1, 1, 1, 1],
};

/** Balut's parameters with the correction learned in self-play on the classic card (9.84 → 10.16). */
export const BALUT_PARAMS: ValuationParams = { ...DEFAULT_PARAMS, correction: BALUT_CORRECTION };

/**
 * The parameters tuned on the default Olathe card: a Free column is a pool of only 7 cells, and a try at a
 * Straight, House or Olathe there is cheap for the column's other cells, so spare tries count for more.
 */
export const OLATHE_PARAMS: ValuationParams = {
  ...DEFAULT_PARAMS,
  straightSpare: 0.8,
  houseSpare: 0.8,
  olatheSpare: 1.3,
  faceExtraThrows: 0.85,
};

/** The tuned parameters for a variant. */
export function paramsFor(variant: Variant): ValuationParams {
  return variant === 'olathe' ? OLATHE_PARAMS : BALUT_PARAMS;
}
