// One bot process without SHARDS on DATABASE_URL is shard 0 of 1, and stands by as a shard process does
// while another process holds that shard (here the test itself, on a connection of its own): no gateway
// session, /healthz 200 "standing by for shard 0" from its own port, the gauge at 0. Freed by a holder that
// left its mark 'holding' (as one that was killed does), the lock is taken, and the bot identifies once the
// fence wait is over. Stopped cleanly (SIGTERM) and started again, it identifies without the fence wait.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_KIND } from '../../src/cluster/lock-connection';
import { OWNERSHIP_TIMINGS } from '../../src/cluster/timings';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';
import { freePort } from '../support/ports';
import type { PostgresServer } from '../support/postgres';
import { freshDatabase, startPostgres } from '../support/postgres';
import { spawnScript } from '../support/project';
import { botEnv } from './bot-env';
import { databaseEnvAt } from './database';
import { eventually } from './harness';
import type { ChildProcess } from 'node:child_process';

let fake: FakeDiscord;
let server: PostgresServer;
let dir: string;
let holder: pg.Client;
let bot: ChildProcess;
let base: string;
let log = '';
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  [fake, server] = await Promise.all([startFakeDiscord(), startPostgres()]);
  dir = mkdtempSync(join(tmpdir(), 'olathe-standby-one-'));
  const url = await freshDatabase(server);
  holder = new pg.Client({ connectionString: url });
  await holder.connect();
  const taken = await holder.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, 0) AS ok', [LOCK_KIND.shard]);
  expect(taken.rows[0]!.ok).toBe(true);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = botEnv(fake, databaseEnvAt(dir, { url, dailySecret: 'single-standby-daily-secret-0123' }), {
    METRICS_PORT: String(port),
  });
  bot = spawnScript('src/app/index.ts', [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  bot.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  await eventually(() => log.includes('standing by: another process holds this shard'), 30_000);
}, 60_000);

afterAll(async () => {
  if (bot && bot.exitCode === null) {
    const exited = new Promise((resolve) => bot.once('exit', resolve));
    bot.kill('SIGTERM');
    await exited;
  }
  await holder?.end().catch(() => {});
  await fake?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function get(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: await res.text() };
}

describe('one process on DATABASE_URL whose shard is held elsewhere', () => {
  it('stands by without a gateway session, healthy, and takes the shard once it is free', async () => {
    expect(await get('/healthz')).toEqual({ status: 200, body: 'standing by for shard 0\n' });
    expect((await get('/metrics')).body).toContain('olathe_shard_held{shard="0"} 0');
    expect(fake.connectedBots).toBe(0);
    expect(fake.identifyCount(0)).toBe(0);

    // The holder marks itself as a holder that may still be on the gateway (the bot has migrated by now).
    await holder.query(
      "INSERT INTO shard_holders (shard, state, changed_at) VALUES (0, 'holding', 0) ON CONFLICT (shard) DO NOTHING",
    );
    const freedAt = performance.now();
    await holder.end();
    await fake.ready(OWNERSHIP_TIMINGS.fenceWaitMs + 20_000);
    // Not before the fence wait: a holder cut off from the database could still be on the gateway until then.
    expect(performance.now() - freedAt).toBeGreaterThanOrEqual(OWNERSHIP_TIMINGS.fenceWaitMs);
    await eventually(() => log.includes('"msg":"bot ready"'), 10_000);
    expect(await get('/healthz')).toEqual({ status: 200, body: 'ok\n' });
    expect((await get('/metrics')).body).toContain('olathe_shard_held{shard="0"} 1');
    expect(fake.peakLiveSessions(0)).toBe(1);
    expect(log).toMatch(/waiting out the fence before IDENTIFY.*did not let go cleanly/);
    expect(log).not.toContain(server.password);
  }, 60_000);

  it('stopped cleanly (SIGTERM) and started again, identifies without the fence wait', async () => {
    const exited = new Promise((resolve) => bot.once('exit', resolve));
    bot.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(log).toContain('shard released cleanly');
    const stoppedAt = performance.now();
    log = '';
    bot = spawnScript('src/app/index.ts', [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    bot.stderr!.on('data', (c: Buffer) => (log += c.toString()));
    await fake.waitFor(() => fake.identifyCount(0) === 2 && fake.liveSessions(0) === 1, 30_000);
    console.log(`restart after a clean stop: READY ${Math.round(performance.now() - stoppedAt)} ms after the exit`);
    expect(log).toMatch(/"msg":"shard lock taken; no fence wait before IDENTIFY".*its last holder let go cleanly/);
    expect(log).not.toContain('waiting out the fence');
    expect(fake.peakLiveSessions(0)).toBe(1);
  }, 60_000);
});
