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

/**
 * The score of `dice` written into a cell of `category` (0 is a scratch). One pass over the dice, no
 * allocation: the end-of-game scoring calls this 28 times a card and the bench holds it to microseconds.
 */
export function scoreCell(category: Category, dice: readonly number[]): number {
  let c1 = 0,
    c2 = 0,
    c3 = 0,
    c4 = 0,
    c5 = 0,
    c6 = 0,
    sum = 0;
  for (let i = 0; i < dice.length; i++) {
    const d = dice[i]!;
    sum += d;
    if (d === 1) c1++;
    else if (d === 2) c2++;
    else if (d === 3) c3++;
    else if (d === 4) c4++;
    else if (d === 5) c5++;
    else c6++;
  }
  switch (category) {
    case 'fours':
      return 4 * c4;
    case 'fives':
      return 5 * c5;
    case 'sixes':
      return 6 * c6;
    case 'straight':
      if (c2 !== 1 || c3 !== 1 || c4 !== 1 || c5 !== 1) return 0;
      if (c1 === 1) return 15; // 1-2-3-4-5
      if (c6 === 1) return 20; // 2-3-4-5-6
      return 0;
    case 'house': {
      // Of the ways to split five dice among faces, only 3 + 2 has squared counts summing to 9 + 4 = 13
      // (five of a kind gives 25, 4+1 gives 17, 3+1+1 gives 11, 2+2+1 gives 9 …), so this is "exactly a house".
      const squares = c1 * c1 + c2 * c2 + c3 * c3 + c4 * c4 + c5 * c5 + c6 * c6;
      return squares === 13 ? sum : 0;
    }
    case 'choice':
      return sum;
    case 'olathe':
      return c1 === 5 || c2 === 5 || c3 === 5 || c4 === 5 || c5 === 5 || c6 === 5 ? 20 + sum : 0;
  }
}

export const DIE_FACE_GLYPHS = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'] as const;
