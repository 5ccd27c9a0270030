// The leaderboard against games computed by hand. Every game uses the small card (two Free columns, one
// throw a turn), so each player writes the same dice into every cell, top to bottom, column by column:
//   6 6 6 6 6 → per column Sixes 30, Choice 30, Olathe 50: raw 220; Sixes 60 ≥ 39 (+2), Choice 60 ≥ 50 (+2),
//               two Olathes (+4): incentives 8; modifier at 220 (edges ×½: 150, 175, 200 passed) +1 → final 9
//   1 2 3 4 5 → per column Fours 4, Fives 5, Straight 15, Choice 15: raw 78; every Straight (+4); −2 → final 2
//   1 1 1 1 2 → Choice 6 per column: raw 12; nothing; −2 → final −2
//   5 5 5 5 5 → Fives 25, Choice 25, Olathe 45: raw 190; Fives 50 ≥ 32.5 (+2), Choice 50 (+2), Olathes (+4);
//               modifier at 190 (150, 175 passed) 0 → final 8
//   2 2 3 3 3 → House 13, Choice 13: raw 52; every House (+3); −2 → final 1
//   4 4 4 4 4 → Fours 20, Choice 20, Olathe 40: raw 160; Fours 40 ≥ 26 (+2), Olathes (+4); modifier −1 → final 5
//   2 2 2 2 2 → Choice 10, Olathe 30: raw 80; Olathes (+4); −2 → final 2
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView, LeaderboardRow } from '../../../src/service/game-service';
import type { Harness } from './helpers';
import { SMALL, harness, playOut, removeTempDirs } from './helpers';

afterAll(removeTempDirs);

const DAY = 24 * 60 * 60 * 1000;
const TURNS = 14;

interface Seat {
  id: string;
  name?: string;
  bot?: boolean;
  dice: number[];
  predict?: number;
}

let h: Harness;
let channel = 0;

/** Plays a whole small-card game where each seat always throws its dice. */
async function play(guildId: string, seats: Seat[], finish = true): Promise<GameView> {
  const { service, rng } = h;
  const [host, ...others] = seats;
  let view = await service.openLobby({
    guildId,
    channelId: `c${++channel}`,
    host: { id: host!.id, name: host!.name ?? host!.id },
    options: SMALL,
  });
  for (const s of others) view = await service.join(view.id, { id: s.id, name: s.name ?? s.id, isBot: s.bot });
  view = await service.start(view.id, host!.id);
  for (const s of seats) if (s.predict !== undefined) view = (await service.predict(view.id, s.id, s.predict)).view;
  if (!finish) return view;
  for (let turn = 0; turn < TURNS; turn++) for (const s of seats) rng.push(s.dice);
  view = await playOut(service, view);
  expect(rng.left()).toBe(0);
  return view;
}

const row = (r: Partial<LeaderboardRow> & { userId: string }) => expect.objectContaining(r);

beforeAll(async () => {
  h = await harness();
  // Game 3, long ago: ann 4s (final 5, wins) against a computer player's 2s (final 2). 4 Olathes scored: ann exact.
  await play('G', [
    { id: 'ann', dice: [4, 4, 4, 4, 4], predict: 4 },
    { id: 'robo', name: 'Robo', bot: true, dice: [2, 2, 2, 2, 2] },
  ]);
  h.clock.advance(40 * DAY);
  // Game 1: ann 6s (final 9, wins) against ben's straights (final 2). 2 Olathes scored: ann exact.
  await play('G', [
    { id: 'ann', name: 'Ann', dice: [6, 6, 6, 6, 6], predict: 2 },
    { id: 'ben', name: 'Ben', dice: [1, 2, 3, 4, 5], predict: 1 },
  ]);
  h.clock.advance(DAY);
  // Game 2: ann junk (−2), ben 5s (8, wins), cy houses (1). 2 Olathes scored: ann and cy exact. Ben's new name.
  await play('G', [
    { id: 'ann', name: 'Ann', dice: [1, 1, 1, 1, 2], predict: 2 },
    { id: 'ben', name: 'Benjamin', dice: [5, 5, 5, 5, 5], predict: 0 },
    { id: 'cy', name: 'Cy', dice: [2, 2, 3, 3, 3], predict: 2 },
  ]);
  // Not counted: a game stopped by its host, a game in another guild, a game still in play.
  const stopped = await play(
    'G',
    [
      { id: 'cy', dice: [6, 6, 6, 6, 6] },
      { id: 'ben', dice: [6, 6, 6, 6, 6] },
    ],
    false,
  );
  await h.service.end(stopped.id, 'cy', { canManage: false });
  await play('H', [{ id: 'cy', dice: [6, 6, 6, 6, 6] }]);
  await play('G', [{ id: 'ann', dice: [6, 6, 6, 6, 6] }], false);
});

