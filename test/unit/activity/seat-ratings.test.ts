// The ratings beside the board's names: a person's as saved, a new person's 1500 with "?", a computer player's
// fixed one, none in a solo game; after a rated end the rating it left and its change, as the game's view carries
// them from rating_history. Read once per game, never again for a board update, and not at all after a rated end.
import { describe, expect, it } from 'vitest';
import type { GameView } from '../../../src/service/game-service';
import type { PersonRatingView } from '../../../src/service/rating-reads';
import type { RatingChange } from '../../../src/rating';
import { COMPUTER_SKILLS, displayed } from '../../../src/rating';
import { GameRatings } from '../../../src/activity/rating-cache';
import type { RatingSource } from '../../../src/activity/rating-cache';
import { seatRatings } from '../../../src/activity/seat-ratings';

type Seat = { userId: string; isBot?: boolean };

function gameOf(seats: Seat[], status: GameView['status'] = 'playing', variant: 'olathe' | 'balut' = 'olathe') {
  return {
    id: 7,
    status,
    options: { variant },
    players: seats.map((s, seat) => ({ seat, userId: s.userId, name: s.userId, isBot: s.isBot ?? false, left: null })),
  } as unknown as GameView;
}

const stored = (rating: number, games: number, provisional = games < 5): PersonRatingView => ({
  rating,
  provisional,
  games,
  best: rating,
  season: '2026-12',
  mu: 25,
  sigma: provisional ? 8 : 3,
});

/** A person's change in a rated game, as the game's view carries it (GameView.ratings). */
const change = (seat: number, userId: string, before: number, after: number, provisional: boolean): RatingChange => ({
  seat,
  userId,
  name: userId,
  before: { mu: 25, sigma: 5, rating: before, provisional },
  after: { mu: 26, sigma: 4.8, rating: after, provisional },
  delta: after - before,
  games: 6,
  best: after,
  seasonReset: null,
  first: false,
});

/** A source of ratings that counts its reads: what the database would be asked. */
function source(people: Record<string, PersonRatingView>) {
  const reads: string[] = [];
  const s: RatingSource & { reads: string[] } = {
    reads,
    of: async (userId, variant) => {
      reads.push(`of ${userId} ${variant}`);
      await Promise.resolve();
      return people[userId] ?? null;
    },
  };
  return s;
}

describe('seatRatings', () => {
  it('gives people their saved rating, a new person 1500 with "?", and computer players their fixed one', () => {
    const game = gameOf([{ userId: 'ann' }, { userId: 'ben' }, { userId: 'bot:expert:1', isBot: true }], 'lobby');
    const people = new Map([
      ['ann', { rating: 1538, provisional: false, change: null }],
      ['ben', null],
    ]);
    expect(seatRatings(game, people)).toEqual([
      { rating: 1538, provisional: false, computer: false, change: null },
      { rating: 1500, provisional: true, computer: false, change: null },
      { rating: displayed(COMPUTER_SKILLS.olathe.expert), provisional: false, computer: true, change: null },
    ]);
    // Balut's expert is another number (docs/RATINGS.md's table: 2,226 and 2,252).
    const balut = gameOf([{ userId: 'ann' }, { userId: 'bot:expert:1', isBot: true }], 'playing', 'balut');
    expect(seatRatings(balut, people)[1]?.rating).toBe(2252);
    expect(seatRatings(game, people)[2]?.rating).toBe(2226);
  });

  it('leaves a seat not read yet, or a computer of no known difficulty, without one; a solo game without any', () => {
    const game = gameOf([{ userId: 'ann' }, { userId: 'bot:genius:1', isBot: true }]);
    expect(seatRatings(game, new Map())).toEqual([null, null]);
    expect(seatRatings(gameOf([{ userId: 'ann' }]), new Map([['ann', null]]))).toEqual([]);
  });
});

