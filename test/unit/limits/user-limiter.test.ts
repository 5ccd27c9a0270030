// The per-person allowance and what it keeps, on a clock of the test's own: the burst, the refill, the "try again in
// N s" it says, and the bound on the people it remembers. Also the expiring map the repeats are kept in.
import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../../../src/limits/token-bucket';
import { UserLimiter } from '../../../src/limits/user-limiter';
import { ExpiringMap } from '../../../src/limits/expiring-map';
import { ANSWER_BURST, ANSWERS_PER_SECOND } from '../../../src/discord/flood-guard';

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('UserLimiter', () => {
  it('grants the burst at once, then one per refill, and says how long to wait in whole seconds', () => {
    const c = clock();
    const limiter = new UserLimiter(ANSWER_BURST, ANSWERS_PER_SECOND, 100, c.now);
    for (let n = 0; n < ANSWER_BURST; n++) expect(limiter.take('a')).toBe(0);
    const refillMs = 1000 / ANSWERS_PER_SECOND;
    expect(limiter.take('a')).toBe(Math.ceil(refillMs / 1000));
    c.advance(refillMs / 2);
    expect(limiter.take('a')).toBe(Math.ceil(refillMs / 2 / 1000));
    c.advance(refillMs / 2);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(Math.ceil(refillMs / 1000));
    // Someone else has an allowance of their own.
    expect(limiter.take('b')).toBe(0);
  });

  it('never says less than 1 s while nothing is granted', () => {
    const c = clock();
    const limiter = new UserLimiter(1, 1, 10, c.now);
    expect(limiter.take('a')).toBe(0);
    c.advance(999);
    expect(limiter.take('a')).toBe(1);
  });

  it('keeps a refused person refused: a flood does not reset its own bucket', () => {
    const c = clock();
    const limiter = new UserLimiter(3, 0.1, 10, c.now);
    let granted = 0;
    for (let n = 0; n < 1000; n++) if (limiter.take('spammer') === 0) granted++;
    expect(granted).toBe(3);
  });

  it('keeps at most maxPeople buckets, and forgets the full ones first', () => {
    const c = clock();
    const limiter = new UserLimiter(ANSWER_BURST, ANSWERS_PER_SECOND, 1000, c.now);
    let most = 0;
    for (let round = 0; round < 20; round++)
      for (let user = 0; user < 5000; user++) {
        limiter.take(String(user));
        most = Math.max(most, limiter.size);
      }
    expect(most).toBe(1000);
    // Once every bucket has refilled, the next person's take forgets them.
    c.advance((ANSWER_BURST / ANSWERS_PER_SECOND) * 1000);
    limiter.take('late');
    expect(limiter.size).toBe(1);
  });
});

describe('TokenBucket', () => {
  it('waits (1 - tokens) / rate for the next token', () => {
    const c = clock();
    const bucket = new TokenBucket(2, 4, c.now);
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
    expect(bucket.waitMs()).toBe(250);
    c.advance(100);
    expect(bucket.waitMs()).toBeCloseTo(150, 6);
    expect(bucket.full()).toBe(false);
    c.advance(400);
    expect(bucket.full()).toBe(true);
  });
});

describe('ExpiringMap', () => {
  it('gives what was noted within its time, with its age, and nothing after', () => {
    const c = clock();
    const map = new ExpiringMap<string>(60_000, 10, c.now);
    map.set('a', 'x');
    c.advance(59_999);
    expect(map.get('a')).toEqual({ value: 'x', ageMs: 59_999 });
    c.advance(1);
    expect(map.get('a')).toBeUndefined();
  });

  it('keeps at most max keys and drops the expired ones as it goes', () => {
    const c = clock();
    const map = new ExpiringMap<number>(60_000, 100, c.now);
    for (let n = 0; n < 10_000; n++) {
      map.set(String(n), n);
      expect(map.size).toBeLessThanOrEqual(100);
    }
    expect(map.get('9999')?.value).toBe(9999);
    expect(map.get('0')).toBeUndefined();
    c.advance(60_000);
    map.set('new', 1);
    expect(map.size).toBe(1);
  });
});
