// Shards on several hosts with a standby, with the built bot: three `npm start` trees on one
// PostgreSQL, which holds the games and the shard locks (no SQLite file is made). Host A runs shard 0 of 2, host B
// shard 1, and C names shard 0 too, so it stands by (its /healthz says so, with a 200). A game in each guild;
// A's whole tree is killed (-9) mid-turn; C takes shard 0 over — the time from the kill to READY is printed —
// and that game finishes from the old message's buttons, while B's plays on. The loopback Discord counts
// the sessions of each shard: never two live at once. A daily challenge is played on each server too (the one
// on shard 0 across the take-over): the day's board, asked on either host, ranks both from PostgreSQL.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';
import { freePort } from '../support/ports';
import type { PostgresServer } from '../support/postgres';
import { freshDatabase, startPostgres } from '../support/postgres';
import { alive, descendants } from '../support/processes';
import { spawnScript } from '../support/project';
import { botEnv } from './bot-env';
import type { DailyPlayer, DailyScore } from './daily-play';
import { dailyBoard, dailyScore, finishDaily, playDailyTurn, startDaily } from './daily-play';
import { databaseEnvAt } from './database';
import { eventually, runScript } from './harness';
import type { Table } from './tables';
import { playOneTurn, resultsIn, startGame, tablesOnTwoShards, throwMidTurn, writeFromOldMessage } from './tables';

interface Host {
  name: string;
  child: ChildProcess;
  log(): string;
}

let fake: FakeDiscord;
let server: PostgresServer;
let dir: string;
let env: NodeJS.ProcessEnv;
let metricsBase: string;
const hosts: Host[] = [];
const tables: Table[] = [];
/** Eve's daily on host A's server (shard 0), Fay's on host B's (shard 1), each in a channel of its own. */
const dailies: DailyPlayer[] = [];

