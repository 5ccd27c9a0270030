// The outbox, statistics, daily and operations stores' contract, the same test on both engines: the values
// come back with the same types (numbers, not PostgreSQL's BIGINT strings) and the same sums and ranks.
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredWork } from '../../../src/db/storage';
import type { GameOptions } from '../../../src/game';
import type { EngineStorage } from '../../support/engines';
import { ENGINES, openEngineStorage } from '../../support/engines';
import { removeTempDirs } from '../service/helpers';

afterAll(removeTempDirs);

const BALUT: GameOptions = { variant: 'balut', columns: ['free'], throwsPerTurn: 3, predictions: false };
const GUILD = '81384788765712384';

/** A finished game in GUILD with these seats (user id, final score, won), counted for the statistics. */
async function finishedGame(s: EngineStorage, at: number, seats: Array<[string, number, 0 | 1]>): Promise<number> {
  const games = s.storage.games;
  const id = await games.insertGame({
    guild_id: GUILD,
    channel_id: `c${at}`,
    variant: 'balut',
    options: BALUT,
    turn_timeout_ms: 60_000,
    host_id: seats[0]![0],
    created_at: at - 10,
    thread_mode: 0,
    next_deadline: at,
    locale: 'en',
  });
  for (const [seat, [user, final]] of seats.entries()) {
    const is_bot = user.startsWith('bot:') ? 1 : 0;
    await games.insertPlayer({ game_id: id, seat, user_id: user, name: `${user} name`, is_bot, joined_at: at });
    const place = 1 + seats.filter(([, other]) => other > final).length;
    const result = { final_score: final, raw_total: final * 10, place, won: seats[seat]![2], olathes_thrown: 1 };
    await games.setResult(id, seat, { ...result, olathes_scored: seat, exact_prediction: 0, incentives_met: 3 });
  }
  await games.saveGame(id, 0, { status: 'finished', finished_at: at, next_deadline: null });
  await s.storage.transaction((tx) => tx.stats.countGame(id));
  return id;
}

