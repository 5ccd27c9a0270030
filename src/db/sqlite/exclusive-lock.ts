// A lock that one process holds on a file for as long as it runs: SQLite's own file lock on a small, empty
// database of its own. The kernel drops it when the process ends however it ends (kill -9 included), so a crash
// never leaves a stale lock, and no pid has to be checked for liveness (pids are reused).
import Database from 'better-sqlite3';

export interface ExclusiveLock {
  /** Gives the lock up; calling it again does nothing. */
  release(): void;
}

/**
 * Takes the lock on `path` (created if missing), or returns null at once when another connection holds it — in
 * any process, this one included.
 */
export function tryExclusiveLock(path: string): ExclusiveLock | null {
  const db = new Database(path);
  try {
    db.pragma('busy_timeout = 0');
    // No journal file beside the lock: the transaction never writes.
    db.pragma('journal_mode = MEMORY');
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if ((error as { code?: unknown } | null)?.code === 'SQLITE_BUSY') return null;
    throw error;
  }
  return {
    release() {
      if (db.open) db.close();
    },
  };
}
