// The refusal log on a clock of the test's own: one line per person and kind a minute (the first at once, the rest
// summed by reason), the people it keeps bounded with the rest under "others", forged text clipped, every refusal
// counted for the metrics.
import { describe, expect, it } from 'vitest';
import { MAX_WHAT, RefusalLog } from '../../../src/limits/refusal-log';
import { createLogger } from '../../../src/app/logger';

function harness(options: { maxPeople?: number } = {}) {
  let now = 1_000_000;
  const lines: Record<string, unknown>[] = [];
  const counted: string[] = [];
  const log = createLogger('info', (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  const refusals = new RefusalLog({
    log,
    counter: { refusal: (kind, reason) => void counted.push(`${kind}/${reason}`) },
    now: () => now,
    autoFlush: false,
    ...options,
  });
  return {
    refusals,
    lines,
    counted,
    advance: (ms: number) => void (now += ms),
  };
}

describe('RefusalLog', () => {
  it('writes the first refusal at once, then sums the minute by reason into one line', () => {
    const { refusals, lines, advance } = harness();
    refusals.record('123', 'button', 'unknown-control', { what: 'o1:zz', channel: '9' });
    expect(lines).toMatchObject([
      { level: 'info', msg: 'refused', user: '123', kind: 'button', count: 1, seconds: 0, last: 'o1:zz', channel: '9' },
    ]);
    for (let n = 0; n < 213; n++) {
      advance(200);
      refusals.record('123', 'button', n % 10 === 0 ? 'not-your-card' : 'unknown-control');
      refusals.flush();
    }
    // 42.6 s later: still one line.
    expect(lines).toHaveLength(1);
    advance(60_000 - 213 * 200);
    refusals.flush();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ user: '123', kind: 'button', count: 213, reasons: {} });
    const reasons = lines[1]!.reasons as Record<string, number>;
    expect(reasons['not-your-card']).toBe(22);
    expect(reasons['unknown-control']).toBe(213 - 22);
    // From the first refusal it sums (200 ms after the first line) to the line.
    expect(lines[1]!.seconds).toBe(Math.round((60_000 - 200) / 1000));
  });

  it('keeps people and kinds apart, and writes a line a minute at most for each', () => {
    const { refusals, lines, advance } = harness();
    for (let second = 0; second < 180; second++) {
      for (const user of ['1', '2']) for (const kind of ['button', 'command']) refusals.record(user, kind, 'stale');
      advance(1000);
      refusals.flush();
    }
    const per = (user: string, kind: string) => lines.filter((l) => l.user === user && l.kind === kind);
    for (const user of ['1', '2'])
      for (const kind of ['button', 'command']) {
        // 180 s of refusals: the first at once, then one a minute.
        expect(per(user, kind).map((l) => l.count)).toEqual([1, 59, 60, 60]);
      }
  });

  it('counts every refusal for the metrics, by kind and reason', () => {
    const { refusals, counted } = harness();
    refusals.record('1', 'button', 'stale');
    refusals.record('1', 'button', 'stale');
    refusals.record('2', 'activity', 'flood');
    expect(counted).toEqual(['button/stale', 'button/stale', 'activity/flood']);
  });

  it('forgets a person a minute after their last line when nothing came since, and then writes at once again', () => {
    const { refusals, lines, advance } = harness();
    refusals.record('1', 'select', 'pick-cell');
    expect(refusals.size).toBe(1);
    advance(60_000);
    refusals.flush();
    expect(refusals.size).toBe(0);
    refusals.record('1', 'select', 'pick-cell');
    expect(lines.map((l) => l.count)).toEqual([1, 1]);
  });

  it('keeps at most maxPeople people; the rest of each kind is summed under "others"', () => {
    const maxPeople = 50;
    const { refusals, lines, advance } = harness({ maxPeople });
    for (let round = 0; round < 100; round++)
      for (let user = 0; user < 1000; user++) refusals.record(String(user), 'button', 'unknown-control');
    expect(refusals.size).toBeLessThanOrEqual(maxPeople + 1);
    // The first line of each person kept, and the first of "others", at once; nothing more within the minute.
    expect(lines).toHaveLength(maxPeople + 1);
    advance(60_000);
    refusals.flush();
    const others = lines.filter((l) => l.user === 'others');
    expect(others.map((l) => l.count)).toEqual([1, 100 * (1000 - maxPeople) - 1]);
    const total = lines.reduce((sum, l) => sum + (l.count as number), 0);
    expect(total).toBe(100 * 1000);
  });

  it('clips a forged custom_id to MAX_WHAT characters, whatever its length', () => {
    const { refusals, lines } = harness();
    const forged = `o1:${'x'.repeat(5000)}`;
    refusals.record('1', 'button', 'unknown-control', { what: forged });
    const last = lines[0]!.last as string;
    expect(last.length).toBe(MAX_WHAT + 1);
    expect(last.startsWith(forged.slice(0, MAX_WHAT))).toBe(true);
    expect(last.endsWith('…')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('x'.repeat(MAX_WHAT));
    refusals.record('2', 'button', 'unknown-control', { what: 'o1:short' });
    expect(lines[1]!.last).toBe('o1:short');
  });

  it('close() writes what is pending, whatever its age', () => {
    const { refusals, lines } = harness();
    refusals.record('1', 'command', 'rate-limited');
    refusals.record('1', 'command', 'rate-limited');
    refusals.record('1', 'command', 'repeat');
    refusals.close();
    expect(lines.map((l) => [l.count, l.reasons])).toEqual([
      [1, { 'rate-limited': 1 }],
      [2, { 'rate-limited': 1, repeat: 1 }],
    ]);
    expect(refusals.size).toBe(0);
  });
});
