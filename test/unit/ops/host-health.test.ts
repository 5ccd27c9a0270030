// The manager's /healthz from its shards' answers (src/app/shard-operations.ts): a sick shard is named, a host
// whose shards stand by for another host's is healthy and says which it waits for and which it runs.
import { describe, expect, it } from 'vitest';
import { hostHealth } from '../../../src/app/shard-operations';

const ok = { ok: true as const, value: null };
const standing = (id: number) => ({ ok: true as const, value: { standingBy: `standing by for shard ${id}` } });

describe('hostHealth', () => {
  it('is healthy when every shard is', () => {
    expect(
      hostHealth([
        [0, ok],
        [1, ok],
      ]),
    ).toBeNull();
  });

  it('says which shards stand by and which run, as a healthy answer', () => {
    expect(hostHealth([[0, standing(0)]])).toEqual({ standingBy: 'standing by for shard 0' });
    expect(
      hostHealth([
        [0, standing(0)],
        [1, ok],
      ]),
    ).toEqual({ standingBy: 'standing by for shard 0; running shard 1' });
    expect(
      hostHealth([
        [0, standing(0)],
        [2, standing(2)],
        [3, ok],
        [5, ok],
      ]),
    ).toEqual({
      standingBy: 'standing by for shards 0, 2; running shards 3, 5',
    });
  });

  it('names the first shard that is not well, standby or not', () => {
    expect(
      hostHealth([
        [0, standing(0)],
        [1, { ok: false, why: 'not running' }],
      ]),
    ).toBe('shard 1: not running');
    expect(
      hostHealth([
        [0, ok],
        [1, { ok: true, value: 'gateway: shard 1 is reconnecting' }],
      ]),
    ).toBe('shard 1: gateway: shard 1 is reconnecting');
  });
});
