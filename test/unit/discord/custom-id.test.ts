import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ComponentId } from '../../../src/discord/custom-id';
import {
  MAX_CUSTOM_ID_LENGTH,
  encodeCellValue,
  encodeCustomId,
  parseCellValue,
  parseCustomId,
  parseSmallNumber,
} from '../../../src/discord/custom-id';

const samples: ComponentId[] = [
  { action: 'join', gameId: 1 },
  { action: 'cancel', gameId: 987654321 },
  { action: 'throw', gameId: 42, seat: 7, stamp: '27.2' },
  { action: 'hold', gameId: 42, seat: 0, stamp: '0.1', die: 4 },
  { action: 'hold', gameId: 42, seat: 0, stamp: '0.1', die: 4, held: true },
  { action: 'hold', gameId: 42, seat: 3, stamp: '2.2', die: 0, held: false },
  { action: 'write', gameId: 3, seat: 2, stamp: '5.3' },
  { action: 'write', gameId: 3, seat: 2, stamp: '5.3', menu: 2 },
  { action: 'apply', gameId: 3, seat: 2, stamp: '5.1', move: { kind: 'hold', held: [true, false, false, true, true] } },
  { action: 'apply', gameId: 3, seat: 2, stamp: '5.3', move: { kind: 'write', column: 3, category: 'straight' } },
  { action: 'confirm', gameId: 3, seat: 2, stamp: '5.3', move: { kind: 'write', column: 0, category: 'olathe' } },
  { action: 'confirm', gameId: 3, seat: 2, stamp: '5.0', move: { kind: 'declare', column: 1 } },
  { action: 'apply', gameId: 3, seat: 2, stamp: '5.0', move: { kind: 'throw' } },
  { action: 'analysis', gameId: 12 },
  { action: 'mycard', gameId: 12 },
  { action: 'refresh', gameId: 12 },
];

describe('custom_id codec', () => {
  it('round-trips every kind of control', () => {
    for (const id of samples) expect(parseCustomId(encodeCustomId(id))).toEqual(id);
  });

  it('writes the version first and stays within 100 characters for the largest values', () => {
    const text = encodeCustomId({ action: 'hold', gameId: 999_999_999, seat: 7, stamp: '999.9', die: 4 });
    expect(text.startsWith('o1:')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(MAX_CUSTOM_ID_LENGTH);
  });

  it('refuses forged, truncated and foreign ids', () => {
    const good = encodeCustomId({ action: 'hold', gameId: 42, seat: 1, stamp: '3.1', die: 2 });
    for (let cut = 0; cut < good.length; cut++) {
      const truncated = good.slice(0, cut);
      const parsed = parseCustomId(truncated);
      // A prefix may only parse when it is itself a complete id of another action (never for hold ids).
      expect(parsed).toBeNull();
    }
    for (const bad of [
      '',
      'o2:join:1',
      'o1:join:x',
      'o1:join:1:extra',
      'o1:hold:1:0:1.0:5',
      'o1:hold:1:9:1.0:1',
      'o1:throw:1:0:abc',
      'o1:fly:1',
      'x'.repeat(101),
      'o1:throw:-1:0:1.0',
      'o1:mycard:1:0:1.0',
      'o1:refresh:x',
    ]) {
      expect(parseCustomId(bad)).toBeNull();
    }
  });

  it('reads a hold button with the state it asks for, and an older one without it as a toggle', () => {
    expect(encodeCustomId({ action: 'hold', gameId: 7, seat: 1, stamp: '3.1', die: 2, held: true })).toBe(
      'o1:hold:7:1:3.1:2:1',
    );
    expect(parseCustomId('o1:hold:7:1:3.1:2:0')).toEqual({
      action: 'hold',
      gameId: 7,
      seat: 1,
      stamp: '3.1',
      die: 2,
      held: false,
    });
    expect(parseCustomId('o1:hold:7:1:3.1:2')).toEqual({ action: 'hold', gameId: 7, seat: 1, stamp: '3.1', die: 2 });
    for (const bad of ['o1:hold:7:1:3.1:2:2', 'o1:hold:7:1:3.1:2:', 'o1:hold:7:1:3.1:2:1:1', 'o1:hold:7:1:3.1:5:1'])
      expect(parseCustomId(bad)).toBeNull();
  });

  it("reads a card's second cell menu, and a hint's Apply with the move it makes, within 100 characters", () => {
    expect(parseCustomId('o1:write:7:1:3.1')).toEqual({ action: 'write', gameId: 7, seat: 1, stamp: '3.1' });
    expect(parseCustomId('o1:write:7:1:3.1:2')).toMatchObject({ menu: 2 });
    expect(
      encodeCustomId({
        action: 'apply',
        gameId: 7,
        seat: 1,
        stamp: '3.1',
        move: { kind: 'hold', held: [true, true, false, false, true] },
      }),
    ).toBe('o1:apply:7:1:3.1:h11001');
    const longest = encodeCustomId({
      action: 'confirm',
      gameId: 999_999_999,
      seat: 7,
      stamp: '999.9',
      move: { kind: 'write', column: 5, category: 'straight' },
    });
    expect(longest.length).toBeLessThanOrEqual(MAX_CUSTOM_ID_LENGTH);
    for (const bad of [
      'o1:write:7:1:3.1:1',
      'o1:write:7:1:3.1:x',
      'o1:apply:7:1:3.1',
      'o1:apply:7:1:3.1:h1100',
      'o1:apply:7:1:3.1:h110012',
      'o1:apply:7:1:3.1:w2.bogus',
      'o1:confirm:7:1:3.1:dx',
      'o1:confirm:7:1:3.1:t:1',
      'o1:throw:7:1:3.1:2',
    ])
      expect(parseCustomId(bad), bad).toBeNull();
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (s) => {
        const parsed = parseCustomId(s);
        if (parsed) expect(parseCustomId(encodeCustomId(parsed))).toEqual(parsed);
      }),
    );
  });

  it('encodes select values for cells and numbers', () => {
    expect(parseCellValue(encodeCellValue(3, 'house'))).toEqual({ column: 3, category: 'house' });
    expect(parseCellValue('3.bogus')).toBeNull();
    expect(parseCellValue('x.house')).toBeNull();
    expect(parseSmallNumber('12')).toBe(12);
    expect(parseSmallNumber('-1')).toBeNull();
    expect(parseSmallNumber('123')).toBeNull();
  });
});
