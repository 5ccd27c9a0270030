// The per-game queue: one game's operations run one after another in the order they came, whatever each one's
// outcome; different games do not wait for each other; nothing is kept once a game's queue is empty.
import { describe, expect, it } from 'vitest';
import { GameQueue } from '../../../src/service/game-queue';
import { gate } from '../../integration/service/helpers';

describe('GameQueue', () => {
  it("runs one game's operations one at a time, in order, past a failure", async () => {
    const queue = new GameQueue();
    const order: string[] = [];
    const first = gate();
    const a = queue.run(1, async () => {
      order.push('a starts');
      await first.opened;
      order.push('a ends');
      throw new Error('a failed');
    });
    const b = queue.run(1, async () => void order.push('b'));
    const c = queue.run(1, async () => 'c');
    await Promise.resolve();
    expect(order).toEqual(['a starts']);
    first.open();
    await expect(a).rejects.toThrow('a failed');
    await b;
    expect(await c).toBe('c');
    expect(order).toEqual(['a starts', 'a ends', 'b']);
  });

  it('lets another game run while one waits, and forgets a game whose queue emptied', async () => {
    const queue = new GameQueue();
    const slow = gate();
    const one = queue.run(1, () => slow.opened);
    expect(await queue.run(2, async () => 'two')).toBe('two');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queue.size).toBe(1);
    slow.open();
    await one;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queue.size).toBe(0);
  });
});
