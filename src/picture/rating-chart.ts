// The rating chart of /olathe stats: a person's rating over their last rated games, on the score sheet's paper,
// ink and fonts. One chart with a line per variant rather than one per variant: both numbers are on one scale
// (1500 + c·(μ − 3σ), docs/RATINGS.md), so one picture compares them, and an embed shows one image. The layout
// (ratingChartDrawing) is pure and tested without pixels; the painter is loaded at the first chart.
import type { Variant } from '../game';
import { languageOf, tr } from '../discord/i18n';
import type { Drawing, DrawStep, MeasureText } from './drawing';
import { INK, fitText } from './drawing';
import type { paintPng } from './paint';
import { drawableName, shownNumber } from './sheet-input';

export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 300;
/** The games a chart shows at most: a line of 50 steps still reads at 600 px. */
export const CHART_GAMES = 50;

const MARGIN = 16;
const PLOT_TOP = 66;
/** Room inside the plot's frame, so a line at the top or the bottom of the range is not drawn on the frame. */
const INSET = 10;
const COLOURS: Record<Variant, string> = { olathe: INK.text, balut: INK.gold };
/** Gridline steps, smallest first: the first that needs at most four steps for the range is used. */
const STEPS = [5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000];

export interface RatingSeries {
  variant: Variant;
  /** The ratings in order, oldest first: the one before the first game shown, then the one after each game. */
  ratings: readonly number[];
  /** Rated games the line covers (ratings.length − 1, unless the first game shown had no rating before). */
  games: number;
  /** The latest rating is provisional: it is shown with "?". */
  provisional: boolean;
}

export interface RatingChartInput {
  /** Whose ratings: drawn as text as it is, cut with an ellipsis to fit. */
  name: string;
  /** The asker's language ('en', 'da', …): the texts and the numbers' way of writing. */
  locale: string | null | undefined;
  /** One line per variant played, in the order of the legend. */
  series: readonly RatingSeries[];
}

/** The gridlines' range and step: at most four steps, at least one, around every value. */
export function chartRange(values: readonly number[]): { low: number; high: number; step: number } {
  let min = values.length ? Math.min(...values) : 1500;
  let max = values.length ? Math.max(...values) : 1500;
  if (max - min < 20) {
    const middle = (min + max) / 2;
    min = middle - 10;
    max = middle + 10;
  }
  const step = STEPS.find((s) => Math.ceil(max / s) - Math.floor(min / s) <= 4) ?? 10_000;
  const low = Math.floor(min / step) * step;
  return { low, high: Math.max(low + step, Math.ceil(max / step) * step), step };
}

/** The chart's drawing steps: title, legend with each latest rating, gridlines with their numbers, the lines. */
export function ratingChartDrawing(input: RatingChartInput, measure: MeasureText): Drawing {
  const t = tr(input.locale);
  const language = languageOf(input.locale);
  const number = (n: number, provisional = false) => `${n.toLocaleString(language)}${provisional ? '?' : ''}`;
  const series = input.series.map((s) => ({
    ...s,
    ratings: s.ratings.map(shownNumber).filter((n): n is number => n !== null),
  }));
  const all = series.flatMap((s) => s.ratings);
  const { low, high, step } = chartRange(all);
  const steps: DrawStep[] = [];
  type Align = 'left' | 'right';
  const text = (
    value: string,
    x: number,
    y: number,
    size: number,
    bold: boolean,
    color: string,
    align: Align = 'left',
  ) => steps.push({ kind: 'text', x, y, text: value, size, bold, color, align });

  // Title and legend: the title gives way to the legend, which says each variant's latest rating.
  const legend = series.map((s) => {
    const latest = s.ratings.at(-1);
    const label = `${t(`word.${s.variant}`)} ${latest === undefined ? '–' : number(latest, s.provisional)}`;
    return { label, colour: COLOURS[s.variant], width: 22 + measure(label, 14, true) };
  });
  let x = CHART_WIDTH - MARGIN;
  for (const item of [...legend].reverse()) {
    x -= item.width;
    steps.push({ kind: 'line', points: [x, 25, x + 16, 25], color: item.colour, width: 3 });
    text(item.label, x + 22, 30, 14, true, INK.text);
    x -= 14;
  }
  const name = drawableName(input.name, '?');
  text(
    fitText(t('picture.ratingTitle', { name }), x - MARGIN - 2, 22, true, measure),
    MARGIN + 2,
    30,
    22,
    true,
    INK.text,
  );
  const games = Math.max(1, ...series.map((s) => s.games));
  text(t('picture.ratingGames', { count: games, n: number(games) }), MARGIN + 2, 50, 13, false, INK.faint);

  // The plot: its frame, then a gridline and its number every step.
  const labelWidth = Math.max(...[low, high].map((v) => measure(number(v), 12, false)));
  const left = MARGIN + labelWidth + 8;
  const right = CHART_WIDTH - MARGIN;
  const bottom = CHART_HEIGHT - MARGIN;
  steps.push({ kind: 'rect', x: left, y: PLOT_TOP, w: right - left, h: bottom - PLOT_TOP, fill: INK.card });
  const yOf = (v: number) => bottom - INSET - ((v - low) / (high - low)) * (bottom - PLOT_TOP - 2 * INSET);
  for (let v = low; v <= high; v += step) {
    steps.push({ kind: 'line', points: [left, yOf(v), right, yOf(v)], color: INK.band, width: 1 });
    text(number(v), left - 6, yOf(v) + 4, 12, false, INK.faint, 'right');
  }
  steps.push({ kind: 'rect', x: left, y: PLOT_TOP, w: right - left, h: bottom - PLOT_TOP, stroke: INK.grid });

  // The lines end together at the right, at each variant's latest game; a dot marks the latest rating.
  const slots = Math.max(1, ...series.map((s) => s.ratings.length));
  const xOf = (slot: number) =>
    slots === 1 ? (left + right) / 2 : left + INSET + (slot / (slots - 1)) * (right - left - 2 * INSET);
  for (const s of series) {
    if (s.ratings.length === 0) continue;
    const points = s.ratings.flatMap((v, i) => [xOf(slots - s.ratings.length + i), yOf(v)]);
    if (s.ratings.length > 1) steps.push({ kind: 'line', points, color: COLOURS[s.variant], width: 2.5 });
    const [dx, dy] = points.slice(-2) as [number, number];
    steps.push({ kind: 'rect', x: dx - 4, y: dy - 4, w: 8, h: 8, radius: 4, fill: COLOURS[s.variant] });
  }
  return { width: CHART_WIDTH, height: CHART_HEIGHT, background: INK.paper, steps };
}

/** Loaded at the first chart, as the score sheet's painter is: a process that draws none pays nothing for Skia. */
let painter: Promise<{ measure: MeasureText; paintPng: typeof paintPng }> | undefined;

function loadPainter() {
  painter ??= import('./paint').then((paint) => ({ measure: paint.canvasMeasure(), paintPng: paint.paintPng }));
  painter.catch(() => (painter = undefined));
  return painter;
}

/** The chart as a PNG of CHART_WIDTH × CHART_HEIGHT. A chart that cannot be drawn rejects: the caller keeps words. */
export async function renderRatingChart(input: RatingChartInput): Promise<Buffer> {
  const { measure, paintPng } = await loadPainter();
  return paintPng(ratingChartDrawing(input, measure));
}
