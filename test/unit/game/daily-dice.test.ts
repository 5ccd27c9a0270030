// The daily challenge's dice: a face per position (day, turn, throw, die) from a keyed hash, held dice kept,
// the same for the same inputs and different for another day or another key; fair by rejection sampling.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Face, KeyedHash } from '../../../src/game';
import {
  applyEvent,
  dailyFace,
  dailyRng,
  dailyThrow,
  positionLabel,
  throwEvent,
  timeoutEvent,
} from '../../../src/game';
import { DAILY_OPTIONS, dailyHash, solverDaily, utcDay } from '../../../src/service/daily';
import { newGame } from '../../../src/game';

const hmac = (secret: string): KeyedHash => dailyHash(secret);
const KEY = hmac('a-test-secret-of-some-length');
const DAY = '2026-11-24';

/** A hash that answers from a script, to drive the rejection sampling. */
function scripted(...answers: number[][]): KeyedHash & { asked: string[] } {
  const asked: string[] = [];
  const hash = ((message: string) => {
    asked.push(message);
    return Uint8Array.from(answers[asked.length - 1] ?? []);
  }) as KeyedHash & { asked: string[] };
  hash.asked = asked;
  return hash;
}

describe('dailyFace', () => {
  it('hashes "<day>:<turn>:<throw>:<die>" with the key: HMAC-SHA256 under the secret', () => {
    const p = { day: DAY, turn: 3, throwNo: 1, die: 4 };
    expect(positionLabel(p)).toBe('2026-11-24:3:1:4');
    const digest = createHmac('sha256', 'a-test-secret-of-some-length').update('2026-11-24:3:1:4').digest();
    const first = digest.find((b) => b < 252)!;
    expect(dailyFace(KEY, p)).toBe((first % 6) + 1);
  });

  it('skips bytes of 252 and more, and hashes again with a counter when a whole digest is skipped', () => {
    expect(dailyFace(scripted([255, 252, 7]), { day: DAY, turn: 0, throwNo: 0, die: 0 })).toBe(2);
    const hash = scripted([253, 254, 255], [251]);
    expect(dailyFace(hash, { day: DAY, turn: 0, throwNo: 0, die: 0 })).toBe(6);
    expect(hash.asked).toEqual(['2026-11-24:0:0:0', '2026-11-24:0:0:0#1']);
  });

  it('is the same for the same inputs, and differs with the day, the key and the position', () => {
    const at = { day: DAY, turn: 0, throwNo: 0 };
    const throwOf = (key: KeyedHash, day = DAY) => dailyThrow(key, { ...at, day }, null, []);
    expect(throwOf(KEY)).toEqual(throwOf(hmac('a-test-secret-of-some-length')));
    // One throw could match by chance (1 in 6^5); a whole day's first throws cannot.
    const day = (key: KeyedHash, d = DAY) =>
      Array.from({ length: 28 }, (_, turn) => dailyThrow(key, { day: d, turn, throwNo: 0 }, null, []).join('')).join();
    expect(day(KEY)).toBe(day(hmac('a-test-secret-of-some-length')));
    expect(day(KEY, '2026-11-25')).not.toBe(day(KEY));
    expect(day(hmac('another-secret-entirely'))).not.toBe(day(KEY));
    const second = Array.from({ length: 28 }, (_, turn) =>
      dailyThrow(KEY, { day: DAY, turn, throwNo: 1 }, null, []).join(''),
    ).join();
    expect(second).not.toBe(day(KEY));
  });

  it('gives each face about a sixth of the time', () => {
    const counts = [0, 0, 0, 0, 0, 0, 0];
    const n = 30_000;
    for (let i = 0; i < n; i++) counts[dailyFace(KEY, { day: DAY, turn: i, throwNo: i % 3, die: i % 5 })]!++;
    // Chi-square with 5 degrees of freedom: 20.5 is the 0.1% point.
    const chi = counts.slice(1).reduce((sum, c) => sum + (c - n / 6) ** 2 / (n / 6), 0);
    expect(chi).toBeLessThan(20.5);
  });
});

describe('a daily throw', () => {
  it('keeps the held dice and gives the others the faces of their positions', () => {
    const at = { day: DAY, turn: 5, throwNo: 1 };
    const previous = [1, 2, 3, 4, 5] as [Face, Face, Face, Face, Face];
    const dice = dailyThrow(KEY, at, previous, [true, false, true, false, false]);
    expect(dice[0]).toBe(1);
    expect(dice[2]).toBe(3);
    for (const die of [1, 3, 4]) expect(dice[die]).toBe(dailyFace(KEY, { ...at, die }));
  });

  it("is what the engine's throwEvent and timeoutEvent make with the day's dice source", () => {
    let state = newGame(DAILY_OPTIONS, ['ann']);
    state = applyEvent(state, { type: 'declare', seat: 0, column: 0 });
    const first = throwEvent(state, 0, dailyRng(KEY, DAY, state, 0));
    expect(first).toEqual({
      type: 'throw',
      seat: 0,
      dice: dailyThrow(KEY, { day: DAY, turn: 0, throwNo: 0 }, null, []),
    });
    expect(timeoutEvent(state, 0, dailyRng(KEY, DAY, state, 0))).toEqual({
      type: 'timeout',
      seat: 0,
      dice: first.type === 'throw' ? first.dice : null,
    });
    state = applyEvent(state, first);
    state = applyEvent(state, { type: 'hold', seat: 0, die: 1 });
    state = applyEvent(state, { type: 'hold', seat: 0, die: 3 });
    const second = throwEvent(state, 0, dailyRng(KEY, DAY, state, 0));
    const expected = dailyThrow(
      KEY,
      { day: DAY, turn: 0, throwNo: 1 },
      state.players[0]!.turn.dice,
      state.players[0]!.turn.held,
    );
    expect(second).toEqual({ type: 'throw', seat: 0, dice: expected });
    // The next turn reads the next positions, whichever column is declared.
    state = applyEvent(applyEvent(state, second), { type: 'write', seat: 0, column: 0, category: 'choice' });
    const other = applyEvent(state, { type: 'declare', seat: 0, column: 3 });
    expect(throwEvent(other, 0, dailyRng(KEY, DAY, other, 0))).toEqual({
      type: 'throw',
      seat: 0,
      dice: dailyThrow(KEY, { day: DAY, turn: 1, throwNo: 0 }, null, []),
    });
  });
});

describe('the daily parts', () => {
  it('names the UTC day of a moment: 23:59:59.999 is still the day, midnight the next', () => {
    expect(utcDay(Date.UTC(2026, 10, 24, 23, 59, 59, 999))).toBe('2026-11-24');
    expect(utcDay(Date.UTC(2026, 10, 25, 0, 0, 0))).toBe('2026-11-25');
  });

  it("plays the expert solver's game on the day's dice, the same every time", () => {
    const once = solverDaily(KEY, DAY);
    expect(solverDaily(KEY, DAY)).toEqual(once);
    expect(once.final).toBeGreaterThanOrEqual(-2);
    expect(once.final).toBeLessThanOrEqual(29);
    expect(once.raw).toBeGreaterThan(0);
  }, 30_000);
});
