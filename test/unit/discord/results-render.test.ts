// The results: each player's score taken apart (raw, every incentive met or missed, the modifier's band, the
// final points), a table whose columns a 🤖 cannot shift, headlines that name a winner only when there is
// one, a finished card that says "final", counts with the right plural, and every Discord limit kept.
import { describe, expect, it } from 'vitest';
import type { Card, Category, Dice, GameOptions, GameState } from '../../../src/game';
import { CATEGORIES, modifierBand, newGame } from '../../../src/game';
import type { RenderableGame } from '../../../src/discord/render/view';
import { renderResults } from '../../../src/discord/render/results';
import { renderTurn } from '../../../src/discord/render/turn';
import { checkMessageLimits } from '../../../src/fake-discord/message-limits';
import type { MessageBody } from '../../../src/discord/render/turn';

const BALUT: GameOptions = {
  variant: 'balut',
  columns: ['free', 'free', 'free', 'free'],
  throwsPerTurn: 3,
  predictions: true,
};
const SIX: GameOptions = {
  variant: 'olathe',
  columns: ['free', 'free', 'free', 'free', 'down', 'up'],
  throwsPerTurn: 3,
  predictions: true,
};

type Filler = (category: Category, column: number) => Dice | null;

/** Raw 473 on four columns: Fours, Sixes, Straights, Choice and one Balut met; Fives and Houses missed. */
const alices: Filler = (category, column) =>
  (
    ({
      fours: [4, 4, 4, 4, 1],
      fives: [5, 5, 1, 2, 3],
      sixes: [6, 6, 6, 6, 2],
      straight: [2, 3, 4, 5, 6],
      house: column === 3 ? [1, 2, 3, 4, 6] : [3, 3, 3, 2, 2],
      choice: [6, 6, 5, 5, 4],
      olathe: column === 0 ? [6, 6, 6, 6, 6] : [1, 1, 1, 1, 2],
    }) as Record<Category, Dice>
  )[category];
/** Raw 36: nothing met, the lowest band. */
const scratches: Filler = () => [1, 1, 2, 2, 3];

function card(options: GameOptions, fill: Filler): Card {
  return {
    columns: options.columns.map((kind, column) => ({
      kind,
      cells: Object.fromEntries(CATEGORIES.map((c) => [c, fill(c, column)])) as Record<Category, Dice | null>,
    })),
  };
}

interface Seat {
  name: string;
  fill: Filler;
  bot?: boolean;
  left?: boolean;
}

function gameOf(options: GameOptions, seats: Seat[], status: RenderableGame['status'] = 'finished'): RenderableGame {
  const base = newGame(
    options,
    seats.map((_, i) => `u${i}`),
  );
  const state: GameState = {
    ...base,
    status: status === 'ended' ? 'ended' : 'finished',
    players: base.players.map((p, i) => ({ ...p, card: card(options, seats[i]!.fill), left: seats[i]!.left ?? false })),
  };
  return {
    id: 42,
    hostId: '100',
    status,
    options,
    turnTimeoutMs: 600_000,
    state,
    deadlines: {},
    players: seats.map((s, seat) => ({
      seat,
      userId: s.bot ? `bot:expert:${seat}` : String(100 + seat),
      name: s.name,
      isBot: s.bot ?? false,
    })),
  };
}

const description = (body: MessageBody) => body.embeds[0]!.description!;
const fields = (body: MessageBody) => body.embeds[0]!.fields!;
const limitsOf = (body: MessageBody) =>
  checkMessageLimits({ content: body.content ?? '', embeds: body.embeds, components: body.components, flags: 0 }).map(
    (v) => v.rule,
  );

