// A consistent copy of the bot's database while the bot runs: SQLite's online backup (better-sqlite3's
// `db.backup`) copies pages a batch at a time and starts over if another connection writes in between, so
// the copy is always one committed state, never a mix. The copy is made under a temporary name and renamed
// when complete and checked, so a failed backup never leaves a half file under the name asked for.
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { BUSY_TIMEOUT_MS } from './open';
import { schemaVersion } from './migrate';
import { oneLine } from '../errors';

/** Pages copied per step (4 KiB each): large steps finish before the bot's next write restarts the copy. */
const PAGES_PER_STEP = 4096;

export class BackupError extends Error {
  override readonly name = 'BackupError';
}

export interface BackupOutcome {
  source: string;
  target: string;
  bytes: number;
  schemaVersion: number;
  ms: number;
}

export async function backupDatabase(
  sourcePath: string,
  targetPath: string,
  options: { overwrite?: boolean } = {},
): Promise<BackupOutcome> {
  const started = performance.now();
  const source = resolve(sourcePath);
  const target = resolve(targetPath);
  if (source === target) throw new BackupError(`${target} is the live database itself: name another file.`);
  if (!existsSync(source))
    throw new BackupError(`DATABASE_PATH: there is no database at ${source}; set DATABASE_PATH as the bot has it.`);
  if (existsSync(target) && !options.overwrite)
    throw new BackupError(`${target} already exists: name a new file, or add --force to replace it.`);

  let db: Database.Database;
  try {
    // Not openDatabase: a backup must not migrate the live file under a running bot of another version.
    db = new Database(source, { fileMustExist: true });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  } catch (error) {
    throw new BackupError(`Cannot open the database at ${source}: ${oneLine(error)}`);
  }
  const partial = `${target}.partial-${process.pid}`;
  try {
    const version = schemaVersion(db);
    if (version === 0) throw new BackupError(`${source} is not an Olathe database (it has no schema history).`);
    mkdirSync(dirname(target), { recursive: true });
    await db.backup(partial, { progress: () => PAGES_PER_STEP });
    checkCopy(partial);
    renameSync(partial, target);
    return { source, target, bytes: statSync(target).size, schemaVersion: version, ms: performance.now() - started };
  } catch (error) {
    rmSync(partial, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Backup of ${source} to ${target} failed: ${oneLine(error)}`);
  } finally {
    db.close();
  }
}

/** The copy opens and SQLite finds nothing wrong in it. */
function checkCopy(file: string): void {
  const copy = new Database(file, { fileMustExist: true });
  try {
    const result = copy.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`the copy failed SQLite's check: ${String(result)}`);
    // One file, nothing beside it: a restore is a plain copy of this file.
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}
