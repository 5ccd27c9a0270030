// The score-sheet picture: a real PNG at least 600 px wide for 1, 2 and 8 players of each variant; the winner
// named and marked; names in any script, emoji and 100 characters drawn without throwing and kept inside their
// card; the game's language used; odd input drawn rather than thrown.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Dice, GameState, Variant } from '../../../src/game';
import { emptyCells } from '../../../src/game';
import { SAMPLE_DATE, finishedGame, sampleGame } from '../../../src/cli/sample-games';

import type { Drawing, TextStep } from '../../../src/picture/drawing';
import { canvasMeasure } from '../../../src/picture/paint';
import type { ScoreSheetInput } from '../../../src/picture/score-sheet';
import {
  cardSheetInput,
  renderScoreSheet,
  resultsSheetInput,
  scoreSheetDrawing,
} from '../../../src/picture/score-sheet';

const measure = canvasMeasure();
const games = new Map<string, GameState>();
/** Games played by the computer players, each played once for the whole file. */
function played(variant: Variant, players: number): GameState {
  const key = `${variant}:${players}`;
  let state = games.get(key);
  if (!state) games.set(key, (state = finishedGame(variant, players, `test:${key}`)));
  return state;
}

function resultsOf(variant: Variant, players: number, names?: string[], locale = 'en'): ScoreSheetInput {
  const game = sampleGame(played(variant, players), locale);
  if (names) game.players = game.players.map((p, seat) => ({ ...p, name: names[seat] ?? p.name }));
  return resultsSheetInput(game, SAMPLE_DATE);
}

/** The PNG's size from its header, after checking the signature and that its pixels inflate to that size. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatLength = png.readUInt32BE(33);
  expect(png.toString('latin1', 37, 41)).toBe('IDAT');
  const rows = inflateSync(png.subarray(41, 41 + idatLength));
  expect(rows.length).toBe(height * (width * 3 + 1));
  return { width, height };
}

const texts = (d: Drawing): TextStep[] => d.steps.filter((s): s is TextStep => s.kind === 'text');
const words = (d: Drawing): string[] => texts(d).map((s) => s.text);

/** Where a text step's ink starts and ends horizontally. */
function extent(s: TextStep): [number, number] {
  const w = measure(s.text, s.size, s.bold);
  if (s.align === 'left') return [s.x, s.x + w];
  if (s.align === 'right') return [s.x - w, s.x];
  return [s.x - w / 2, s.x + w / 2];
}

/** The cards' frames: the rects with the card's radius, in drawing order (the standings' order). */
const cards = (d: Drawing) => d.steps.filter((s) => s.kind === 'rect' && s.radius === 10);
const linesOf = (d: Drawing, color: string) => d.steps.filter((s) => s.kind === 'line' && s.color === color);
const MET = '#1d7a3a';
const MISSED = '#b3261e';

describe('the PNG', () => {
  for (const variant of ['balut', 'olathe'] as const) {
    for (const players of [1, 2, 8]) {
      it(`${variant}, ${players} player(s): a PNG at least 600 px wide holding every card`, async () => {
        const input = resultsOf(variant, players);
        const { width, height } = pngSize(await renderScoreSheet(input));
        expect(width).toBeGreaterThanOrEqual(600);
        expect(cards(scoreSheetDrawing(input, measure))).toHaveLength(players);
        expect(height).toBeGreaterThan(300 * Math.ceil(players / 2));
      });
    }
  }

  it("one player's card (/olathe card) is a PNG at least 600 px wide, without a place", async () => {
    const input = cardSheetInput(sampleGame(played('olathe', 2)), 1, SAMPLE_DATE);
    expect(pngSize(await renderScoreSheet(input)).width).toBeGreaterThanOrEqual(600);
    const d = scoreSheetDrawing(input, measure);
    expect(cards(d)).toHaveLength(1);
    expect(words(d)).toContain('Bjørn');
    expect(words(d)).toContain('Olathe — score sheet');
  });
});

describe('the winner', () => {
  it('is named and marked once, with a gold frame, first in the picture', () => {
    const input = resultsOf('balut', 8);
    const winner = input.players.find((p) => p.winner)!;
    expect(input.players.filter((p) => p.winner)).toHaveLength(1);
    expect(input.players[0]).toBe(winner);
    const d = scoreSheetDrawing(input, measure);
    expect(words(d)).toContain(winner.name);
    expect(words(d).filter((w) => w === 'Winner')).toHaveLength(1);
    expect(cards(d).map((c) => c.kind === 'rect' && c.stroke)).toEqual(['#b8860b', ...Array(7).fill('#cfc6ab')]);
  });

  it('is not marked in a game stopped early, which says so in its title', () => {
    const game = { ...sampleGame(played('olathe', 2)), status: 'ended' as const };
    const d = scoreSheetDrawing(resultsSheetInput(game, SAMPLE_DATE), measure);
    expect(words(d)).not.toContain('Winner');
    expect(words(d)[0]).toBe('Olathe — score sheets (ended early)');
  });
});

