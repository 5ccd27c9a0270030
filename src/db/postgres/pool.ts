// The bot's connections to PostgreSQL: one pool per process, and the transaction an operation runs in. A store
// is given where its statements go (Sql): the pool, or the connection of one transaction.
import pg from 'pg';
import { safeError } from './connection';

/** How long a statement may wait for a connection: a click must be answered within Discord's 3 s. */
const CONNECT_TIMEOUT_MS = 1_500;
/** Past this a statement is cancelled by the server; no statement of the bot's should take a tenth of it. */
const STATEMENT_TIMEOUT_MS = 2_000;
export const DEFAULT_POOL_SIZE = 5;

// Ids and times are BIGINT and sums of them NUMERIC: all within 2^53, so numbers, as SQLite gives them (also
// for the tests' own queries).
const INT8 = 20;
const NUMERIC = 1700;
export const NUMERIC_TYPES = {
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

type Queryable = Pick<pg.PoolClient, 'query'>;

/** Where a store's statements go: the pool (each alone) or one transaction's connection. */
export interface Sql {
  readonly inTransaction: boolean;
  /** The rows of `statement` with `values`. */
  rows<R>(statement: Statement, values?: unknown[]): Promise<R[]>;
  /** As rows, but each row an array in column order (no object per row). */
  arrays<R extends unknown[]>(statement: Statement, values?: unknown[]): Promise<R[]>;
  /** How many rows `statement` changed. */
  run(statement: Statement, values?: unknown[]): Promise<number>;
  /**
   * As rows, for a statement that is a whole write: outside a transaction it commits by itself, so a connection
   * lost once it was sent leaves its outcome unknown (CommitOutcomeUnknown), as a lost COMMIT does.
   */
  commits<R>(statement: Statement, values?: unknown[]): Promise<R[]>;
  /** `fn` in a transaction: this one's, or a new one. */
  transaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
}

/** SQLSTATEs that mean another writer got there first: read again and decide again. */
const LOST_RACE = new Set(['23505', '40001', '40P01']);

export function isLostRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && LOST_RACE.has(code);
}

/** The server shutting down, starting up or gone: admin shutdown, crash shutdown, cannot connect now. */
const SERVER_GONE = new Set(['57P01', '57P02', '57P03']);
/** What Node's sockets say when the server cannot be reached. */
const SOCKET_GONE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/**
 * pg and pg-pool give these without a code: a pool connect timeout, a connection that ended under a query, a
 * client used after its connection died.
 */
const DRIVER_GONE = [
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

/**
 * The connection failed while COMMIT was on its way: the server may have committed before it went (its answer
 * lost with the connection), or not. Nothing can tell which until the server is back.
 */
export class CommitOutcomeUnknown extends Error {
  override readonly name = 'CommitOutcomeUnknown';
  constructor(readonly lost: unknown) {
    super(`the connection failed during COMMIT: ${lost instanceof Error ? lost.message : String(lost)}`);
  }
}

export function isUnavailable(error: unknown): boolean {
  if (error instanceof CommitOutcomeUnknown) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return SERVER_GONE.has(code) || code.startsWith('08') || SOCKET_GONE.has(code);
  const message = error instanceof Error ? error.message : '';
  return DRIVER_GONE.some((pattern) => pattern.test(message));
}

class Statements implements Sql {
  /**
   * A transaction's statements once it committed or rolled back: its connection is back in the pool, maybe in
   * another caller's transaction, so a statement sent now would land there. Refused, as SQLite's are.
   */
  ended = false;

  constructor(
    private readonly target: Queryable,
    readonly inTransaction: boolean,
    private readonly database: PostgresDatabase,
  ) {}

  private refuseEnded(): void {
    if (this.ended) throw new Error("A transaction's store was used after it ended.");
  }

  async rows<R>(statement: Statement, values: unknown[] = []): Promise<R[]> {
    this.refuseEnded();
    try {
      return (await this.target.query<R & pg.QueryResultRow>({ ...statement, values })).rows;
    } catch (error) {
      throw this.database.safe(error);
    }
  }

  async arrays<R extends unknown[]>(statement: Statement, values: unknown[] = []): Promise<R[]> {
    this.refuseEnded();
    try {
      return (await this.target.query<R>({ ...statement, values, rowMode: 'array' })).rows;
    } catch (error) {
      throw this.database.safe(error);
    }
  }

  async run(statement: Statement, values: unknown[] = []): Promise<number> {
    this.refuseEnded();
    try {
      return (await this.target.query({ ...statement, values })).rowCount ?? 0;
    } catch (error) {
      throw this.database.safe(error);
    }
  }

  commits<R>(statement: Statement, values: unknown[] = []): Promise<R[]> {
    return this.inTransaction ? this.rows<R>(statement, values) : this.database.alone<R>(statement, values);
  }

  transaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    if (this.ended) return Promise.reject(new Error("A transaction's store was used after it ended."));
    return this.inTransaction ? fn(this) : this.database.transaction(fn);
  }
}

