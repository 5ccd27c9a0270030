// The /olathe hint and the post-game analysis: the solver's best choices for a seat now, and what each decision
// of a played game cost against them. Both answer with moves as data; the Discord layer words them.
import type { Dice, GameEvent, GameOptions, GameState } from '../game';
import type { Category } from '../game';
import { applyEvent, newGame, seatsToAct } from '../game';
import type { OutcomeValues } from './widget';
import { bestHold, expectedValueBeforeFirstThrow, keepIndex, keepValue, outcomeIndex } from './widget';
import type { StrategyOptions } from './strategy';
import { OUTCOME_COUNT, chooseColumn, turnValuation } from './strategy';

/** A choice as data; the Discord layer words it in the reader's language. */
export type Move =
  | { kind: 'declare'; column: number }
  | { kind: 'throw' }
  /** Hold these faces and throw the others; none held: throw all five again. */
  | { kind: 'hold'; held: boolean[]; keptDice: number[] }
  /** Write the dice on the table here (in the middle of a turn: stop throwing and write). */
  | { kind: 'write'; column: number; category: Category };

export type HintChoice = Move & {
  /** The estimated expected final score of the card after this choice (incentives + modifier). */
  expectedFinal: number;
  /** How much less than the best choice it is expected to end with (0 for the best). */
  behindBest: number;
};

export interface Hint {
  situation: 'declare' | 'throw' | 'hold' | 'write';
  /** Best first, at most three. */
  choices: HintChoice[];
  /** Throws the turn still allows after the dice on the table. */
  throwsLeft: number;
}

/**
 * The best three choices for the seat now, with expected final scores, for `/olathe hint`; null when the
 * seat has nothing to decide (not its turn, card full, game over). Expected values are the valuation's
 * estimate of the card's final score (incentives + modifier) with the solver's play from here on.
 */
export function hint(state: GameState, seat: number, options: StrategyOptions = {}): Hint | null {
  const player = state.players[seat];
  if (!player || !seatsToAct(state).includes(seat)) return null;
  const turn = player.turn;
  const throws = state.options.throwsPerTurn;
  const throwsLeft = throws - turn.throwsUsed;
  const finish = (situation: Hint['situation'], raw: Omit<HintChoice, 'behindBest'>[]): Hint => {
    const top = raw.slice(0, 3);
    const bestEv = top[0]?.expectedFinal ?? 0;
    const choices = top.map((c) => ({ ...c, behindBest: Math.max(0, bestEv - c.expectedFinal) }) as HintChoice);
    return { situation, choices, throwsLeft };
  };
  if (state.options.variant === 'olathe' && turn.column === null) {
    const { ranking } = chooseColumn(state, seat, 'expert', options);
    return finish(
      'declare',
      ranking.map((r) => ({ kind: 'declare' as const, column: r.column, expectedFinal: r.ev })),
    );
  }
  const valuation = turnValuation(state, seat, 'expert', turn.column, options);
  if (turn.dice === null) {
    const ev = expectedValueBeforeFirstThrow(throws, valuation.values);
    return finish('throw', [{ kind: 'throw', expectedFinal: ev }]);
  }
  const o = outcomeIndex(turn.dice);
  const writeChoices = valuation.cells
    .map((ref, i) => ({ ref, ev: valuation.valueOfCell[i * OUTCOME_COUNT + o]! }))
    .sort((a, b) => b.ev - a.ev);
  if (throwsLeft <= 0) {
    return finish(
      'write',
      writeChoices.map((w) => ({ kind: 'write' as const, ...w.ref, expectedFinal: w.ev })),
    );
  }
  const best = bestHold(turn.dice, throwsLeft, valuation.values, { top: 3, currentlyHeld: turn.held });
  const bestWrite = writeChoices[0]!.ref;
  return finish(
    'hold',
    best.ranking.map((c) =>
      c.stop
        ? {
            kind: 'write' as const,
            column: bestWrite.column,
            category: bestWrite.category,
            expectedFinal: c.expectedValue,
          }
        : { kind: 'hold' as const, held: c.held, keptDice: c.keptDice, expectedFinal: c.expectedValue },
    ),
  );
}

// ---------- post-game analysis ----------

/** A decision as the analysis tells it: a declaration, a hold (none held: throw all five), or a write. */
export type DecisionMove =
  | { kind: 'declare'; column: number }
  | { kind: 'hold'; keptDice: number[] }
  | { kind: 'write'; column: number; category: Category };

export interface AnalysedDecision {
  /** The player's turn, from 1. */
  turn: number;
  kind: 'declare' | 'hold' | 'write';
  /** The dice on the table when deciding (null for a declaration). */
  dice: number[] | null;
  /** Throws still allowed after the dice on the table. */
  throwsLeft: number;
  played: DecisionMove;
  best: DecisionMove;
  /** Expected final score of the played choice and of the best one; loss = best − played (≥ 0). */
  playedValue: number;
  bestValue: number;
  loss: number;
}

