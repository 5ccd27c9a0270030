// Moving a running community from SQLite to PostgreSQL: a bot on SQLite plays half a game in a thread and stops
// cleanly; `db:copy` (the built dist/db-copy.js) copies its database into an empty PostgreSQL database; the bot
// starts again on DATABASE_URL (with the daily secret from the file beside the SQLite database) against the same
// Discord, and a click on a button posted before the move finishes that game; a new game gets the next id.
// PostgreSQL only (vitest.config.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { dailySecretPath } from '../../src/app/daily-secret';
import type { FakeUser } from '../../src/fake-discord';
import { spawnScript } from '../support/project';
import { freshDatabase } from '../support/postgres';
import type { World } from './harness';
import { control, playSimpleTurn, playToTheEnd, resultsMessage, startWorld, threadOf, waitForTurn } from './harness';

function dbCopy(env: NodeJS.ProcessEnv, url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnScript('src/cli/db-copy.ts', [url], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const maxGameId = async (world: World) =>
  ((await world.sql('SELECT MAX(id) AS id FROM games')) as { id: number }[])[0]!.id;

describe('db:copy of a half-played game', () => {
  it('continues the game on PostgreSQL from its old buttons, and gives a new game the next id', async () => {
    let world: World | undefined;
    try {
      world = await startWorld({ diceSeed: 'db-copy', engine: 'sqlite' });
      const { fake, users } = world;
      const { alice, bob } = users;
      const lobby = await fake
        .slash(alice, 'olathe', { free: 2, down: 0, up: 0, throws: 1 }, { subcommand: 'start' })
        .reply();
      await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
      await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
      // Half the game: 13 of its 28 turns, the last one Alice's, so Bob's turn message waits for him.
      for (let turn = 0; turn < 13; turn++) {
        const user: FakeUser = turn % 2 === 0 ? alice : bob;
        await playSimpleTurn(fake, user, await waitForTurn(fake, user));
      }
      const old = await waitForTurn(fake, bob);
      expect(old.channelId).toBe(threadOf(fake, lobby.id));
      expect(await world.bot.kill('SIGTERM')).toBe(0);
      const copiedMax = await maxGameId(world);

      const url = await freshDatabase(inject('postgresUrl'));
      const copy = await dbCopy({ ...process.env, DATABASE_PATH: world.env.DATABASE_PATH }, url);
      expect(copy.code, copy.output).toBe(0);
      expect(copy.output).not.toContain(new URL(url).password);

      world.env.DATABASE_URL = url;
      world.env.OLATHE_DAILY_SECRET = readFileSync(dailySecretPath(world.env.DATABASE_PATH!), 'utf8').trim();
      await world.restart();
      expect(world.bot.log()).toContain('shard lock taken');

      // The button posted before the move plays Bob's turn; the game goes on to its results.
      await playSimpleTurn(fake, bob, fake.message(old.id)!);
      await playToTheEnd(fake, [alice, bob]);
      expect(resultsMessage(fake)).toBeDefined();
      const [game] = (await world.sql('SELECT status FROM games WHERE id = $1', [copiedMax])) as { status: string }[];
      expect(game!.status).toBe('finished');
      const writes = (await world.sql("SELECT COUNT(*) AS n FROM events WHERE game_id = $1 AND type = 'write'", [
        copiedMax,
      ])) as { n: number }[];
      expect(writes[0]!.n).toBe(28);

      const next = await fake.slash(alice, 'olathe', {}, { subcommand: 'start' }).reply();
      expect(control(next, 'join').id).toMatchObject({ gameId: copiedMax + 1 });
      expect(await maxGameId(world)).toBe(copiedMax + 1);
      expect(fake.breaches).toEqual([]);
    } finally {
      await world?.close();
    }
  }, 120_000);
});
