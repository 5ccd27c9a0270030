// LiveGames: a change reaches every board watching the game, a burst of changes ends on the newest moment, a board
// without a game takes up its channel's next one, and — for shard processes on one SQLite file — a move made by
// another process's service is seen by reading the watched games again.
import { afterEach, describe, expect, it } from 'vitest';
import { GameService } from '../../../src/service/game-service';
import type { GameView } from '../../../src/service/game-service';
import { LiveGames } from '../../../src/activity/live-games';
import type { Watcher } from '../../../src/activity/live-games';
import type { Logger } from '../../../src/app/logger';
import { openSqliteTestStorage } from '../../support/storage';
import { OLATHE, riggedRng, tempDbPath } from '../service/helpers';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const opened: Array<{ close(): void | Promise<void> }> = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

/** A board in a test: the test may also set which game it shows. */
type TestWatcher = { -readonly [K in keyof Watcher]: Watcher[K] } & { seen: GameView[] };

function watcher(channelId: string): TestWatcher {
  const w = {
    gameId: null as number | null,
    channelId,
    seen: [] as GameView[],
    show(game: GameView) {
      w.gameId = game.id;
      w.seen.push(game);
    },
  };
  return w;
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function twoPlayers(service: GameService, channelId: string): Promise<GameView> {
  const lobby = await service.openLobby({
    guildId: '1',
    channelId,
    host: { id: 'ann', name: 'Ann' },
    options: OLATHE,
    threads: false,
  });
  await service.join(lobby.id, { id: 'ben', name: 'Ben' });
  return service.start(lobby.id, 'ann');
}

describe('LiveGames', () => {
  it('brings every change of this process to the boards watching, ending on the newest moment', async () => {
    const storage = openSqliteTestStorage(tempDbPath());
    opened.push(storage);
    const service = new GameService(storage, { rng: riggedRng() });
    const live = new LiveGames(service, quiet);
    opened.push(live);
    service.onGameChanged((id) => live.changed(id));
    const w = watcher('c1');
    live.add(w);
    live.setWaiting(w, true);
    const game = await twoPlayers(service, 'c1');
    // Waiting in the channel, the board took up the game as it started.
    await until(() => w.gameId === game.id, 1000);
    live.setWaiting(w, false);
    await service.declare(game.id, 'ann', 0, '0.0');
    await service.throwDice(game.id, 'ann', '0.0');
    await Promise.all([0, 1, 2, 3, 4].map((die) => service.setHold(game.id, 'ann', die, true, '0.1')));
    await until(() => w.seen.at(-1)!.state!.players[0]!.turn.held.every(Boolean), 1000);
    const newest = (await service.game(game.id))!.state!.version;
    expect(w.seen.at(-1)!.state!.version).toBe(newest);
  });

  it('folds the changes that come while a read is under way into one more read', async () => {
    let reads = 0;
    let version = 0;
    const game = { id: 7, channelId: 'c3', playChannelId: null, status: 'playing', players: [], deadlines: {} };
    const slow = {
      async game() {
        reads++;
        const now = version;
        await new Promise((r) => setTimeout(r, 50));
        return { ...game, state: { version: now } } as unknown as GameView;
      },
      openGameInChannel: async () => null,
    } as unknown as GameService;
    const live = new LiveGames(slow, quiet);
    opened.push(live);
    const w = watcher('c3');
    w.gameId = 7;
    live.add(w);
    for (version = 1; version <= 10; version++) live.changed(7);
    version = 10;
    await until(() => w.seen.at(-1)?.state?.version === 10, 1000);
    await new Promise((r) => setTimeout(r, 100));
    expect(reads).toBe(2);
  });

  it('sees another process’s moves on one SQLite file by reading the watched games again', async () => {
    const file = tempDbPath();
    const here = new GameService(openSqliteTestStorage(file), { rng: riggedRng() });
    const there = new GameService(openSqliteTestStorage(file), { rng: riggedRng() });
    opened.push(here.storage, there.storage);
    const live = new LiveGames(here, quiet, 200);
    opened.push(live);
    const game = await twoPlayers(there, 'c2');
    const w = watcher('c2');
    live.add(w);
    w.show((await here.game(game.id))!, []);
    live.moved(w, null);
    const started = performance.now();
    await there.declare(game.id, 'ann', 3, '0.0');
    await until(() => w.seen.at(-1)!.state!.players[0]!.turn.column === 3, 1000);
    expect(performance.now() - started).toBeLessThan(1000);
    const shown = w.seen.length;
    await new Promise((r) => setTimeout(r, 500));
    // Nothing moved on: the polls show nothing more.
    expect(w.seen.length).toBe(shown);
  });
});