describe('the leaderboard of a guild', () => {
  it('all time: games, wins, win rate, average and best final, Olathes thrown and scored, exact predictions', async () => {
    const rows = await h.service.leaderboard('G');
    expect(rows.map((r) => r.userId)).toEqual(['ann', 'ben', 'cy']);
    expect(rows[0]).toEqual({
      rank: 1,
      userId: 'ann',
      name: 'Ann',
      isBot: false,
      games: 3,
      wins: 2,
      winRate: 2 / 3,
      averageFinal: 4,
      bestFinal: 9,
      olathesThrown: 28,
      olathesScored: 4,
      exactPredictions: 3,
    });
    expect(rows[1]).toEqual({
      rank: 2,
      userId: 'ben',
      name: 'Benjamin',
      isBot: false,
      games: 2,
      wins: 1,
      winRate: 0.5,
      averageFinal: 5,
      bestFinal: 8,
      olathesThrown: 14,
      olathesScored: 2,
      exactPredictions: 0,
    });
    expect(rows[2]).toEqual({
      rank: 3,
      userId: 'cy',
      name: 'Cy',
      isBot: false,
      games: 1,
      wins: 0,
      winRate: 0,
      averageFinal: 1,
      bestFinal: 1,
      olathesThrown: 0,
      olathesScored: 0,
      exactPredictions: 1,
    });
  });

  it('the last 30 days: equal wins and win rates are ordered by the better average', async () => {
    const rows = await h.service.leaderboard('G', { since: h.clock.t - 30 * DAY });
    expect(rows).toEqual([
      row({ userId: 'ben', games: 2, wins: 1, averageFinal: 5, bestFinal: 8 }),
      row({
        userId: 'ann',
        games: 2,
        wins: 1,
        winRate: 0.5,
        averageFinal: 3.5,
        bestFinal: 9,
        olathesThrown: 14,
        olathesScored: 2,
        exactPredictions: 2,
      }),
      row({ userId: 'cy', games: 1 }),
    ]);
  });

  it('computer players only when asked for', async () => {
    const rows = await h.service.leaderboard('G', { includeBots: true });
    // People first, then the computer players, ranked apart.
    expect(rows.map((r) => [r.userId, r.rank])).toEqual([
      ['ann', 1],
      ['ben', 2],
      ['cy', 3],
      ['robo', 1],
    ]);
    expect(rows[3]).toEqual({
      rank: 1,
      userId: 'robo',
      name: 'Robo',
      isBot: true,
      games: 1,
      wins: 0,
      winRate: 0,
      averageFinal: 2,
      bestFinal: 2,
      olathesThrown: 14,
      olathesScored: 2,
      exactPredictions: 0,
    });
  });

  it('other guilds, and a guild with no finished game', async () => {
    expect(await h.service.leaderboard('H')).toEqual([
      row({ userId: 'cy', games: 1, wins: 1, averageFinal: 9, olathesThrown: 14 }),
    ]);
    expect(await h.service.leaderboard('nowhere')).toEqual([]);
    expect(await h.service.leaderboard('G', { variant: 'balut' })).toEqual([]);
  });

  it('a player who quits still played the game: it counts, with their card as it stands', async () => {
    await play(
      'Q',
      [
        { id: 'dan', dice: [6, 6, 6, 6, 6] },
        { id: 'eve', dice: [] },
      ],
      false,
    );
    const view = (await h.service.openGameInChannel(`c${channel}`))!;
    await h.service.quit(view.id, 'eve');
    for (let turn = 0; turn < TURNS; turn++) h.rng.push([6, 6, 6, 6, 6]);
    await playOut(h.service, (await h.service.game(view.id))!);
    expect(await h.service.leaderboard('Q')).toEqual([
      row({ userId: 'dan', games: 1, wins: 1, averageFinal: 9 }),
      row({ userId: 'eve', games: 1, wins: 0, averageFinal: -2, bestFinal: -2, olathesThrown: 0 }),
    ]);
  });
});
