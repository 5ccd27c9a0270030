// The bot's turn clock wakes for a deadline this process writes, instead of finding it at its next look: here its
// longest sleep is a minute, so a computer player that moves within the test's deadline was woken by the write.
import { afterAll, afterEach, expect, it } from 'vitest';
import { createLogger } from '../../../src/app/logger';
import { TurnClock } from '../../../src/app/turn-clock';
import { GameService } from '../../../src/service/game-service';
import { openTestStorage } from '../../support/storage';
import { BALUT, removeTempDirs, riggedRng, tempDbPath, user } from './helpers';

afterAll(removeTempDirs);

const MINUTE = 60_000;
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function clockWithBotGame() {
  const storage = await openTestStorage(tempDbPath());
  const service = new GameService(storage, { rng: riggedRng(), botStepMs: 30 });
  const changed: number[] = [];
  const clock = new TurnClock(
    service,
    { changed: (gameId) => changed.push(gameId), databaseBack: () => {} },
    createLogger('error', () => {}),
    MINUTE,
  );
  stops.push(async () => {
    await clock.stop();
    await storage.close();
  });
  // Nothing is due: the clock sleeps its minute.
  clock.start();
  await new Promise((r) => setTimeout(r, 50));
  const lobby = await service.openLobby({ guildId: 'g', channelId: 'c', host: user('ann'), options: BALUT });
  await service.addBot(lobby.id, 'ann', 'easy');
  return { service, clock, changed, gameId: lobby.id };
}

/**
 * A clock on its own database with its longest sleep `maxSleepMs`, counting its service's looks at the deadlines and
 * runs, and the times it saw the database come back; `other` is another process on the same database, whose
 * deadlines do not wake this clock.
 */
async function countedClock(maxSleepMs: number) {
  const storage = await openTestStorage(tempDbPath());
  const service = new GameService(storage, { rng: riggedRng(), botStepMs: 30 });
  const other = new GameService(storage, { rng: riggedRng(), botStepMs: 30 });
  const calls = { looks: 0, runs: 0, back: 0 };
  const nextDeadline = service.nextDeadline.bind(service);
  const expireTurns = service.expireTurns.bind(service);
  service.nextDeadline = () => (calls.looks++, nextDeadline());
  service.expireTurns = (now?: number) => (calls.runs++, expireTurns(now));
  const changed: number[] = [];
  const clock = new TurnClock(
    service,
    { changed: (gameId) => changed.push(gameId), databaseBack: () => calls.back++ },
    createLogger('error', () => {}),
    maxSleepMs,
  );
  return { storage, other, calls, changed, clock };
}

it('wakes for a computer player’s step written by a move, and for each step after it', async () => {
  const { service, changed, gameId } = await clockWithBotGame();
  // Balut: every seat plays at once, so the start gives the computer player its first step 30 ms from now.
  await service.start(gameId, 'ann');
  // A step is a throw, a hold or a write: its first cell takes several, each woken by the one before.
  await until(() => changed.length >= 3);
  expect(new Set(changed)).toEqual(new Set([gameId]));
});

it('runs no more once stopped, though a deadline is written after', async () => {
  const { service, clock, changed, gameId } = await clockWithBotGame();
  await clock.stop();
  await service.start(gameId, 'ann');
  await new Promise((r) => setTimeout(r, 300));
  expect(changed).toEqual([]);
});

it('looks at the next deadline alone while nothing is due, and handles a deadline another process wrote', async () => {
  // Another process on the same database: its deadlines do not wake this clock; the clock's looks find them.
  const { storage, other, calls, changed, clock } = await countedClock(25);
  stops.push(async () => {
    await clock.stop();
    await storage.close();
  });
  clock.start();
  await until(() => calls.looks >= 8);
  // Idle: each wake was the 25 ms cap, and each asked one thing of the database.
  expect(calls.runs).toBe(0);

  const lobby = await other.openLobby({ guildId: 'g', channelId: 'c', host: user('ann'), options: BALUT });
  await other.addBot(lobby.id, 'ann', 'easy');
  await other.start(lobby.id, 'ann');
  await until(() => changed.length >= 3);
  expect(new Set(changed)).toEqual(new Set([lobby.id]));
  expect(calls.runs).toBeGreaterThanOrEqual(3);
});

it('told the deadlines each second by another look (the shard lock’s), asks nothing itself while idle', async () => {
  const { storage, other, calls, changed, clock } = await countedClock(MINUTE);
  // The shard lock's confirmations, here every 25 ms, each reading the deadlines on a session of their own.
  let failing = false;
  const confirmations = setInterval(() => {
    void storage.games.nextDeadline().then((next) => (failing ? clock.unheard() : clock.heard(next)));
  }, 25);
  stops.push(async () => {
    clearInterval(confirmations);
    await clock.stop();
    await storage.close();
  });
  clock.start();
  await until(() => calls.looks >= 1);
  await new Promise((r) => setTimeout(r, 300));
  // Idle: the start's look, then none of its own; nothing handled.
  expect(calls).toEqual({ looks: 1, runs: 0, back: 0 });

  // The confirmations fail, then answer: the database is back, and every game is compared once.
  failing = true;
  await new Promise((r) => setTimeout(r, 100));
  expect(calls.back).toBe(0);
  failing = false;
  await until(() => calls.back === 1);
  await new Promise((r) => setTimeout(r, 100));
  expect(calls).toEqual({ looks: 1, runs: 0, back: 1 });

  // A computer player's step written by another process: only the heard deadline can wake this clock.
  const lobby = await other.openLobby({ guildId: 'g', channelId: 'c', host: user('ann'), options: BALUT });
  await other.addBot(lobby.id, 'ann', 'easy');
  await other.start(lobby.id, 'ann');
  await until(() => changed.length >= 3);
  expect(new Set(changed)).toEqual(new Set([lobby.id]));
});