export class PostgresDatabase {
  readonly pool: pg.Pool;
  /** Statements outside any transaction, each on whichever pooled connection is free. */
  readonly sql: Sql;

  constructor(
    readonly url: string,
    poolSize = DEFAULT_POOL_SIZE,
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      // One connection kept however long the bot is idle: the turn clock no longer uses the pool each
      // second, and a new connection costs its handshake and password exchange (SCRAM: thousands of hashes, on
      // libuv's threads), paid by the first click after a pause or the minute's reconcile. Those above it are
      // closed after pg-pool's 10 s idle.
      min: 1,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      keepAlive: true,
      types: NUMERIC_TYPES,
    });
    // A pooled connection lost while idle (the server restarted) is dropped by the pool; the event must have a
    // listener or it would end the process.
    this.pool.on('error', () => {});
    this.sql = new Statements(this.pool, false, this);
  }

  /**
   * Runs `fn` in one READ COMMITTED transaction on one connection: committed when it returns, rolled back when
   * it throws. Races are decided by the rows' `rev` guards and unique keys, not by the isolation level.
   * `begin` may ask for another kind (a read-only snapshot).
   */
  transaction<T>(fn: (sql: Sql) => Promise<T>, begin = 'BEGIN'): Promise<T> {
    return this.withConnection(async (client, unsafe) => {
      const statements = new Statements(client, true, this);
      try {
        await client.query(begin);
        const result = await fn(statements);
        await client.query('COMMIT').catch((error: unknown) => {
          throw isUnavailable(error) ? new CommitOutcomeUnknown(this.safe(error)) : error;
        });
        return result;
      } catch (error) {
        // A connection whose rollback failed is in an unknown state: the pool closes it rather than reuse it.
        await client.query('ROLLBACK').catch(unsafe);
        throw this.safe(error);
      } finally {
        statements.ended = true;
      }
    });
  }

  /**
   * One statement that commits by itself. A connection that cannot be had is unavailable (nothing was sent);
   * one lost after the statement went out may have committed it, its answer lost with the connection.
   */
  alone<R>(statement: Statement, values: unknown[]): Promise<R[]> {
    return this.withConnection(async (client, unsafe) => {
      try {
        return (await client.query<R & pg.QueryResultRow>({ ...statement, values })).rows;
      } catch (error) {
        if (!isUnavailable(error)) throw this.safe(error);
        unsafe();
        throw new CommitOutcomeUnknown(this.safe(error));
      }
    });
  }

  /**
   * `use` on a pooled connection of its own, given back after it: closed instead when it was lost meanwhile or
   * `use` called it unsafe.
   */
  private async withConnection<T>(use: (client: pg.PoolClient, unsafe: () => void) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.safe(error);
    }
    let broken = false;
    // pg-pool listens for a lost connection only on idle clients, and pg's client emits it even when the statement
    // under way is rejected with it: unheard, the server stopping in the middle of a transaction ended the process.
    const lost = () => (broken = true);
    client.on('error', lost);
    try {
      return await use(client, lost);
    } finally {
      client.release(broken);
      client.off('error', lost);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /** pg's errors may quote the connection string; what leaves here never carries the password. */
  safe(error: unknown): unknown {
    if (!(error instanceof Error)) return error;
    if (!error.message.includes(this.url) && !(error.stack ?? '').includes(this.url)) return error;
    return safeError('PostgreSQL failed', error, this.url);
  }
}
