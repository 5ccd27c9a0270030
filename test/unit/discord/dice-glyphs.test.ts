// The dice as the renderers draw them: with the application's die emojis (buttons carry `emoji: { id, name }`,
// texts carry `<:die_N:id>`, never inside a code block or a label) and with the Unicode fallback ⚀–⚅. The
// longest messages that write dice stay within Discord's limits in both languages with 19-digit emoji ids.
import { afterEach, describe, expect, it } from 'vitest';
import type { GameOptions, GameState } from '../../../src/game';
import {
  applyEvent,
  declarableColumns,
  newGame,
  scriptedRng,
  seatsToAct,
  seededRng,
  throwEvent,
} from '../../../src/game';
import { writableCells } from '../../../src/game';
import type { Analysis, HintChoice, LastWrite, LogWork } from '../../../src/service/game-service';
import type { RenderableGame } from '../../../src/discord/render/view';
import type { MessageBody } from '../../../src/discord/render/turn';
import { renderTurn } from '../../../src/discord/render/turn';
import { logLine, renderScoreboard, renderShout } from '../../../src/discord/render/game-messages';
import { analysisEmbed } from '../../../src/discord/analysis';
import { choiceText } from '../../../src/discord/solver-words';
import type { DiceGlyphs } from '../../../src/discord/render/dice-glyphs';
import {
  UNICODE_DICE,
  diceGlyphs,
  diceLabelText,
  diceText,
  emojiDice,
  useDiceGlyphs,
} from '../../../src/discord/render/dice-glyphs';
import type { DieEmojis } from '../../../src/emoji/load-die-emojis';
import { DIE_FACES } from '../../../src/emoji/die-names';
import { checkMessageLimits } from '../../../src/fake-discord/message-limits';
import { tr } from '../../../src/discord/i18n';

/** Ids as long as Discord's snowflakes get (19 digits), so the size checks meet the longest text. */
const idOf = (face: number, held: boolean) => `12345678901234567${held ? 1 : 0}${face}`;
const EMOJIS: DieEmojis = {
  plain: Object.fromEntries(DIE_FACES.map((f) => [f, { id: idOf(f, false), name: `die_${f}` }])) as DieEmojis['plain'],
  held: Object.fromEntries(
    DIE_FACES.map((f) => [f, { id: idOf(f, true), name: `die_${f}_held` }]),
  ) as DieEmojis['held'],
};
const emoji = (face: number, held = false) => `<:die_${face}${held ? '_held' : ''}:${idOf(face, held)}>`;

const SIX_COLUMNS: GameOptions = {
  variant: 'olathe',
  columns: ['free', 'free', 'free', 'free', 'down', 'up'],
  throwsPerTurn: 5,
  predictions: true,
};

function gameOf(state: GameState, locale = 'en'): RenderableGame {
  return {
    id: 123456789,
    hostId: '100000000000000001',
    status: state.status === 'playing' ? 'playing' : state.status,
    options: state.options,
    turnTimeoutMs: 600_000,
    players: state.players.map((_, seat) => ({
      seat,
      userId: String(100000000000000001n + BigInt(seat)),
      name: `Player ${seat + 1} ${'W'.repeat(22)}`,
    })),
    state,
    deadlines: { [state.current]: 1_800_000_000_000 },
    locale,
  };
}

function limitsOf(body: MessageBody): string[] {
  const draft = { content: body.content ?? '', embeds: body.embeds, components: body.components, flags: 0 };
  return checkMessageLimits(draft).map((v) => v.rule);
}

type Button = { label?: string; emoji?: { id?: string; name?: string }; style: number };
const holdButtons = (body: MessageBody) => body.components[0]!.components as Button[];

/** Seat 0 declared Free 1, threw 4 4 2 4 6 and holds the second die. */
function heldTurn(options: GameOptions = SIX_COLUMNS): GameState {
  let state = newGame(options, ['a', 'b']);
  state = applyEvent(state, { type: 'declare', seat: 0, column: 0 });
  state = applyEvent(state, throwEvent(state, 0, scriptedRng([4, 4, 2, 4, 6])));
  return applyEvent(state, { type: 'hold', seat: 0, die: 1 });
}

