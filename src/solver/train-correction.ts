// Trains the valuation's learned correction (correction.ts) in self-play: the expert plays solo games
// with the correction as it stands, and after each write the entries of the card it left are moved toward
// the value of the card after the next write — or the final score, after the last (temporal-difference
// learning, TD(0), on the cards after each write). Deterministic for the same options.
import type { ColumnKind, Variant } from '../game';
import { CATEGORIES, DEFAULT_THROWS, applyEvent, newGame, scoreCard, seededRng } from '../game';
import type { Correction } from './correction';
import { emptyCorrection } from './correction';
import { chooseDecision, decisionEvents } from './strategy';
import { cardModel, correctionEntries, estimateCard, paramsFor } from './valuation';

export interface TrainStage {
  games: number;
  /** The step size: each entry moves by alpha × the difference of values. */
  alpha: number;
}

export interface TrainOptions {
  variant: Variant;
  columns: readonly ColumnKind[];
  throwsPerTurn?: number;
  stages: readonly TrainStage[];
  /** Stage k plays the games of seed `seed + 100·k`. */
  seed: number;
  /** Continue from this correction (default: all zero). */
  from?: Correction;
  /** Called after every `every` games with the mean final score of those games. */
  onProgress?: (stage: number, gamesDone: number, meanFinal: number) => void;
  every?: number;
}

export function trainCorrection(options: TrainOptions): Correction {
  const { variant, columns } = options;
  const throwsPerTurn = options.throwsPerTurn ?? DEFAULT_THROWS;
  const correction = emptyCorrection(columns.length * CATEGORIES.length);
  if (options.from) correction.weights.set(options.from.weights);
  const params = { ...paramsFor(variant), correction };
  const gameOptions = { variant, columns, throwsPerTurn, predictions: false };
  const every = options.every ?? 2000;
  options.stages.forEach((stage, k) => {
    let sum = 0;
    for (let g = 0; g < stage.games; g++) {
      const rng = seededRng(`${options.seed + 100 * k}:${g}`);
      let state = newGame(gameOptions, ['trainee']);
      let previous: { entries: number[]; value: number } | null = null;
      while (state.status === 'playing') {
        const before = state.players[0]!.card;
        const decision = chooseDecision(state, 0, 'expert', { params });
        for (const event of decisionEvents(state, 0, decision, rng)) state = applyEvent(state, event);
        const card = state.players[0]!.card;
        if (card === before) continue;
        // A write: the card after it is the next state to learn from.
        const full = state.status !== 'playing';
        const m = full ? null : cardModel(card, variant, throwsPerTurn);
        const value = m ? estimateCard(m, params).value : scoreCard(card).final;
        if (previous) {
          const step = stage.alpha * (value - previous.value);
          for (const e of previous.entries) correction.weights[e]! += step;
        }
        previous = m ? { entries: correctionEntries(m), value } : null;
      }
      sum += scoreCard(state.players[0]!.card).final;
      if ((g + 1) % every === 0 || g + 1 === stage.games) {
        options.onProgress?.(k, g + 1, sum / ((g % every) + 1));
        sum = 0;
      }
    }
  });
  return correction;
}
