// /olathe stats, head-to-head and the leaderboard's periods and variants, against games played through the
// service with dice the test chooses, so every figure is worked out by hand (see leaderboard.test.ts for each
// dice pattern's card). On the small card (two Free columns, one throw a turn):
//   6s → final 9, Sixes and Choice incentives, 2 Olathes scored, 14 thrown
//   5s → final 8, Fives and Choice, 2 scored, 14 thrown     4s → final 5, Fours, 2 scored, 14 thrown
//   1 2 3 4 5 → final 2, Straight    2 2 3 3 3 → final 1, House    1 1 1 1 2 → final −2, none
// On a Balut card (four Free columns): 6s → final 13 (Sixes, Choice, 4 Baluts); 1 2 3 4 5 → final 2 (Straight).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameOptions } from '../../../src/game';
import type { GameView } from '../../../src/service/game-service';
import type { Harness } from './helpers';
import { SMALL, harness, playOut, removeTempDirs } from './helpers';

afterAll(removeTempDirs);

const DAY = 24 * 60 * 60 * 1000;
const SIXES = [6, 6, 6, 6, 6];
const FIVES = [5, 5, 5, 5, 5];
const FOURS = [4, 4, 4, 4, 4];
const STRAIGHT = [1, 2, 3, 4, 5];
const HOUSE = [2, 2, 3, 3, 3];
const JUNK = [1, 1, 1, 1, 2];
const BALUT: GameOptions = {
  variant: 'balut',
  columns: ['free', 'free', 'free', 'free'],
  throwsPerTurn: 3,
  predictions: false,
};
const NONE = { fours: 0, fives: 0, sixes: 0, straight: 0, house: 0, choice: 0 };

let h: Harness;
let channel = 0;

/** A whole game where each seat always throws its own dice; `finish: false` leaves it in play. */
async function play(
  guildId: string,
  seats: Array<[string, number[]]>,
  options = SMALL,
  finish = true,
): Promise<GameView> {
  const { service, rng } = h;
  let view = await service.openLobby({
    guildId,
    channelId: `stats-${++channel}`,
    host: { id: seats[0]![0], name: seats[0]![0].toUpperCase() },
    options,
  });
  for (const [id] of seats.slice(1)) view = await service.join(view.id, { id, name: id.toUpperCase() });
  view = await service.start(view.id, seats[0]![0]);
  if (!finish) return view;
  const turns = options.columns.length * 7;
  // Olathe: seats take turns; Balut (as playOut plays it): each seat fills its card in seat order.
  if (options.variant === 'olathe') for (let t = 0; t < turns; t++) for (const [, dice] of seats) rng.push(dice);
  else for (const [, dice] of seats) for (let t = 0; t < turns; t++) rng.push(dice);
  view = await playOut(h.service, view);
  expect(view.status).toBe('finished');
  expect(rng.left()).toBe(0);
  return view;
}

beforeAll(async () => {
  h = await harness();
  await play('G', [
    ['ann', SIXES],
    ['ben', STRAIGHT],
  ]); // 1: ann 9 beats ben 2
  h.clock.advance(30 * DAY);
  await play('G', [
    ['ann', SIXES],
    ['ben', FIVES],
  ]); // 2: ann 9 beats ben 8
  h.clock.advance(20 * DAY);
  await play('G', [
    ['ann', JUNK],
    ['ben', FOURS],
  ]); // 3: ben 5 beats ann −2
  await play('G', [
    ['ann', SIXES],
    ['ben', SIXES],
  ]); // 4: a shared win, level
  await play('G', [
    ['ann', FIVES],
    ['ben', HOUSE],
    ['cy', SIXES],
  ]); // 5: cy 9 wins; ann 8 second, above ben 1
  await play(
    'G',
    [
      ['ann', STRAIGHT],
      ['ben', SIXES],
    ],
    BALUT,
  ); // 6 (Balut): ben 13 beats ann 2
  await play('G', [
    ['dan', SIXES],
    ['eve', SIXES],
  ]); // 7: dan and eve share a win, each exactly like cy's one game
  // Counted nowhere: a game stopped early, a game in another server, a game in play, a daily challenge.
  const stopped = await play(
    'G',
    [
      ['ann', SIXES],
      ['ben', JUNK],
    ],
    SMALL,
    false,
  );
  await h.service.end(stopped.id, 'ann', { canManage: false });
  await play('H', [
    ['ben', SIXES],
    ['ann', JUNK],
  ]);
  await play('G', [['ann', SIXES]], SMALL, false);
  const daily = await h.service.startDaily({
    guildId: 'G',
    channelId: `stats-${++channel}`,
    user: { id: 'ben', name: 'BEN' },
  });
  expect((await playOut(h.service, daily)).status).toBe('finished');
});

