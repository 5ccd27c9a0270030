// Small text pieces shared by the renderers: dice (from dice-glyphs.ts), card tables, padding, counts.
import type { Card, ColumnKind, FactWords, Variant } from '../../game';
import type { Category } from '../../game';
import { CATEGORIES, TOTAL_THRESHOLDS, scaledThreshold, scoreCard } from '../../game';
import type { Translate } from '../i18n';
import { tr } from '../i18n';
import type { RenderableGame } from './view';

/** The texts of a game's channel messages: its stored language, so every redraw reads the same. */
export function gameT(game: Pick<RenderableGame, 'locale'>): Translate {
  return tr(game.locale);
}

/** A category as the card names it; the five-of-a-kind row is called Balut in Balut. */
export function categoryName(t: Translate, category: Category, variant: Variant): string {
  return t(`word.category.${category === 'olathe' && variant === 'balut' ? 'balut' : category}`);
}

/** "Free 2", "↓ Down", "↑ Up". */
export function columnName(t: Translate, kinds: readonly ColumnKind[], index: number): string {
  const kind = kinds[index];
  if (kind === 'down' || kind === 'up') return t(`word.column.${kind}`);
  return t('word.column.free', { n: kinds.slice(0, index + 1).filter((k) => k === 'free').length });
}

/** How the engine's refusals name columns and categories in the language of `t`. */
export function factWords(t: Translate): FactWords {
  return {
    column: (kinds, index) => columnName(t, kinds, index),
    category: (c, variant) => categoryName(t, c, variant),
  };
}

/** "1 cell", "2 cells": a count with its noun, singular only for exactly one. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 || n === -1 ? one : many}`;
}

export function variantName(game: Pick<RenderableGame, 'options'>): string {
  return game.options.variant === 'olathe' ? 'Olathe' : 'Balut';
}

export function layoutText(game: Pick<RenderableGame, 'options' | 'locale'>): string {
  const t = gameT(game);
  const kinds = game.options.columns;
  return t('text.layout', {
    columns: kinds.map((_, i) => columnName(t, kinds, i)).join(' · '),
    throws: t('word.throws', { count: game.options.throwsPerTurn }),
  });
}

/** Dice in message text, as the bot draws them (the application's emojis or ⚀–⚅: dice-glyphs.ts). */
export { diceLabelText, diceText } from './dice-glyphs';

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
export function cardTable(card: Card, variant: Variant, t: Translate): string {
  const n = card.columns.length;
  const kinds = card.columns.map((c) => c.kind);
  const b = scoreCard(card);
  const lines: string[] = [];
  // Wide enough for the longest category name of the language ("Fuldt hus"), so the columns line up.
  const width = Math.max(8, ...CATEGORIES.map((c) => categoryName(t, c, variant).length + 1));
  const heading = kinds.map((_, i) => pad(shortColumnHeading(kinds, i), 4)).join('');
  lines.push(`${pad('', width, 'left')}${heading} ${t('text.cardHeading')}`);
  for (const category of CATEGORIES) {
    const cells = b.columns.map((col) => pad(col.cells[category] ?? '·', 4)).join('');
    const total = b.categoryTotals[category];
    let progress: string;
    if (category === 'straight' || category === 'house') {
      const made = b.columns.filter((col) => (col.cells[category] ?? 0) > 0).length;
      const lost = b.columns.some((col) => col.cells[category] === 0);
      progress = lost ? t('text.lost') : t('text.made', { made, n });
    } else if (category === 'olathe') {
      progress = b.incentives.olathe > 0 ? signed(b.incentives.olathe) : '';
    } else {
      const need = Math.ceil(scaledThreshold(TOTAL_THRESHOLDS[category], n));
      progress = b.incentives[category] > 0 ? `✓ ${total}` : `${total}/${need}`;
    }
    const label = pad(categoryName(t, category, variant), width, 'left');
    lines.push(`${label}${cells} │ ${pad(total, 3)}  ${progress}`.trimEnd());
  }
  return lines.join('\n');
}

/** "Raw 101 · bonus +3 · modifier −2 → 1 point so far", or "→ 1 point, final" once the card can change no more. */
export function scoreLine(card: Card, t: Translate, final = false): string {
  const b = scoreCard(card);
  return t('text.score', {
    raw: b.rawTotal,
    bonus: signed(b.incentiveTotal),
    modifier: signed(b.modifier),
    points: points(b.final),
    unit: t('word.pointUnit', { count: Math.abs(b.final) }),
    when: t(final ? 'text.final' : 'text.soFar'),
  });
}

/** "3 Olathes", "1 Balut": a count of scored five-of-a-kinds in the variant's own word. */
export function fivesText(count: number, variant: Variant, t: Translate): string {
  return t('word.fives', { count, word: categoryName(t, 'olathe', variant) });
}

/** A score for people, with a true minus sign: 17, 0, −2. */
export function points(n: number): string {
  return n < 0 ? `−${-n}` : String(n);
}