describe("each player's score, taken apart", () => {
  it('raw points, every incentive met or missed, the modifier band and the final points', () => {
    const body = renderResults(
      gameOf(BALUT, [
        { name: 'Alice', fill: alices },
        { name: 'Bob', fill: scratches },
      ]),
    );
    const [alice, bob] = fields(body);
    expect(alice!.name).toBe('1. Alice — 14 points');
    expect(alice!.value.split('\n')).toEqual([
      '✓ Fours 64 (≥ 52) +2 · ✓ Sixes 96 (≥ 78) +2 · ✓ Choice 104 (≥ 100) +2 · ✓ Straights 4/4 +4 · ✓ 1 Balut +2',
      '✗ Fives 40/65 · ✗ Houses 3/4',
      'Raw 473 → modifier +2 (band 450–499)',
      'Bonus 12 + modifier +2 = **14**',
    ]);
    expect(bob!.name).toBe('2. Bob — −2 points');
    expect(bob!.value).toContain('No bonus met.');
    expect(bob!.value).toContain('Raw 36 → modifier −2 (band under 300)');
    expect(bob!.value).toContain('Bonus 0 + modifier −2 = **−2**');
  });

  it('the bands scale with the card: N/4 of each edge, as whole raw totals', () => {
    expect(modifierBand(473, 4)).toEqual({ modifier: 2, from: 450, to: 499 });
    expect(modifierBand(0, 4)).toEqual({ modifier: -2, from: null, to: 299 });
    expect(modifierBand(650, 4)).toEqual({ modifier: 6, from: 650, to: null });
    // Three columns: 225, 262.5, 300 … — 262 is still in the −1 band, 263 is not.
    expect(modifierBand(262, 3)).toEqual({ modifier: -1, from: 225, to: 262 });
    expect(modifierBand(263, 3)).toEqual({ modifier: 0, from: 263, to: 299 });
  });
});

describe('the standings table', () => {
  it("lines up computer players' rows with people's: names come last, the numbers never move", () => {
    const game = gameOf(BALUT, [
      { name: 'Alice', fill: alices },
      { name: '🤖 Turing (expert)', fill: scratches, bot: true },
      { name: '李小龍', fill: scratches, left: true },
    ]);
    const table = description(renderResults(game)).split('```')[1]!.split('\n').filter(Boolean);
    const [header, ...rows] = table;
    expect(header).toBe('    raw bonus  mod final');
    expect(rows).toEqual([
      '1.  473   +12   +2    14  Alice',
      '2.   36     0   −2    −2  🤖 Turing (expert)',
      '3.   36     0   −2    −2  李小龍 (left)',
    ]);
  });
});

describe('the headline names a winner only when there is one', () => {
  const two = (status: RenderableGame['status'] = 'finished') =>
    gameOf(
      BALUT,
      [
        { name: 'Alice', fill: alices },
        { name: 'Bob', fill: scratches },
      ],
      status,
    );

  it('a game two played to the end has a winner, or a shared win', () => {
    expect(description(renderResults(two()))).toMatch(/^🏆 <@100> wins with 14 points!/);
    const onRaw = gameOf(BALUT, [
      { name: 'Bob', fill: scratches },
      { name: 'Carol', fill: () => [1, 1, 2, 2, 4] },
    ]);
    expect(description(renderResults(onRaw))).toMatch(/^🏆 <@101> wins with −2 points, ahead on the raw total!/);
    const tie = gameOf(BALUT, [
      { name: 'Alice', fill: alices },
      { name: 'Bob', fill: alices },
    ]);
    expect(description(renderResults(tie))).toMatch(/^🏆 Shared win: <@100> and <@101> with 14 points each!/);
  });

  it('a solo game, or one the others left, "finished with"', () => {
    const solo = renderResults(gameOf(BALUT, [{ name: 'Bob', fill: scratches }]));
    expect(description(solo)).toMatch(/^🏁 <@100> finished with −2 points\.\n/);
    expect(description(solo)).not.toMatch(/wins/);
    const alone = gameOf(BALUT, [
      { name: 'Bob', fill: scratches },
      { name: 'Alice', fill: alices, left: true },
    ]);
    expect(description(renderResults(alone))).toMatch(
      /^🏁 <@100> finished with −2 points — the only one who played to the end\./,
    );
  });

  it('a game ended early says so, and why, and names no winner', () => {
    const stopped = renderResults(two('ended'));
    expect(stopped.embeds[0]!.title).toBe('🏁 Balut — game over (ended early)');
    expect(description(stopped)).toMatch(/^⏹ Game ended early — it was stopped before the cards were full\./);
    expect(description(stopped)).not.toMatch(/wins|Shared win/);
    const everyone = gameOf(
      BALUT,
      [
        { name: 'Alice', fill: alices, left: true },
        { name: '🤖', fill: scratches, bot: true },
      ],
      'ended',
    );
    expect(description(renderResults(everyone))).toMatch(/^⏹ Game ended early — everyone left\./);
    const gone = renderResults({ ...two('ended'), channelGone: true });
    expect(description(gone)).toMatch(/^⏹ Game ended early — its channel was deleted or closed to me\./);
  });
});

