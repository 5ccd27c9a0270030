// The database a bot under test uses, on the run's engine (OLATHE_TEST_ENGINE): a SQLite file in the test's
// folder, or on PostgreSQL a fresh database copied from the run's migrated template (test/support/postgres-run.ts).
// And a way for a test to run its own inspection SQL on it, the same text on both engines ($1, $2 … placeholders).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { NUMERIC_TYPES } from '../../src/db/postgres/pool';
import { TEMPLATE } from '../support/postgres-run';
import { freshDatabase } from '../support/postgres';

export type TestEngine = 'sqlite' | 'postgres';

export function testEngine(): TestEngine {
  return process.env.OLATHE_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

/** The secret a PostgreSQL bot needs (every host of one cluster must give the same). */
export const E2E_DAILY_SECRET = 'e2e-daily-secret';

/**
 * The bot's database settings for a new world whose files live in `dir`. On PostgreSQL, DATABASE_URL names a new
 * database (restarts of the same world reuse it) and OLATHE_DAILY_SECRET is set unless `secret` gives one.
 */
export async function databaseEnv(
  dir: string,
  secret?: string,
  engine: TestEngine = testEngine(),
): Promise<NodeJS.ProcessEnv> {
  if (engine === 'sqlite') return databaseEnvAt(dir);
  const url = await freshDatabase(inject('postgresUrl'), TEMPLATE);
  return databaseEnvAt(dir, { url, dailySecret: secret ?? E2E_DAILY_SECRET });
}

/**
 * The bot's database settings: its files in `dir` (the SQLite database, when no PostgreSQL is given), and the
 * PostgreSQL database at `postgres.url` with the daily secret that engine requires.
 */
export function databaseEnvAt(dir: string, postgres?: { url: string; dailySecret: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { DATABASE_PATH: join(dir, 'olathe.sqlite') };
  if (postgres) {
    env.DATABASE_URL = postgres.url;
    env.OLATHE_DAILY_SECRET = postgres.dailySecret;
  }
  return env;
}

/** Runs one statement on the database `env` points the bot at; the rows it returns (numbers as numbers). */
export async function databaseSql(env: NodeJS.ProcessEnv, text: string, values: unknown[] = []): Promise<unknown[]> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL, types: NUMERIC_TYPES });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  }
  const db = new Database(env.DATABASE_PATH!, { fileMustExist: true });
  try {
    // The bot may be writing at the same moment.
    db.pragma('busy_timeout = 5000');
    const statement = db.prepare(text.replace(/\$\d+/g, '?'));
    if (statement.reader) return statement.all(...values);
    statement.run(...values);
    return [];
  } finally {
    db.close();
  }
}

/**
 * After a kill -9 on PostgreSQL: marks every shard of the bot's database as let go cleanly, so the next process
 * identifies at once instead of waiting out the fence (src/cluster/timings.ts: 13 s, which a killed holder
 * leaves every successor to wait, since it may still be on the gateway). Here it is not: the test killed it and
 * the loopback Discord has dropped its session. The tests that restart after a kill are about what the new
 * process shows of the saved games; the fence itself is standby-single.test.ts's and the shard-ownership
 * integration tests'. Without this, each restart in crash-recovery and its like cost 13 s of waiting.
 * `shard`: the killed process's shard, when others live on (a shard manager's); every shard otherwise. Nothing on
 * SQLite, which has no shard locks.
 */
export async function forgetKilledHolder(env: NodeJS.ProcessEnv, shard?: number): Promise<void> {
  if (!env.DATABASE_URL) return;
  if (shard === undefined) await databaseSql(env, "UPDATE shard_holders SET state = 'released'");
  else await databaseSql(env, "UPDATE shard_holders SET state = 'released' WHERE shard = $1", [shard]);
}
