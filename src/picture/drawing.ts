// The score-sheet picture as a list of drawing steps. The layout decides every position and every text (so it
// is tested without pixels); a painter only paints the steps. Text is always drawn as text, never parsed.

export interface RectStep {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill?: string;
  stroke?: string;
  lineWidth?: number;
  radius?: number;
}

/** A polyline through [x0, y0, x1, y1, …]; `fill` closes and fills it (the winner's star). */
export interface LineStep {
  kind: 'line';
  points: readonly number[];
  color: string;
  width: number;
  fill?: string;
}

/** `y` is the baseline; `x` is the left edge, the centre or the right edge as `align` says. */
export interface TextStep {
  kind: 'text';
  x: number;
  y: number;
  text: string;
  size: number;
  bold: boolean;
  color: string;
  align: 'left' | 'center' | 'right';
}

export type DrawStep = RectStep | LineStep | TextStep;

export interface Drawing {
  width: number;
  height: number;
  background: string;
  steps: DrawStep[];
}

/** The width in pixels of a text in the picture's font at a size. */
export type MeasureText = (text: string, size: number, bold: boolean) => number;

/** Paper and ink. */
export const INK = {
  paper: '#efe9d8',
  card: '#fffdf6',
  band: '#e7dfc8',
  grid: '#cfc6ab',
  text: '#1f2a44',
  faint: '#8a8372',
  met: '#1d7a3a',
  missed: '#b3261e',
  gold: '#b8860b',
  goldFill: '#fff3c4',
} as const;

/** Graphemes, so an ellipsis never splits an emoji or a letter with its accents. */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** Longer texts are cut to this many graphemes before any measuring: no name is wider than a card anyway. */
const LONGEST_MEASURED = 120;

/** `text`, or its longest beginning that fits `maxWidth` with an ellipsis after it. */
export function fitText(text: string, maxWidth: number, size: number, bold: boolean, measure: MeasureText): string {
  const parts = Array.from(graphemes.segment(text), (s) => s.segment);
  const capped = parts.length > LONGEST_MEASURED;
  if (!capped && measure(text, size, bold) <= maxWidth) return text;
  const cut = (k: number) => `${parts.slice(0, k).join('').trimEnd()}…`;
  let lo = 0;
  let hi = Math.min(parts.length, LONGEST_MEASURED);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measure(cut(mid), size, bold) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  if (lo > 0) return cut(lo);
  return measure('…', size, bold) <= maxWidth ? '…' : '';
}
