// Opening the bot's database: create its folder, bring the schema up to date, then set the pragmas every
// connection needs. Any reason it cannot start is one DatabaseStartupError line.
import Database from 'better-sqlite3';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DatabaseStartupError, oneLine } from '../errors';
import type { Migration } from './migrate';
import { loadMigrations, migrate } from './migrate';

export { DatabaseStartupError, isDatabaseStartupError } from '../errors';

export type Db = Database.Database;

/** How long a writer waits for another connection's write lock before giving up (ms). */
export const BUSY_TIMEOUT_MS = 5000;
/**
 * WAL pages written before SQLite copies them back into the database file (default 1,000 ≈ 4 MB). Every
 * action writes 2–4 pages, so the default checkpoint — two fsyncs and a few milliseconds — lands on one
 * action in every few hundred, which is the slowest 1 %. At 10,000 (≈ 40 MB of WAL) it lands on one in
 * several thousand, and a page rewritten many times between checkpoints is copied back once.
 */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;
/** The WAL file is cut back to this size after a checkpoint, so one burst does not keep the disk forever. */
export const WAL_SIZE_LIMIT_BYTES = 64 * 2 ** 20;

export interface OpenOptions {
  /** Tests pass their own list; the bot uses migrations/sqlite/*.sql. */
  migrations?: readonly Migration[];
}

/**
 * Creates the file's folder and checks SQLite may write there: it writes the file and, in WAL mode, creates
 * `-wal` and `-shm` beside it. Otherwise the operator would get a bare SQLite error, or one at the first move.
 */
function prepareFolder(path: string): void {
  const file = resolve(path);
  const folder = dirname(file);
  const fix = "give the bot's user write access there, or point DATABASE_PATH at a file in a writable folder.";
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new DatabaseStartupError(`DATABASE_PATH: cannot create the folder ${folder} (${oneLine(error)}); ${fix}`);
  }
  for (const [what, target] of [
    ['folder', folder],
    ['file', file],
  ] as const) {
    if (what === 'file' && !existsSync(file)) continue;
    try {
      accessSync(target, constants.W_OK);
    } catch {
      throw new DatabaseStartupError(`DATABASE_PATH: the ${what} ${target} is not writable; ${fix}`);
    }
  }
}

export function openDatabase(path: string, options: OpenOptions = {}): Db {
  const inMemory = path === ':memory:';
  const where = inMemory ? 'in memory' : `at ${resolve(path)}`;
  let db: Db;
  try {
    if (!inMemory) prepareFolder(path);
    db = new Database(path);
  } catch (error) {
    if (error instanceof DatabaseStartupError) throw error;
    throw new DatabaseStartupError(`Cannot open the database ${where}: ${oneLine(error)}`);
  }
  try {
    // Set before migrating: another shard may hold the write lock for a moment.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    migrate(db, options.migrations ?? loadMigrations(), where);
    // After migrating, so a refused database is left exactly as it was (WAL changes the file header).
    // WAL: readers never block the writer. NORMAL: a commit is durable across a crash of the process;
    // only a power cut may lose the last commits, never corrupt the file.
    if (!inMemory) {
      const mode = db.pragma('journal_mode = WAL', { simple: true });
      if (mode !== 'wal') throw new Error(`could not switch to WAL (journal mode is ${String(mode)})`);
    }
    db.pragma('synchronous = NORMAL');
    db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    db.pragma('foreign_keys = ON');
    return db;
  } catch (error) {
    db.close();
    if (error instanceof DatabaseStartupError) throw error;
    throw new DatabaseStartupError(`Cannot start on the database ${where}: ${oneLine(error)}`);
  }
}
