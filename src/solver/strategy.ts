// What a computer player does next, the /olathe hint, and the post-game analysis: pure functions over the
// engine's GameState, built on the widget (best holds, exact for the throws left) and the valuation (what
// each final outcome is worth for the whole card).
//
// A bot turn is a sequence of engine events: declare (Olathe) → throw → hold toggles → throw … → write.
// `chooseDecision` answers one step at a time; `botEvents` turns that step into the engine events.
import type { Card, CellRef, Dice, GameEvent, GameOptions, GameState, Rng, Variant } from '../game';
import { CATEGORIES, applyEvent, declarableColumns, legalCells, newGame, seatsToAct, throwEvent } from '../game';
import type { Category } from '../game';
import type { OutcomeValues } from './widget';
import { bestHold, expectedValueBeforeFirstThrow, keepIndex, keepValue, outcomeIndex } from './widget';

const OUTCOME_COUNT = 252;
import type { OutcomeValuation, ValuationParams } from './valuation';
import { cardModel, dedupeCells, estimateCard, paramsFor, scoreTableFor, valueOutcomes } from './valuation';

export const DIFFICULTIES = ['easy', 'normal', 'expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export type Decision =
  | { readonly kind: 'declare'; readonly column: number }
  | { readonly kind: 'hold'; readonly held: boolean[] }
  | { readonly kind: 'throw' }
  | { readonly kind: 'write'; readonly column: number; readonly category: Category };

export interface StrategyOptions {
  /** Valuation parameters for expert; the tuned defaults for the variant unless given. */
  params?: ValuationParams;
}

// ---------- outcome values per difficulty ----------

/**
 * The difficulties:
 * - easy: greedy. Each outcome is worth the most points any legal cell gives it; holds aim at that, and the
 *   dice go where they score most. No thought for incentives or the modifier.
 * - normal: a bonus-aware player that chases the Straight, House and Olathe incentives and the modifier
 *   but not the Fours/Fives/Sixes/Choice totals, with short-sighted holds: each hold is chosen as if the
 *   next throw were the turn's last.
 * - expert: the valuation, and holds that are exact for every throw left (the widget).
 */
const NORMAL_WEIGHTS = [0, 0, 0, 1, 1, 0, 1];
// The normal player has no learned correction: it is the model's own heuristic player.
const NORMAL_PARAMS = {
  balut: { ...paramsFor('balut'), incentiveWeights: NORMAL_WEIGHTS, correction: undefined },
  olathe: { ...paramsFor('olathe'), incentiveWeights: NORMAL_WEIGHTS, correction: undefined },
} satisfies Record<Variant, ValuationParams>;
const NORMAL_HORIZON = 1;

const cache = new WeakMap<object, WeakMap<Card, Map<string, OutcomeValuation>>>();

function cellsFor(state: GameState, seat: number, column: number | null): CellRef[] {
  const player = state.players[seat]!;
  const cells = legalCells(player.card, state.options.variant === 'olathe' ? column : null);
  return dedupeCells(state.options.variant, cells);
}

/** Greedy values: the most points any legal cell gives the outcome (ties: the topmost cell). */
function greedyValuation(cells: readonly CellRef[]): OutcomeValuation {
  const table = scoreTableFor();
  const values = new Float64Array(OUTCOME_COUNT).fill(-Infinity);
  const bestCell = new Uint8Array(OUTCOME_COUNT);
  const valueOfCell = new Float64Array(cells.length * OUTCOME_COUNT);
  cells.forEach((ref, i) => {
    const ci = CATEGORIES.indexOf(ref.category);
    for (let o = 0; o < OUTCOME_COUNT; o++) {
      const v = table[ci * OUTCOME_COUNT + o]!;
      valueOfCell[i * OUTCOME_COUNT + o] = v;
      if (v > values[o]!) {
        values[o] = v;
        bestCell[o] = i;
      }
    }
  });
  return { values, bestCell, cells: cells.slice(), valueOfCell };
}

/** The outcome values a difficulty plays a turn with, for the cells of `column` (Olathe) or the card (Balut). */
export function turnValuation(
  state: GameState,
  seat: number,
  difficulty: Difficulty,
  column: number | null,
  options: StrategyOptions = {},
): OutcomeValuation {
  const variant = state.options.variant;
  const params = difficulty === 'normal' ? NORMAL_PARAMS[variant] : (options.params ?? paramsFor(variant));
  const cacheKeyObject = difficulty === 'easy' ? greedyValuation : params;
  const player = state.players[seat]!;
  let byCard = cache.get(cacheKeyObject);
  if (!byCard) cache.set(cacheKeyObject, (byCard = new WeakMap()));
  let byColumn = byCard.get(player.card);
  if (!byColumn) byCard.set(player.card, (byColumn = new Map()));
  const key = `${state.options.throwsPerTurn}/${column ?? '-'}`;
  let v = byColumn.get(key);
  if (!v) {
    const cells = cellsFor(state, seat, column);
    v =
      difficulty === 'easy'
        ? greedyValuation(cells)
        : valueOutcomes(player.card, state.options.variant, state.options.throwsPerTurn, cells, params);
    byColumn.set(key, v);
  }
  return v;
}

// ---------- one decision ----------

function sameMask(a: readonly boolean[], b: readonly boolean[]): boolean {
  for (let i = 0; i < 5; i++) if (Boolean(a[i]) !== Boolean(b[i])) return false;
  return true;
}

/** The column to declare (Olathe): the best expected turn, the leftmost on a tie. */
function chooseColumn(
  state: GameState,
  seat: number,
  difficulty: Difficulty,
  options: StrategyOptions,
): { column: number; ranking: { column: number; ev: number }[] } {
  const ranking = declarableColumns(state, seat).map((column) => ({
    column,
    ev: expectedValueBeforeFirstThrow(
      state.options.throwsPerTurn,
      turnValuation(state, seat, difficulty, column, options).values,
    ),
  }));
  ranking.sort((a, b) => b.ev - a.ev || a.column - b.column);
  return { column: ranking[0]!.column, ranking };
}

/**
 * What the player in `seat` does next, playing at `difficulty`. The state must be at a point where the
 * seat can act (its turn in Olathe; any time in Balut while its card has empty cells).
 */
export function chooseDecision(
  state: GameState,
  seat: number,
  difficulty: Difficulty,
  options: StrategyOptions = {},
): Decision {
  const player = state.players[seat];
  if (!player) throw new Error(`no seat ${seat}`);
  if (!seatsToAct(state).includes(seat)) throw new Error(`seat ${seat} cannot act now`);
  const turn = player.turn;
  if (state.options.variant === 'olathe' && turn.column === null) {
    return { kind: 'declare', column: chooseColumn(state, seat, difficulty, options).column };
  }
  if (turn.dice === null) return { kind: 'throw' };
  const valuation = turnValuation(state, seat, difficulty, turn.column, options);
  const o = outcomeIndex(turn.dice);
  const throwsLeft = state.options.throwsPerTurn - turn.throwsUsed;
  const write = (): Decision => {
    const ref = valuation.cells[valuation.bestCell[o]!]!;
    return { kind: 'write', column: ref.column, category: ref.category };
  };
  if (throwsLeft <= 0) return write();
  const horizon = difficulty === 'normal' ? Math.min(NORMAL_HORIZON, throwsLeft) : throwsLeft;
  const best = bestHold(turn.dice, horizon, valuation.values, { top: 1, currentlyHeld: turn.held });
  if (best.stop) return write();
  if (sameMask(best.held, turn.held)) return { kind: 'throw' };
  return { kind: 'hold', held: best.held };
}

/** The engine events that carry out one decision (a hold becomes one toggle per die that changes). */
export function decisionEvents(state: GameState, seat: number, decision: Decision, rng: Rng): GameEvent[] {
  switch (decision.kind) {
    case 'declare':
      return [{ type: 'declare', seat, column: decision.column }];
    case 'throw':
      return [throwEvent(state, seat, rng)];
    case 'write':
      return [{ type: 'write', seat, column: decision.column, category: decision.category }];
    case 'hold': {
      const current = state.players[seat]!.turn.held;
      const events: GameEvent[] = [];
      for (let die = 0; die < 5; die++)
        if (Boolean(current[die]) !== decision.held[die]) events.push({ type: 'hold', seat, die });
      return events;
    }
  }
}

/** The next step of a bot as engine events: `chooseDecision` then `decisionEvents`. */
export function botEvents(
  state: GameState,
  seat: number,
  difficulty: Difficulty,
  rng: Rng,
  options: StrategyOptions = {},
): GameEvent[] {
  return decisionEvents(state, seat, chooseDecision(state, seat, difficulty, options), rng);
}

/** Plays a bot's whole turn (or the rest of it), applying the events; returns the new state and the events. */
export function playBotTurn(
  state: GameState,
  seat: number,
  difficulty: Difficulty,
  rng: Rng,
  options: StrategyOptions = {},
): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  const turnsTaken = state.players[seat]!.turnsTaken;
  while (state.status === 'playing' && state.players[seat]!.turnsTaken === turnsTaken) {
    for (const event of botEvents(state, seat, difficulty, rng, options)) {
      state = applyEvent(state, event);
      events.push(event);
    }
  }
  return { state, events };
}

// ---------- the hint ----------

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

/** The estimated expected final score of a seat's card as it stands (nothing on the table counted). */
export function estimatedFinal(
  state: GameState,
  seat: number,
  params: ValuationParams = paramsFor(state.options.variant),
): number {
  const player = state.players[seat]!;
  return estimateCard(cardModel(player.card, state.options.variant, state.options.throwsPerTurn), params).value;
}

export type { Variant };
