// Another host's moves reach this host's boards through PostgreSQL (src/db/postgres/game-changes.ts): a committed
// save notifies `olathe_game` with the game's id, a refused move notifies nobody, and the listener comes back by
// itself after the server was lost — saying so, since notifications sent meanwhile are gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForGameChanges } from '../../../src/db/postgres/game-changes';
import { openPostgresStorage } from '../../../src/db/postgres/storage';
import { GameService } from '../../../src/service/game-service';
import type { PostgresServer } from '../../support/postgres';
import { freshDatabase, startPostgres } from '../../support/postgres';
import { OLATHE, riggedRng } from '../service/helpers';

let server: PostgresServer;
beforeAll(async () => {
  // The game is made before the crash and played after it: its commits must outlive the crash.
  server = await startPostgres({ durableCommits: true });
});
afterAll(async () => {
  await server?.stop();
});

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('game changes across hosts', () => {
  it('hears another host’s committed move within a second, not a refused one, and again after an outage', async () => {
    const url = await freshDatabase(server);
    const host = new GameService(await openPostgresStorage(url), { rng: riggedRng() });
    const heard: number[] = [];
    let resumed = 0;
    const troubles: string[] = [];
    const listener = await listenForGameChanges(url, {
      onChange: (id) => heard.push(id),
      onResumed: () => resumed++,
      onTrouble: (m) => troubles.push(m),
      relistenMs: 200,
    });
    try {
      const lobby = await host.openLobby({
        guildId: '1',
        channelId: '2',
        host: { id: '10', name: 'Ann' },
        options: OLATHE,
        threads: false,
      });
      const started = performance.now();
      await host.start(lobby.id, '10');
      await until(() => heard.includes(lobby.id), 1000);
      expect(performance.now() - started).toBeLessThan(1000);
      // A refused move (a stale stamp) rolls back: nothing to hear.
      heard.length = 0;
      await expect(host.declare(lobby.id, '10', 0, '9.9')).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 300));
      expect(heard).toEqual([]);
      // The server goes and comes back: the listener listens again by itself, and says so.
      await server.crash();
      await until(() => troubles.length > 0, 5000);
      await server.start();
      await until(() => resumed === 1, 15_000);
      await host.declare(lobby.id, '10', 0, '0.0').catch(async () => {
        // The pool's first statement after the outage may meet a dead connection: once more.
        await host.declare(lobby.id, '10', 0, '0.0');
      });
      await until(() => heard.includes(lobby.id), 1000);
      expect(troubles.join('\n')).not.toContain(server.password);
    } finally {
      await listener.close();
      await host.storage.close();
    }
  }, 60_000);
});
