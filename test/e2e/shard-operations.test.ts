// METRICS_PORT with SHARDS=2: the manager serves /healthz and /metrics for both shard processes (they cannot
// share a port): 200 when both are connected, each shard's series labelled, and 503 naming the shard while
// one is dead, until the manager has started it again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';
import { shardProcesses } from '../support/processes';
import { botEnv } from './bot-env';
import { databaseEnv } from './database';
import type { ShardManager } from './shard-manager';
import { startShardManager } from './shard-manager';
import { freePort } from '../support/ports';

let fake: FakeDiscord;
let dir: string;
let manager: ShardManager;
let base: string;

beforeAll(async () => {
  fake = await startFakeDiscord({ recommendedShards: 2, maxConcurrency: 2, guildShard: [0, 2] });
  fake.addGuild({ name: 'Second Server', shard: [1, 2] });
  dir = mkdtempSync(join(tmpdir(), 'olathe-shard-ops-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = botEnv(fake, await databaseEnv(dir), {
    LOG_LEVEL: 'info',
    SHARDS: '2',
    METRICS_PORT: String(port),
    METRICS_HOST: '',
  });
  manager = await startShardManager(fake, env);
}, 90_000);

afterAll(async () => {
  await manager?.stop();
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function get(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: await res.text() };
}

async function healthz(wanted: (status: number, body: string) => boolean, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await get('/healthz');
    if (wanted(answer.status, answer.body) || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('METRICS_PORT with two shard processes', () => {
  it("serves both shards' health and metrics from the manager, and names a dead shard until it is back", async () => {
    expect(await healthz((s) => s === 200)).toEqual({ status: 200, body: 'ok\n' });
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain('olathe_gateway_connected{shard="0"} 1');
    expect(metrics.body).toContain('olathe_gateway_connected{shard="1"} 1');
    expect(metrics.body).toMatch(/^process_resident_memory_bytes\{shard="manager"\} \d+/m);
    expect(metrics.body).toMatch(/^process_resident_memory_bytes\{shard="1"\} \d+/m);

    process.kill(shardProcesses(manager.child.pid!).get(1)!, 'SIGKILL');
    const down = await healthz((s) => s === 503);
    expect(down.status).toBe(503);
    expect(down.body).toMatch(/^shard 1: /);
    // The manager starts it again; health comes back without anyone's help (on PostgreSQL the new process first
    // stands by, answering 200, until the dead one's shard lock is fenced off).
    expect(await healthz((s, body) => s === 200 && body === 'ok\n', 60_000)).toEqual({ status: 200, body: 'ok\n' });
    expect(manager.log()).not.toContain(fake.botToken);
  }, 90_000);
});
