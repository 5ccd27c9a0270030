// PostgreSQL's migrations (src/db/postgres/migrate.ts) on a real server: a throwaway one per test file
// (test/support/postgres.ts), a fresh database per test.
import { inspect } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseStartupError } from '../../../src/db/errors';
import { loadPostgresMigrations, migratePostgres } from '../../../src/db/postgres/migrate';
import type { PostgresServer } from '../../support/postgres';
import { freshDatabase, startPostgres } from '../../support/postgres';

const MIGRATIONS = loadPostgresMigrations();
const LATEST = MIGRATIONS.length;

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Every table and index of the public schema, by name: what a migration run changes. */
async function relations(url: string): Promise<string[]> {
  const rows = await query<{ relname: string }>(
    url,
    "SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'i') ORDER BY relname",
  );
  return rows.map((r) => r.relname);
}

async function history(url: string): Promise<{ version: number; name: string }[]> {
  return query(url, 'SELECT version, name FROM schema_migrations ORDER BY version');
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'expected a rejection').toBeInstanceOf(Error);
  return error as Error;
}

describe('PostgreSQL migrations', () => {
  it('apply in order on a fresh database, recorded one row each; a second run applies nothing', async () => {
    const url = await freshDatabase(server);
    expect(MIGRATIONS.map((m) => m.name)).toContain('0010_outbox_autoincrement');
    const first = await migratePostgres(url);
    expect(first).toEqual({ from: 0, to: LATEST, applied: MIGRATIONS.map((m) => m.name) });
    expect(await history(url)).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    const tables = await relations(url);
    expect(tables).toEqual(expect.arrayContaining(['games', 'players', 'events', 'outbox', 'player_totals']));

    expect(await migratePostgres(url)).toEqual({ from: LATEST, to: LATEST, applied: [] });
    expect(await relations(url)).toEqual(tables);
    expect(await history(url)).toHaveLength(LATEST);
  });

  it('four migrators started at once on one database all succeed, and the schema is applied once', async () => {
    const url = await freshDatabase(server);
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => migratePostgres(url)));
    for (const outcome of outcomes) expect(outcome.to).toBe(LATEST);
    // One of them applied everything while holding the lock; the others found it done.
    const appliedCounts = outcomes.map((o) => o.applied.length).sort((a, b) => a - b);
    expect(appliedCounts).toEqual([0, 0, 0, LATEST]);
    expect(await history(url)).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    // Nothing holds the migration lock once they are done.
    const locks = await query<{ n: string }>(url, "SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = 'advisory'");
    expect(locks[0]!.n).toBe('0');
  });

  it('refuses a database at a newer schema version than the code, with a plain message, and changes nothing', async () => {
    const url = await freshDatabase(server);
    await migratePostgres(url);
    await query(url, 'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, 0)', [
      LATEST + 1,
      `${String(LATEST + 1).padStart(4, '0')}_from_the_future`,
    ]);
    const before = await relations(url);
    const error = await rejection(migratePostgres(url));
    expect(error).toBeInstanceOf(DatabaseStartupError);
    expect(error.message).toContain(
      `was written by a newer version of the bot (schema version ${LATEST + 1}; this version knows up to ${LATEST})`,
    );
    expect(error.message).not.toContain('\n');
    expect(await relations(url)).toEqual(before);
    expect(await history(url)).toHaveLength(LATEST + 1);
  });

  it('a migration that fails leaves the database as it was (every pending one is tried, rolled back, first)', async () => {
    const url = await freshDatabase(server);
    await migratePostgres(url, MIGRATIONS.slice(0, 3));
    const before = await relations(url);
    const broken = {
      version: LATEST + 1,
      name: `${LATEST + 1}_broken`,
      sql: 'CREATE TABLE half (x INTEGER); SELECT nope;',
    };
    const error = await rejection(migratePostgres(url, [...MIGRATIONS, broken]));
    expect(error.message).toMatch(
      /^Migration \d+_broken failed: .*column "nope" does not exist.*still at schema version 3\)\.$/,
    );
    expect(await relations(url)).toEqual(before);
    expect(await history(url)).toHaveLength(3);
  });

  it('never shows the password: a wrong one, or a URL that cannot be used', async () => {
    const wrong = `wrong-${server.password.slice(3)}`;
    const url = new URL(await freshDatabase(server));
    url.password = wrong;
    const error = await rejection(migratePostgres(url.toString()));
    expect(error).toBeInstanceOf(DatabaseStartupError);
    // It says where and why, with the password masked.
    expect(error.message).toContain(`olathe:***@127.0.0.1:${server.port}/`);
    expect(error.message).toMatch(/password authentication failed/);
    for (const shown of [error.message, String(error), inspect(error, { depth: 5 }), JSON.stringify(error)]) {
      expect(shown).not.toContain(wrong);
      expect(shown).not.toContain(server.password.slice(3));
    }

    // An unparseable URL: Node's URL error keeps the whole input in a property, which must not come through.
    const secret = 'unparseable-s3cret';
    const bad = await rejection(migratePostgres(`postgres://olathe:${secret}@127.0.0.1:notaport/db`));
    expect(bad).toBeInstanceOf(DatabaseStartupError);
    for (const shown of [bad.message, inspect(bad, { depth: 5 }), JSON.stringify(bad)])
      expect(shown).not.toContain(secret);
  });
});
