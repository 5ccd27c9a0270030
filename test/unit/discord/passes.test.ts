// One pass at a time per key: kicks during a pass ask for one more after it, never one beside it.
import { describe, expect, it } from 'vitest';
import { Passes } from '../../../src/discord/passes';

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('Passes', () => {
  it('runs one pass per key at a time, and one more for any number of kicks meanwhile', async () => {
    const first = gate();
    const started: number[] = [];
    let beside = 0;
    let maxBeside = 0;
    const passes = new Passes(
      async (id) => {
        started.push(id);
        maxBeside = Math.max(maxBeside, ++beside);
        if (started.length === 1) await first.opened;
        beside--;
      },
      () => false,
    );
    const a = passes.kick(1);
    const more = [passes.kick(1), passes.kick(1), passes.kick(1)];
    expect(passes.size).toBe(1);
    first.open();
    await Promise.all([a, ...more]);
    expect(started).toEqual([1, 1]);
    expect(maxBeside).toBe(1);
    expect(passes.size).toBe(0);
  });

  it('passes of other keys run beside each other, a pass asking for more gets it, and a stop ends them', async () => {
    let stopped = false;
    const runs = new Map<number, number>();
    const passes = new Passes(
      async (id) => {
        runs.set(id, (runs.get(id) ?? 0) + 1);
        if (id === 2 && runs.get(2)! >= 3) stopped = true;
        return id === 2;
      },
      () => stopped,
    );
    await Promise.all([passes.kick(1), passes.kick(2)]);
    await passes.idle();
    expect(runs).toEqual(
      new Map([
        [1, 1],
        [2, 3],
      ]),
    );
    await passes.kick(1);
    expect(runs.get(1)).toBe(1);
  });
});