describe.each(ENGINES)('the other stores on %s', (engine) => {
  const open = () => openEngineStorage(engine);

  it('outbox: hands out rising ids, also once emptied, and lists a game’s work in order', async () => {
    const s = await open();
    const game = await s.storage.games.insertGame({
      ...{ guild_id: GUILD, channel_id: 'c', variant: 'balut', options: BALUT, turn_timeout_ms: 1, host_id: 'a' },
      ...{ created_at: 1, thread_mode: 0, next_deadline: 1, locale: 'en' },
    });
    const first = await s.storage.outbox.insert(game, { kind: 'shout', text: 'one' } as StoredWork, 5);
    const second = await s.storage.outbox.insert(game, { kind: 'log', text: 'two' } as StoredWork, 6);
    expect(second).toBeGreaterThan(first);
    expect(await s.storage.outbox.pending(game)).toEqual([
      { id: first, gameId: game, work: { kind: 'shout', text: 'one' } },
      { id: second, gameId: game, work: { kind: 'log', text: 'two' } },
    ]);
    expect(await s.storage.outbox.remove(first)).toBe(true);
    expect(await s.storage.outbox.remove(first)).toBe(false);
    await s.storage.outbox.removeAll(game);
    expect(await s.storage.outbox.pending(game)).toEqual([]);
    expect(await s.storage.outbox.insert(game, { kind: 'shout' }, 7)).toBeGreaterThan(second);
    expect(await s.storage.outbox.guildThreads(GUILD)).toBe(true);
    await s.storage.outbox.setGuildThreads(GUILD, false);
    expect(await s.storage.outbox.guildThreads(GUILD)).toBe(false);
    await s.storage.outbox.setGuildThreads(GUILD, true);
    expect(await s.storage.outbox.guildThreads(GUILD)).toBe(true);
    await s.close();
  });

  it('stats: two computer players of one difficulty in one game count as one player with two games', async () => {
    const s = await open();
    await finishedGame(s, 1_000, [
      ['ann', 20, 1],
      ['bot:expert:1', 10, 0],
      ['bot:expert:2', 5, 0],
    ]);
    await finishedGame(s, 2_000, [
      ['ann', 3, 0],
      ['bob', 8, 1],
    ]);
    const totals = await s.storage.stats.totals(GUILD, null, true);
    const byUser = new Map(totals.map((t) => [t.userId, t]));
    expect(byUser.get('bot:expert')).toMatchObject({ games: 2, wins: 0, totalFinal: 15, bestFinal: 10, isBot: 1 });
    expect(byUser.get('ann')).toMatchObject({
      games: 2,
      wins: 1,
      totalFinal: 23,
      bestFinal: 20,
      lastFinishedAt: 2_000,
    });
    expect(byUser.get('ann')).toMatchObject({
      olathesThrown: 2,
      olathesScored: 0,
      exactPredictions: 0,
      name: 'ann name',
    });
    expect((await s.storage.stats.totals(GUILD, 'balut', false)).map((t) => t.userId).sort()).toEqual(['ann', 'bob']);
    expect(await s.storage.stats.totals(GUILD, 'olathe', true)).toEqual([]);
    const window = (await s.storage.stats.window(GUILD, 1_500, null, true)).sort((a, b) =>
      a.userId.localeCompare(b.userId),
    );
    expect(window).toEqual([
      expect.objectContaining({ userId: 'ann', variant: 'balut', games: 1, wins: 0, totalFinal: 3, bestFinal: 3 }),
      expect.objectContaining({ userId: 'bob', games: 1, wins: 1, totalFinal: 8 }),
    ]);
    expect((await s.storage.stats.names(GUILD)).find((n) => n.userId === 'bob')).toEqual({
      userId: 'bob',
      name: 'bob name',
      lastFinishedAt: 2_000,
    });
    const [variant] = await s.storage.stats.playerVariants(GUILD, 'ann');
    expect(variant).toMatchObject({
      variant: 'balut',
      games: 2,
      wins: 1,
      totalFinal: 23,
      fours: 2,
      fives: 2,
      sixes: 0,
    });
    expect(variant!.firstFinishedAt).toBe(1_000);
    expect(await s.storage.stats.playerWins(GUILD, 'ann')).toEqual([1, 0]);
    expect(await s.storage.stats.headToHead(GUILD, 'ann', 'bob')).toEqual([
      { variant: 'balut', games: 1, aAhead: 0, bAhead: 1, aWins: 0, bWins: 1 },
    ]);
    await s.close();
  });

  it('daily: ranks each result among the day’s, in the world and in its server, and keeps the first solver score', async () => {
    const s = await open();
    const ids: number[] = [];
    for (const [user, guild] of [
      ['ann', GUILD],
      ['bob', GUILD],
      ['cy', 'other'],
    ] as const) {
      const id = await s.storage.games.insertGame({
        ...{ guild_id: guild, channel_id: `d-${user}`, variant: 'balut', options: BALUT, turn_timeout_ms: 1 },
        ...{ host_id: user, created_at: 1, thread_mode: 0, next_deadline: 1, locale: 'en' },
      });
      await s.storage.games.insertPlayer({ game_id: id, seat: 0, user_id: user, name: user, is_bot: 0, joined_at: 1 });
      await s.storage.daily.insertAttempt({
        user_id: user,
        day: '2026-11-26',
        game_id: id,
        guild_id: guild,
        started_at: 1,
      });
      ids.push(id);
    }
    expect(await s.storage.daily.attempt('bob', '2026-11-26')).toBe(ids[1]);
    expect(await s.storage.daily.attempt('bob', '2026-11-25')).toBeNull();
    expect((await s.storage.games.gameWithPlayers(ids[0]!))!.row.daily_day).toBe('2026-11-26');
    const finish = (i: number, final: number, raw: number) =>
      s.storage.transaction((tx) => tx.daily.finish(ids[i]!, { final, raw, at: 100 + i }));
    expect(await finish(0, 10, 500)).toBe(true);
    expect(await finish(0, 99, 999)).toBe(false);
    expect(await finish(1, 12, 400)).toBe(true);
    expect(await finish(2, 10, 600)).toBe(true);
    // The ranks as they stood when each attempt ended.
    expect(await s.storage.daily.result(ids[0]!)).toEqual({
      ...{ day: '2026-11-26', final: 10, raw: 500, rankServer: 1, ofServer: 1, rankWorld: 1, ofWorld: 1 },
      ...{ solverFinal: null, solverRaw: null },
    });
    expect(await s.storage.daily.result(ids[1]!)).toMatchObject({
      rankServer: 1,
      ofServer: 2,
      rankWorld: 1,
      ofWorld: 2,
    });
    expect(await s.storage.daily.result(ids[2]!)).toMatchObject({
      rankServer: 1,
      ofServer: 1,
      rankWorld: 2,
      ofWorld: 3,
    });
    await s.storage.daily.saveSolver('2026-11-26', { final: 15, raw: 700 }, 1);
    await s.storage.daily.saveSolver('2026-11-26', { final: 1, raw: 1 }, 2);
    expect(await s.storage.daily.solver('2026-11-26')).toEqual({ final: 15, raw: 700 });
    expect(await s.storage.daily.board('2026-11-26', null, 10)).toEqual([
      { rank: 1, userId: 'bob', name: 'bob', final: 12, raw: 400 },
      { rank: 2, userId: 'cy', name: 'cy', final: 10, raw: 600 },
      { rank: 3, userId: 'ann', name: 'ann', final: 10, raw: 500 },
    ]);
    expect(await s.storage.daily.own('2026-11-26', GUILD, 'ann')).toEqual({
      rank: 2,
      userId: 'ann',
      name: 'ann',
      final: 10,
      raw: 500,
    });
    expect(await s.storage.daily.own('2026-11-26', 'other', 'ann')).toBeNull();
    expect(await s.storage.daily.count('2026-11-26', null)).toBe(3);
    expect(await s.storage.daily.count('2026-11-26', GUILD)).toBe(2);
    await s.close();
  });

  it('ops: the health write and the counts', async () => {
    const s = await open();
    await s.storage.ops.touchHealth(0, 5);
    await s.storage.ops.touchHealth(0, 9);
    expect(await s.sql('SELECT shard, checked_at FROM health')).toEqual([{ shard: 0, checked_at: 9 }]);
    expect(await s.storage.ops.gamesInPlay()).toBe(0);
    expect(await s.storage.ops.pendingOutbox()).toBe(0);
    await s.close();
  });
});
