// A score card: its columns, its cells, and which cells may be written next (RULES.md "A turn", step 3).
import type { Category, Dice } from './dice';
import { CATEGORIES } from './dice';
import type { ColumnKind } from './layout';
import { fillOrder } from './layout';

export type Cells = Record<Category, Dice | null>;

export interface Column {
  readonly kind: ColumnKind;
  /** The five dice written into each cell, or null while the cell is empty. */
  readonly cells: Readonly<Cells>;
}

export interface Card {
  readonly columns: readonly Column[];
}

export interface CellRef {
  readonly column: number;
  readonly category: Category;
}

export function emptyCells(): Cells {
  return { fours: null, fives: null, sixes: null, straight: null, house: null, choice: null, olathe: null };
}

export function emptyCard(kinds: readonly ColumnKind[]): Card {
  return { columns: kinds.map((kind) => ({ kind, cells: emptyCells() })) };
}

export function emptyCellCount(column: Column): number {
  let n = 0;
  for (const c of CATEGORIES) if (column.cells[c] === null) n++;
  return n;
}

export function isColumnFull(column: Column): boolean {
  return emptyCellCount(column) === 0;
}

export function isCardFull(card: Card): boolean {
  return card.columns.every(isColumnFull);
}

export function filledCellCount(card: Card): number {
  return card.columns.reduce((n, col) => n + CATEGORIES.length - emptyCellCount(col), 0);
}

export function totalCellCount(card: Card): number {
  return card.columns.length * CATEGORIES.length;
}

/** The one cell a Down or Up column accepts next (null when full); for a Free column, null. */
export function nextOrderedCell(column: Column): Category | null {
  const order = fillOrder(column.kind);
  if (!order) return null;
  return order.find((c) => column.cells[c] === null) ?? null;
}

/** The cells of one column that may be written now, top to bottom. */
export function legalCellsInColumn(column: Column): Category[] {
  if (column.kind === 'free') return CATEGORIES.filter((c) => column.cells[c] === null);
  const next = nextOrderedCell(column);
  return next ? [next] : [];
}

/**
 * Every cell that may be written now: in the declared column (Olathe), or anywhere on the card
 * when no column is declared (Balut, whose columns are all Free). Ordered column by column, top to bottom.
 */
export function legalCells(card: Card, declaredColumn: number | null): CellRef[] {
  const refs: CellRef[] = [];
  card.columns.forEach((column, index) => {
    if (declaredColumn !== null && index !== declaredColumn) return;
    for (const category of legalCellsInColumn(column)) refs.push({ column: index, category });
  });
  return refs;
}

/** A copy of the card with `dice` written into one cell (the caller has checked that it is legal). */
export function withCell(card: Card, ref: CellRef, dice: Dice): Card {
  const columns = card.columns.slice();
  const column = columns[ref.column]!;
  columns[ref.column] = { kind: column.kind, cells: { ...column.cells, [ref.category]: dice } };
  return { columns };
}
