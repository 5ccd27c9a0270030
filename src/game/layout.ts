// Card layouts and variants: RULES.md "Variants".
import type { Category } from './dice';
import { CATEGORIES } from './dice';

export const VARIANTS = ['olathe', 'balut'] as const;
export type Variant = (typeof VARIANTS)[number];

export const COLUMN_KINDS = ['free', 'down', 'up'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export interface LayoutCounts {
  free: number;
  down: number;
  up: number;
}

export const DEFAULT_LAYOUT: Record<Variant, LayoutCounts> = {
  olathe: { free: 2, down: 1, up: 1 },
  balut: { free: 4, down: 0, up: 0 },
};

export const MIN_THROWS = 1;
export const MAX_THROWS = 5;
export const DEFAULT_THROWS = 3;

/** The columns of a card, left to right: Free columns first, then Down, then Up. */
export function layoutColumns(counts: LayoutCounts): ColumnKind[] {
  return [
    ...Array<ColumnKind>(counts.free).fill('free'),
    ...Array<ColumnKind>(counts.down).fill('down'),
    ...Array<ColumnKind>(counts.up).fill('up'),
  ];
}

/** Why a layout or a throw count is not allowed, in English; other languages word the same keys. */
export const LAYOUT_PROBLEMS = {
  wholeNumbers: 'Column counts must be whole numbers.',
  balutColumns: 'Balut is played on 4 Free columns only.',
  olatheFree: 'An Olathe card has 2 to 4 Free columns.',
  olatheDown: 'An Olathe card has at most one Down column.',
  olatheUp: 'An Olathe card has at most one Up column.',
  balutThrows: 'Balut allows up to 3 throws a turn.',
  olatheThrows: 'Olathe allows {{min}} to {{max}} throws a turn.',
} as const;

export type LayoutProblem = keyof typeof LAYOUT_PROBLEMS;

/** The values of LAYOUT_PROBLEMS' {{variables}}. */
export const LAYOUT_PROBLEM_VARS = { min: MIN_THROWS, max: MAX_THROWS } as const;

/** Why a layout is not allowed for a variant; null when it is allowed. */
export function layoutProblemKey(variant: Variant, counts: LayoutCounts): LayoutProblem | null {
  const { free, down, up } = counts;
  if (![free, down, up].every((n) => Number.isInteger(n) && n >= 0)) return 'wholeNumbers';
  if (variant === 'balut') return free === 4 && down === 0 && up === 0 ? null : 'balutColumns';
  if (free < 2 || free > 4) return 'olatheFree';
  if (down > 1) return 'olatheDown';
  if (up > 1) return 'olatheUp';
  return null;
}

/** Why a throws-per-turn option is not allowed; null when it is. */
export function throwsProblemKey(variant: Variant, throwsPerTurn: number): LayoutProblem | null {
  if (variant === 'balut') return throwsPerTurn === DEFAULT_THROWS ? null : 'balutThrows';
  if (!Number.isInteger(throwsPerTurn) || throwsPerTurn < MIN_THROWS || throwsPerTurn > MAX_THROWS) {
    return 'olatheThrows';
  }
  return null;
}

function problemText(key: LayoutProblem | null): string | null {
  if (key === null) return null;
  const template: string = LAYOUT_PROBLEMS[key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: 'min' | 'max') => String(LAYOUT_PROBLEM_VARS[name]));
}

/** Why a layout is not allowed for a variant, in plain English; null when it is allowed. */
export function layoutProblem(variant: Variant, counts: LayoutCounts): string | null {
  return problemText(layoutProblemKey(variant, counts));
}

/** Why a throws-per-turn option is not allowed, in plain English; null when it is. */
export function throwsProblem(variant: Variant, throwsPerTurn: number): string | null {
  return problemText(throwsProblemKey(variant, throwsPerTurn));
}

/** The order in which a Down or Up column must be filled. */
export function fillOrder(kind: ColumnKind): readonly Category[] | null {
  if (kind === 'down') return CATEGORIES;
  if (kind === 'up') return [...CATEGORIES].reverse();
  return null;
}

/** Short column names for people: "Free 1", "↓ Down", "↑ Up". */
export function columnLabel(kinds: readonly ColumnKind[], index: number): string {
  const kind = kinds[index];
  if (kind === 'down') return '↓ Down';
  if (kind === 'up') return '↑ Up';
  const freeNumber = kinds.slice(0, index + 1).filter((k) => k === 'free').length;
  return `Free ${freeNumber}`;
}

export const CATEGORY_LABELS: Record<Category, string> = {
  fours: 'Fours',
  fives: 'Fives',
  sixes: 'Sixes',
  straight: 'Straight',
  house: 'House',
  choice: 'Choice',
  olathe: 'Olathe',
};

/** The category's name in a variant: the five-of-a-kind row is "Balut" in Balut. */
export function categoryLabel(category: Category, variant: Variant): string {
  return category === 'olathe' && variant === 'balut' ? 'Balut' : CATEGORY_LABELS[category];
}