/** Plays legal moves (first column, one throw, first cell) until every player has taken `turns` turns. */
function played(state: GameState, turns: number): GameState {
  const rng = seededRng(5);
  while (state.status === 'playing' && state.players.some((p) => p.turnsTaken < turns)) {
    const seat = seatsToAct(state)[0]!;
    const p = state.players[seat]!;
    if (state.options.variant === 'olathe' && p.turn.column === null)
      state = applyEvent(state, { type: 'declare', seat, column: declarableColumns(state, seat)[0]! });
    else if (!p.turn.dice) state = applyEvent(state, throwEvent(state, seat, rng));
    else state = applyEvent(state, { type: 'write', seat, ...writableCells(state, seat)[0]! });
  }
  return state;
}

let before: DiceGlyphs;
afterEach(() => useDiceGlyphs(before ?? UNICODE_DICE));
function drawWith(glyphs: DiceGlyphs): void {
  before = diceGlyphs();
  useDiceGlyphs(glyphs);
}

describe('dice drawn with the application emojis', () => {
  it("hold buttons carry the die's emoji, the held one when held, and keep the held style", () => {
    drawWith(emojiDice(EMOJIS));
    const body = renderTurn(gameOf(heldTurn()), 0);
    expect(limitsOf(body)).toEqual([]);
    const buttons = holdButtons(body);
    expect(buttons.map((b) => b.emoji)).toEqual([
      { id: idOf(4, false), name: 'die_4' },
      { id: idOf(4, true), name: 'die_4_held' },
      { id: idOf(2, false), name: 'die_2' },
      { id: idOf(4, false), name: 'die_4' },
      { id: idOf(6, false), name: 'die_6' },
    ]);
    expect(buttons.map((b) => b.style)).toEqual([2, 1, 2, 2, 2]);
    expect(buttons.every((b) => b.label === undefined)).toBe(true);
    // Each button has its own emoji object: changing one body never changes the next.
    expect(buttons[0]!.emoji).not.toBe(buttons[3]!.emoji);
  });

  it('the card writes the dice as emojis, the held die with its held look, outside the code block', () => {
    drawWith(emojiDice(EMOJIS));
    const description = renderTurn(gameOf(heldTurn()), 0).embeds[0]!.description!;
    expect(description).toContain(
      `Dice: ${emoji(4)} ${emoji(4, true)} ${emoji(2)} ${emoji(4)} ${emoji(6)} · held: ${emoji(4, true)}`,
    );
    const codeBlock = description.split('```')[1]!;
    expect(codeBlock).not.toContain('<:');
    expect(description).not.toMatch(/[⚀-⚅]/u);
  });

  it('the log line, the shout, the scoreboard, the hint and the analysis write emojis', () => {
    drawWith(emojiDice(EMOJIS));
    const state = newGame(
      { variant: 'balut', columns: ['free', 'free', 'free', 'free'], throwsPerTurn: 3, predictions: false },
      ['a'],
    );
    const game = gameOf(state);
    const work: LogWork = { kind: 'log', seat: 0, turn: 0, what: 'write', column: 0, category: 'choice', seq: 1 };
    expect(logLine(game, { ...work, dice: [5, 5, 4, 6, 4], score: 24 })).toBe(
      `**Player 1 ${'W'.repeat(22)}** wrote 24 in Choice (Free 1) — ${[5, 5, 4, 6, 4].map((f) => emoji(f)).join(' ')}`,
    );
    expect(renderShout(game, 0, [3, 3, 3, 3, 3]).embeds[0]!.description).toMatch(
      new RegExp(`^# ${Array(5).fill(emoji(3)).join(' ')}\\n`),
    );
    const last: LastWrite = {
      seat: 0,
      category: 'choice',
      column: 0,
      score: 24,
      dice: [5, 5, 4, 6, 4],
      timedOut: false,
    };
    const scoreboard = renderScoreboard(game, new Map([[0, last]])).embeds[0]!.description;
    expect(scoreboard).toContain(`— ${emoji(5)} ${emoji(5)} ${emoji(4)}`);
    const hold = {
      kind: 'hold',
      held: [true, true, false, false, false],
      keptDice: [6, 6],
      expectedFinal: 1,
      behindBest: 0,
    };
    const choice = hold as HintChoice;
    expect(choiceText(tr('en'), SIX_COLUMNS, { situation: 'hold', throwsLeft: 2, choices: [choice] }, choice)).toBe(
      `Hold ${emoji(6)} ${emoji(6)} and throw the other 3`,
    );
  });

  it('a button label keeps Unicode dice: custom emojis are not drawn there', () => {
    drawWith(emojiDice(EMOJIS));
    expect(diceText([1, 6])).toBe(`${emoji(1)} ${emoji(6)}`);
    expect(diceLabelText([1, 6])).toBe('⚀ ⚅');
  });

  it('the longest texts with dice stay within limits in English and Danish (8 players, long names)', () => {
    drawWith(emojiDice(EMOJIS));
    const eight = newGame(
      SIX_COLUMNS,
      Array.from({ length: 8 }, (_, i) => `u${i}`),
    );
    const late = played(eight, 12);
    for (const locale of ['en', 'da']) {
      const game = gameOf(late, locale);
      const seat = seatsToAct(late)[0]!;
      let turn = late;
      if (turn.players[seat]!.turn.column === null)
        turn = applyEvent(turn, { type: 'declare', seat, column: declarableColumns(turn, seat)[0]! });
      turn = applyEvent(turn, throwEvent(turn, seat, scriptedRng([6, 5, 4, 3, 2])));
      for (const die of [0, 1, 2, 3]) turn = applyEvent(turn, { type: 'hold', seat, die });
      expect(limitsOf(renderTurn(gameOf(turn, locale), seat))).toEqual([]);
      const everyone = new Map<number, LastWrite>(
        late.players.map((_, s) => [
          s,
          { seat: s, category: 'house', column: 3, score: 28, dice: [6, 6, 6, 5, 5], timedOut: true },
        ]),
      );
      const scoreboard = renderScoreboard(game, everyone);
      expect(limitsOf(scoreboard)).toEqual([]);
      expect(scoreboard.embeds[0]!.description).toContain(emoji(6));
      expect(limitsOf(renderShout(game, 7, [6, 6, 6, 6, 6]))).toEqual([]);
      const decision = {
        turn: 4,
        kind: 'hold' as const,
        dice: [6, 6, 2, 3, 6],
        throwsLeft: 1,
        played: { kind: 'hold' as const, keptDice: [6, 6, 2, 3] },
        best: { kind: 'hold' as const, keptDice: [6, 6, 6, 3] },
        playedValue: 10,
        bestValue: 11.5,
        loss: 1.5,
      };
      const analysis: Analysis & { options: GameOptions } = {
        seat: 0,
        decisions: [decision, decision, decision],
        totalLoss: 4.5,
        costliest: [decision, decision, decision],
        accuracy: 0,
        options: SIX_COLUMNS,
      };
      const embed = analysisEmbed(analysis, tr(locale));
      expect(limitsOf({ embeds: [embed], components: [] })).toEqual([]);
      expect(embed.description).toContain(emoji(6));
    }
  });
});

