// The board's rules for clicks and moments (src/activity/page/board-logic.ts), from BoardView values as the
// server sends them: a die or a cell is clickable exactly when the card's control would be, a write asks first,
// a throw tumbles only the dice that were not held and never for reduced motion, each shout shows once.
import { describe, expect, it } from 'vitest';
import type { BoardPlayer, BoardView, BoardYou, FreeCell } from '../../../src/activity/board-view';
import {
  canClickCell,
  canClickDie,
  columnNames,
  hintMove,
  needsConfirmation,
  newShouts,
  reconnectDelay,
  shoutKey,
  tumblingDice,
  wasThrown,
  writeMove,
} from '../../../src/activity/page/board-logic';

const cell = (over: Partial<FreeCell> = {}): FreeCell => ({
  column: 0,
  category: 'sixes',
  points: 12,
  writable: true,
  scratch: false,
  ...over,
});

const you = (over: Partial<BoardYou> = {}): BoardYou => ({
  seat: 0,
  acting: true,
  stamp: '3.1',
  dice: [6, 6, 2, 3, 4],
  held: [false, false, false, false, false],
  throwsLeft: 2,
  canThrow: true,
  canHold: true,
  declarable: [],
  free: [cell()],
  predict: null,
  hint: null,
  ...over,
});

const player = (over: Partial<BoardPlayer> = {}): BoardPlayer => ({
  seat: 1,
  name: 'Bob',
  isBot: false,
  left: null,
  total: 0,
  rawTotal: 0,
  cells: [],
  dice: [1, 2, 3, 4, 5],
  held: [false, false, false, false, false],
  column: null,
  prediction: null,
  deadline: null,
  ...over,
});

describe('what the board lets a person click', () => {
  it('dice only while the card would let them hold: their turn, dice out, throws left', () => {
    expect(canClickDie(you())).toBe(true);
    expect(canClickDie(you({ canHold: false }))).toBe(false);
    expect(canClickDie(you({ acting: false }))).toBe(false);
    expect(canClickDie(null)).toBe(false);
  });

  it('a free cell only when it is writable now, with dice on the table, on their turn', () => {
    expect(canClickCell(you(), cell())).toBe(true);
    expect(canClickCell(you(), cell({ writable: false }))).toBe(false);
    expect(canClickCell(you({ dice: null }), cell())).toBe(false);
    expect(canClickCell(you({ acting: false }), cell())).toBe(false);
    expect(canClickCell(null, cell())).toBe(false);
  });

  it('a writable cell becomes a write with the stamp the board showed; a closed one none', () => {
    expect(writeMove(you(), cell({ column: 2, category: 'house' }))).toEqual({
      kind: 'write',
      column: 2,
      category: 'house',
      stamp: '3.1',
    });
    expect(writeMove(you(), cell({ writable: false }))).toBeNull();
  });

  it('writes and declarations ask first; holds, throws and predictions do not', () => {
    expect(needsConfirmation({ kind: 'write', column: 0, category: 'sixes', stamp: '1.1' })).toBe(true);
    expect(needsConfirmation({ kind: 'declare', column: 0, stamp: '1.0' })).toBe(true);
    expect(needsConfirmation({ kind: 'hold', die: 0, held: true, stamp: '1.1' })).toBe(false);
    expect(needsConfirmation({ kind: 'throw', stamp: '1.1' })).toBe(false);
    expect(needsConfirmation({ kind: 'predict', count: 2 })).toBe(false);
  });
});

describe("a hint's Apply", () => {
  const choice = { expectedFinal: 300, behindBest: 0, confirm: false };
  it('holds the first die whose hold differs, then throws once the holds match', () => {
    const held = [true, true, false, false, false];
    expect(hintMove(you(), { ...choice, kind: 'hold', held })).toEqual({
      kind: 'hold',
      die: 0,
      held: true,
      stamp: '3.1',
    });
    expect(hintMove(you({ held: [true, false, false, false, false] }), { ...choice, kind: 'hold', held })).toEqual({
      kind: 'hold',
      die: 1,
      held: true,
      stamp: '3.1',
    });
    expect(hintMove(you({ held }), { ...choice, kind: 'hold', held })).toEqual({ kind: 'throw', stamp: '3.1' });
  });

  it('writes and declares what the solver named', () => {
    expect(hintMove(you(), { ...choice, kind: 'write', column: 1, category: 'choice', confirm: true })).toEqual({
      kind: 'write',
      column: 1,
      category: 'choice',
      stamp: '3.1',
    });
    expect(hintMove(you(), { ...choice, kind: 'declare', column: 2, confirm: true })).toEqual({
      kind: 'declare',
      column: 2,
      stamp: '3.1',
    });
  });
});

describe('the throw as a moment', () => {
  it('the viewer: a stamp that moved on to a throw tumbles; a hold (same stamp) does not', () => {
    const after = player({ seat: 0 });
    expect(wasThrown(after, after, { before: '3.1', after: '3.2' })).toBe(true);
    expect(wasThrown(after, after, { before: '3.1', after: '3.1' })).toBe(false);
    // A new turn before its first throw has no dice to tumble.
    expect(wasThrown(after, player({ dice: null }), { before: '3.3', after: '4.0' })).toBe(false);
  });

  it('another seat: dice that were not held came out different', () => {
    const before = player({ dice: [1, 2, 3, 4, 5], held: [true, true, false, false, false] });
    expect(wasThrown(before, player({ dice: [1, 2, 6, 6, 6] }))).toBe(true);
    expect(wasThrown(before, player({ dice: [1, 2, 3, 4, 5], held: [true, true, true, false, false] }))).toBe(false);
    expect(wasThrown(player({ dice: null }), player())).toBe(true);
  });

  it('only the dice not held tumble, and none for reduced motion', () => {
    expect(tumblingDice([true, false, true, false, false], false)).toEqual([1, 3, 4]);
    expect(tumblingDice([false, false, false, false, false], true)).toEqual([]);
  });
});

describe('shouts, columns and reconnecting', () => {
  it('each five of a kind is shown once', () => {
    const shout = { seat: 1, name: 'Bob', dice: [6, 6, 6, 6, 6] as [6, 6, 6, 6, 6], key: '2.1' };
    const board = { shouts: [shout] } as unknown as BoardView;
    expect(newShouts(board, new Set())).toEqual([shout]);
    expect(newShouts(board, new Set([shoutKey(shout)]))).toEqual([]);
    expect(newShouts(board, new Set([shoutKey({ ...shout, key: '1.3' })]))).toEqual([shout]);
  });

  it('free columns are numbered as the card numbers them', () => {
    const name = (kind: string, n: number) => (kind === 'free' ? `Free ${n}` : kind);
    expect(columnNames(['free', 'down', 'free', 'up'], name)).toEqual(['Free 1', 'down', 'Free 2', 'up']);
  });

  it('waits longer after each failed try, never more than 10 s, with some spread', () => {
    const delays = [0, 1, 2, 3, 4, 5, 10].map((n) => reconnectDelay(n, () => 0));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(reconnectDelay(2, () => 1)).toBe(1600);
  });
});
