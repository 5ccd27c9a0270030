// Games that ended before ratings existed are rated once, at open, in the order they ended (not the order of
// their ids), from their stored results, on both engines; opening again rates nothing twice.
import { afterAll, describe, expect, it } from 'vitest';
import type { GameOptions } from '../../../src/game';
import type { PersonRating, RatedSeat } from '../../../src/rating';
import { rateGame } from '../../../src/rating';
import type { EngineStorage } from '../../support/engines';
import { ENGINES, openEngineStorage } from '../../support/engines';
import { removeTempDirs } from '../service/helpers';

afterAll(removeTempDirs);

const OPTIONS: GameOptions = { variant: 'olathe', columns: ['free'], throwsPerTurn: 3, predictions: false };
const DAY = 86_400_000;
const NOV = Date.UTC(2026, 10, 20);

interface Old {
  at: number;
  status: 'finished' | 'ended';
  /** user id, place, left */
  seats: Array<[string, number, boolean?]>;
}

async function oldGame(s: EngineStorage, g: Old): Promise<number> {
  const games = s.storage.games;
  const id = await games.insertGame({
    ...{ guild_id: 'g1', channel_id: `c${g.at}`, variant: 'olathe', options: OPTIONS, turn_timeout_ms: 60_000 },
    ...{ host_id: g.seats[0]![0], created_at: g.at - 10, thread_mode: 0, next_deadline: g.at, locale: 'en' },
  });
  for (const [seat, [user, place, left]] of g.seats.entries()) {
    const is_bot = user.startsWith('bot:') ? 1 : 0;
    await games.insertPlayer({ game_id: id, seat, user_id: user, name: user, is_bot, joined_at: g.at });
    if (left) await games.setLeft(id, seat, 'quit', g.at);
    await games.setResult(id, seat, {
      ...{ final_score: 100 - place, raw_total: 100 - place, place, won: place === 1 ? 1 : 0 },
      ...{ olathes_thrown: 0, olathes_scored: 0, exact_prediction: 0, incentives_met: 0 },
    });
  }
  await games.saveGame(id, 0, { status: g.status, finished_at: g.at, next_deadline: null });
  return id;
}

// Inserted in this order (so ids rise), ended in another: the backlog follows the ends.
const GAMES: Old[] = [
  {
    at: NOV + 3 * DAY,
    status: 'finished',
    seats: [
      ['ann', 1],
      ['ben', 2],
    ],
  },
  {
    at: NOV + 1 * DAY,
    status: 'finished',
    seats: [
      ['ben', 1],
      ['ann', 2],
      ['cat', 2],
    ],
  },
  // Stopped early by the host: not rated.
  {
    at: NOV + 2 * DAY,
    status: 'ended',
    seats: [
      ['ann', 1],
      ['ben', 2],
    ],
  },
  // ann quit against a computer player, which played on: rated, ann last.
  {
    at: NOV + 15 * DAY,
    status: 'ended',
    seats: [
      ['bot:easy:1', 1],
      ['ann', 2, true],
    ],
  },
  // Alone: not rated.
  { at: NOV + 4 * DAY, status: 'finished', seats: [['cat', 1]] },
];

/** The ratings the pure functions give, game after game in end order. */
function expected(): Map<string, PersonRating> {
  const current = new Map<string, PersonRating>();
  const rated = [0, 1, 3].map((i) => GAMES[i]!).sort((a, b) => a.at - b.at);
  for (const g of rated) {
    const seats = g.seats.map(([userId, place, left], seat): RatedSeat => ({
      ...{ seat, userId, name: userId, place, left: left ?? false },
      computer: userId.startsWith('bot:') ? 'easy' : null,
    }));
    for (const [user, r] of rateGame('olathe', seats, current, g.at).stored) current.set(user, r);
  }
  return current;
}

describe.each(ENGINES)('the rating backlog on %s', (engine) => {
  it('rates each game that ended before ratings once, in end order, at open', async () => {
    const s = await openEngineStorage(engine);
    const ids = [];
    for (const g of GAMES) ids.push(await oldGame(s, g));
    // As migration 0014 fills it.
    await s.sql(
      `INSERT INTO rating_backlog (game_id, finished_at)
       SELECT id, finished_at FROM games WHERE status IN ('finished', 'ended') AND finished_at IS NOT NULL`,
    );
    const reopened = await s.another();
    const want = expected();
    const got = await reopened.ratings.current('olathe', ['ann', 'ben', 'cat', 'bot:easy:1']);
    expect(got).toEqual(want);
    expect(got.get('ann')!.games).toBe(3);
    expect((await reopened.ratings.history('ann', 'olathe', 10)).map((h) => h.gameId)).toEqual([
      ids[3],
      ids[0],
      ids[1],
    ]);
    expect(await s.sql('SELECT COUNT(*) AS n FROM rating_backlog')).toEqual([{ n: 0 }]);
    // Opened again: nothing is rated twice.
    const third = await s.another();
    expect(await third.ratings.current('olathe', ['ann', 'ben', 'cat'])).toEqual(want);
    expect(await s.sql('SELECT COUNT(*) AS n FROM rating_history')).toEqual([{ n: 6 }]);
    await s.close();
  });
});
