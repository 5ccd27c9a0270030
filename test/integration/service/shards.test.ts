// With SHARDS, every shard process shares the one database but owns only its guilds' games: its clock (turn
// deadlines, computer players) and its channel work (reconcile) cover those games alone, so no game is driven
// twice and a dead shard's games wait for it instead of being taken over half-way.
import { afterAll, describe, expect, it } from 'vitest';
import { openTestStorage } from '../../support/storage';
import { GameService } from '../../../src/service/game-service';
import { Clock, OLATHE, removeTempDirs, riggedRng, startedGame, tempDbPath } from './helpers';

afterAll(removeTempDirs);

/** A guild id (snowflake) that Discord's formula, (id >> 22) % count, puts on `shard`. */
function guildOnShard(shard: number, count: number, salt: number): string {
  const timestamp = 1_000_000_000n * BigInt(count) + BigInt(shard) + BigInt(salt * count);
  return String((timestamp << 22n) | 12345n);
}

async function shardServices(file: string, clock: Clock) {
  const services = [];
  for (const id of [0, 1]) {
    const storage = await openTestStorage(file, { shard: { id, count: 2 } });
    services.push({ storage, service: new GameService(storage, { rng: riggedRng(id), now: clock.now }) });
  }
  return services;
}

describe('a shard process', () => {
  it('runs the deadlines and reconciles the games of its own guilds only', async () => {
    const file = tempDbPath();
    const clock = new Clock();
    const [zero, one] = await shardServices(file, clock);
    const guild0 = guildOnShard(0, 2, 1);
    const guild1 = guildOnShard(1, 2, 1);
    expect(Number((BigInt(guild0) >> 22n) % 2n)).toBe(0);
    expect(Number((BigInt(guild1) >> 22n) % 2n)).toBe(1);

    const game0 = await startedGame(zero!.service, ['ann', 'ben'], OLATHE, { guildId: guild0, turnTimeoutMs: 60_000 });
    clock.t += 10_000;
    const game1 = await startedGame(zero!.service, ['cat', 'dan'], OLATHE, { guildId: guild1, turnTimeoutMs: 60_000 });

    expect(await zero!.service.nextDeadline()).toBe(game0.deadlines[0]);
    expect(await one!.service.nextDeadline()).toBe(game1.deadlines[0]);
    expect(await zero!.service.gamesToReconcile()).toEqual([game0.id]);
    expect(await one!.service.gamesToReconcile()).toEqual([game1.id]);

    clock.t += 120_000; // both turns are past their deadline
    expect((await one!.service.expireTurns()).map((r) => r.view.id)).toEqual([game1.id]);
    expect((await zero!.service.expireTurns()).map((r) => r.view.id)).toEqual([game0.id]);

    // Every process still reads and plays every game (a click comes to the shard that owns the guild anyway).
    expect((await one!.service.game(game0.id))!.state!.current).toBe(1);
    for (const s of [zero, one]) await s!.storage.close();
  });

  it('as the only process (one shard) owns every guild, whatever its id looks like', async () => {
    const file = tempDbPath();
    const clock = new Clock();
    const db = await openTestStorage(file);
    const service = new GameService(db, { rng: riggedRng(), now: clock.now });
    const ids: number[] = [];
    for (const guildId of [guildOnShard(0, 2, 3), guildOnShard(1, 2, 3), 'guild-1'])
      ids.push((await startedGame(service, ['ann'], OLATHE, { guildId })).id);
    expect((await service.gamesToReconcile()).sort()).toEqual([...ids].sort());
    await db.close();
  });
});
