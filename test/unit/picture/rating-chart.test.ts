// The rating chart of /olathe stats: a real 600 × 300 PNG for one point, for 50 games and for two variants; the
// lines end together at the latest game and stay inside the plot; equal values still get a range; numbers and
// words in the asker's language; odd values and long names drawn rather than thrown.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Drawing, LineStep, RectStep, TextStep } from '../../../src/picture/drawing';
import { INK } from '../../../src/picture/drawing';
import { canvasMeasure } from '../../../src/picture/paint';
import type { RatingChartInput, RatingSeries } from '../../../src/picture/rating-chart';
import {
  CHART_HEIGHT,
  CHART_WIDTH,
  chartRange,
  ratingChartDrawing,
  renderRatingChart,
} from '../../../src/picture/rating-chart';

const measure = canvasMeasure();

/** The PNG's size from its header, after checking the signature and that its pixels inflate to that size. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const rows = inflateSync(png.subarray(41, 41 + png.readUInt32BE(33)));
  expect(rows.length).toBe(height * (width * 3 + 1));
  return { width, height };
}

/** 50 games from 1,500: up and down, ending above where they started. */
const FIFTY = Array.from({ length: 51 }, (_, i) => 1500 + i * 9 + (i % 3 === 0 ? -20 : 0));
const olathe = (ratings: number[], provisional = false): RatingSeries => ({
  variant: 'olathe',
  ratings,
  games: Math.max(1, ratings.length - 1),
  provisional,
});
const balut = (ratings: number[]): RatingSeries => ({ ...olathe(ratings), variant: 'balut' });
const chart = (series: RatingSeries[], locale = 'en', name = 'Alice'): RatingChartInput => ({ name, locale, series });

const lines = (d: Drawing, colour: string) =>
  d.steps.filter((s): s is LineStep => s.kind === 'line' && s.color === colour && s.width === 2.5);
const dots = (d: Drawing, colour: string) =>
  d.steps.filter((s): s is RectStep => s.kind === 'rect' && s.fill === colour && s.radius === 4);
const words = (d: Drawing) => d.steps.filter((s): s is TextStep => s.kind === 'text').map((s) => s.text);
/** The plot's frame: the stroked rect. */
const frame = (d: Drawing) => d.steps.find((s): s is RectStep => s.kind === 'rect' && s.stroke === INK.grid)!;
const xs = (l: LineStep) => l.points.filter((_, i) => i % 2 === 0);
const ys = (l: LineStep) => l.points.filter((_, i) => i % 2 === 1);

describe('the rating chart', () => {
  it.each([
    ['one point', [olathe([1541], true)]],
    ['50 games', [olathe(FIFTY)]],
    ['two variants', [olathe(FIFTY), balut([1500, 1541, 1520])]],
    ['no line at all', []],
  ])('%s: a PNG of 600 × 300', async (_, series) => {
    const png = await renderRatingChart(chart(series));
    expect(pngSize(png)).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    expect([CHART_WIDTH, CHART_HEIGHT]).toEqual([600, 300]);
  });

  it('one point is a dot, named with its "?" in the legend', () => {
    const d = ratingChartDrawing(chart([olathe([1541], true)]), measure);
    expect(lines(d, INK.text)).toEqual([]);
    expect(dots(d, INK.text)).toHaveLength(1);
    expect(words(d)).toContain('Olathe 1,541?');
    expect(words(d)).toContain('the last rated game');
  });

  it('50 games are one line of 51 points inside the plot, the latest at the right, its rating marked', () => {
    const d = ratingChartDrawing(chart([olathe(FIFTY)]), measure);
    const [line] = lines(d, INK.text);
    expect(line!.points).toHaveLength(2 * 51);
    const f = frame(d);
    for (const x of xs(line!)) expect(x).toBeGreaterThan(f.x);
    for (const x of xs(line!)) expect(x).toBeLessThan(f.x + f.w);
    for (const y of ys(line!)) expect(y).toBeGreaterThan(f.y);
    for (const y of ys(line!)) expect(y).toBeLessThan(f.y + f.h);
    // Higher ratings are drawn higher up.
    expect(ys(line!).at(-1)!).toBeLessThan(ys(line!)[0]!);
    const dot = dots(d, INK.text)[0]!;
    expect(dot.x + 4).toBeCloseTo(xs(line!).at(-1)!);
    expect(words(d)).toContain(`Olathe ${FIFTY.at(-1)!.toLocaleString('en')}`);
    expect(words(d)).toContain('the last 50 rated games');
  });

  it('two variants end together at the latest game, in their own colours', () => {
    const d = ratingChartDrawing(chart([olathe(FIFTY), balut([1500, 1541, 1520])]), measure);
    const [o] = lines(d, INK.text);
    const [b] = lines(d, INK.gold);
    expect(xs(b!)).toHaveLength(3);
    expect(xs(b!).at(-1)).toBe(xs(o!).at(-1));
    expect(xs(b!)[0]!).toBeGreaterThan(xs(o!)[0]!);
    expect(words(d)).toEqual(expect.arrayContaining([`Olathe ${FIFTY.at(-1)!.toLocaleString('en')}`, 'Balut 1,520']));
  });

  it('equal values get a range around them: a flat line in the middle of the plot', () => {
    const range = chartRange([1500, 1500, 1500]);
    expect(range.low).toBeLessThan(1500);
    expect(range.high).toBeGreaterThan(1500);
    const d = ratingChartDrawing(chart([olathe([1500, 1500, 1500])]), measure);
    const [line] = lines(d, INK.text);
    const f = frame(d);
    expect(new Set(ys(line!)).size).toBe(1);
    expect(ys(line!)[0]!).toBeGreaterThan(f.y);
    expect(ys(line!)[0]!).toBeLessThan(f.y + f.h);
  });

  it('gridlines: at most five, round numbers, around every value', () => {
    for (const values of [[1500], [1500, 1541], FIFTY, [900, 2400], [1499, 1501]]) {
      const { low, high, step } = chartRange(values);
      expect(low).toBeLessThanOrEqual(Math.min(...values));
      expect(high).toBeGreaterThanOrEqual(Math.max(...values));
      expect((high - low) / step).toBeLessThanOrEqual(4);
      expect(low % step).toBe(0);
    }
  });

  it('in Danish: the words, and numbers with a point', () => {
    const d = ratingChartDrawing(chart([olathe([1500, 1541], true)], 'da'), measure);
    expect(words(d)).toEqual(expect.arrayContaining(['Alice — rating', 'det seneste bedømte spil', 'Olathe 1.541?']));
    expect(words(d).filter((w) => /^\d\.\d{3}$/.test(w)).length).toBeGreaterThanOrEqual(2);
  });

  it('odd values are left out, and a long name is cut to fit beside the legend', async () => {
    const name = `${'Ødegaard-Þórsdóttir 🎲 '.repeat(6)}<@123> **bold**`;
    const d = ratingChartDrawing(chart([olathe([1500, Number.NaN, Infinity, 1541])], 'en', name), measure);
    expect(lines(d, INK.text)[0]!.points).toHaveLength(4);
    const title = d.steps.find((s): s is TextStep => s.kind === 'text' && s.size === 22)!;
    expect(title.text.endsWith('…')).toBe(true);
    const legend = d.steps.find((s): s is TextStep => s.kind === 'text' && s.text.startsWith('Olathe'))!;
    expect(title.x + measure(title.text, 22, true)).toBeLessThan(legend.x);
    pngSize(await renderRatingChart(chart([olathe([1500, 1541])], 'en', name)));
  });
});
