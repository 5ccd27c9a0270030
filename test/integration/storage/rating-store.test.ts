// The ratings' store contract (migration 0014), the same test on both engines: what a rated game writes comes
// back to the last bit, the boards rank a server's people, a game is recorded once per person, a racing first
// insert is a lost race, the backlog is taken in end order and put back by a rollback, and a rated end's read
// and write add no round trip to the end's own statements on PostgreSQL.
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import type { RatingWrite } from '../../../src/db/rating-rows';
import { ratingWrite } from '../../../src/db/rating-rows';
import type { Storage } from '../../../src/db/storage';
import { openPostgresStorage } from '../../../src/db/postgres/storage';
import type { PersonRating, RatedSeat } from '../../../src/rating';
import { displayed, rateGame } from '../../../src/rating';
import type { EngineStorage } from '../../support/engines';
import { ENGINES, openEngineStorage } from '../../support/engines';
import { freshDatabase } from '../../support/postgres';
import { removeTempDirs } from '../service/helpers';
import type { RoundTripRelay } from './round-trips';
import { startRoundTripRelay } from './round-trips';

afterAll(removeTempDirs);

const GUILD = '81384788765712384';
const OTHER = '90000000000000001';
const DEC = Date.UTC(2026, 11, 10);

const seat = (n: number, userId: string, place: number): RatedSeat => ({
  seat: n,
  userId,
  name: `${userId} name`,
  place,
  left: false,
  computer: userId.startsWith('bot:') ? 'normal' : null,
});

/** A rated game of these people, best first, decided on what the store holds now. */
async function rated(store: Storage, gameId: number, users: string[], at: number, guild = GUILD): Promise<RatingWrite> {
  const seats = users.map((u, i) => seat(i, u, i + 1));
  const people = seats.filter((s) => s.computer === null).map((s) => s.userId);
  const current = await store.ratings.current('olathe', people);
  return ratingWrite(rateGame('olathe', seats, current, at), gameId, guild);
}

async function record(s: EngineStorage, gameId: number, users: string[], at: number, guild = GUILD) {
  const write = await rated(s.storage, gameId, users, at, guild);
  await s.storage.transaction((tx) => tx.ratings.record(write));
  return write;
}

