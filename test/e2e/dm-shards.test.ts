// SHARDS=2 and a game in the bot's DM: Discord sends a DM's interactions to shard 0 (the fake too),
// and the game's guild id, NO_SERVER ("0"), is on shard 0 by Discord's formula, so shard 0's process owns it —
// its clicks, its Publisher, its clock and its reconcile — while the server is on shard 1. Shard 0 is killed
// (-9) just after a write whose next turn message it was posting; once respawned, its reconcile posts that turn
// and the game plays to its results.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultRoute, startFakeDiscord } from '../../src/fake-discord';
import type { FakeChannel, FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import { shardProcesses } from '../support/processes';
import { botEnv } from './bot-env';
import { databaseEnv, forgetKilledHolder } from './database';
import type { ShardManager } from './shard-manager';
import { startShardManager } from './shard-manager';
import { control, eventually, findControl, playSimpleTurn, publicMessages, runScript } from './harness';

let fake: FakeDiscord;
let dir: string;
let manager: ShardManager;
let env: NodeJS.ProcessEnv;
let alice: FakeUser;
let dm: FakeChannel;

beforeAll(async () => {
  // The server on shard 1: only the DM is shard 0's.
  fake = await startFakeDiscord({ recommendedShards: 2, maxConcurrency: 2, guildShard: [1, 2] });
  dir = mkdtempSync(join(tmpdir(), 'olathe-dm-shards-'));
  alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
  dm = fake.addDm(alice);
  env = botEnv(fake, await databaseEnv(dir), { LOG_LEVEL: 'info', OLATHE_DICE_SEED: 'dm-shards' });
  const run = await runScript('src/app/deploy-commands.ts', { ...env, DISCORD_GUILD_ID: '' });
  expect(run.code).toBe(0);
  manager = await startShardManager(fake, { ...env, SHARDS: '2' });
}, 90_000);

afterAll(async () => {
  await manager?.stop();
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const inDm = () => publicMessages(fake, [dm.id]);
const results = () => inDm().find((m) => (m.embeds[0]?.title ?? '').includes('game over'));
const openTurn = (): FakeMessage | undefined =>
  inDm().find((m) => m.content.includes(`<@${alice.id}>, your turn`) && m.components.length > 0);

describe('a DM game under SHARDS=2', () => {
  it('is shard 0’s: a kill -9 of shard 0 mid-post, and its respawn posts the turn and plays on', async () => {
    const lobby = await fake
      .slash(alice, 'olathe', { free: 2, down: 0, up: 0, throws: 2 }, { subcommand: 'start', channelId: dm.id })
      .reply();
    await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();
    await playSimpleTurn(fake, alice, await fake.waitFor(openTurn, 10_000));

    // The second turn, written while every post is held: the third turn's message is not in the DM.
    let turn = await fake.waitFor(openTurn, 10_000);
    const declare = findControl(turn, 'declare');
    if (declare) await fake.select(alice, turn.id, declare.customId, [declare.options![0]!.value]).acked();
    await fake.click(alice, turn.id, control(fake.message(turn.id)!, 'throw').customId).acked();
    turn = fake.message(turn.id)!;
    const held = fake.injectFault({ route: FaultRoute.messageCreate, kind: 'stall', times: Infinity, apply: 'before' });
    const write = control(turn, 'write');
    await fake.select(alice, turn.id, write.customId, [write.options![0]!.value]).acked();
    await fake.waitFor(() => held.hits > 0, 10_000);

    const before = shardProcesses(manager.child.pid!);
    process.kill(before.get(0)!, 'SIGKILL');
    // The manager respawns it at once; on PostgreSQL without the fence wait (see forgetKilledHolder).
    await forgetKilledHolder(env, 0);
    held.remove();
    expect(openTurn()).toBeUndefined();
    await eventually(() => {
      const now = shardProcesses(manager.child.pid!);
      return now.has(0) && now.get(0) !== before.get(0);
    }, 30_000);
    await fake.waitForShards(2, 60_000);
    expect(shardProcesses(manager.child.pid!).get(1)).toBe(before.get(1));

    // Shard 0's first reconcile finds the DM's game and posts the turn it missed; the game plays on.
    let turns = 2;
    while (!results()) {
      const next = await fake.waitFor(() => (results() ? 'done' : openTurn()), 20_000);
      if (next === 'done') break;
      await playSimpleTurn(fake, alice, next);
      turns++;
    }
    expect(turns).toBe(14);
    expect(fake.breaches).toEqual([]);
    expect(manager.log()).toMatch(/shard process died, starting it again/);
  }, 180_000);
});
