// A host that drops off the network, with the built bot. Host A runs in a network namespace of
// its own (test/support/netns.ts) and holds shard 0 of 2; host C, on this machine, stands by for it. A's link
// is taken down mid-turn: no reset, no close, its packets vanish. PostgreSQL frees A's lock from the lock
// connection's own TCP settings, the loopback Discord drops A's session when its heartbeats stop (as Discord
// does), and C is READY for shard 0 within 30 s of the cut — the time is printed — and the game finishes
// from the old message's buttons. Never two live sessions for the shard.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';
import type { IsolatedHost } from '../support/netns';
import { createIsolatedHost } from '../support/netns';
import type { PostgresServer } from '../support/postgres';
import { freshDatabase, startPostgres } from '../support/postgres';
import { descendants } from '../support/processes';
import { ROOT, builtFile, spawnScript } from '../support/project';
import { botEnv } from './bot-env';
import { databaseEnvAt } from './database';
import { eventually, runScript } from './harness';
import type { Table } from './tables';
import { playOneTurn, resultsIn, startGame, throwMidTurn, writeFromOldMessage } from './tables';

let isolated: IsolatedHost;
let fake: FakeDiscord;
let pg: PostgresServer;
let dir: string;
let table: Table;
const hosts: Array<{ child: ChildProcess; log: () => string }> = [];

function watch(child: ChildProcess): { child: ChildProcess; log: () => string } {
  let log = '';
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  const host = { child, log: () => log };
  hosts.push(host);
  return host;
}

beforeAll(async () => {
  isolated = createIsolatedHost();
  const where = isolated.hostAddress;
  [fake, pg] = await Promise.all([
    startFakeDiscord({
      host: where,
      heartbeatIntervalMs: 2000,
      recommendedShards: 2,
      maxConcurrency: 2,
      guildShard: [0, 2],
    }),
    startPostgres({ listenAddresses: [where], allowFrom: isolated.network }),
  ]);
  dir = mkdtempSync(join(tmpdir(), 'olathe-vanished-'));
  const [ann, ben] = ['ann', 'ben'].map((username) => fake.addUser({ username }));
  table = { guildId: fake.guildId, channelId: fake.channelId, players: [ann!, ben!] };
  const url = new URL(await freshDatabase(pg));
  url.hostname = where;
  const database = { url: url.toString(), dailySecret: 'vanished-host-daily-secret-0123' };
  const env = botEnv(fake, databaseEnvAt(dir, database), {
    DISCORD_GUILD_ID: fake.guildId,
    OLATHE_DICE_SEED: 'vanished',
    SHARDS: '2',
    SHARD_IDS: '0',
  });
  expect((await runScript('src/app/deploy-commands.ts', env)).code).toBe(0);
  // Host A, in its namespace, as `npm start` runs the bot there.
  const a = watch(
    isolated.spawn(process.execPath, ['--enable-source-maps', builtFile('src/app/index.ts')!], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  await fake
    .waitFor(() => fake.liveSessions(0, 2) === 1, 60_000)
    .catch((error: Error) => {
      throw new Error(`${error.message}\n${a.log()}`);
    });
  const c = watch(spawnScript('src/app/index.ts', [], { env, stdio: ['ignore', 'pipe', 'pipe'] }));
  await eventually(() => c.log().includes('"msg":"shard standing by"'), 30_000);
}, 120_000);

afterAll(async () => {
  for (const { child } of hosts) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    // The manager first, or it would start a shard process again between the kills.
    const tree = descendants(child.pid!);
    child.kill('SIGKILL');
    for (const p of tree) process.kill(p.pid, 'SIGKILL');
  }
  await fake?.close();
  await pg?.stop();
  isolated?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('host A holds shard 0 in a namespace of its own, host C stands by', () => {
  it('A drops off the network mid-turn: C is READY within 30 s and the game finishes from the old buttons', async () => {
    await startGame(fake, table);
    expect(await playOneTurn(fake, table)).toBe(true);
    const { player, open } = await throwMidTurn(fake, table);
    const identified = fake.identifyCount(0, 2);

    const cutAt = performance.now();
    isolated.cut();
    await fake.waitFor(() => fake.identifyCount(0, 2) > identified && fake.liveSessions(0, 2) === 1, 40_000);
    const takeOverMs = Math.round(performance.now() - cutAt);
    console.log(`vanished host: ${takeOverMs} ms from host A's link going down to shard 0 READY on host C`);
    expect(takeOverMs).toBeLessThan(30_000);

    await writeFromOldMessage(fake, player, open.id);
    while (await playOneTurn(fake, table));
    expect(resultsIn(fake, table)).toBeDefined();
    expect(fake.peakLiveSessions(0, 2)).toBe(1);
    // A's mark still says it holds the shard (it could not have said otherwise): C waited the fence.
    expect(hosts[1]!.log()).toMatch(/waiting out the fence before IDENTIFY.*did not let go cleanly/);
    // A, cut off from the database, could not confirm its lock and gave the shard up on its own.
    const [a] = hosts;
    await eventually(() => a!.log().includes('"msg":"shard lost: dropping the gateway"'), 15_000);
  }, 120_000);
});