describe.each(ENGINES)('the rating store on %s', (engine) => {
  const open = () => openEngineStorage(engine);

  it('keeps what a game wrote, to the last bit; the boards and the history read it back', async () => {
    const s = await open();
    const first = await record(s, 1, ['ann', 'bob', 'bot:normal:1'], DEC);
    await record(s, 2, ['bob', 'cid'], DEC + 1_000, OTHER);
    const ann = first.people.find((p) => p.userId === 'ann')!;
    const current = await s.storage.ratings.current('olathe', ['ann', 'bob', 'cid', 'dan']);
    expect([...current.keys()].sort()).toEqual(['ann', 'bob', 'cid']);
    expect(current.get('ann')).toEqual<PersonRating>(ann.stored);
    expect(current.get('bob')!.games).toBe(2);
    expect(await s.storage.ratings.current('balut', ['ann'])).toEqual(new Map());

    // bob's rating after game 2 (in OTHER, which he won) is on GUILD's board too, where he played game 1.
    const bob = current.get('bob')!;
    expect(bob.games).toBe(2);
    const board = await s.storage.ratings.board(GUILD, 'olathe', 10);
    const shown = (u: string) => displayed(current.get(u)!);
    expect(board.map((r) => [r.userId, r.rating])).toEqual(
      (['ann', 'bob'] as const).map((u) => [u, shown(u)]).sort((a, b) => Number(b[1]) - Number(a[1])),
    );
    expect(board.find((r) => r.userId === 'ann')).toEqual({
      userId: 'ann',
      name: 'ann name',
      rating: ann.rating,
      provisional: true,
    });
    expect(await s.storage.ratings.board(GUILD, 'olathe', 1, 1)).toEqual([board[1]]);
    expect((await s.storage.ratings.board(OTHER, 'olathe', 10)).map((r) => r.userId)).toEqual(['bob', 'cid']);
    expect(await s.storage.ratings.standing(GUILD, 'olathe', board[1]!.userId)).toMatchObject({ rank: 2, of: 2 });
    expect(await s.storage.ratings.standing(GUILD, 'olathe', 'cid')).toBeNull();

    const history = await s.storage.ratings.history('bob', 'olathe', 10);
    expect(history.map((h) => [h.gameId, h.guildId, h.season])).toEqual([
      [2, OTHER, '2026-12'],
      [1, GUILD, '2026-12'],
    ]);
    expect(history[1]!.ratingBefore).toBe(1500);
    expect(history[0]!.ratingBefore).toBe(history[1]!.ratingAfter);
    expect(history[0]).toMatchObject({ mu: bob.mu, sigma: bob.sigma, endedAt: DEC + 1_000 });
    await s.close();
  });

  it('a season’s board: the server’s people of the season, by their last rating of it anywhere', async () => {
    const s = await open();
    await record(s, 1, ['ann', 'bob'], Date.UTC(2026, 10, 30));
    await record(s, 2, ['bob', 'ann'], DEC);
    await record(s, 3, ['ann', 'cid'], DEC + 1, OTHER);
    const season = await s.storage.ratings.season(GUILD, 'olathe', '2026-12', 10);
    const ann = (await s.storage.ratings.current('olathe', ['ann'])).get('ann')!;
    expect(season.map((r) => r.userId).sort()).toEqual(['ann', 'bob']);
    expect(season.find((r) => r.userId === 'ann')).toMatchObject({ games: 2, endedAt: DEC + 1 });
    expect(season.find((r) => r.userId === 'ann')!.rating).toBe(
      (await s.storage.ratings.history('ann', 'olathe', 1))[0]!.ratingAfter,
    );
    expect(ann.season).toBe('2026-12');
    expect(await s.storage.ratings.season(GUILD, 'olathe', '2026-11', 10)).toHaveLength(2);
    // OTHER's season shows ann's game in GUILD too, and her rating of the season as GUILD does.
    const elsewhere = await s.storage.ratings.season(OTHER, 'olathe', '2026-12', 10);
    expect(elsewhere.find((r) => r.userId === 'ann')).toEqual(season.find((r) => r.userId === 'ann'));
    expect(elsewhere.map((r) => r.userId).sort()).toEqual(['ann', 'cid']);
    await s.close();
  });

  it('a game is recorded once per person; a second first rating of a person is a lost race', async () => {
    const s = await open();
    const write = await rated(s.storage, 1, ['ann', 'bob'], DEC);
    await s.storage.transaction((tx) => tx.ratings.record(write));
    const again = await s.storage.transaction((tx) => tx.ratings.record(write)).catch((e: unknown) => e);
    expect(s.storage.isLostRace(again)).toBe(true);
    const history = await s.sql('SELECT COUNT(*) AS n FROM rating_history');
    expect(history).toEqual([{ n: 1 * 2 }]);
    await s.close();
  });

  it('the backlog: taken in the order the games ended, and put back by a rollback', async () => {
    const s = await open();
    for (const [id, at] of [
      [7, 300],
      [5, 100],
      [6, 100],
    ])
      await s.sql('INSERT INTO rating_backlog (game_id, finished_at) VALUES ($1, $2)', [id, at]);
    const failed = await s.storage
      .transaction(async (tx) => {
        expect((await tx.ratings.takeBacklog(2)).map((g) => g.gameId)).toEqual([5, 6]);
        throw new Error('crash');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('crash');
    const taken = await s.storage.transaction((tx) => tx.ratings.takeBacklog(10));
    expect(taken.map((g) => [g.gameId, g.finishedAt, g.status, g.seats])).toEqual([
      [5, 100, null, []],
      [6, 100, null, []],
      [7, 300, null, []],
    ]);
    expect(await s.storage.transaction((tx) => tx.ratings.takeBacklog(10))).toEqual([]);
    await s.close();
  });
});

describe('a rated end on PostgreSQL, counted on the wire', () => {
  let relay: RoundTripRelay | undefined;
  const opened: Storage[] = [];
  afterEach(async () => {
    for (const storage of opened.splice(0)) await storage.close();
    await relay?.close();
  });

  it('endReads is one round trip, and countGame with the ratings as many as without', async () => {
    const url = await freshDatabase(inject('postgresUrl'), 'olathe_template');
    relay = await startRoundTripRelay(Number(new URL(url).port));
    const storage = await openPostgresStorage(relay.via(url));
    opened.push(storage);
    const trips = async (act: () => Promise<unknown>) => {
      relay!.reset();
      await act();
      return relay!.count;
    };
    const write = await rated(storage, 1, ['ann', 'bob'], DEC);
    const reads = await storage.transaction(async (tx) => {
      const n = await trips(() => tx.ratings.endReads(1, 'olathe', ['ann', 'bob']));
      const plain = await trips(() => tx.games.fivesBySeat(1));
      const rated = await trips(() => tx.stats.countGame(1, write));
      const unrated = await trips(() => tx.stats.countGame(1));
      return { n, plain, rated, unrated };
    });
    expect(reads).toEqual({ n: 1, plain: 1, rated: 2, unrated: 2 });
    expect((await storage.ratings.current('olathe', ['ann'])).get('ann')).toEqual(write.people[0]!.stored);
  });
});
