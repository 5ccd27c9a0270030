import { describe, expect, it } from 'vitest';
import {
  KEEP_COUNT,
  OUTCOME_COUNT,
  bestHold,
  expectedValueBeforeFirstThrow,
  finalOutcomeDistribution,
  keepDice,
  keepIndex,
  keepValue,
  outcomeDice,
  outcomeIndex,
  widgetTables,
} from '../../../src/solver/widget';
import { scoreCell } from '../../../src/game/index';

const isYahtzee = (o: number): number => {
  const d = outcomeDice(o);
  return d.every((x) => x === d[0]) ? 1 : 0;
};
const fours = (o: number): number => scoreCell('fours', outcomeDice(o));

describe('widget tables', () => {
  const t = widgetTables();

  it('has the 252 sorted outcomes and the 462 kept multisets', () => {
    expect(OUTCOME_COUNT).toBe(252);
    expect(KEEP_COUNT).toBe(462);
    const outcomes = new Set<string>();
    for (let o = 0; o < OUTCOME_COUNT; o++) {
      const d = outcomeDice(o);
      expect(d).toHaveLength(5);
      expect([...d].sort()).toEqual(d);
      outcomes.add(d.join(''));
      expect(outcomeIndex([...d].reverse())).toBe(o);
    }
    expect(outcomes.size).toBe(252);
    const keeps = new Set<string>();
    for (let k = 0; k < KEEP_COUNT; k++) keeps.add(keepDice(k).join(''));
    expect(keeps.size).toBe(462);
    expect(t.keepSize.filter((s) => s === 5)).toHaveLength(252);
    expect(t.keepSize.filter((s) => s === 0)).toHaveLength(1);
  });

  it('has transition rows that each sum to 1 and lead to outcomes containing the keep', () => {
    let worst = 0;
    let notContaining = 0;
    for (let k = 0; k < KEEP_COUNT; k++) {
      let sum = 0;
      const kept = keepDice(k);
      for (let i = t.trStart[k]!; i < t.trStart[k + 1]!; i++) {
        sum += t.trProb[i]!;
        const rest = outcomeDice(t.trOutcome[i]!);
        for (const f of kept) {
          const at = rest.indexOf(f);
          if (at < 0) notContaining++;
          else rest.splice(at, 1);
        }
      }
      worst = Math.max(worst, Math.abs(sum - 1));
    }
    expect(worst).toBeLessThan(1e-12);
    expect(notContaining).toBe(0);
    expect(t.trOutcome).toHaveLength(4368);
    // The first throw: 252 outcomes, with multinomial probabilities (11111 is 1/7776, 12345 is 120/7776).
    const first = new Map<number, number>();
    for (let i = t.trStart[t.emptyKeep]!; i < t.trStart[t.emptyKeep + 1]!; i++)
      first.set(t.trOutcome[i]!, t.trProb[i]!);
    expect(first.size).toBe(252);
    expect(first.get(outcomeIndex([1, 1, 1, 1, 1]))).toBeCloseTo(1 / 7776, 15);
    expect(first.get(outcomeIndex([1, 2, 3, 4, 5]))).toBeCloseTo(120 / 7776, 15);
  });

  it('builds quickly, once', () => {
    expect(t.buildMs).toBeGreaterThan(0);
    expect(t.buildMs).toBeLessThan(500); // the goal is 50 ms; the bench reports the real figure
    expect(widgetTables()).toBe(t);
  });
});

describe('optimal turns', () => {
  it('makes five of a kind within 3 throws with probability 2,783,176 / 60,466,176', () => {
    expect(Math.abs(expectedValueBeforeFirstThrow(3, isYahtzee) - 2783176 / 60466176)).toBeLessThan(1e-9);
  });

  it('expects 8.426 points aiming for Fours alone for 3 throws', () => {
    const ev = expectedValueBeforeFirstThrow(3, fours);
    expect(Math.abs(ev - 8.426)).toBeLessThan(0.001);
    expect(ev).toBeCloseTo(4 * 5 * (1 - (5 / 6) ** 3), 10); // each die ends a 4 with probability 1 − (5/6)³
  });

  it('agrees with the closed forms for 1 to 5 throws', () => {
    for (let throws = 1; throws <= 5; throws++) {
      expect(expectedValueBeforeFirstThrow(throws, fours)).toBeCloseTo(20 * (1 - (5 / 6) ** throws), 10);
    }
    expect(expectedValueBeforeFirstThrow(1, isYahtzee)).toBeCloseTo(6 / 7776, 15);
  });

  it('holds the fours when aiming for Fours, and stops when no throw is left', () => {
    const best = bestHold([4, 1, 4, 6, 2], 2, fours);
    expect(best.keptDice).toEqual([4, 4]);
    expect(best.held).toEqual([true, false, true, false, false]);
    expect(best.stop).toBe(false);
    expect(best.expectedValue).toBeCloseTo(8 + 3 * 4 * (1 - (5 / 6) ** 2), 10);
    const last = bestHold([4, 1, 4, 6, 2], 0, fours);
    expect(last.stop).toBe(true);
    expect(last.expectedValue).toBe(8);
    expect(last.held).toEqual([true, true, true, true, true]);
  });

  it('stops on five of a kind and ranks the holds best first', () => {
    const best = bestHold([3, 3, 3, 3, 3], 2, isYahtzee);
    expect(best.stop).toBe(true);
    expect(best.expectedValue).toBe(1);
    const r = bestHold([6, 6, 6, 2, 1], 2, isYahtzee, { top: 3 });
    expect(r.ranking).toHaveLength(3);
    expect(r.keptDice).toEqual([6, 6, 6]);
    for (let i = 1; i < r.ranking.length; i++)
      expect(r.ranking[i]!.expectedValue).toBeLessThanOrEqual(r.ranking[i - 1]!.expectedValue);
    // The expected value of a hold matches keepValue.
    expect(keepValue(keepIndex([6, 6, 6]), 2, isYahtzee)).toBeCloseTo(r.expectedValue, 12);
  });

  it('prefers the dice already held when several dice would do', () => {
    const r = bestHold([4, 4, 4, 1, 2], 1, fours, { currentlyHeld: [false, true, true, false, false] });
    expect(r.held).toEqual([true, true, true, false, false]);
    const s = bestHold([5, 1, 5, 2, 3], 1, (o) => scoreCell('fives', outcomeDice(o)), {
      currentlyHeld: [false, false, true, false, false],
    });
    expect(s.held).toEqual([true, false, true, false, false]);
  });

  it('gives a final distribution that sums to 1 and matches the expected value', () => {
    const d = finalOutcomeDistribution(3, isYahtzee);
    let total = 0;
    let p = 0;
    d.forEach((m, o) => {
      total += m;
      p += m * isYahtzee(o);
    });
    expect(total).toBeCloseTo(1, 12);
    expect(p).toBeCloseTo(2783176 / 60466176, 12);
  });

  it('accepts the values as an array as well as a function', () => {
    const values = Array.from({ length: OUTCOME_COUNT }, (_, o) => fours(o));
    expect(expectedValueBeforeFirstThrow(3, values)).toBeCloseTo(expectedValueBeforeFirstThrow(3, fours), 12);
    expect(() => expectedValueBeforeFirstThrow(3, [1, 2, 3])).toThrow();
  });
});