describe('dice drawn with the Unicode fallback', () => {
  it('hold buttons show the die and its number, 🔒 when held; the texts use ⚀–⚅', () => {
    drawWith(UNICODE_DICE);
    const body = renderTurn(gameOf(heldTurn()), 0);
    expect(limitsOf(body)).toEqual([]);
    const buttons = holdButtons(body);
    expect(buttons.map((b) => b.label)).toEqual(['⚃ 4', '⚃ 4 🔒', '⚁ 2', '⚃ 4', '⚅ 6']);
    expect(buttons.every((b) => b.emoji === undefined)).toBe(true);
    expect(buttons.map((b) => b.style)).toEqual([2, 1, 2, 2, 2]);
    expect(body.embeds[0]!.description).toContain('Dice: ⚃ ⚃ ⚁ ⚃ ⚅ · held: ⚃');
    expect(body.embeds[0]!.description).not.toContain('<:');
    expect(renderShout(gameOf(heldTurn()), 0, [2, 2, 2, 2, 2]).embeds[0]!.description).toMatch(/^# ⚁ ⚁ ⚁ ⚁ ⚁\n/);
  });

  it('is what the renderers draw until the bot chooses', () => {
    expect(diceGlyphs()).toBe(UNICODE_DICE);
    expect(diceText([3, 3])).toBe('⚂ ⚂');
  });
});
