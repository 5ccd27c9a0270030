// SHARDS=2: the manager runs one bot process per gateway shard on the one database. Two guilds, one on each
// shard, play a game each at the same time; shard 1's process is killed (-9) mid-turn, started again by the
// manager, and its game finishes from the buttons it had; shard 0's game never notices.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';
import { shardProcesses } from '../support/processes';
import { botEnv } from './bot-env';
import { databaseEnv, forgetKilledHolder } from './database';
import type { ShardManager } from './shard-manager';
import { startShardManager } from './shard-manager';
import { eventually, runScript } from './harness';
import type { Table } from './tables';
import {
  playOneTurn as playTurn,
  resultsIn as results,
  startGame as start,
  tablesOnTwoShards,
  throwMidTurn,
  writeFromOldMessage,
} from './tables';

let fake: FakeDiscord;
let dir: string;
let manager: ShardManager;
let env: NodeJS.ProcessEnv;
const tables: Table[] = [];

beforeAll(async () => {
  fake = await startFakeDiscord({ recommendedShards: 2, maxConcurrency: 2, guildShard: [0, 2] });
  dir = mkdtempSync(join(tmpdir(), 'olathe-shards-'));
  tables.push(...tablesOnTwoShards(fake));

  env = botEnv(fake, await databaseEnv(dir), { LOG_LEVEL: 'info', OLATHE_DICE_SEED: 'shards' });
  for (const t of tables) {
    const run = await runScript('src/app/deploy-commands.ts', { ...env, DISCORD_GUILD_ID: t.guildId });
    expect(run.code).toBe(0);
  }
  manager = await startShardManager(fake, { ...env, SHARDS: '2' });
}, 90_000);

afterAll(async () => {
  await manager?.stop();
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const resultsIn = (t: Table) => results(fake, t);
const startGame = (t: Table) => start(fake, t, () => manager.log());
const playOneTurn = (t: Table) => playTurn(fake, t);

describe('two shards, two guilds', () => {
  it('each shard plays its guild; a shard killed mid-turn is respawned and its game finishes', async () => {
    expect(fake.liveShards()).toEqual([0, 1]);
    await Promise.all(tables.map(startGame));
    const [first, second] = tables as [Table, Table];

    // A few turns on both tables at once.
    for (let i = 0; i < 3; i++) await Promise.all([playOneTurn(first), playOneTurn(second)]);

    // Mid-turn on the second table: the player has thrown, then shard 1's process dies.
    const { player, open } = await throwMidTurn(fake, second);
    const before = shardProcesses(manager.child.pid!);
    expect([...before.keys()].sort()).toEqual([0, 1]);
    process.kill(before.get(1)!, 'SIGKILL');
    // The manager respawns it at once; on PostgreSQL without the fence wait (see forgetKilledHolder).
    await forgetKilledHolder(env, 1);

    // Meanwhile the first table plays on, undisturbed.
    expect(await playOneTurn(first)).toBe(true);
    await eventually(() => {
      const now = shardProcesses(manager.child.pid!);
      return now.has(1) && now.get(1) !== before.get(1);
    }, 30_000);
    await fake.waitForShards(2, 60_000);
    expect(shardProcesses(manager.child.pid!).get(0)).toBe(before.get(0));

    // The old turn message's buttons still work after the respawn: the turn goes on where it was.
    await writeFromOldMessage(fake, player, open.id);

    while (await playOneTurn(first));
    while (await playOneTurn(second));
    for (const t of tables) expect(resultsIn(t)).toBeDefined();

    // Each guild's leaderboard counts its own game, read by its own shard.
    for (const t of tables) {
      const board = await fake
        .slash(t.players[0]!, 'olathe', {}, { subcommand: 'leaderboard', channelId: t.channelId })
        .reply();
      const text = JSON.stringify(board.embeds) + board.content;
      for (const u of t.players) expect(text).toContain(u.username);
      const others = tables.filter((o) => o !== t).flatMap((o) => o.players);
      for (const u of others) expect(text).not.toContain(u.username);
    }
    expect(manager.log()).toMatch(/shard process died, starting it again/);
  }, 240_000);

  it('SIGTERM to the manager stops every shard process cleanly, then the manager exits 0', async () => {
    const shards = [...shardProcesses(manager.child.pid!).values()];
    expect(shards).toHaveLength(2);
    const exited = new Promise<number | null>((resolve) => manager.child.once('exit', resolve));
    manager.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const alive = shards.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
    expect(manager.log()).toMatch(/stopping shards/);
  }, 60_000);
});
