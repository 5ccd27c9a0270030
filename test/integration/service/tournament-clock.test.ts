// The bot's turn clock starts a tournament at its start time by itself, as it times out a turn: its start time is
// among the deadlines the clock sleeps until, and the games of round 1 it starts are handed on to be shown.
import { afterAll, expect, it } from 'vitest';
import { createLogger } from '../../../src/app/logger';
import { TurnClock } from '../../../src/app/turn-clock';
import { GameService } from '../../../src/service/game-service';
import { openTestStorage } from '../../support/storage';
import { SMALL, removeTempDirs, riggedRng, tempDbPath, user } from './helpers';

afterAll(removeTempDirs);

it('starts a tournament at its start time and hands on the games of its first round', async () => {
  const storage = await openTestStorage(tempDbPath());
  const service = new GameService(storage, { rng: riggedRng() });
  const changed: number[] = [];
  const logged: string[] = [];
  const clock = new TurnClock(
    service,
    { changed: (gameId) => changed.push(gameId), databaseBack: () => {} },
    createLogger('info', (line) => logged.push(line)),
    // Its longest sleep: the start time, written before the clock starts, is found at its first look.
    60_000,
  );
  const night = await service.tournaments.create({
    guildId: 'g',
    channelId: 'c',
    host: user('host'),
    options: { name: 'Night', game: SMALL, startsAt: Date.now() + 300, rounds: 1, tableSize: 2 },
  });
  for (const id of ['ann', 'ben', 'cat', 'dan']) await service.tournaments.join(night.id, user(id));
  clock.start();
  try {
    const end = performance.now() + 10_000;
    while (changed.length < 2 && performance.now() < end) await new Promise((r) => setTimeout(r, 10));
    const view = (await service.tournaments.tournament(night.id))!;
    expect(view.state.status).toBe('running');
    expect(changed.sort()).toEqual(view.state.rounds[0]!.tables.map((t) => Number(t.gameId)).sort());
    expect(logged.some((line) => line.includes('tournament carried on'))).toBe(true);
    expect(logged.some((line) => line.includes('deadline check failed'))).toBe(false);
  } finally {
    await clock.stop();
    await storage.close();
  }
});