export interface Analysis {
  seat: number;
  decisions: AnalysedDecision[];
  /** Sum of the losses: points of expected final score given away against the solver. */
  totalLoss: number;
  /** The three costliest decisions, costliest first. */
  costliest: AnalysedDecision[];
  /**
   * Accuracy in %: the share of decisions whose loss is under `ACCURACY_TOLERANCE` (0.1 point of expected
   * final score) — a decision "as good as the solver's". 100 when there were no decisions.
   */
  accuracy: number;
}

/** A decision within this much expected final score of the best counts as accurate. */
export const ACCURACY_TOLERANCE = 0.1;

/**
 * For each decision of `seat` in a finished (or partly played) game — declarations, holds before each
 * re-throw, and the stop-and-write at the end of a turn — the expected final score lost against the
 * solver's (expert) choice. Timed-out turns are the bot's doing, not the player's, and are skipped.
 */
export function analyseGame(
  options: GameOptions,
  playerIds: readonly string[],
  events: readonly GameEvent[],
  seat: number,
  strategyOptions: StrategyOptions = {},
): Analysis {
  let state = newGame(options, playerIds);
  const decisions: AnalysedDecision[] = [];
  const throws = options.throwsPerTurn;
  for (const event of events) {
    if ('seat' in event && event.seat === seat) {
      const player = state.players[seat]!;
      const turnNo = player.turnsTaken + 1;
      if (event.type === 'declare') {
        const { ranking } = chooseColumn(state, seat, 'expert', strategyOptions);
        const played = ranking.find((r) => r.column === event.column);
        if (played) {
          decisions.push({
            turn: turnNo,
            kind: 'declare',
            dice: null,
            throwsLeft: throws,
            played: { kind: 'declare', column: event.column },
            best: { kind: 'declare', column: ranking[0]!.column },
            playedValue: played.ev,
            bestValue: ranking[0]!.ev,
            loss: Math.max(0, ranking[0]!.ev - played.ev),
          });
        }
      } else if ((event.type === 'throw' && player.turn.dice !== null) || event.type === 'write') {
        const dice = player.turn.dice;
        if (dice) decisions.push(analyseStep(state, seat, dice, event, turnNo, strategyOptions));
      }
    }
    state = applyEvent(state, event);
  }
  const totalLoss = decisions.reduce((s, d) => s + d.loss, 0);
  const costliest = decisions
    .map((d, i) => ({ d, i }))
    .sort((a, b) => b.d.loss - a.d.loss || a.i - b.i)
    .slice(0, 3)
    .map((x) => x.d);
  const accurate = decisions.filter((d) => d.loss < ACCURACY_TOLERANCE).length;
  return {
    seat,
    decisions,
    totalLoss,
    costliest,
    accuracy: decisions.length === 0 ? 100 : (100 * accurate) / decisions.length,
  };
}

function analyseStep(
  state: GameState,
  seat: number,
  dice: Dice,
  event: GameEvent,
  turnNo: number,
  strategyOptions: StrategyOptions,
): AnalysedDecision {
  const player = state.players[seat]!;
  const valuation = turnValuation(state, seat, 'expert', player.turn.column, strategyOptions);
  const throwsLeft = state.options.throwsPerTurn - player.turn.throwsUsed;
  const o = outcomeIndex(dice);
  const values: OutcomeValues = valuation.values;
  const bestWriteRef = valuation.cells[valuation.bestCell[o]!]!;
  let bestValue: number;
  let best: DecisionMove;
  const writeBest: DecisionMove = { kind: 'write', ...bestWriteRef };
  if (throwsLeft > 0) {
    const b = bestHold(dice, throwsLeft, values, { top: 1 });
    bestValue = b.expectedValue;
    best = b.stop ? writeBest : { kind: 'hold', keptDice: b.keptDice };
  } else {
    bestValue = valuation.values[o]!;
    best = writeBest;
  }
  let playedValue: number;
  let played: DecisionMove;
  if (event.type === 'write') {
    const ref = { column: event.column, category: event.category };
    const i = valuation.cells.findIndex(
      (c) => c.category === ref.category && (state.options.variant === 'balut' || c.column === ref.column),
    );
    playedValue = i >= 0 ? valuation.valueOfCell[i * OUTCOME_COUNT + o]! : bestValue;
    played = { kind: 'write', ...ref };
  } else {
    const kept = dice.filter((_, i) => player.turn.held[i]);
    playedValue = keepValue(keepIndex(kept), throwsLeft, values);
    played = { kind: 'hold', keptDice: [...kept].sort() };
  }
  return {
    turn: turnNo,
    kind: event.type === 'write' ? 'write' : 'hold',
    dice: [...dice],
    throwsLeft,
    played,
    best,
    playedValue,
    bestValue,
    loss: Math.max(0, bestValue - playedValue),
  };
}