function startHost(name: string, extra: NodeJS.ProcessEnv): Host {
  const child = spawnScript('src/app/index.ts', [], { env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  const host = { name, child, log: () => log };
  hosts.push(host);
  return host;
}

async function pgRows(sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

async function get(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${metricsBase}${path}`);
  return { status: res.status, body: await res.text() };
}

beforeAll(async () => {
  [fake, server] = await Promise.all([
    startFakeDiscord({ recommendedShards: 2, maxConcurrency: 2, guildShard: [0, 2] }),
    startPostgres(),
  ]);
  dir = mkdtempSync(join(tmpdir(), 'olathe-standby-'));
  tables.push(...tablesOnTwoShards(fake));
  const eve = fake.addUser({ username: 'eve', globalName: 'Eve' });
  const fay = fake.addUser({ username: 'fay', globalName: 'Fay', guildIds: [tables[1]!.guildId] });
  dailies.push({ user: eve, channelId: fake.addChannel('daily-a').id, writes: 'first' });
  dailies.push({ user: fay, channelId: fake.addChannel('daily-b', tables[1]!.guildId).id, writes: 'last' });
  const database = { url: await freshDatabase(server), dailySecret: 'standby-test-daily-secret-0123456789' };
  env = botEnv(fake, databaseEnvAt(dir, database), { LOG_LEVEL: 'info', OLATHE_DICE_SEED: 'standby', SHARDS: '2' });
  for (const t of tables) {
    const run = await runScript('src/app/deploy-commands.ts', { ...env, DISCORD_GUILD_ID: t.guildId });
    expect(run.code).toBe(0);
  }
  startHost('A', { SHARD_IDS: '0' });
  startHost('B', { SHARD_IDS: '1' });
  await fake.waitForShards(2, 60_000);
  const port = await freePort();
  metricsBase = `http://127.0.0.1:${port}`;
  const c = startHost('C', { SHARD_IDS: '0', METRICS_PORT: String(port) });
  await eventually(() => c.log().includes('"msg":"shard standing by"'), 30_000);
}, 120_000);

afterAll(async () => {
  for (const host of hosts) {
    if (host.child.exitCode !== null || host.child.signalCode !== null) continue;
    const exited = new Promise((resolve) => host.child.once('exit', resolve));
    host.child.kill('SIGTERM');
    await exited;
  }
  await fake?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('host A runs shard 0, host B shard 1, host C stands by for shard 0', () => {
  it("C's health check answers 200 and says it stands by; its metrics show shard 0 not held", async () => {
    expect(await get('/healthz')).toEqual({ status: 200, body: 'standing by for shard 0\n' });
    expect((await get('/metrics')).body).toContain('olathe_shard_held{shard="0"} 0');
    expect([fake.liveSessions(0, 2), fake.liveSessions(1, 2)]).toEqual([1, 1]);
    expect(fake.identifyCount(0, 2)).toBe(1);
  });

  it("kill -9 of A's tree mid-turn: C is READY for shard 0 within 30 s, the game finishes from the old buttons", async () => {
    const [first, second] = tables as [Table, Table];
    await Promise.all(tables.map((t) => startGame(fake, t, () => hosts.map((h) => h.log()).join('\n'))));
    for (let i = 0; i < 2; i++) await Promise.all([playOneTurn(fake, first), playOneTurn(fake, second)]);
    // The daily games begin before the kill: Eve's on A, to be finished on C.
    for (const d of dailies) await startDaily(fake, d);
    for (let i = 0; i < 2; i++) await Promise.all(dailies.map((d) => playDailyTurn(fake, d)));

    const { player, open } = await throwMidTurn(fake, first);
    const [a] = hosts as [Host];
    const tree = [a.child.pid!, ...descendants(a.child.pid!).map((p) => p.pid)];
    expect(tree.length).toBeGreaterThanOrEqual(2);
    const identifiedBefore = fake.identifyCount(0, 2);
    const killedAt = performance.now();
    for (const pid of tree) process.kill(pid, 'SIGKILL');

    // B's game plays on while shard 0 changes hands.
    expect(await playOneTurn(fake, second)).toBe(true);
    await fake.waitFor(() => fake.identifyCount(0, 2) > identifiedBefore && fake.liveSessions(0, 2) === 1, 30_000);
    const takeOverMs = Math.round(performance.now() - killedAt);
    console.log(`standby take-over: ${takeOverMs} ms from kill -9 of host A to shard 0 READY on host C`);
    expect(takeOverMs).toBeLessThan(30_000);
    for (const pid of tree) expect(alive(pid)).toBe(false);
    // A was killed, so its mark says it may still be on the gateway: C waited the fence before IDENTIFY.
    expect(hosts[2]!.log()).toMatch(/waiting out the fence before IDENTIFY.*did not let go cleanly/);

    await writeFromOldMessage(fake, player, open.id);
    while (await playOneTurn(fake, first));
    while (await playOneTurn(fake, second));
    for (const t of tables) expect(resultsIn(fake, t)).toBeDefined();

    expect(await get('/healthz')).toEqual({ status: 200, body: 'ok\n' });
    expect((await get('/metrics')).body).toContain('olathe_shard_held{shard="0"} 1');
    // Never two bots on one shard, as the loopback Discord saw it; B never left.
    expect(fake.peakLiveSessions(0, 2)).toBe(1);
    expect(fake.peakLiveSessions(1, 2)).toBe(1);
    expect(fake.identifyCount(1, 2)).toBe(1);
    for (const host of hosts) expect(host.log()).not.toContain(server.password);

    // The games are PostgreSQL's: each host's leaderboard reads its guild's finished game from there.
    const finished = await pgRows(
      `SELECT guild_id, status FROM games WHERE id NOT IN (SELECT game_id FROM daily_attempts) ORDER BY guild_id`,
    );
    expect(finished.map((r) => r.status)).toEqual(['finished', 'finished']);
    expect(existsSync(join(dir, 'olathe.sqlite'))).toBe(false);
    for (const t of tables) {
      const board = await fake
        .slash(t.players[0]!, 'olathe', { period: 'all' }, { subcommand: 'leaderboard', channelId: t.channelId })
        .reply();
      const text = JSON.stringify(board.embeds);
      for (const p of t.players) expect(text).toContain(p.username);
    }
  }, 180_000);

  it("the daily board, asked on either host's server, ranks both hosts' daily games (Eve's finished on C)", async () => {
    const scores = (await Promise.all(dailies.map((d) => finishDaily(fake, d)))).map(dailyScore);
    const [eve, fay] = scores as [DailyScore, DailyScore];
    // Both attempts are in PostgreSQL, one per server, with the scores their results showed.
    const attempts = await pgRows(`SELECT guild_id, final_score, raw_total FROM daily_attempts ORDER BY guild_id`);
    expect(attempts).toEqual(
      tables.map((t, i) => ({ guild_id: t.guildId, final_score: scores[i]!.final, raw_total: scores[i]!.raw })),
    );
    // Ranked by final points, then raw total; the two ways of writing tie only by a rare chance of the day's dice.
    const tie = eve.final === fay.final && eve.raw === fay.raw;
    const [top, next] =
      eve.final > fay.final || (eve.final === fay.final && eve.raw >= fay.raw) ? [eve, fay] : [fay, eve];
    console.log(`daily board: 1. ${top.row} · ${tie ? 1 : 2}. ${next.row}`);
    for (const [i, d] of dailies.entries()) {
      // Each server is on its own host: C (shard 0, since the take-over) and B (shard 1).
      const world = await dailyBoard(fake, d.user, d.channelId, 'world');
      expect(world).toContain(`**1.** ${top.row}\n`);
      expect(world).toContain(`**${tie ? 1 : 2}.** ${next.row}\n`);
      const own = scores[i] === top || tie ? 1 : 2;
      expect(world).toContain(`You: **#${own}** of 2`);
      // The server's board is this server's attempt alone.
      const server = await dailyBoard(fake, d.user, d.channelId, 'server');
      expect(server).toContain(`**1.** ${scores[i]!.row}\n`);
      expect(server).not.toContain(scores[1 - i]!.row);
    }
    for (const host of hosts) expect(host.log()).not.toContain(env.OLATHE_DAILY_SECRET);
  }, 180_000);
});
