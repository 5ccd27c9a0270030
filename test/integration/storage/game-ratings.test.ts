// The store's read of one game's rating changes (RatingStore.ofGame), the same test on both engines: each of the
// game's people with their row as written, to the last bit, and what the results say beside it — the rated games
// so far, the best rating reached, and the game before (its season, the rating it left) — counted in the order the
// games ended, not changed by later games; nothing for a game that was not rated.
import { afterAll, describe, expect, it } from 'vitest';
import type { GameRatingRow, RatingWrite } from '../../../src/db/rating-rows';
import { ratingWrite } from '../../../src/db/rating-rows';
import type { RatedSeat } from '../../../src/rating';
import { rateGame } from '../../../src/rating';
import type { EngineStorage } from '../../support/engines';
import { ENGINES, openEngineStorage } from '../../support/engines';
import { removeTempDirs } from '../service/helpers';

afterAll(removeTempDirs);

const GUILD = '81384788765712384';
const NOV = Date.UTC(2026, 10, 30);
const DEC = Date.UTC(2026, 11, 10);

const seat = (n: number, userId: string): RatedSeat => ({
  seat: n,
  userId,
  name: `${userId} name`,
  place: n + 1,
  left: false,
  computer: userId.startsWith('bot:') ? 'normal' : null,
});

/** Rates a game of these people (best first) on what the store holds, and records it. */
async function record(s: EngineStorage, gameId: number, users: string[], at: number): Promise<RatingWrite> {
  const seats = users.map((u, i) => seat(i, u));
  const current = await s.storage.ratings.current(
    'olathe',
    seats.filter((x) => !x.computer).map((x) => x.userId),
  );
  const write = ratingWrite(rateGame('olathe', seats, current, at), gameId, GUILD);
  await s.storage.transaction((tx) => tx.ratings.record(write));
  return write;
}

/** What ofGame should say of a person in a write, given their count, best and game before. */
function rowOf(
  write: RatingWrite,
  userId: string,
  rest: Pick<GameRatingRow, 'games' | 'best' | 'previousSeason' | 'previousRating'>,
): GameRatingRow {
  const p = write.people.find((x) => x.userId === userId)!;
  return {
    userId,
    season: write.season,
    muBefore: p.muBefore,
    sigmaBefore: p.sigmaBefore,
    ratingBefore: p.ratingBefore,
    mu: p.stored.mu,
    sigma: p.stored.sigma,
    ratingAfter: p.rating,
    ...rest,
  };
}

describe.each(ENGINES)('a game’s rating changes on %s', (engine) => {
  it('each person’s row as written, with the games so far, the best and the game before', async () => {
    const s = await openEngineStorage(engine);
    const one = await record(s, 1, ['ann', 'bob'], NOV);
    const two = await record(s, 2, ['bob', 'ann', 'bot:normal:1'], DEC);
    const three = await record(s, 3, ['ann', 'cid'], DEC + 1_000);
    const after = (w: RatingWrite, u: string) => w.people.find((p) => p.userId === u)!.rating;

    expect(await s.storage.ratings.ofGame(1)).toEqual([
      rowOf(one, 'ann', { games: 1, best: after(one, 'ann'), previousSeason: null, previousRating: null }),
      rowOf(one, 'bob', { games: 1, best: after(one, 'bob'), previousSeason: null, previousRating: null }),
    ]);
    // A new season: the game before is November's, and the rating it left them with.
    expect(await s.storage.ratings.ofGame(2)).toEqual(
      ['ann', 'bob'].map((u) =>
        rowOf(two, u, {
          games: 2,
          best: Math.max(after(one, u), after(two, u)),
          previousSeason: '2026-11',
          previousRating: after(one, u),
        }),
      ),
    );
    expect(await s.storage.ratings.ofGame(3)).toEqual([
      rowOf(three, 'ann', {
        games: 3,
        best: Math.max(after(one, 'ann'), after(two, 'ann'), after(three, 'ann')),
        previousSeason: '2026-12',
        previousRating: after(two, 'ann'),
      }),
      rowOf(three, 'cid', { games: 1, best: after(three, 'cid'), previousSeason: null, previousRating: null }),
    ]);
    // The season's first game starts from the soft reset: its rating before is not the rating left.
    const ann = (await s.storage.ratings.ofGame(2))[0]!;
    expect(ann.ratingBefore).not.toBe(ann.previousRating);
    expect(await s.storage.ratings.ofGame(4)).toEqual([]);
    await s.close();
  });

  it('counts in the order the games ended, whatever order they were recorded in', async () => {
    const s = await openEngineStorage(engine);
    await record(s, 7, ['ann', 'bob'], DEC + 5_000);
    // Game 5 ended earlier, at the same moment as game 6: the lower id counts first.
    await record(s, 6, ['ann', 'bob'], DEC);
    await record(s, 5, ['bob', 'ann'], DEC);
    const games = async (id: number) => (await s.storage.ratings.ofGame(id)).map((r) => [r.userId, r.games]);
    expect(await games(5)).toEqual([
      ['ann', 1],
      ['bob', 1],
    ]);
    expect(await games(6)).toEqual([
      ['ann', 2],
      ['bob', 2],
    ]);
    expect(await games(7)).toEqual([
      ['ann', 3],
      ['bob', 3],
    ]);
    await s.close();
  });
});
