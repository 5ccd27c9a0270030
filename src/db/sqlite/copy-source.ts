// The SQLite side of `db:copy` (../postgres/copy-from-sqlite.ts): the bot's database opened so that nothing else can use
// it while it is copied, brought up to date as the bot would at start, and described from its own schema.
//
// The bot keeps no lock file on its database (./exclusive-lock.ts is the playground's, on a file of its
// own). What marks a running bot is SQLite's own file lock: in WAL mode every open connection keeps a shared
// lock on the database file for as long as it is open, idle or not. A connection in EXCLUSIVE locking mode
// needs the exclusive lock, so it is refused at once while any bot process (any shard) has the file open, and
// once it holds the lock a bot that starts meanwhile cannot open the file until the copy is over.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { oneLine } from '../errors';
import { loadMigrations, migrate, schemaVersion } from './migrate';

/** Why db:copy did not copy, in one line (never with a password: ../postgres/copy-from-sqlite.ts sees to that). */
export class CopyError extends Error {
  override readonly name = 'CopyError';
}

export interface SourceColumn {
  name: string;
  /** Part of the primary key: the rows are read in its order. */
  primaryKey: boolean;
}

export interface SourceTable {
  name: string;
  columns: SourceColumn[];
  /** Tables this one's foreign keys refer to (itself included, e.g. a rematch's game). */
  references: string[];
  /** Columns referring to this same table: copied after the table's rows, so their order does not matter. */
  selfReferences: string[];
}

export interface Source {
  db: Database.Database;
  path: string;
  schemaVersion: number;
  /** Every table of the bot's, parents before the tables that refer to them; not the schema history. */
  tables: SourceTable[];
  close(): void;
}

/**
 * Tables that are no data of the bot's: SQLite's own, the schema history each engine keeps for itself, the
 * cluster row, which the first host on PostgreSQL writes from its own settings, and the shard holders' marks,
 * which the PostgreSQL hosts write as they take their shards (SQLite's two tables stay empty).
 */
export const NOT_COPIED = /^(sqlite_.*|schema_migrations|cluster|shard_holders)$/;

/**
 * Opens the database at `path` for the copy, exclusively, and migrates it. CopyError when it is missing, in use,
 * not the bot's, or newer than this code (left unchanged then).
 */
export function openSource(path: string): Source {
  const file = resolve(path);
  if (!existsSync(file))
    throw new CopyError(`DATABASE_PATH: there is no database at ${file}; set DATABASE_PATH as the bot has it.`);
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch (error) {
    throw new CopyError(`Cannot open the database at ${file}: ${oneLine(error)}`);
  }
  try {
    lockExclusively(db, file);
    if (schemaVersion(db) === 0) throw new CopyError(`${file} is not an Olathe database (it has no schema history).`);
    // What the bot does at start: a newer schema is refused with the file unchanged (DatabaseStartupError).
    migrate(db, loadMigrations(), `at ${file}`);
    const version = schemaVersion(db);
    const tables = describeTables(db);
    // From here on integers are read as BigInt: every value reaches PostgreSQL exactly, however large.
    db.defaultSafeIntegers(true);
    return { db, path: file, schemaVersion: version, tables, close: () => db.close() };
  } catch (error) {
    db.close();
    if (error instanceof CopyError) throw error;
    throw new CopyError(oneLine(error));
  }
}

function lockExclusively(db: Database.Database, file: string): void {
  db.pragma('busy_timeout = 0');
  db.pragma('locking_mode = EXCLUSIVE');
  try {
    // Takes the lock, and keeps it after the commit (EXCLUSIVE locking mode) until the connection closes.
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'SQLITE_BUSY') throw error;
    throw new CopyError(
      `The database at ${file} is in use (the bot, or another program, has it open): stop the bot, then copy. Nothing was copied.`,
    );
  }
}

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function describeTables(db: Database.Database): SourceTable[] {
  const names = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
  )
    .map((r) => r.name)
    .filter((name) => !NOT_COPIED.test(name));
  const tables = names.map((name): SourceTable => {
    const info = db.prepare(`PRAGMA table_info(${quoted(name)})`).all() as { name: string; pk: number }[];
    const keys = db.prepare(`PRAGMA foreign_key_list(${quoted(name)})`).all() as { table: string; from: string }[];
    return {
      name,
      columns: info.map((c) => ({ name: c.name, primaryKey: c.pk > 0 })),
      references: [...new Set(keys.map((k) => k.table))],
      selfReferences: keys.filter((k) => k.table === name).map((k) => k.from),
    };
  });
  return parentsFirst(tables);
}

/** The tables in an order where every table comes after those it refers to (by name where either will do). */
export function parentsFirst(tables: readonly SourceTable[]): SourceTable[] {
  const ordered: SourceTable[] = [];
  const placed = new Set<string>();
  let rest = [...tables];
  while (rest.length > 0) {
    const ready = rest.filter((t) => t.references.every((r) => r === t.name || placed.has(r)));
    if (ready.length === 0)
      throw new CopyError(`The tables ${rest.map((t) => t.name).join(', ')} refer to each other in a cycle.`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
    rest = rest.filter((t) => !placed.has(t.name));
  }
  return ordered;
}

/** Row counts as SQLite has them. */
export function countRows(db: Database.Database, table: string): number {
  return Number(
    db
      .prepare(`SELECT COUNT(*) FROM ${quoted(table)}`)
      .pluck()
      .get(),
  );
}

/** Every row of `table` as arrays in the order of `table.columns`, in primary-key order (rowid when none). */
export function readRows(db: Database.Database, table: SourceTable): IterableIterator<unknown[]> {
  const keys = table.columns.filter((c) => c.primaryKey).map((c) => quoted(c.name));
  const order = keys.length > 0 ? keys.join(', ') : 'rowid';
  const columns = table.columns.map((c) => quoted(c.name)).join(', ');
  return db
    .prepare(`SELECT ${columns} FROM ${quoted(table.name)} ORDER BY ${order}`)
    .raw()
    .iterate() as IterableIterator<unknown[]>;
}

/** The highest id SQLite has handed out in `column` of `table`: its largest value, or AUTOINCREMENT's record. */
export function highestId(db: Database.Database, table: string, column: string): bigint {
  const largest = db
    .prepare(`SELECT MAX(${quoted(column)}) FROM ${quoted(table)}`)
    .pluck()
    .get();
  const hasSequence = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get();
  const recorded = hasSequence ? db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(table) : null;
  const values = [largest, recorded].filter((v) => v !== null && v !== undefined).map((v) => BigInt(v as bigint));
  return values.reduce((a, b) => (a > b ? a : b), 0n);
}
