// Refused at start, with one plain line and exit 1, before any shard runs: a host whose shard
// count or daily secret disagrees with the `cluster` row the first host wrote, and the SHARD_IDS settings
// that cannot work. The built bot, as `npm start` runs it; the password never shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCluster } from '../../src/cluster/cluster-row';
import { migratePostgres } from '../../src/db/postgres/migrate';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';
import type { PostgresServer } from '../support/postgres';
import { freshDatabase, startPostgres } from '../support/postgres';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { botEnv } from './bot-env';
import { databaseEnvAt } from './database';
import { runScript } from './harness';

const SECRET = 'the-first-hosts-daily-secret-0123';
let fake: FakeDiscord;
let pg: PostgresServer;
let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  [fake, pg] = await Promise.all([startFakeDiscord({ recommendedShards: 2, maxConcurrency: 1 }), startPostgres()]);
  dir = mkdtempSync(join(tmpdir(), 'olathe-cluster-'));
  const url = await freshDatabase(pg);
  // What the first host of the bot wrote: two shards, this secret.
  await migratePostgres(url);
  await checkCluster(url, { shardCount: 2, dailySecret: SECRET });
  env = botEnv(fake, databaseEnvAt(dir, { url, dailySecret: SECRET }));
}, 60_000);

afterAll(async () => {
  await fake?.close();
  await pg?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs the bot with these settings; it must stop with exit 1 and one line, which is returned. */
async function refused(extra: NodeJS.ProcessEnv): Promise<string> {
  const run = await runScript('src/app/index.ts', { ...env, ...extra });
  expect(run.code, run.stderr).toBe(1);
  const lines = run.stderr.trim().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  expect(run.stderr).not.toContain(pg.password);
  expect(fake.connectedBots).toBe(0);
  return lines[0]!;
}

describe('a host that disagrees with the cluster row', () => {
  it('on the shard count is refused', async () => {
    expect(await refused({ SHARDS: '3', SHARD_IDS: '2' })).toMatch(
      /^olathe: could not start: This host runs 3 shards in all, but the other hosts of this bot at postgres:\/\/olathe:\*\*\*@127\.0\.0\.1:\d+\/\w+ run 2: set SHARDS=2 on this host/,
    );
    // One process without SHARDS is one shard in all: refused as well.
    expect(await refused({})).toMatch(/This host runs 1 shard in all, but the other hosts .* run 2/);
  }, 60_000);

  it('on the daily secret is refused', async () => {
    expect(await refused({ SHARDS: '2', OLATHE_DAILY_SECRET: 'another-daily-secret-987654321' })).toMatch(
      /^olathe: could not start: OLATHE_DAILY_SECRET differs from the one the other hosts of this bot at .* use \(they would deal different daily dice\): set the same OLATHE_DAILY_SECRET on every host\.$/,
    );
  }, 60_000);
});

describe('SHARD_IDS that cannot work', () => {
  it('is refused before anything starts', async () => {
    expect(await refused({ SHARDS: 'auto', SHARD_IDS: '0' })).toMatch(
      /^olathe: SHARD_IDS needs a fixed number of shards/,
    );
    expect(await refused({ SHARDS: '2', SHARD_IDS: '2' })).toBe(
      'olathe: SHARD_IDS names shard 2, but SHARDS=2 numbers the shards 0 to 1.',
    );
    expect(await refused({ SHARDS: '2', OLATHE_DAILY_SECRET: '' })).toMatch(
      /^olathe: OLATHE_DAILY_SECRET must be set \(the same on every host\) when DATABASE_URL is set/,
    );
  }, 60_000);
});
