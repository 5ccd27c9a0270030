// Schema migrations, the same for every engine: a numbered set of files per dialect with the same names
// (migrations/sqlite/, migrations/postgres/), the bookkeeping row each applied one leaves (`schema_migrations`:
// version, name), and the one rule for a history this build must not touch. How an engine reads its history and
// applies a migration is its own: ./sqlite/migrate.ts, ./postgres/migrate.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseStartupError } from './errors';

export interface Migration {
  version: number;
  /** The file name without `.sql`, e.g. `0001_init`: recorded, and checked on every start. */
  name: string;
  sql: string;
}

export interface MigrationOutcome {
  from: number;
  to: number;
  applied: string[];
}

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** The migration files of one folder, checked: named NNNN_name.sql and numbered without gaps. */
export function loadMigrations(dir: string): Migration[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return files.map((file, index) => {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`Migration file ${file} must be named NNNN_name.sql (lower case).`);
    const version = Number(match[1]);
    if (version !== index + 1)
      throw new Error(`Migrations must be numbered 0001, 0002, … without gaps; found ${file}.`);
    return { version, name: file.slice(0, -'.sql'.length), sql: readFileSync(join(dir, file), 'utf8') };
  });
}

export interface AppliedRow {
  version: number;
  name: string;
}

/** How a refusal names, for one engine, what the operator can change and what was left alone. */
export interface HistoryWords {
  /** e.g. "point DATABASE_PATH at another file" */
  elsewhere: string;
  /** e.g. "The file was not changed." */
  unchanged: string;
}

/**
 * Refuses a history this build must not touch, newer than its migrations or not its own; returns the version the
 * database is at. The same rule for every engine: only how a database is read and named differs.
 */
export function checkHistory(
  applied: readonly AppliedRow[],
  migrations: readonly Migration[],
  where: string,
  words: HistoryWords,
): number {
  const current = applied.at(-1)?.version ?? 0;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new DatabaseStartupError(
      `The database ${where} was written by a newer version of the bot (schema version ${current}; this version knows up to ${latest}). ` +
        `Run the newer version, or ${words.elsewhere}. ${words.unchanged}`,
    );
  }
  applied.forEach((row, index) => {
    const known = migrations[row.version - 1];
    if (row.version !== index + 1 || !known || known.name !== row.name) {
      throw new DatabaseStartupError(
        `The database ${where} has a schema history this version does not recognise (migration ${row.version} is "${row.name}" there, ` +
          `"${known?.name ?? 'unknown'}" here). ${words.unchanged}`,
      );
    }
  });
  return current;
}
