// One player's card as a paper sheet: the name (and the winner's mark), a row per category with a cell per
// column, the category's total and its incentive (met ✓, missed struck with how far it got), then the raw
// total, the modifier's band and the final score. Every card of a picture has the same geometry.
import type { Breakdown, Category, Variant } from '../game';
import { CATEGORIES, modifierBand } from '../game';
import type { Translate } from '../discord/i18n';
import { categoryName, points, signed } from '../discord/render/text';
import type { DrawStep, MeasureText } from './drawing';
import { INK, fitText } from './drawing';
import { rowIncentive } from './incentives';
import type { SheetPlayer } from './sheet-input';
import { shownNumber } from './sheet-input';

const PAD = 12;
const HEAD_H = 42;
const COLUMN_HEAD_H = 24;
const ROW_H = 27;
const SUMMARY_GAP = 10;
const SUMMARY_H = 50;
const SIZE = { name: 17, heading: 11, label: 14, cell: 15, bonus: 13, progress: 12, summary: 13, final: 26 };
/** Cards narrower than this would crowd the summary lines. */
const NARROWEST_CARD = 420;

export interface CardGeometry {
  width: number;
  height: number;
  labelW: number;
  cellW: number;
  totalW: number;
  bonusW: number;
  columns: number;
}

export interface CardTexts {
  t: Translate;
  variant: Variant;
  headings: readonly string[];
  measure: MeasureText;
}

/** The geometry for cards of `columns` columns, wide enough for the language's words, at least `minWidth`. */
export function cardGeometry(columns: number, texts: CardTexts, minWidth = 0): CardGeometry {
  const { t, variant, headings, measure } = texts;
  let labelW = Math.max(80, ...CATEGORIES.map((c) => measure(categoryName(t, c, variant), SIZE.label, false) + 14));
  const cellW = Math.max(44, ...headings.map((h) => measure(h, SIZE.heading, false) + 8));
  const totalW = 46;
  let bonusW = Math.max(100, measure(t('picture.bonus'), SIZE.heading, false) + 12);
  const natural = 2 * PAD + labelW + columns * cellW + totalW + bonusW;
  const extra = Math.max(0, Math.max(minWidth, NARROWEST_CARD) - natural);
  labelW += Math.floor(extra / 2);
  bonusW += extra - Math.floor(extra / 2);
  const width = Math.ceil(2 * PAD + labelW + columns * cellW + totalW + bonusW);
  const height = PAD + HEAD_H + COLUMN_HEAD_H + CATEGORIES.length * ROW_H + SUMMARY_GAP + SUMMARY_H + PAD;
  return { width, height, labelW, cellW, totalW, bonusW, columns };
}

function text(
  steps: DrawStep[],
  x: number,
  y: number,
  value: string,
  size: number,
  style: { bold?: boolean; color?: string; align?: 'left' | 'center' | 'right' } = {},
): void {
  steps.push({
    kind: 'text',
    x,
    y,
    text: value,
    size,
    bold: style.bold ?? false,
    color: style.color ?? INK.text,
    align: style.align ?? 'left',
  });
}

/** A baseline that centres text of `size` in a band starting at `top` of height `h`. */
const baseline = (top: number, h: number, size: number) => top + h / 2 + size * 0.36;

/** A tick mark drawn as lines: no font has to carry ✓. */
function tick(steps: DrawStep[], x: number, midY: number, size: number, color: string): void {
  steps.push({
    kind: 'line',
    points: [x, midY, x + size * 0.35, midY + size * 0.38, x + size, midY - size * 0.45],
    color,
    width: 2.2,
  });
}

/** A five-pointed star, filled: the winner's mark. */
function star(steps: DrawStep[], cx: number, cy: number, r: number, color: string): void {
  const points: number[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
  }
  steps.push({ kind: 'line', points, color, width: 1, fill: color });
}

const numberText = (n: unknown) => {
  const v = shownNumber(n);
  return v === null ? '?' : points(v);
};
const signedText = (n: unknown) => {
  const v = shownNumber(n);
  return v === null ? '?' : signed(v);
};

/** "Raw 473 · modifier +2 (band 450–499)": the results embed's words, without its arrow (not in the font). */
function modifierText(b: Breakdown, t: Translate): string {
  const raw = shownNumber(b.rawTotal);
  if (raw === null) return t('picture.modifier', { raw: '?', modifier: signedText(b.modifier), range: '?' });
  const band = modifierBand(raw, b.columns.length);
  let range = `${band.from}–${band.to}`;
  if (band.from === null) range = t('results.bandUnder', { n: band.to! + 1 });
  else if (band.to === null) range = t('results.bandAbove', { n: band.from });
  return t('picture.modifier', { raw, modifier: signedText(b.modifier), range });
}

