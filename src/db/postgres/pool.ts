// The bot's connections to PostgreSQL: one pool per process, and the transaction an operation runs in. The
// stores never hold a client themselves: each statement goes to the transaction running in its async context
// (AsyncLocalStorage), or else to the pool, so the service's code reads the same on both engines.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { safeError } from './connection';

/** How long a statement may wait for a connection: a click must be answered within Discord's 3 s. */
const CONNECT_TIMEOUT_MS = 1_500;
/** Past this a statement is cancelled by the server; no statement of the bot's should take a tenth of it. */
const STATEMENT_TIMEOUT_MS = 2_000;
export const DEFAULT_POOL_SIZE = 5;

// Ids and times are BIGINT and sums of them NUMERIC: all within 2^53, so numbers, as SQLite gives them.
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (text: string) => Number(text);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** A statement with its server-side prepared name: parsed and planned once per connection. */
export interface Statement {
  name: string;
  text: string;
}

export type Queryable = Pick<pg.PoolClient, 'query'>;

/** SQLSTATEs that mean another writer got there first: read again and decide again. */
const LOST_RACE = new Set(['23505', '40001', '40P01']);

export function isLostRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && LOST_RACE.has(code);
}

export class PostgresDatabase {
  readonly pool: pg.Pool;
  private readonly current = new AsyncLocalStorage<pg.PoolClient>();

  constructor(
    readonly url: string,
    poolSize = DEFAULT_POOL_SIZE,
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      keepAlive: true,
      types,
    });
    // A pooled connection lost while idle (the server restarted) is dropped by the pool; the event must have a
    // listener or it would end the process.
    this.pool.on('error', () => {});
  }

  /** Whether the caller runs inside a transaction of this database. */
  get inTransaction(): boolean {
    return this.current.getStore() !== undefined;
  }

  /** The rows of `statement` with `values`, in the running transaction if there is one. */
  async rows<R>(statement: Statement, values: unknown[] = []): Promise<R[]> {
    const target: Queryable = this.current.getStore() ?? this.pool;
    try {
      return (await target.query<R & pg.QueryResultRow>({ ...statement, values })).rows;
    } catch (error) {
      throw this.safe(error);
    }
  }

  /** As rows, but each row an array in column order (no object per row). */
  async arrays<R extends unknown[]>(statement: Statement, values: unknown[] = []): Promise<R[]> {
    const target: Queryable = this.current.getStore() ?? this.pool;
    try {
      return (await target.query<R>({ ...statement, values, rowMode: 'array' })).rows;
    } catch (error) {
      throw this.safe(error);
    }
  }

  /** How many rows `statement` changed. */
  async run(statement: Statement, values: unknown[] = []): Promise<number> {
    const target: Queryable = this.current.getStore() ?? this.pool;
    try {
      return (await target.query({ ...statement, values })).rowCount ?? 0;
    } catch (error) {
      throw this.safe(error);
    }
  }

  /**
   * Runs `fn` in one READ COMMITTED transaction on one connection: committed when it returns, rolled back when
   * it throws. Races are decided by the rows' `rev` guards and unique keys, not by the isolation level.
   */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn();
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.safe(error);
    }
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await this.current.run(client, fn);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      broken = await client.query('ROLLBACK').then(
        () => false,
        () => true,
      );
      throw this.safe(error);
    } finally {
      // A connection whose rollback failed is in an unknown state: the pool closes it rather than reuse it.
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /** pg's errors may quote the connection string; what leaves here never carries the password. */
  private safe(error: unknown): unknown {
    if (!(error instanceof Error)) return error;
    if (!error.message.includes(this.url) && !(error.stack ?? '').includes(this.url)) return error;
    return safeError('PostgreSQL failed', error, this.url);
  }
}
