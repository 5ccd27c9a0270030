// Schema migrations: `migrations/sqlite/NNNN_name.sql`, applied in order at start-up, each in its own transaction
// and recorded in `schema_migrations`. Before anything is committed the whole pending batch is tried in one
// transaction that is rolled back, so a failing migration stops start-up and leaves the file as it was,
// not half-way between versions. A database whose history is newer than (or different from) this build's
// migrations is refused untouched.
import type Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DatabaseStartupError, oneLine } from '../errors';
import type { AppliedRow, HistoryWords, Migration, MigrationOutcome } from '../migrate';
import { checkHistory, loadMigrations as loadMigrationFiles } from '../migrate';

export type { Migration, MigrationOutcome } from '../migrate';

/**
 * Located from this file, not the working directory, so the bot starts from any folder: beside the bundle
 * when this code runs built (dist/migrations/sqlite/, copied there by scripts/build.mjs), else the project's
 * migrations/sqlite/ three folders above src/db/sqlite/. PostgreSQL's set, same names, is in migrations/postgres/.
 */
export const MIGRATIONS_DIR = ['./migrations/sqlite/', '../../../migrations/sqlite/']
  .map((path) => fileURLToPath(new URL(path, import.meta.url)))
  .find((dir) => existsSync(dir))!;

/** SQLite's migration files (migrations/sqlite/ unless another folder is given). */
export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return loadMigrationFiles(dir);
}

function appliedMigrations(db: Database.Database): AppliedRow[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!table) return [];
  return db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as AppliedRow[];
}

/** The schema version a database is at: the number of its last applied migration, 0 when none. */
export function schemaVersion(db: Database.Database): number {
  return appliedMigrations(db).at(-1)?.version ?? 0;
}

const SQLITE_WORDS: HistoryWords = {
  elsewhere: 'point DATABASE_PATH at another file',
  unchanged: 'The file was not changed.',
};

function checkFile(db: Database.Database, migrations: readonly Migration[], where: string): number {
  return checkHistory(appliedMigrations(db), migrations, where, SQLITE_WORDS);
}

function applyOne(db: Database.Database, migration: Migration, now: number): void {
  db.exec(migration.sql);
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  );
  db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
    migration.version,
    migration.name,
    now,
  );
  // A migration that rebuilds a table must leave every reference intact.
  const broken = db.prepare('PRAGMA foreign_key_check').all();
  if (broken.length > 0) throw new Error(`it leaves ${broken.length} broken foreign key reference(s)`);
}

/**
 * Brings the database up to the newest migration. Throws DatabaseStartupError (file unchanged) for a newer
 * or foreign schema history, or when a pending migration fails.
 */
export function migrate(
  db: Database.Database,
  migrations: readonly Migration[] = loadMigrations(),
  where = `at ${db.name}`,
  now: number = Date.now(),
): MigrationOutcome {
  const from = checkFile(db, migrations, where);
  if (!migrations.some((m) => m.version > from)) return { from, to: from, applied: [] };

  // Dry run of the whole batch, rolled back: nothing reaches the file unless every migration applies.
  let failed: { migration: Migration; error: unknown } | null = null;
  db.exec('BEGIN IMMEDIATE');
  try {
    const current = checkFile(db, migrations, where); // re-read under the write lock: another process may have migrated
    for (const migration of migrations.filter((m) => m.version > current)) {
      try {
        applyOne(db, migration, now);
      } catch (error) {
        failed = { migration, error };
        break;
      }
    }
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
  }
  if (failed) {
    throw new DatabaseStartupError(
      `Migration ${failed.migration.name} failed: ${oneLine(failed.error)}. The database ${where} was not changed (still at schema version ${from}).`,
    );
  }

  const applied: string[] = [];
  for (const migration of migrations) {
    db.transaction(() => {
      if (schemaVersion(db) >= migration.version) return; // applied meanwhile by another process
      applyOne(db, migration, now);
      applied.push(migration.name);
    }).immediate();
  }
  return { from, to: schemaVersion(db), applied };
}
