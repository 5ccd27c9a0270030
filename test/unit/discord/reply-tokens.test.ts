import { describe, expect, it } from 'vitest';
import { FOLLOW_UPS_PER_TOKEN, ReplyTokens, TOKEN_USABLE_MS } from '../../../src/discord/reply-tokens';

describe('ReplyTokens', () => {
  it('hands out the freshest answered token, and none after 14 minutes', () => {
    let now = 1_000_000;
    const tokens = new ReplyTokens(() => now);
    tokens.add('c', 'old', now - 60_000);
    tokens.add('c', 'new', now);
    expect(tokens.pick('c', true)?.token).toBe('new');
    expect(tokens.pick('other', true)).toBeNull();
    now += TOKEN_USABLE_MS;
    expect(tokens.pick('c', false)).toBeNull();
  });

  it('spends a token’s follow-ups, then the next token’s; a dropped token is never used again', () => {
    const tokens = new ReplyTokens(() => 0);
    tokens.add('c', 'a', -1);
    tokens.add('c', 'b', 0);
    for (let n = 0; n < FOLLOW_UPS_PER_TOKEN; n++) tokens.spent('c', tokens.pick('c', true)!.token);
    expect(tokens.pick('c', true)?.token).toBe('a');
    expect(tokens.pick('c', false)?.token).toBe('b'); // edits need no follow-up
    tokens.spent('c', 'a', true);
    expect(tokens.pick('c', true)).toBeNull();
    tokens.drop('c', 'b');
    expect(tokens.pick('c', false)?.token).toBe('a');
  });

  it('uses a deferred interaction’s token for edits only, and an unanswered one for nothing', () => {
    const tokens = new ReplyTokens(() => 0);
    let state: 'none' | 'deferred' | 'answered' = 'none';
    tokens.add('c', 't', 0, () => state);
    expect(tokens.pick('c', false)).toBeNull();
    state = 'deferred';
    expect(tokens.pick('c', false)?.token).toBe('t');
    expect(tokens.pick('c', true)).toBeNull();
    state = 'answered';
    expect(tokens.pick('c', true)?.token).toBe('t');
  });

  it('wakes the games that waited, once per answered interaction, and tells a late waiter to try again', () => {
    const tokens = new ReplyTokens(() => 0);
    const seen = tokens.arrivalsIn('c');
    expect(tokens.wait('c', 7, seen)).toBe(true);
    expect(tokens.answered('c')).toEqual([7]);
    expect(tokens.answered('c')).toEqual([]); // the second interaction finds nobody waiting
    // A pass that found no token before an interaction was answered, and waits only after it: not parked.
    expect(tokens.wait('c', 8, seen)).toBe(false);
  });

  it('forgets the channels whose tokens all died, but not one with a game waiting', () => {
    let now = 0;
    const tokens = new ReplyTokens(() => now);
    tokens.wait('waiting', 1, 0);
    for (let n = 0; n < 300; n++) {
      tokens.add(`c${n}`, `t${n}`, now);
      tokens.answered(`c${n}`);
    }
    expect(tokens.channels).toBe(301);
    now += TOKEN_USABLE_MS;
    for (let n = 0; n < 256; n++) tokens.add('live', `u${n}`, now);
    expect(tokens.channels).toBe(2); // 'live' and 'waiting'
    expect(tokens.answered('waiting')).toEqual([1]);
  });
});
