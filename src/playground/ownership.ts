// One playground per database. Each run's fake Discord is a new server, so a playground takes every game it finds
// in the database for a leftover of a dead run and ends it; its bot would also find a live playground's channels
// missing (Unknown Channel) and end those games at its first reconcile. So a second playground on a database in
// use stops before it touches anything, and says where the first one is.
//
// The lock is `<database>-playground.lock`, held through SQLite's file lock (src/db/exclusive-lock.ts), which the
// kernel drops when its process dies, even by kill -9. Beside it, `<database>-playground.json` names the holder
// (pid, address) for the message; it is written after the lock is taken and only read while the lock is held.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { tryExclusiveLock } from '../db/sqlite/exclusive-lock';

/** Another live playground has this database. */
export class DatabaseInUseError extends Error {}

export interface DatabaseClaim {
  /** Gives the database up (the holder's note first, so a successor's note is never removed). */
  release(): void;
}

interface Holder {
  pid: number;
  url: string;
}

export function ownershipFiles(databasePath: string): { lock: string; holder: string } {
  const file = resolve(databasePath);
  return { lock: `${file}-playground.lock`, holder: `${file}-playground.json` };
}

/** Claims `databasePath` for this process's playground at `url`, or throws DatabaseInUseError. */
export function claimDatabase(databasePath: string, url: string): DatabaseClaim {
  if (databasePath === ':memory:') return { release() {} };
  const files = ownershipFiles(databasePath);
  let lock;
  try {
    mkdirSync(dirname(files.lock), { recursive: true });
    lock = tryExclusiveLock(files.lock);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PLAYGROUND_DATABASE ${databasePath}: cannot lock ${files.lock} (${why}) — point PLAYGROUND_DATABASE at a file in a folder this user may write.`,
    );
  }
  if (!lock) {
    const holder = readHolder(files.holder);
    const who = holder ? ` (pid ${holder.pid}, open ${holder.url})` : '';
    throw new DatabaseInUseError(
      `PLAYGROUND_DATABASE ${databasePath} is in use by another playground${who} — use that one, stop it first, or set PLAYGROUND_DATABASE to another file.`,
    );
  }
  try {
    writeFileSync(files.holder, `${JSON.stringify({ pid: process.pid, url } satisfies Holder)}\n`);
  } catch {
    // Only the message of a refused playground would miss it.
  }
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      try {
        rmSync(files.holder, { force: true });
      } finally {
        lock.release();
      }
    },
  };
}

/** The holder's note, if it names a live process (it is written a moment after the lock is taken). */
function readHolder(path: string): Holder | null {
  let holder: Partial<Holder>;
  try {
    holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
  } catch {
    return null;
  }
  if (typeof holder.pid !== 'number' || typeof holder.url !== 'string' || !isAlive(holder.pid)) return null;
  return { pid: holder.pid, url: holder.url };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
