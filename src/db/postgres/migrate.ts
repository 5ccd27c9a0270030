// PostgreSQL's schema migrations: `migrations/postgres/NNNN_name.sql`, the same names as SQLite's set
// (migrations/sqlite/, src/db/migrate.ts) and the same bookkeeping (`schema_migrations`: version, name,
// applied_at). Several processes may start at once on one database: the whole run holds an advisory lock on
// one connection, so one of them migrates and the others then find nothing to do. Before anything is
// committed the pending batch is tried in one transaction that is rolled back (PostgreSQL's DDL is
// transactional), so a failing migration leaves the database as it was; then each migration is applied and
// recorded in its own transaction. A database whose history is newer than (or different from) this build's
// is refused untouched. No message names the password (./connection.ts).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { DatabaseStartupError, oneLine } from '../errors';
import type { AppliedRow, HistoryWords, Migration, MigrationOutcome } from '../migrate';
import { checkHistory, loadMigrations } from '../migrate';
import { connectClient, redactedUrl, safeError, withoutPassword } from './connection';

/** Beside the bundle when built (dist/migrations/postgres/), else the project's migrations/postgres/. */
export const POSTGRES_MIGRATIONS_DIR = ['./migrations/postgres/', '../../../migrations/postgres/']
  .map((path) => fileURLToPath(new URL(path, import.meta.url)))
  .find((dir) => existsSync(dir))!;

export function loadPostgresMigrations(dir: string = POSTGRES_MIGRATIONS_DIR): Migration[] {
  return loadMigrations(dir);
}

/**
 * pg_advisory_lock's two-key form: 'olat' and 1, a number no other lock of the bot uses. Also taken by
 * `db:copy` (./copy-from-sqlite.ts), which creates the schema inside its own transaction.
 */
export const MIGRATION_LOCK = [0x6f6c6174, 1] as const;

const POSTGRES_WORDS: HistoryWords = {
  elsewhere: 'point DATABASE_URL at another database',
  unchanged: 'The database was not changed.',
};

async function appliedMigrations(client: pg.Client): Promise<AppliedRow[]> {
  const table = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS exists",
  );
  if (!table.rows[0]?.exists) return [];
  const rows = await client.query<AppliedRow>('SELECT version, name FROM schema_migrations ORDER BY version');
  return rows.rows;
}

async function checkDatabase(client: pg.Client, migrations: readonly Migration[], where: string): Promise<number> {
  return checkHistory(await appliedMigrations(client), migrations, where, POSTGRES_WORDS);
}

/** Applies one migration and records it, in the caller's transaction. */
export async function applyOne(client: pg.Client, migration: Migration, now: number): Promise<void> {
  await client.query(migration.sql);
  await client.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
  );
  await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
    migration.version,
    migration.name,
    now,
  ]);
}

/** The pending migrations in one transaction, rolled back: the first that fails, or null. */
async function dryRun(
  client: pg.Client,
  pending: readonly Migration[],
  now: number,
): Promise<{ migration: Migration; error: unknown } | null> {
  await client.query('BEGIN');
  try {
    for (const migration of pending) {
      try {
        await applyOne(client, migration, now);
      } catch (error) {
        return { migration, error };
      }
    }
    return null;
  } finally {
    await client.query('ROLLBACK');
  }
}

async function runLocked(
  client: pg.Client,
  migrations: readonly Migration[],
  where: string,
  now: number,
): Promise<MigrationOutcome> {
  // Checked before and after taking the lock: a newer database is refused without waiting for anyone.
  await checkDatabase(client, migrations, where);
  await client.query('SELECT pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
  try {
    const from = await checkDatabase(client, migrations, where);
    const pending = migrations.filter((m) => m.version > from);
    if (pending.length === 0) return { from, to: from, applied: [] };
    const failed = await dryRun(client, pending, now);
    if (failed) {
      throw new DatabaseStartupError(
        `Migration ${failed.migration.name} failed: ${oneLine(failed.error)}. The database ${where} was not changed (still at schema version ${from}).`,
      );
    }
    const applied: string[] = [];
    for (const migration of pending) {
      await client.query('BEGIN');
      try {
        await applyOne(client, migration, now);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
      applied.push(migration.name);
    }
    return { from, to: migrations.at(-1)!.version, applied };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK]).catch(() => {});
  }
}

/**
 * Brings the PostgreSQL database at `url` up to the newest migration. Throws DatabaseStartupError, whose
 * message never holds the password: for a newer or foreign schema history or a failing migration (database
 * unchanged), or when the database cannot be reached.
 */
export async function migratePostgres(
  url: string,
  migrations: readonly Migration[] = loadPostgresMigrations(),
  now: number = Date.now(),
): Promise<MigrationOutcome> {
  const where = `at ${redactedUrl(url)}`;
  const client = await connectClient(url);
  try {
    return await runLocked(client, migrations, where, now);
  } catch (error) {
    if (error instanceof DatabaseStartupError) throw new DatabaseStartupError(withoutPassword(error.message, url));
    throw safeError('Migrating the PostgreSQL database failed', error, url);
  } finally {
    // Ending the session also releases the lock if the unlock above could not be sent.
    await client.end().catch(() => {});
  }
}
