// SQLite's Storage (../storage.ts): one better-sqlite3 connection per process, its statements synchronous.
// A write transaction is BEGIN IMMEDIATE … COMMIT around an asynchronous function, so two rules keep it whole
// now that other work of the process can run while the function awaits:
// - one write transaction at a time per process (WriteLock, first come first served);
// - a call made outside the transaction waits until it has ended: on the one connection it would otherwise
//   read the transaction's uncommitted rows, or have its own write committed or rolled back with them.
// Between processes SQLite's write lock decides, as before, but a wait for it never blocks the process for more
// than BLOCKING_WAIT_MS: longer waits are made here, asynchronously. A file locked by another process
// for seconds (a backup tool, an operator's sqlite3 shell) used to freeze every game, and the gateway, for each
// write's 5 s busy timeout, and no click was answered within Discord's 3 s.
import type Database from 'better-sqlite3';
import type {
  DailyStore,
  GameStore,
  OpsStore,
  OutboxStore,
  RatingStore,
  StatsStore,
  Storage,
  Stores,
} from '../storage';
import type { ShardSlice } from '../rows';
import type { OpenOptions } from './open';
import { BUSY_TIMEOUT_MS, openDatabase } from './open';
import { SqliteGameStore } from './game-store';
import { SqliteOutboxStore } from './outbox-store';
import { SqliteStatsStore } from './stats-store';
import { SqliteDailyStore } from './daily-store';
import { SqliteOpsStore } from './ops-store';
import { SqliteRatingStore } from './rating-store';
import { SqliteSeasonStore } from './season-store';
import type { SeasonStore } from '../season-rows';
import { SqliteTournamentStore } from './tournament-store';
import type { TournamentStore } from '../tournament-rows';
import { BACKLOG_BATCH, backlogPeople, backlogSeats, backlogWrite } from '../rating-backlog';

/** A promise-chain mutex with hand-over: whoever waits longest goes next, so no caller waits for ever. */
class WriteLock {
  held = false;
  private readonly waiting: Array<() => void> = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

type Run = <R>(call: () => R) => Promise<R>;

/** How long SQLite's own busy handler may hold the process waiting for another process's write lock. */
const BLOCKING_WAIT_MS = 50;
/** How long a transaction waits for the write lock in all: a click must be answered within Discord's 3 s. */
const TRANSACTION_LOCK_WAIT_MS = 1500;
const LOCK_RETRY_MS = 25;

/** Another connection holds the write lock: the same statement may succeed a moment later. */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_RECOVERY';
}

/** `attempt` again every few ms while it fails for another process's write lock, until `patienceMs` are up. */
function whenUnlocked<R>(attempt: () => Promise<R>, patienceMs: number): Promise<R> {
  const until = performance.now() + patienceMs;
  const again = (error: unknown): Promise<R> => {
    if (!isBusy(error) || performance.now() >= until) return Promise.reject(error as Error);
    return new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS)).then(() => attempt().catch(again));
  };
  return attempt().catch(again);
}

/** The statement's result as a promise; a statement's throw becomes the promise's rejection. */
function settled<R>(call: () => R): Promise<R> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/** An object with every method of `impl`, each running through `run` and returning a promise. */
function facade<T>(impl: object, run: Run): T {
  const out: Record<string, unknown> = {};
  const methods = impl as Record<string, (...args: unknown[]) => unknown>;
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(impl))) {
    if (name === 'constructor' || typeof methods[name] !== 'function') continue;
    const method = methods[name];
    out[name] = (...args: unknown[]) => run(() => method.apply(impl, args));
  }
  return out as T;
}

export interface SqliteStorageOptions {
  /** The gateway shard this process is: the clock and the reconcile read its own guilds' games only. */
  shard?: ShardSlice;
}

export class SqliteStorage implements Storage {
  readonly engine = 'sqlite';
  readonly games: GameStore;
  readonly outbox: OutboxStore;
  readonly stats: StatsStore;
  readonly daily: DailyStore;
  readonly ops: OpsStore;
  readonly ratings: RatingStore;
  readonly seasons: SeasonStore;
  readonly tournaments: TournamentStore;
  private readonly lock = new WriteLock();
  private readonly gameStatements: SqliteGameStore;
  private readonly ratingStatements: SqliteRatingStore;
  /** The stores a transaction's function is given: they run at once, inside it. */
  private readonly inside: Stores;
  private open = false;
  private closed = false;
  private readonly begin: Database.Statement;
  private readonly beginRead: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;