export interface CardPlacement {
  x: number;
  y: number;
  geometry: CardGeometry;
  /** Show the place badge (the results), or not (one player's card). */
  showPlace: boolean;
  /** The card can change no more: incentives not met are missed, and the score is final. */
  final: boolean;
}

function header(steps: DrawStep[], player: SheetPlayer, at: CardPlacement, texts: CardTexts): void {
  const { t, measure } = texts;
  const { x, y, geometry: g } = at;
  const mid = y + PAD + HEAD_H / 2 - 4;
  let left = x + PAD;
  if (at.showPlace) {
    steps.push({ kind: 'rect', x: left, y: mid - 14, w: 28, h: 28, fill: INK.band, radius: 6 });
    text(steps, left + 14, baseline(mid - 14, 28, 14), numberText(player.place), 14, { bold: true, align: 'center' });
    left += 38;
  }
  let right = x + g.width - PAD;
  if (player.winner) {
    const label = t('picture.winner');
    const w = measure(label, 13, true) + 36;
    steps.push({ kind: 'rect', x: right - w, y: mid - 13, w, h: 26, fill: INK.goldFill, stroke: INK.gold, radius: 13 });
    star(steps, right - w + 15, mid, 7.5, INK.gold);
    text(steps, right - 10, baseline(mid - 13, 26, 13), label, 13, { bold: true, color: INK.gold, align: 'right' });
    right -= w + 10;
  }
  const suffix = player.left ? t('word.left').trim() : '';
  const suffixW = suffix ? measure(suffix, 13, false) + 8 : 0;
  const name = fitText(player.name, right - left - suffixW, SIZE.name, true, measure);
  text(steps, left, baseline(mid - 12, 24, SIZE.name), name, SIZE.name, { bold: true });
  if (suffix) {
    const nameEnd = left + measure(name, SIZE.name, true) + 8;
    text(steps, nameEnd, baseline(mid - 12, 24, 13), suffix, 13, { color: INK.faint });
  }
}

function bonusCell(
  steps: DrawStep[],
  b: Breakdown,
  category: Category,
  left: number,
  top: number,
  at: CardPlacement,
  m: MeasureText,
): void {
  const row = rowIncentive(b, category, at.final);
  const y = baseline(top, ROW_H, SIZE.bonus);
  const mid = top + ROW_H / 2;
  if (row.state === 'none') {
    text(steps, left + 10, y, '–', SIZE.bonus, { color: INK.faint });
    return;
  }
  const worth = signed(row.points);
  if (row.state === 'met') {
    tick(steps, left + 8, mid, 13, INK.met);
    text(steps, left + 28, y, worth, SIZE.bonus, { bold: true, color: INK.met });
    if (row.progress) text(steps, left + 58, y, row.progress, SIZE.progress, { color: INK.faint });
    return;
  }
  const color = row.state === 'missed' ? INK.missed : INK.faint;
  text(steps, left + 8, y, worth, SIZE.bonus, { color: INK.faint });
  if (row.state === 'missed') {
    const w = m(worth, SIZE.bonus, false);
    steps.push({ kind: 'line', points: [left + 5, mid, left + 11 + w, mid - 1], color: INK.missed, width: 2 });
  }
  text(steps, left + 24 + m(worth, SIZE.bonus, false), y, row.progress, SIZE.progress, { color });
}