describe('names', () => {
  const odd = [
    'مرحبا بالعالم يا أصدقاء',
    '王小明の最高のサイコロ',
    '🎲🔥 Dice Queen 👩‍👩‍👧‍👦🏳️‍🌈',
    'W'.repeat(100),
    'Zoë\n<@123> **bold** `code`\u202Eevil',
  ];

  it('in any script, emoji, markdown or 100 characters render without throwing, and stay inside their card', async () => {
    for (const variant of ['balut', 'olathe'] as const) {
      const input = resultsOf(variant, 8, odd);
      pngSize(await renderScoreSheet(input));
      const d = scoreSheetDrawing(input, measure);
      const frames = cards(d);
      input.players.forEach((player, i) => {
        const frame = frames[i]!;
        if (frame.kind !== 'rect') throw new Error('not a card');
        const name = texts(d).find(
          (s) => s.size === 17 && s.x >= frame.x && s.x < frame.x + frame.w && s.y > frame.y && s.y < frame.y + 60,
        )!;
        const [left, right] = extent(name);
        expect(left).toBeGreaterThanOrEqual(frame.x);
        expect(right).toBeLessThanOrEqual(frame.x + frame.w - 12);
        if (player.name === 'W'.repeat(100)) expect(name.text).toMatch(/^W+…$/);
      });
      for (const s of texts(d)) {
        const [left, right] = extent(s);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(right).toBeLessThanOrEqual(d.width);
      }
    }
  });

  it('are drawn as text: markup stays as written, control characters become spaces', () => {
    const d = scoreSheetDrawing(resultsOf('balut', 8, odd), measure);
    const zoe = words(d).find((w) => w.startsWith('Zoë'))!;
    expect(zoe).toMatch(/^Zoë <@123> \*\*bold\*\*/);
    expect(zoe).not.toMatch(/\n/);
  });

  it('a name with nothing drawable is the seat', () => {
    const d = scoreSheetDrawing(resultsOf('balut', 2, ['\n\t', '']), measure);
    expect(words(d)).toEqual(expect.arrayContaining(['Seat 1', 'Seat 2']));
  });
});

describe('language', () => {
  it('Danish texts with locale da', () => {
    const all = words(scoreSheetDrawing(resultsOf('olathe', 2, undefined, 'da'), measure));
    expect(all).toEqual(
      expect.arrayContaining([
        'Olathe — pointblokke',
        'Firere',
        'Fuldt hus',
        'Vinder',
        'Fri 1',
        '↓ Ned',
        '26. november 2025',
      ]),
    );
    expect(all.some((w) => w.startsWith('Rå '))).toBe(true);
    expect(all).not.toContain('Fours');
    expect(all).not.toContain('Winner');
  });

  it('English with locale en, and for a locale there is no catalogue (nor Intl locale) for', () => {
    for (const locale of ['en', 'not a locale!']) {
      const all = words(scoreSheetDrawing(resultsOf('balut', 2, undefined, locale), measure));
      expect(all).toEqual(
        expect.arrayContaining(['Balut — score sheets', 'Fours', 'House', 'Winner', 'November 26, 2025']),
      );
    }
  });
});

describe('incentives and scores', () => {
  it('a met incentive is ticked with its points; a missed one struck, with how far it got', () => {
    const input = resultsOf('balut', 2);
    const player = input.players[0]!;
    const b = player.breakdown;
    const d = scoreSheetDrawing({ ...input, players: [player] }, measure);
    const all = words(d);
    const need = { fours: 52, fives: 65, sixes: 78, choice: 100 } as const;
    for (const [category, threshold] of Object.entries(need) as [keyof typeof need, number][]) {
      if (b.incentives[category] === 0) expect(all).toContain(`${b.categoryTotals[category]}/${threshold}`);
    }
    const earned = Object.entries(b.incentives).filter(([, points]) => points > 0);
    expect(linesOf(d, MET)).toHaveLength(earned.length);
    expect(linesOf(d, MISSED)).toHaveLength(6 - earned.filter(([c]) => c !== 'olathe').length);
    expect(all).toContain(String(b.final));
  });

  it('odd numbers draw as "?", and a game with no players still draws', async () => {
    const input = resultsOf('balut', 2);
    const player = input.players[0]!;
    const broken = { ...player.breakdown, rawTotal: Number.NaN, final: Number.POSITIVE_INFINITY };
    const d = scoreSheetDrawing({ ...input, players: [{ ...player, breakdown: broken }] }, measure);
    expect(words(d)).toContain('?');
    const empty = { ...input, players: [], date: Number.NaN, columns: [] };
    expect(pngSize(await renderScoreSheet(empty)).width).toBeGreaterThanOrEqual(600);
  });

  it('an unfinished card shows its score so far, nothing missed yet but a lost straight', () => {
    const game = sampleGame(played('olathe', 1));
    const first = game.state.players[0]!;
    // Only column 1's Fours and a scratched Straight are written: the straights are lost, the rest still open.
    const columns = first.card.columns.map((c, i) => ({
      kind: c.kind,
      cells: { ...emptyCells(), ...(i === 0 ? { fours: c.cells.fours, straight: [1, 1, 2, 2, 3] as Dice } : {}) },
    }));
    const state = { ...game.state, status: 'playing' as const, players: [{ ...first, card: { columns } }] };
    const d = scoreSheetDrawing(cardSheetInput({ ...game, status: 'playing', state }, 0, SAMPLE_DATE), measure);
    expect(words(d)).toContain('SO FAR');
    expect(linesOf(d, MISSED)).toHaveLength(1);
  });
});