  constructor(
    /** The connection, for entry points and tests that inspect the file; the service never sees it. */
    readonly db: Database.Database,
    options: SqliteStorageOptions = {},
  ) {
    const outbox = new SqliteOutboxStore(db);
    this.gameStatements = new SqliteGameStore(db, outbox, options.shard);
    const ratings = new SqliteRatingStore(db, (gameId) => this.gameStatements.fivesBySeat(gameId));
    this.ratingStatements = ratings;
    const statements = {
      games: this.gameStatements,
      outbox,
      stats: new SqliteStatsStore(db, (write) => ratings.record(write)),
      daily: new SqliteDailyStore(db),
      ops: new SqliteOpsStore(db),
      ratings,
      seasons: new SqliteSeasonStore(db, options.shard),
      tournaments: new SqliteTournamentStore(db, options.shard),
    };
    // A transaction still waiting for its BEGIN has nothing on the connection yet: calls go ahead of it.
    const alone: Run = (call) =>
      whenUnlocked(() => (this.open ? this.exclusive(call) : settled(call)), BUSY_TIMEOUT_MS);
    const within: Run = (call) =>
      this.open ? settled(call) : Promise.reject(new Error("A transaction's store was used after it ended."));
    const bind = (run: Run): Stores => ({
      games: facade(statements.games, run),
      outbox: facade(statements.outbox, run),
      stats: facade(statements.stats, run),
      daily: facade(statements.daily, run),
      ops: facade(statements.ops, run),
      ratings: facade(statements.ratings, run),
      seasons: facade(statements.seasons, run),
      tournaments: facade(statements.tournaments, run),
    });
    const own = bind(alone);
    ({
      outbox: this.outbox,
      stats: this.stats,
      daily: this.daily,
      ops: this.ops,
      ratings: this.ratings,
      seasons: this.seasons,
      tournaments: this.tournaments,
    } = own);
    // A move alone is a write transaction like any other: it waits for another process's write lock only as long as
    // one does (TRANSACTION_LOCK_WAIT_MS), so a click during a long lock is still answered within 3 s.
    this.games = {
      ...own.games,
      saveMove: (...move) => this.transaction((tx) => tx.games.saveMove(...move)),
    };
    this.inside = bind(within);
    this.begin = db.prepare('BEGIN IMMEDIATE');
    this.beginRead = db.prepare('BEGIN');
    this.commit = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
    db.pragma(`busy_timeout = ${BLOCKING_WAIT_MS}`);
  }

  transaction<T>(fn: (tx: Stores) => Promise<T>): Promise<T> {
    return this.run(this.begin, fn);
  }

  /** A deferred transaction: its first read fixes the state every later read sees (WAL's snapshot). */
  snapshot<T>(fn: (s: Stores) => Promise<T>): Promise<T> {
    return this.run(this.beginRead, fn);
  }

  private async run<T>(begin: Database.Statement, fn: (tx: Stores) => Promise<T>): Promise<T> {
    const asked = performance.now();
    // Taken at once when free (a click's usual case), else in turn.
    if (this.lock.held) await this.lock.acquire();
    else this.lock.held = true;
    try {
      const waited = performance.now() - asked;
      // Open the moment BEGIN succeeds: a call made in the same tick must already wait for the transaction.
      const opened = () => {
        begin.run();
        this.open = true;
      };
      await whenUnlocked(() => settled(opened), Math.max(0, TRANSACTION_LOCK_WAIT_MS - waited));
      try {
        const result = await fn(this.inside);
        this.commit.run();
        this.open = false;
        this.gameStatements.committed();
        return result;
      } catch (error) {
        this.open = false;
        if (this.db.inTransaction) this.rollback.run();
        this.gameStatements.rolledBack();
        throw error;
      }
    } finally {
      this.lock.release();
    }
  }

  /**
   * Rates the games that ended before ratings existed (../rating-backlog.ts), at open, before anything else
   * runs: synchronous, a transaction per batch, so a kill -9 leaves each game rated once or not yet.
   */
  rateBacklog(): number {
    let done = 0;
    for (;;) {
      this.begin.run();
      try {
        const games = this.ratingStatements.takeBacklog(BACKLOG_BATCH);
        for (const g of games) {
          const rated = backlogSeats(g);
          if (!rated) continue;
          const current = this.ratingStatements.current(rated.variant, backlogPeople(rated));
          this.ratingStatements.record(backlogWrite(g, rated, current));
        }
        this.commit.run();
        if (games.length === 0) return done;
        done += games.length;
      } catch (error) {
        if (this.db.inTransaction) this.rollback.run();
        throw error;
      }
    }
  }

  /** A unique or primary key taken by a racing writer: the race is lost, not the database broken. */
  isLostRace(error: unknown): boolean {
    const code = (error as { code?: unknown } | null)?.code;
    return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
  }

  isUnavailable(error: unknown): boolean {
    const code = (error as { code?: unknown } | null)?.code;
    // Locked past the busy timeout, a failing disk, a full one (extended codes share the primary's prefix).
    return typeof code === 'string' && /^SQLITE_(BUSY|IOERR|FULL)(_|$)/.test(code);
  }

  /** Never: SQLite's COMMIT on a local file either happens or fails with the transaction still open. */
  mayHaveCommitted(): boolean {
    return false;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // After the transaction under way (and everything queued behind it).
    await this.exclusive(() => this.db.close());
  }

  /** Runs `call` alone: after every transaction and call queued before it. */
  private async exclusive<R>(call: () => R): Promise<R> {
    await this.lock.acquire();
    try {
      return call();
    } finally {
      this.lock.release();
    }
  }
}

/** Opens (creating and migrating as needed) the SQLite database at `path` as this process's Storage. */
export function openSqliteStorage(path: string, options: SqliteStorageOptions & OpenOptions = {}): SqliteStorage {
  const storage = new SqliteStorage(openDatabase(path, options), options);
  try {
    storage.rateBacklog();
  } catch (error) {
    storage.db.close();
    throw error;
  }
  return storage;
}
