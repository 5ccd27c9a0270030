// SHARDS=2: the manager runs one bot process per gateway shard on the one database. Two guilds, one on each
// shard, play a game each at the same time; shard 1's process is killed (-9) mid-turn, started again by the
// manager, and its game finishes from the buttons it had; shard 0's game never notices.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import { shardProcesses } from '../support/processes';
import { spawnScript } from '../support/project';
import type { ChildProcess } from 'node:child_process';
import { control, eventually, findControl, gameChannelIds, playSimpleTurn, publicMessages, runScript } from './harness';

interface Table {
  guildId: string;
  channelId: string;
  players: FakeUser[];
}

let fake: FakeDiscord;
let dir: string;
let manager: ChildProcess;
let log = '';
const tables: Table[] = [];

beforeAll(async () => {
  fake = await startFakeDiscord({ recommendedShards: 2, maxConcurrency: 2, guildShard: [0, 2] });
  dir = mkdtempSync(join(tmpdir(), 'olathe-shards-'));
  const other = fake.addGuild({ name: 'Second Server', shard: [1, 2] });
  const [ann, ben, cat, dan] = ['ann', 'ben', 'cat', 'dan'].map((username) => fake.addUser({ username }));
  fake.addMember(cat!, other.guildId);
  fake.addMember(dan!, other.guildId);
  tables.push({ guildId: fake.guildId, channelId: fake.channelId, players: [ann!, ben!] });
  tables.push({ guildId: other.guildId, channelId: other.channelId, players: [cat!, dan!] });

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DISCORD_TOKEN: fake.botToken,
    DISCORD_CLIENT_ID: fake.applicationId,
    DISCORD_API_URL: fake.apiUrl,
    DATABASE_PATH: join(dir, 'olathe.sqlite'),
    LOG_LEVEL: 'info',
    OLATHE_DICE_SEED: 'shards',
  };
  for (const t of tables) {
    const run = await runScript('src/deploy-commands.ts', { ...env, DISCORD_GUILD_ID: t.guildId });
    expect(run.code).toBe(0);
  }
  manager = spawnScript('src/index.ts', [], { env: { ...env, SHARDS: '2' }, stdio: ['ignore', 'pipe', 'pipe'] });
  manager.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  manager.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  await fake.waitForShards(2, 60_000);
}, 90_000);

afterAll(async () => {
  if (manager && manager.exitCode === null) {
    const exited = new Promise((resolve) => manager.once('exit', resolve));
    manager.kill('SIGTERM');
    await exited;
  }
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function turnOf(t: Table, user: FakeUser): FakeMessage | undefined {
  return publicMessages(fake, gameChannelIds(fake, t.channelId)).find(
    (m) => m.content.includes(`<@${user.id}>, your turn`) && m.components.length > 0,
  );
}

function resultsIn(t: Table): FakeMessage | undefined {
  return publicMessages(fake, gameChannelIds(fake, t.channelId)).find((m) =>
    (m.embeds[0]?.title ?? '').includes('game over'),
  );
}

async function startGame(t: Table): Promise<void> {
  const [host, guest] = t.players;
  const options = { variant: 'olathe', free: 2, down: 0, up: 0 };
  const lobby = await fake.slash(host!, 'olathe', options, { subcommand: 'start', channelId: t.channelId }).reply();
  if (!lobby.components.length) throw new Error(`no lobby in ${t.guildId}: ${lobby.content}\n${log}`);
  await fake.click(guest!, lobby.id, control(lobby, 'join').customId).acked();
  await fake.click(host!, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
}

/** Plays one turn of whoever's turn it is; false once the game is over. */
async function playOneTurn(t: Table): Promise<boolean> {
  const next = await fake.waitFor(() => {
    if (resultsIn(t)) return 'over' as const;
    for (const u of t.players) {
      const m = turnOf(t, u);
      if (m) return [u, m] as const;
    }
    return undefined;
  }, 30_000);
  if (next === 'over') return false;
  await playSimpleTurn(fake, next[0], next[1]);
  return true;
}

describe('two shards, two guilds', () => {
  it('each shard plays its guild; a shard killed mid-turn is respawned and its game finishes', async () => {
    expect(fake.liveShards()).toEqual([0, 1]);
    await Promise.all(tables.map(startGame));
    const [first, second] = tables as [Table, Table];

    // A few turns on both tables at once.
    for (let i = 0; i < 3; i++) await Promise.all([playOneTurn(first), playOneTurn(second)]);

    // Mid-turn on the second table: the player has thrown, then shard 1's process dies.
    const player = await fake.waitFor(() => second.players.find((u) => turnOf(second, u)));
    const open = turnOf(second, player)!;
    const declare = findControl(open, 'declare');
    if (declare) await fake.select(player, open.id, declare.customId, [declare.options![0]!.value]).acked();
    await fake.click(player, open.id, control(fake.message(open.id)!, 'throw').customId).acked();
    const before = shardProcesses(manager.pid!);
    expect([...before.keys()].sort()).toEqual([0, 1]);
    process.kill(before.get(1)!, 'SIGKILL');

    // Meanwhile the first table plays on, undisturbed.
    expect(await playOneTurn(first)).toBe(true);
    await eventually(() => {
      const now = shardProcesses(manager.pid!);
      return now.has(1) && now.get(1) !== before.get(1);
    }, 30_000);
    await fake.waitForShards(2, 60_000);
    expect(shardProcesses(manager.pid!).get(0)).toBe(before.get(0));

    // The old turn message's buttons still work after the respawn: the turn goes on where it was.
    const resumed = fake.message(open.id)!;
    const write = control(resumed, 'write');
    await fake.select(player, resumed.id, write.customId, [write.options![0]!.value]).acked();

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
    expect(log).toMatch(/shard process died, starting it again/);
  }, 240_000);

  it('SIGTERM to the manager stops every shard process cleanly, then the manager exits 0', async () => {
    const shards = [...shardProcesses(manager.pid!).values()];
    expect(shards).toHaveLength(2);
    const exited = new Promise<number | null>((resolve) => manager.once('exit', resolve));
    manager.kill('SIGTERM');
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
    expect(log).toMatch(/stopping shards/);
  }, 60_000);
});