function table(steps: DrawStep[], player: SheetPlayer, at: CardPlacement, texts: CardTexts): number {
  const { t, variant, headings, measure } = texts;
  const g = at.geometry;
  const b = player.breakdown;
  const left = at.x + PAD;
  const right = at.x + g.width - PAD;
  const cellsLeft = left + g.labelW;
  const totalLeft = cellsLeft + g.columns * g.cellW;
  const bonusLeft = totalLeft + g.totalW;
  let top = at.y + PAD + HEAD_H;
  steps.push({ kind: 'rect', x: left, y: top, w: right - left, h: COLUMN_HEAD_H, fill: INK.band });
  const headY = baseline(top, COLUMN_HEAD_H, SIZE.heading);
  for (let c = 0; c < g.columns; c++) {
    const heading = fitText(headings[c] ?? '', g.cellW - 4, SIZE.heading, false, measure);
    text(steps, cellsLeft + c * g.cellW + g.cellW / 2, headY, heading, SIZE.heading, {
      color: INK.faint,
      align: 'center',
    });
  }
  text(steps, totalLeft + g.totalW / 2, headY, 'Σ', SIZE.heading + 1, {
    bold: true,
    color: INK.faint,
    align: 'center',
  });
  text(steps, bonusLeft + 8, headY, t('picture.bonus'), SIZE.heading, { color: INK.faint });
  top += COLUMN_HEAD_H;
  const tableTop = top;
  for (const category of CATEGORIES) {
    const y = baseline(top, ROW_H, SIZE.cell);
    text(steps, left + 6, baseline(top, ROW_H, SIZE.label), categoryName(t, category, variant), SIZE.label);
    for (let c = 0; c < g.columns; c++) {
      const cell = b.columns[c]?.cells[category];
      const cx = cellsLeft + c * g.cellW;
      if (category === 'olathe' && typeof cell === 'number' && cell > 0)
        steps.push({ kind: 'rect', x: cx + 1, y: top + 1, w: g.cellW - 2, h: ROW_H - 2, fill: INK.goldFill });
      const shown = cell === null || cell === undefined ? '·' : numberText(cell);
      const faint = cell === null || cell === undefined || cell === 0;
      text(steps, cx + g.cellW / 2, y, shown, SIZE.cell, { color: faint ? INK.faint : INK.text, align: 'center' });
    }
    text(steps, totalLeft + g.totalW / 2, y, numberText(b.categoryTotals[category]), SIZE.cell, {
      bold: true,
      align: 'center',
    });
    bonusCell(steps, b, category, bonusLeft, top, at, measure);
    top += ROW_H;
    steps.push({ kind: 'line', points: [left, top, right, top], color: INK.grid, width: 1 });
  }
  for (let c = 0; c <= g.columns; c++) {
    const x = cellsLeft + c * g.cellW;
    steps.push({ kind: 'line', points: [x, tableTop - COLUMN_HEAD_H, x, top], color: INK.grid, width: 1 });
  }
  steps.push({
    kind: 'line',
    points: [bonusLeft, tableTop - COLUMN_HEAD_H, bonusLeft, top],
    color: INK.grid,
    width: 1,
  });
  return top;
}

function summary(steps: DrawStep[], player: SheetPlayer, top: number, at: CardPlacement, texts: CardTexts): void {
  const { t, measure } = texts;
  const b = player.breakdown;
  const left = at.x + PAD;
  const right = at.x + at.geometry.width - PAD;
  const boxW = 84;
  const lineWidth = right - boxW - 10 - left;
  const lines = [
    modifierText(b, t),
    t('picture.sum', { bonus: signedText(b.incentiveTotal), modifier: signedText(b.modifier) }),
  ];
  lines.forEach((line, i) => {
    const fitted = fitText(line, lineWidth, SIZE.summary, false, measure);
    text(steps, left + 4, top + 20 + i * 21, fitted, SIZE.summary);
  });
  const box = { x: right - boxW, y: top + 2, w: boxW, h: SUMMARY_H - 4 };
  steps.push({ kind: 'rect', ...box, fill: INK.band, radius: 6 });
  const label = fitText(t(at.final ? 'picture.final' : 'picture.soFar'), boxW - 8, 10, true, measure);
  text(steps, box.x + boxW / 2, box.y + 13, label.toUpperCase(), 10, { bold: true, color: INK.faint, align: 'center' });
  text(steps, box.x + boxW / 2, box.y + box.h - 7, numberText(b.final), SIZE.final, { bold: true, align: 'center' });
}

/** The drawing steps of one player's card at `at`. */
export function cardSteps(player: SheetPlayer, at: CardPlacement, texts: CardTexts): DrawStep[] {
  const steps: DrawStep[] = [];
  const g = at.geometry;
  const border = player.winner ? { stroke: INK.gold, lineWidth: 3 } : { stroke: INK.grid, lineWidth: 1 };
  steps.push({ kind: 'rect', x: at.x, y: at.y, w: g.width, h: g.height, fill: INK.card, radius: 10, ...border });
  header(steps, player, at, texts);
  const tableBottom = table(steps, player, at, texts);
  summary(steps, player, tableBottom + SUMMARY_GAP, at, texts);
  return steps;
}