describe('Discord limits', () => {
  const longNames = (n: number, bots = 0): Seat[] =>
    Array.from({ length: n }, (_, i) => ({
      name: i < bots ? `🤖 Turing ${i + 1} (expert)` : `${'A player with a very long display name '.repeat(2)}${i}`,
      fill: i % 2 ? alices : scratches,
      bot: i < bots,
      left: i === n - 1,
    }));

  it('8 players on a 6-column card and in Balut: every field, the embed total, the table', () => {
    for (const options of [SIX, BALUT]) {
      const body = renderResults(gameOf(options, longNames(8, 3)), { analysis: true });
      expect(limitsOf(body)).toEqual([]);
      expect(fields(body)).toHaveLength(8);
      const embed = body.embeds[0]!;
      const total = [
        embed.title,
        embed.description,
        embed.footer?.text,
        ...fields(body).flatMap((f) => [f.name, f.value]),
      ]
        .map((s) => (s ?? '').length)
        .reduce((a, b) => a + b, 0);
      expect(total).toBeLessThanOrEqual(6000);
      expect(body.allowedMentions).toEqual({ parse: [] });
    }
  });
});

describe('cards and counts', () => {
  const olathe: GameOptions = { variant: 'olathe', columns: ['free', 'free'], throwsPerTurn: 1, predictions: false };

  it('a finished card says "final"; a card in play says "so far"', () => {
    const done = gameOf(BALUT, [{ name: 'Alice', fill: alices }]);
    expect(description(renderTurn(done, 0))).toContain('→ **14** points, final');
    const playing = { ...done, status: 'playing' as const, state: { ...done.state!, status: 'playing' as const } };
    const fresh = { ...playing, state: { ...newGame(olathe, ['u0']) }, options: olathe };
    expect(description(renderTurn(fresh, 0))).toContain('points so far');
    // A full card in a game still played by others cannot change either.
    expect(description(renderTurn(playing, 0))).toContain(', final');
  });

  it('"1 cell written", "2 cells written", "1 throw"', () => {
    const fresh = gameOf(olathe, [{ name: 'Alice', fill: () => null }]);
    const one = gameOf(olathe, [
      { name: 'Alice', fill: (c, col) => (c === 'fours' && col === 0 ? [4, 4, 1, 2, 3] : null) },
    ]);
    const two = gameOf(olathe, [{ name: 'Alice', fill: (c) => (c === 'fours' ? [4, 4, 1, 2, 3] : null) }]);
    const playing = (g: RenderableGame): RenderableGame => ({
      ...g,
      status: 'playing',
      state: { ...g.state!, status: 'playing' },
    });
    expect(renderTurn(playing(one), 0).embeds[0]!.footer!.text).toMatch(/· 1 cell written$/);
    expect(renderTurn(playing(two), 0).embeds[0]!.footer!.text).toMatch(/· 2 cells written$/);
    expect(description(renderTurn(playing(fresh), 0))).toContain('**1 throw** this turn');
  });
});
