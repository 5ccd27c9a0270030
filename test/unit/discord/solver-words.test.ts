// The solver answers with data; the hint and the analysis word it in the reader's language. Every kind of
// choice and decision, in English and Danish: the right names of columns, cells and dice, no raw keys.
import { describe, expect, it } from 'vitest';
import { layoutColumns } from '../../../src/game';
import type { GameOptions } from '../../../src/game';
import type { Analysis, Hint, HintChoice } from '../../../src/service/game-service';
import { analysisEmbed } from '../../../src/discord/analysis';
import { choiceText, decisionText, hintSummary } from '../../../src/discord/solver-words';
import { tr } from '../../../src/discord/i18n';

const options: GameOptions = {
  variant: 'olathe',
  columns: layoutColumns({ free: 2, down: 1, up: 1 }),
  throwsPerTurn: 3,
  predictions: false,
};
const en = tr('en');
const da = tr('da');

const choice = (c: object): HintChoice => ({ ...c, expectedFinal: 12.345, behindBest: 0 }) as HintChoice;
const hintOf = (situation: Hint['situation'], throwsLeft: number, c: HintChoice): Hint => ({
  situation,
  throwsLeft,
  choices: [c],
});

describe("the solver's choices in words", () => {
  it('words each kind of hint choice with the names of the reader', () => {
    const declare = choice({ kind: 'declare', column: 2 });
    expect(choiceText(en, options, hintOf('declare', 3, declare), declare)).toBe('Declare ↓ Down');
    expect(choiceText(da, options, hintOf('declare', 3, declare), declare)).toBe('Vælg ↓ Ned');
    const hold = choice({ kind: 'hold', held: [true, true, false, false, false], keptDice: [6, 6] });
    expect(choiceText(en, options, hintOf('hold', 2, hold), hold)).toBe('Hold ⚅ ⚅ and throw the other 3');
    expect(choiceText(da, options, hintOf('hold', 2, hold), hold)).toBe('Hold ⚅ ⚅ og kast de andre 3');
    const again = choice({ kind: 'hold', held: [false, false, false, false, false], keptDice: [] });
    expect(choiceText(en, options, hintOf('hold', 2, again), again)).toBe('Throw all five dice again (2 throws left)');
    expect(choiceText(en, options, hintOf('hold', 1, again), again)).toBe('Throw all five dice again');
    const write = choice({ kind: 'write', column: 0, category: 'house' });
    expect(choiceText(en, options, hintOf('hold', 1, write), write)).toBe('Stop and write House (Free 1)');
    expect(choiceText(en, options, hintOf('write', 0, write), write)).toBe('Write House (Free 1)');
    expect(choiceText(da, options, hintOf('write', 0, write), write)).toBe('Skriv Fuldt hus (Fri 1)');
  });

  it('sums up the best choice with its expected final score', () => {
    const first = choice({ kind: 'throw' });
    expect(hintSummary(en, options, hintOf('throw', 3, first))).toBe(
      'Throw all five dice — with the best play your card is expected to end near 12.35 points.',
    );
    expect(hintSummary(da, options, hintOf('throw', 3, first))).toMatch(
      /^Kast alle fem terninger — .* 12\.35 point\.$/,
    );
  });

  it('words the decisions of the analysis, and the whole analysis in Danish', () => {
    expect(decisionText(en, options, { kind: 'hold', keptDice: [] })).toBe('throw all five');
    expect(decisionText(da, options, { kind: 'write', column: 3, category: 'olathe' })).toBe('skriv Olathe (↑ Op)');
    const decision = {
      turn: 4,
      kind: 'hold' as const,
      dice: [6, 6, 2, 3, 6],
      throwsLeft: 1,
      played: { kind: 'hold' as const, keptDice: [2, 3] },
      best: { kind: 'hold' as const, keptDice: [6, 6, 6] },
      playedValue: 10,
      bestValue: 11.5,
      loss: 1.5,
    };
    const analysis: Analysis & { options: GameOptions } = {
      seat: 0,
      decisions: [decision],
      totalLoss: 1.5,
      costliest: [decision],
      accuracy: 0,
      options,
    };
    const danish = analysisEmbed(analysis, da);
    expect(danish.title).toBe(da('analysis.title'));
    expect(danish.description).toContain(
      '1. Tur 4 med ⚅ ⚅ ⚁ ⚂ ⚅: du valgte *hold ⚁ ⚂*; bedst var *hold ⚅ ⚅ ⚅* — **−1.50**',
    );
    const english = analysisEmbed(analysis, en);
    expect(english.description).toContain('you chose *hold ⚁ ⚂*; best was *hold ⚅ ⚅ ⚅*');
    for (const text of [danish.description, danish.footer?.text, english.description])
      expect(text).not.toMatch(/\{\{|analysis\.|solver\./);
  });
});
