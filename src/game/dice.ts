// Dice, categories and cell scoring: the rows of RULES.md "Dice and categories", in one place.

export const CATEGORIES = ['fours', 'fives', 'sixes', 'straight', 'house', 'choice', 'olathe'] as const;
export type Category = (typeof CATEGORIES)[number];

/** A face 1–6. */
export type Face = 1 | 2 | 3 | 4 | 5 | 6;
/** Five dice, in the order they lie on the table. */
export type Dice = readonly [Face, Face, Face, Face, Face];

export const DICE_COUNT = 5;

export function isFace(value: unknown): value is Face {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6;
}

export function isDice(value: unknown): value is Dice {
  return Array.isArray(value) && value.length === DICE_COUNT && value.every(isFace);
}

/** How many of each face: counts[f] for f in 1..6 (index 0 unused). */
export function faceCounts(dice: readonly number[]): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) counts[d]!++;
  return counts;
}

export function sumOfPips(dice: readonly number[]): number {
  let s = 0;
  for (const d of dice) s += d;
  return s;
}

export function isFiveOfAKind(dice: readonly number[]): boolean {
  return dice.length === DICE_COUNT && dice.every((d) => d === dice[0]);
}

/** The score of `dice` written into a cell of `category` (0 is a scratch). */
export function scoreCell(category: Category, dice: readonly number[]): number {
  const counts = faceCounts(dice);
  switch (category) {
    case 'fours':
      return 4 * counts[4]!;
    case 'fives':
      return 5 * counts[5]!;
    case 'sixes':
      return 6 * counts[6]!;
    case 'straight': {
      const distinct = counts.filter((c) => c === 1).length === 5;
      if (!distinct) return 0;
      if (counts[6] === 0) return 15; // 1-2-3-4-5
      if (counts[1] === 0) return 20; // 2-3-4-5-6
      return 0;
    }
    case 'house': {
      const shape = counts.filter((c) => c > 0).sort();
      return shape.length === 2 && shape[0] === 2 && shape[1] === 3 ? sumOfPips(dice) : 0;
    }
    case 'choice':
      return sumOfPips(dice);
    case 'olathe':
      return isFiveOfAKind(dice) ? 20 + sumOfPips(dice) : 0;
  }
}

export const DIE_FACE_GLYPHS = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'] as const;
