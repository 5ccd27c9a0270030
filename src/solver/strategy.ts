// What a computer player does next: pure functions over the engine's GameState, built on the widget (best holds, exact for the throws left) and the valuation (what
// each final outcome is worth for the whole card).
//
// A bot turn is a sequence of engine events: declare (Olathe) → throw → hold toggles → throw … → write.
// `chooseDecision` answers one step at a time; `botEvents` turns that step into the engine events. The hint and
// the post-game analysis, built on the same valuation, are in advice.ts.
import type { Card, CellRef, GameEvent, GameState, Rng, Variant } from '../game';
import { CATEGORIES, applyEvent, declarableColumns, legalCells, seatsToAct, throwEvent } from '../game';
import type { Category } from '../game';
import { bestHold, expectedValueBeforeFirstThrow, outcomeIndex } from './widget';

/** How many different outcomes five dice have (unordered). */
export const OUTCOME_COUNT = 252;
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
export function chooseColumn(
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
