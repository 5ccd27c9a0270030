// Small text pieces shared by the renderers: die faces, card tables, padding, counts.
import type { Card, ColumnKind, Variant } from '../../game';
import {
  CATEGORIES,
  DIE_FACE_GLYPHS,
  TOTAL_THRESHOLDS,
  categoryLabel,
  columnLabel,
  scaledThreshold,
  scoreCard,
} from '../../game';
import type { RenderableGame } from './view';

/** "1 cell", "2 cells": a count with its noun, singular only for exactly one. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 || n === -1 ? one : many}`;
}

export function variantName(game: Pick<RenderableGame, 'options'>): string {
  return game.options.variant === 'olathe' ? 'Olathe' : 'Balut';
}

export function layoutText(game: Pick<RenderableGame, 'options'>): string {
  const kinds = game.options.columns;
  return `${kinds.map((_, i) => columnLabel(kinds, i)).join(' · ')} — ${count(game.options.throwsPerTurn, 'throw')} a turn`;
}

export function diceText(dice: readonly number[]): string {
  return dice.map((d) => DIE_FACE_GLYPHS[d] ?? '?').join(' ');
}

/** A signed number for people: +3, −2, 0. */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${-n}`;
  return '0';
}

function pad(text: string | number, width: number, align: 'left' | 'right' = 'right'): string {
  const s = String(text);
  return align === 'right' ? s.padStart(width) : s.padEnd(width);
}

/** Column headings that fit four characters: F1, F2, ↓, ↑. */
export function shortColumnHeading(kinds: readonly ColumnKind[], index: number): string {
  const kind = kinds[index];
  if (kind === 'down') return '↓';
  if (kind === 'up') return '↑';
  return `F${kinds.slice(0, index + 1).filter((k) => k === 'free').length}`;
}

/**
 * The card as a monospace table (for a code block): one row per category, one column per card
 * column, then the category total and how far its incentive is ("28/52"). About 40 characters wide
 * on a 4-column card so it stays readable on a phone.
 */
export function cardTable(card: Card, variant: Variant): string {
  const n = card.columns.length;
  const kinds = card.columns.map((c) => c.kind);
  const b = scoreCard(card);
  const lines: string[] = [];
  const heading = kinds.map((_, i) => pad(shortColumnHeading(kinds, i), 4)).join('');
  lines.push(`${pad('', 8, 'left')}${heading} │   Σ  bonus`);
  for (const category of CATEGORIES) {
    const cells = b.columns.map((col) => pad(col.cells[category] ?? '·', 4)).join('');
    const total = b.categoryTotals[category];
    let progress: string;
    if (category === 'straight' || category === 'house') {
      const made = b.columns.filter((col) => (col.cells[category] ?? 0) > 0).length;
      const lost = b.columns.some((col) => col.cells[category] === 0);
      progress = lost ? '✗ lost' : `${made}/${n} made`;
    } else if (category === 'olathe') {
      progress = b.incentives.olathe > 0 ? signed(b.incentives.olathe) : '';
    } else {
      const need = Math.ceil(scaledThreshold(TOTAL_THRESHOLDS[category], n));
      progress = b.incentives[category] > 0 ? `✓ ${total}` : `${total}/${need}`;
    }
    const label = pad(categoryLabel(category, variant), 8, 'left');
    lines.push(`${label}${cells} │ ${pad(total, 3)}  ${progress}`.trimEnd());
  }
  return lines.join('\n');
}

/** "Raw 101 · bonus +3 · modifier −2 → 1 point so far", or "→ 1 point, final" once the card can change no more. */
export function scoreLine(card: Card, final = false): string {
  const b = scoreCard(card);
  const unit = b.final === 1 || b.final === -1 ? 'point' : 'points';
  return `Raw ${b.rawTotal} · bonus ${signed(b.incentiveTotal)} · modifier ${signed(b.modifier)} → **${points(b.final)}** ${unit}${final ? ', final' : ' so far'}`;
}

/** "3 Olathes", "1 Balut": a count of scored five-of-a-kinds in the variant's own word. */
export function fivesText(count: number, variant: Variant): string {
  const word = categoryLabel('olathe', variant);
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** A score for people, with a true minus sign: 17, 0, −2. */
export function points(n: number): string {
  return n < 0 ? `−${-n}` : String(n);
}
