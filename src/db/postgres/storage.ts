// The storage seam (../storage.ts) on PostgreSQL: one pool per process, a transaction per write on one of its
// connections, the schema brought up to date at start (several processes may start at once: the migrations
// take an advisory lock).
import type { ShardSlice } from '../rows';
import type { Storage, Stores } from '../storage';
import type { PendingWrites } from '../written-states';
import { WrittenStates } from '../written-states';
import { PostgresDailyStore } from './daily-store';
import { PostgresGameStore } from './game-store';
import { KnownGames } from './known-games';
import { migratePostgres } from './migrate';
import { rateBacklog } from '../rating-backlog';
import { PostgresOpsStore } from './ops-store';
import { PostgresOutboxStore } from './outbox-store';
import type { Sql } from './pool';
import { CommitOutcomeUnknown, DEFAULT_POOL_SIZE, PostgresDatabase, isLostRace, isUnavailable } from './pool';
import { PostgresRatingStore } from './rating-store';
import { PostgresSeasonStore } from './season-store';
import { PostgresStatsStore } from './stats-store';
import { PostgresTournamentStore } from './tournament-store';

export interface PostgresOptions {
  shard?: ShardSlice;
  poolSize?: number;
}

class PostgresStorage implements Storage {
  readonly engine = 'postgres';
  readonly games;
  readonly outbox;
  readonly stats;
  readonly daily;
  readonly ops;
  readonly ratings;
  readonly seasons;
  readonly tournaments;
  private readonly written = new WrittenStates();
  private readonly known = new KnownGames();

  constructor(
    private readonly db: PostgresDatabase,
    private readonly shard: ShardSlice,
  ) {
    ({
      games: this.games,
      outbox: this.outbox,
      stats: this.stats,
      daily: this.daily,
      ops: this.ops,
      ratings: this.ratings,
      seasons: this.seasons,
      tournaments: this.tournaments,
    } = this.on(db.sql, null));
  }

  private on(sql: Sql, pending: PendingWrites | null): Stores {
    return {
      games: new PostgresGameStore(sql, this.written, pending, this.known, this.shard),
      outbox: new PostgresOutboxStore(sql),
      stats: new PostgresStatsStore(sql),
      daily: new PostgresDailyStore(sql),
      ops: new PostgresOpsStore(sql),
      ratings: new PostgresRatingStore(sql),
      seasons: new PostgresSeasonStore(sql, this.shard),
      tournaments: new PostgresTournamentStore(sql, this.shard),
    };
  }

  async transaction<T>(fn: (tx: Stores) => Promise<T>): Promise<T> {
    const pending: PendingWrites = new Map();
    try {
      const result = await this.db.transaction((sql) => fn(this.on(sql, pending)));
      this.written.committed(pending);
      return result;
    } catch (error) {
      this.written.rolledBack(pending);
      throw error;
    }
  }

  /** REPEATABLE READ: every read of the function sees the one snapshot its first read took. */
  snapshot<T>(fn: (s: Stores) => Promise<T>): Promise<T> {
    return this.db.transaction((sql) => fn(this.on(sql, null)), 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  }

  isLostRace(error: unknown): boolean {
    return isLostRace(error);
  }

  isUnavailable(error: unknown): boolean {
    return isUnavailable(error);
  }

  mayHaveCommitted(error: unknown): boolean {
    return error instanceof CommitOutcomeUnknown;
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

/**
 * The database at `url`, migrated to the code's schema (refused when newer), for this process and shard; games
 * that ended before ratings existed are rated first (../rating-backlog.ts).
 */
export async function openPostgresStorage(url: string, options: PostgresOptions = {}): Promise<Storage> {
  await migratePostgres(url);
  const db = new PostgresDatabase(url, options.poolSize ?? DEFAULT_POOL_SIZE);
  const storage = new PostgresStorage(db, options.shard ?? { id: 0, count: 1 });
  try {
    await rateBacklog(storage);
  } catch (error) {
    await db.close();
    throw error;
  }
  return storage;
}