describe("a player's statistics in a server", () => {
  it('games and wins per variant, best and average points, Olathes, incentives, streaks and rank', async () => {
    expect(await h.service.playerStats('G', 'ann')).toEqual({
      userId: 'ann',
      name: 'ANN',
      games: 6,
      wins: 3,
      variants: [
        {
          variant: 'olathe',
          games: 5,
          wins: 3,
          winRate: 0.6,
          averageFinal: 33 / 5,
          bestFinal: 9,
          olathesThrown: 56,
          olathesScored: 8,
          exactPredictions: 0,
          incentives: { ...NONE, fives: 1, sixes: 3, choice: 4 },
        },
        {
          variant: 'balut',
          games: 1,
          wins: 0,
          winRate: 0,
          averageFinal: 2,
          bestFinal: 2,
          olathesThrown: 0,
          olathesScored: 0,
          exactPredictions: 0,
          incentives: { ...NONE, straight: 1 },
        },
      ],
      // Won, won, lost, won (shared), lost, lost.
      longestStreak: 2,
      currentStreak: 0,
      rank: { rank: 2, of: 5 },
      firstFinishedAt: expect.any(Number) as number,
    });
  });

  it('a streak still running, a Balut record, and the top rank', async () => {
    const ben = (await h.service.playerStats('G', 'ben'))!;
    // Lost, lost, won, won (shared), lost, won: the daily challenge and server H do not count.
    expect([ben.games, ben.wins, ben.longestStreak, ben.currentStreak]).toEqual([6, 3, 2, 1]);
    expect(ben.variants.map((v) => [v.variant, v.games, v.wins, v.bestFinal, v.averageFinal])).toEqual([
      ['olathe', 5, 2, 9, 25 / 5],
      ['balut', 1, 1, 13, 13],
    ]);
    expect(ben.variants[1]!.incentives).toEqual({ ...NONE, sixes: 1, choice: 1 });
    expect(ben.variants[1]!.olathesScored).toBe(4);
    expect(ben.rank).toEqual({ rank: 1, of: 5 });
  });

  it('is null for someone with no finished game here, and per server', async () => {
    expect(await h.service.playerStats('G', 'nobody')).toBeNull();
    expect(await h.service.playerStats('nowhere', 'ann')).toBeNull();
    const inH = (await h.service.playerStats('H', 'ann'))!;
    expect([inH.games, inH.wins, inH.rank]).toEqual([1, 0, { rank: 2, of: 2 }]);
  });
});

describe('head-to-head', () => {
  it('their games together: who placed above whom, level, and the games each won', async () => {
    expect(await h.service.headToHead('G', 'ann', 'ben')).toEqual({
      userId: 'ann',
      otherId: 'ben',
      games: 6,
      ahead: 3,
      behind: 2,
      level: 1,
      wins: 3,
      otherWins: 3,
      variants: [
        { variant: 'olathe', games: 5, ahead: 3, behind: 1, level: 1, wins: 3, otherWins: 2 },
        { variant: 'balut', games: 1, ahead: 0, behind: 1, level: 0, wins: 0, otherWins: 1 },
      ],
    });
    const reverse = await h.service.headToHead('G', 'ben', 'ann');
    expect([reverse.games, reverse.ahead, reverse.behind, reverse.level]).toEqual([6, 2, 3, 1]);
  });

  it('none together, and another server', async () => {
    expect((await h.service.headToHead('G', 'cy', 'dan')).games).toBe(0);
    expect((await h.service.headToHead('G', 'cy', 'dan')).variants).toEqual([]);
    expect(await h.service.headToHead('H', 'ann', 'ben')).toMatchObject({ games: 1, ahead: 0, behind: 1 });
  });
});

const board = async (options: Parameters<Harness['service']['leaderboard']>[1]) =>
  (await h.service.leaderboard('G', options)).map((r) => [r.userId, r.rank, r.games, r.wins]);

describe('the leaderboard by period and variant', () => {
  it('all time, both variants: equal wins and rate go by average; equal records share a rank (3, 3, 3)', async () => {
    expect(await board({})).toEqual([
      ['ben', 1, 6, 3],
      ['ann', 2, 6, 3],
      ['cy', 3, 1, 1],
      ['dan', 3, 1, 1],
      ['eve', 3, 1, 1],
    ]);
  });

  it('the kept all-time totals say exactly what summing every game says', async () => {
    expect(await h.service.leaderboard('G', { since: 0 })).toEqual(await h.service.leaderboard('G'));
    expect(await h.service.leaderboard('G', { since: 0, variant: 'balut' })).toEqual(
      await h.service.leaderboard('G', { variant: 'balut' }),
    );
  });

  it('the last 30 days leave out the first game; the last 7 days the second too', async () => {
    // Ann and ben 2 wins in 4 each: ann's average 24/4 beats ben's 23/4.
    expect(await board({ period: 'month', variant: 'olathe' })).toEqual([
      ['ann', 1, 4, 2],
      ['ben', 2, 4, 2],
      ['cy', 3, 1, 1],
      ['dan', 3, 1, 1],
      ['eve', 3, 1, 1],
    ]);
    // Ben 2 wins; cy, dan and eve one win in one game each; ann one win in three.
    expect(await board({ period: 'week', variant: 'olathe' })).toEqual([
      ['ben', 1, 3, 2],
      ['cy', 2, 1, 1],
      ['dan', 2, 1, 1],
      ['eve', 2, 1, 1],
      ['ann', 5, 3, 1],
    ]);
  });

  it('one variant', async () => {
    expect(await board({ variant: 'balut' })).toEqual([
      ['ben', 1, 1, 1],
      ['ann', 2, 1, 0],
    ]);
    expect(await board({ period: 'week', variant: 'balut' })).toEqual(await board({ variant: 'balut' }));
  });

  it('a week with nothing in it', async () => {
    h.clock.advance(8 * DAY);
    try {
      expect(await h.service.leaderboard('G', { period: 'week' })).toEqual([]);
      expect((await board({ period: 'month' })).length).toBe(5);
    } finally {
      h.clock.advance(-8 * DAY);
    }
  });
});