describe('GameRatings', () => {
  it('reads each person once for a game, however often its board is shown, and only a lobby’s newcomer after', async () => {
    const reads = source({ ann: stored(1612, 9) });
    const cache = new GameRatings(reads);
    const two = gameOf([{ userId: 'ann' }, { userId: 'ben' }], 'lobby');
    const first = await cache.of(two);
    expect(first.map((r) => r && `${r.rating}${r.provisional ? '?' : ''}`)).toEqual(['1612', '1500?']);
    for (let move = 0; move < 20; move++) await cache.of(gameOf([{ userId: 'ann' }, { userId: 'ben' }]));
    expect(reads.reads).toEqual(['of ann olathe', 'of ben olathe']);
    await cache.of(gameOf([{ userId: 'ann' }, { userId: 'ben' }, { userId: 'cat' }], 'lobby'));
    expect(reads.reads.slice(2)).toEqual(['of cat olathe']);
  });

  it('boards asking at once share one read', async () => {
    const reads = source({});
    const cache = new GameRatings(reads);
    const game = gameOf([{ userId: 'ann' }, { userId: 'ben' }]);
    const all = await Promise.all([cache.of(game), cache.of(game), cache.of(game)]);
    expect(all[2]).toEqual(all[0]);
    expect(reads.reads).toHaveLength(2);
  });

  it('shows after a rated end the rating it left and its change, as saved with the game, reading nothing', async () => {
    const reads = source({ ann: stored(1640, 5, false) });
    const cache = new GameRatings(reads);
    const seats = [{ userId: 'ann' }, { userId: 'ben' }, { userId: 'bot:easy:1', isBot: true }];
    await cache.of(gameOf(seats));
    expect(reads.reads).toHaveLength(2);
    const over = {
      ...gameOf(seats, 'finished'),
      ratings: { people: [change(0, 'ann', 1640, 1655, false), change(1, 'ben', 1500, 1490, true)], computers: [] },
    } as GameView;
    expect(await cache.of(over)).toEqual([
      { rating: 1655, provisional: false, computer: false, change: 15 },
      { rating: 1490, provisional: true, computer: false, change: -10 },
      { rating: displayed(COMPUTER_SKILLS.olathe.easy), provisional: false, computer: true, change: null },
    ]);
    // A board opened on the results only: nothing to read either.
    const fresh = new GameRatings(reads);
    await fresh.of(over);
    expect(reads.reads).toHaveLength(2);
  });

  it('shows an end that was not rated with the ratings as they were, with no change', async () => {
    const cache = new GameRatings(source({ ann: stored(1600, 6, false) }));
    const ended = await cache.of(gameOf([{ userId: 'ann' }, { userId: 'ben' }], 'ended'));
    expect(ended).toEqual([
      { rating: 1600, provisional: false, computer: false, change: null },
      { rating: 1500, provisional: true, computer: false, change: null },
    ]);
  });

  it('forgets a game nobody watches, and keeps no more games than its bound', async () => {
    const reads = source({});
    const cache = new GameRatings(reads, 2);
    for (const id of [1, 2, 3]) await cache.of({ ...gameOf([{ userId: 'ann' }, { userId: 'ben' }]), id });
    expect(cache.size).toBe(2);
    cache.forget(3);
    expect(cache.size).toBe(1);
    // A solo game is never read.
    await cache.of(gameOf([{ userId: 'ann' }]));
    expect(reads.reads).toHaveLength(6);
  });

  it('tries a failed read again at the next showing', async () => {
    let fail = true;
    const cache = new GameRatings({
      of: async () => {
        if (fail) throw new Error('database down');
        return stored(1550, 7, false);
      },
    });
    const game = gameOf([{ userId: 'ann' }, { userId: 'ben' }]);
    await expect(cache.of(game)).rejects.toThrow('database down');
    fail = false;
    expect((await cache.of(game))[0]?.rating).toBe(1550);
  });
});
