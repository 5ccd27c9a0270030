// The season podium's decision and the boards by rating, on the run's engine with the service's clock moved by
// the test: rated games in November; in December each server that set its announcements channel before December
// is decided once (again, or by another host on the same database, nothing more), one that set it in December
// waits for the next season; the podium ranks equal ratings alike; a post still pending in January is given up;
// the board by rating reads the saved ratings, games and the asker's own place.
import { afterAll, describe, expect, it } from 'vitest';
import { GameService } from '../../../src/service/game-service';
import { openTestStorage } from '../../support/storage';
import type { Clock } from './helpers';
import { SMALL, harness, playOut, removeTempDirs, startedGame } from './helpers';

afterAll(removeTempDirs);

const NOV = Date.UTC(2026, 10, 20, 12);
const DEC = Date.UTC(2026, 11, 1, 0, 0, 30);

async function ratedGames(service: GameService, clock: Clock) {
  clock.t = NOV;
  await playOut(service, await startedGame(service, ['ann', 'ben'], SMALL, { guildId: 'g1' }));
  await playOut(service, await startedGame(service, ['cid', 'ann'], SMALL, { guildId: 'g1' }));
  await playOut(service, await startedGame(service, ['dan', 'eve'], SMALL, { guildId: 'g2' }));
}

describe('the season podium', () => {
  it('is decided once per server, by one host or two, for servers that asked before the season began', async () => {
    const { service, clock, file } = await harness();
    await ratedGames(service, clock);
    await service.seasonPosts.setAnnouncements('g1', 'ann-channel');
    clock.t = DEC - 60_000;
    // Still November: nothing has ended.
    expect(await service.seasonPosts.decide()).toBe(0);
    clock.t = DEC;
    await service.seasonPosts.setAnnouncements('g2', 'late-channel');
    const other = new GameService(await openTestStorage(file), { now: clock.now });
    const [a, b] = await Promise.all([service.seasonPosts.decide(), other.seasonPosts.decide()]);
    expect(a + b).toBe(1);
    expect(await service.seasonPosts.decide()).toBe(0);

    const { due, stale } = await service.seasonPosts.pending();
    expect(stale).toEqual([]);
    expect(due).toHaveLength(1);
    const [post] = due;
    expect(post).toMatchObject({ guildId: 'g1', season: '2026-11', channelId: 'ann-channel', failures: 0 });
    const people = post!.podium.variants[0]!.people;
    expect(post!.podium.variants.map((v) => v.variant)).toEqual(['olathe']);
    expect(people.map((p) => p.userId).sort()).toEqual(['ann', 'ben', 'cid']);
    expect(people.find((p) => p.userId === 'ann')!.games).toBe(2);
    expect(people.map((p) => p.name).sort()).toEqual(['ANN', 'BEN', 'CID']);
    // Best first; equal ratings share a place.
    for (let i = 1; i < people.length; i++) {
      expect(people[i]!.rating).toBeLessThanOrEqual(people[i - 1]!.rating);
      expect(people[i]!.rank).toBe(people[i]!.rating === people[i - 1]!.rating ? people[i - 1]!.rank : i + 1);
    }

    // What the season's board shows is what the podium saved.
    const season = await service.boards.season('g1', 'olathe', '2026-11');
    expect(season!.rows.map((r) => [r.userId, r.rating, r.rank])).toEqual(
      people.map((p) => [p.userId, p.rating, p.rank]),
    );
    expect(await service.boards.season('g1', 'balut', '2026-11')).toBeNull();

    // Delivered once; the next month a post never delivered is given up.
    expect(await service.seasonPosts.delivered(post!, '123')).toBe(true);
    expect(await other.seasonPosts.delivered(post!, '124')).toBe(false);
    expect((await service.seasonPosts.pending()).due).toEqual([]);
    clock.t = Date.UTC(2027, 0, 1, 0, 5);
    // g2 set its channel in December: December had no rated game there, so no January podium either.
    expect(await service.seasonPosts.decide()).toBe(0);
  });

  it('gives up a post still pending once its month is over', async () => {
    const { service, clock } = await harness();
    await ratedGames(service, clock);
    await service.seasonPosts.setAnnouncements('g2', 'c2');
    clock.t = DEC;
    expect(await service.seasonPosts.decide()).toBe(1);
    expect(await service.seasonPosts.refused((await service.seasonPosts.pending()).due[0]!)).toBe(1);
    clock.t = Date.UTC(2027, 0, 2);
    const { due, stale } = await service.seasonPosts.pending();
    expect(due).toEqual([]);
    expect(stale.map((p) => [p.guildId, p.season, p.failures])).toEqual([['g2', '2026-11', 1]]);
    expect(await service.seasonPosts.givenUp(stale[0]!)).toBe(true);
    expect(await service.seasonPosts.pending()).toEqual({ due: [], stale: [] });
  });
});

describe('the board by rating', () => {
  it('reads the saved ratings and games, best first, and the asker’s place below the rows', async () => {
    const { service, clock, storage } = await harness();
    await ratedGames(service, clock);
    expect(await service.boards.firstSeason('g1')).toBe('2026-11');
    expect(await service.boards.firstSeason('nowhere')).toBeNull();
    const board = (await service.boards.board('g1', 'olathe', 'ann'))!;
    const saved = await storage.ratings.board('g1', 'olathe', 10);
    expect(board.rows.map((r) => r.userId)).toEqual(saved.map((r) => r.userId));
    expect(board.rows.find((r) => r.userId === 'ann')!.games).toBe(2);
    expect(board.own).toBeNull();
    const top = (await service.boards.board('g1', 'olathe', saved.at(-1)!.userId, 2))!;
    expect(top.rows).toHaveLength(2);
    expect(top.own).toMatchObject({ userId: saved.at(-1)!.userId, of: 3, games: 1 });
    expect(await service.boards.board('g1', 'balut', 'ann')).toBeNull();
    expect(service.boards.currentSeason()).toBe('2026-11');
  });
});
