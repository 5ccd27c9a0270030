// The points of each of the 252 outcomes in each category, and the distinct scores a category can give:
// the tables every valuation reads, built once on first use.
import { CATEGORIES, scoreCell } from '../game';
import { OUTCOME_COUNT, outcomeDice } from './widget';
import { CAT_COUNT } from './rows';

let scoreTable: Int16Array | null = null;
let distinctScores: number[][] | null = null;

/** scoreTable[c * 252 + o]: the points of outcome o in category c. */
export function scoreTableFor(): Int16Array {
  if (!scoreTable) {
    scoreTable = new Int16Array(CAT_COUNT * OUTCOME_COUNT);
    const sets = CATEGORIES.map(() => new Set<number>());
    for (let o = 0; o < OUTCOME_COUNT; o++) {
      const dice = outcomeDice(o);
      CATEGORIES.forEach((c, ci) => {
        const s = scoreCell(c, dice);
        scoreTable![ci * OUTCOME_COUNT + o] = s;
        sets[ci]!.add(s);
      });
    }
    distinctScores = sets.map((s) => [...s].sort((a, b) => a - b));
  }
  return scoreTable;
}

/** The distinct points category `ci` can give, ascending. */
export function scoresOf(ci: number): number[] {
  scoreTableFor();
  return distinctScores![ci]!;
}
