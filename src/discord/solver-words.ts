// The solver's choices in words. The solver answers with data (a column, a cell, dice to hold, expected
// scores); how a hint or an analysis reads, in the reader's language, is decided here.
import type { Category, GameOptions } from '../game';
import type { DecisionMove, Hint, HintChoice } from '../service/game-service';
import type { Translate } from './i18n';
import { categoryName, columnName, diceText } from './render/text';

/** Expected scores are estimates: two decimals say enough. */
export function expected(x: number): string {
  return x.toFixed(2);
}

/** "House (Free 2)": a cell as the card and the cell menu name it. */
export function cellName(t: Translate, options: GameOptions, column: number, category: Category): string {
  return `${categoryName(t, category, options.variant)} (${columnName(t, options.columns, column)})`;
}

/** A hint's choice as an instruction: "Hold ⚄ ⚄ and throw the other 3", "Stop and write House (Free 2)". */
export function choiceText(t: Translate, options: GameOptions, hint: Hint, choice: HintChoice): string {
  switch (choice.kind) {
    case 'declare':
      return t('solver.declare', { column: columnName(t, options.columns, choice.column) });
    case 'throw':
      return t('solver.throwAll');
    case 'hold':
      if (choice.keptDice.length === 0) {
        const left =
          hint.throwsLeft > 1 ? t('solver.throwsLeft', { throws: t('word.throws', { count: hint.throwsLeft }) }) : '';
        return `${t('solver.throwAllAgain')}${left}`;
      }
      return t('solver.hold', { dice: diceText(choice.keptDice), count: 5 - choice.keptDice.length });
    case 'write': {
      const cell = cellName(t, options, choice.column, choice.category);
      return t(hint.situation === 'hold' ? 'solver.stopAndWrite' : 'solver.write', { cell });
    }
  }
}

/** One sentence about the best choice: what to do, and what the card should then end with. */
export function hintSummary(t: Translate, options: GameOptions, hint: Hint): string {
  const best = hint.choices[0];
  if (!best) return '';
  const vars = { choice: choiceText(t, options, hint, best), points: expected(best.expectedFinal) };
  if (hint.situation === 'declare') return t('solver.summaryDeclare', vars);
  if (hint.situation === 'throw') return t('solver.summaryThrow', vars);
  return t('solver.summaryThen', vars);
}

/** A decision of the analysis: "hold ⚅ ⚅", "write House (Free 2)", "declare ↓ Down", "throw all five". */
export function decisionText(t: Translate, options: GameOptions, move: DecisionMove): string {
  switch (move.kind) {
    case 'declare':
      return t('analysis.declare', { column: columnName(t, options.columns, move.column) });
    case 'hold':
      return move.keptDice.length ? t('analysis.hold', { dice: diceText(move.keptDice) }) : t('analysis.throwAll');
    case 'write':
      return t('analysis.write', { cell: cellName(t, options, move.column, move.category) });
  }
}
