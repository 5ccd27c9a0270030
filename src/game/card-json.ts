// The scoring calculator's JSON format (RULES.md "Scoring calculator format (engine JSON)"): reading a card
// from parsed JSON, with a plain-words problem and a JSON path when it is not a valid card, and writing a
// breakdown. Pure: no I/O.
import type { Category, Dice } from './dice';
import { CATEGORIES, DICE_COUNT, isDice } from './dice';
import type { Card, Cells, Column } from './card';
import type { ColumnKind, Variant } from './layout';
import { COLUMN_KINDS, VARIANTS } from './layout';
import type { Breakdown, CategoryRecord, ColumnBreakdown } from './scoring';

export type CardJsonResult =
  | { readonly ok: true; readonly card: Card; readonly variant: Variant }
  | { readonly ok: false; readonly path: string; readonly problem: string };

const CARD_KEYS = ['variant', 'columns'] as const;
const COLUMN_KEYS = ['kind', 'cells'] as const;

/**
 * Reads a card in the engine JSON format from an already-parsed JSON value.
 *
 * `variant` may be left out (the card is then an Olathe card; RULES.md only requires the category keys and at
 * least one column); when present it must be "olathe" or "balut". It does not change the score. Every column
 * needs `kind` and `cells`, and `cells` every category key, each `null` (empty) or five integers 1–6.
 * Keys the format does not know are refused, so a typo never passes silently. Any number of columns of any
 * kinds is accepted: only games are held to the allowed layouts.
 *
 * The first problem found is reported, with its path (`$.columns[1].cells.house`).
 */
export function parseCardJson(value: unknown): CardJsonResult {
  if (!isPlainObject(value)) {
    return fail('$', `a card must be a JSON object with "columns" (got ${describe(value)})`);
  }
  const unknownKey = firstUnknownKey(value, CARD_KEYS);
  if (unknownKey !== undefined) {
    return fail(childPath('$', unknownKey), `unknown key ${quote(unknownKey)} (a card has "variant" and "columns")`);
  }

  let variant: Variant = 'olathe';
  if (value.variant !== undefined) {
    if (!isOneOf(VARIANTS, value.variant)) {
      return fail('$.variant', `unknown variant ${describe(value.variant)} (olathe or balut)`);
    }
    variant = value.variant;
  }

  if (!Object.hasOwn(value, 'columns')) return fail('$.columns', 'missing "columns" (a card holds a list of columns)');
  const rawColumns = value.columns;
  if (!Array.isArray(rawColumns)) {
    return fail('$.columns', `columns must be an array of columns (got ${describe(rawColumns)})`);
  }
  if (rawColumns.length === 0) return fail('$.columns', 'columns must hold at least one column');

  const columns: Column[] = [];
  for (let i = 0; i < rawColumns.length; i++) {
    const column = parseColumn(rawColumns[i], `$.columns[${i}]`);
    if (!column.ok) return column;
    columns.push(column.column);
  }
  return { ok: true, card: { columns }, variant };
}

type ColumnResult = { ok: true; column: Column } | { ok: false; path: string; problem: string };

function parseColumn(value: unknown, path: string): ColumnResult {
  if (!isPlainObject(value)) {
    return fail(path, `a column must be an object with "kind" and "cells" (got ${describe(value)})`);
  }
  const unknownKey = firstUnknownKey(value, COLUMN_KEYS);
  if (unknownKey !== undefined) {
    return fail(childPath(path, unknownKey), `unknown key ${quote(unknownKey)} (a column has "kind" and "cells")`);
  }

  if (!Object.hasOwn(value, 'kind')) return fail(`${path}.kind`, 'missing column kind (free, down or up)');
  if (!isOneOf(COLUMN_KINDS, value.kind)) {
    return fail(`${path}.kind`, `unknown column kind ${describe(value.kind)} (free, down or up)`);
  }
  const kind: ColumnKind = value.kind;

  if (!Object.hasOwn(value, 'cells'))
    return fail(`${path}.cells`, 'missing "cells" (an object with every category key)');
  const rawCells = value.cells;
  if (!isPlainObject(rawCells)) {
    return fail(`${path}.cells`, `cells must be an object with every category key (got ${describe(rawCells)})`);
  }

  const cells = {} as Cells;
  for (const category of CATEGORIES) {
    const cellPath = `${path}.cells.${category}`;
    if (!Object.hasOwn(rawCells, category)) {
      const hint =
        category === 'olathe' && Object.hasOwn(rawCells, 'balut') ? ' (the Balut row is written "olathe" in JSON)' : '';
      return fail(cellPath, `missing category key ${quote(category)}${hint}`);
    }
    const dice = rawCells[category];
    if (dice === null) {
      cells[category] = null;
      continue;
    }
    const problem = diceProblem(dice);
    if (problem !== null) return fail(cellPath, problem);
    cells[category] = [...(dice as Dice)] as unknown as Dice;
  }
  const unknownCategory = firstUnknownKey(rawCells, CATEGORIES);
  if (unknownCategory !== undefined) {
    return fail(
      childPath(`${path}.cells`, unknownCategory),
      `unknown category key ${quote(unknownCategory)} (${CATEGORIES.join(', ')})`,
    );
  }
  return { ok: true, column: { kind, cells } };
}

/** Why a cell value is not five dice, in plain words; null when it is. */
function diceProblem(value: unknown): string | null {
  if (isDice(value)) return null;
  const rule = 'dice must be five integers 1–6, or null for an empty cell';
  if (!Array.isArray(value)) return `${rule} (got ${describe(value)})`;
  if (value.length !== DICE_COUNT) return `${rule} (got ${value.length} ${value.length === 1 ? 'value' : 'values'})`;
  const bad = value.findIndex((d) => !(typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= 6));
  return `${rule} (die ${bad + 1} is ${describe(value[bad])})`;
}

/**
 * The breakdown as one line of JSON, keys in the order RULES.md shows them: columns (kind, cells),
 * categoryTotals, incentives, incentiveTotal, rawTotal, modifier, final; categories top to bottom.
 */
export function breakdownJson(b: Breakdown): string {
  const columns: ColumnBreakdown[] = b.columns.map((column) => ({
    kind: column.kind,
    cells: inCategoryOrder(column.cells),
  }));
  const ordered: Breakdown = {
    columns,
    categoryTotals: inCategoryOrder(b.categoryTotals),
    incentives: inCategoryOrder(b.incentives),
    incentiveTotal: b.incentiveTotal,
    rawTotal: b.rawTotal,
    modifier: b.modifier,
    final: b.final,
  };
  return JSON.stringify(ordered);
}

function inCategoryOrder<T extends CategoryRecord | Record<Category, number | null>>(record: T): T {
  const out = {} as Record<Category, unknown>;
  for (const category of CATEGORIES) out[category] = record[category];
  return out as T;
}

// ---------- helpers ----------

function fail(path: string, problem: string): { ok: false; path: string; problem: string } {
  return { ok: false, path, problem };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOneOf<T extends string>(options: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (options as readonly string[]).includes(value);
}

function firstUnknownKey(object: Record<string, unknown>, known: readonly string[]): string | undefined {
  return Object.keys(object).find((key) => !known.includes(key));
}

/** `$.name` for a plain key, `$["odd key"]` otherwise. */
function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) && key.length <= 40 ? `${path}.${key}` : `${path}[${quote(key)}]`;
}

/** A string in JSON quotes, cut short when long (an unknown key may be anything). */
function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/** A short description of a JSON value for a message: strings and numbers shown, the rest named. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return quote(value);
  return String(value);
}
