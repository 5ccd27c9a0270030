// A lock connection: one dedicated PostgreSQL session per shard process, never from a pool (a pool would hand
// the session, and its session-level advisory locks, to whatever query came next) and never through a
// transaction-mode pooler (PgBouncer would move the session between server connections, and the lock with
// it). TCP keepalive on both ends, so a vanished host's locks are freed by the server within ≈ 4 s.
import { Socket } from 'node:net';
import pg from 'pg';
import { safeError } from '../db/postgres/connection';
import { CLIENT_KEEPALIVE_DELAY_MS, SERVER_KEEPALIVE } from './timings';

/** pg_advisory_lock's two-key form: the first key says what is locked, the second which one. */
export const LOCK_KIND = {
  /** 'olsh': a gateway shard, second key its id. */
  shard: 0x6f6c7368,
  /** 'olid': an IDENTIFY rate-limit bucket (shard id % max_concurrency), second key the bucket. */
  identify: 0x6f6c6964,
} as const;

export type LockKey = readonly [kind: number, id: number];

/** True when this very session holds the lock `($1, $2)` now (a two-key advisory lock is objsubid 2). */
export const HELD_BY_THIS_SESSION = `EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
  AND classid::bigint = $1 AND objid::bigint = $2 AND objsubid = 2 AND pid = pg_backend_pid() AND granted)`;

/**
 * A read asked on the lock's session as each confirmation, in place of the empty query (ShardOwnership.confirmWith:
 * the turn clock's look at its deadlines, so an idle bot makes one round trip every 2 s where it made two
 * a second). Any answer confirms the lock as the empty query's did, the server's refusal too; no answer counts as a
 * confirmation that failed.
 */
export interface ConfirmingRead {
  text: string;
  values: unknown[];
  answered(rows: ReadonlyArray<Record<string, unknown>>): void;
  /** The server refused the read (a timeout of its own, say): the lock is confirmed, the read is not answered. */
  refused(error: Error): void;
  /** No answer: the lock is not confirmed either. */
  failed(): void;
}

export type ReadAnswer = { rows: ReadonlyArray<Record<string, unknown>> } | { refused: Error };

export interface LockConnection {
  /** PostgreSQL's process id of this session (what pg_locks.pid shows). */
  backendPid: number;
  tryLock(key: LockKey): Promise<boolean>;
  unlock(key: LockKey): Promise<void>;
  /**
   * That this session is still there, answered within `timeoutMs` or an error: the cheapest round trip there is
   * (an empty query). While its session lives, a session-level lock stays with it, unless the session itself
   * unlocks it; see ShardOwnership's check.
   */
  answers(timeoutMs: number): Promise<void>;
  /**
   * A read on this session: its rows, or the server's refusal — an error it answered with, such as a timeout of
   * its own, which leaves the session and its locks as they were. No answer within `timeoutMs`, or a lost
   * session, is an error, and breaks the connection.
   */
  ask(text: string, values: unknown[], timeoutMs: number): Promise<ReadAnswer>;
  /** One statement on this session (./shard-holders.ts), answered within `timeoutMs` or an error. */
  query<T extends pg.QueryResultRow>(text: string, values: unknown[], timeoutMs: number): Promise<pg.QueryResult<T>>;
  /** Set once the connection has failed: every later call fails; open another. */
  readonly broken: boolean;
  /** Ends the session (freeing its locks); immediate even when the server no longer answers. */
  close(): Promise<void>;
}

/** A new lock connection, or a DatabaseStartupError without the password. */
export async function openLockConnection(
  url: string,
  name: string,
  connectTimeoutMs = 5000,
  answerWithinMs = 2000,
): Promise<LockConnection> {
  let client: pg.Client;
  // Kept so that close() can cut the connection even when the server (or the network) no longer answers.
  let socket: Socket | null = null;
  try {
    client = new pg.Client({
      connectionString: url,
      stream: () => (socket = new Socket()),
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: CLIENT_KEEPALIVE_DELAY_MS,
      application_name: name,
    });
  } catch (error) {
    throw safeError('Cannot use the PostgreSQL database', error, url);
  }
  let broken = false;
  const fail = () => (broken = true);
  // A connection lost while idle is reported as an event; unheard, it would end the process.
  client.on('error', fail);
  client.on('end', fail);
  let backendPid: number;
  try {
    await client.connect();
    for (const [setting, value] of Object.entries(SERVER_KEEPALIVE))
      await client.query(`SET ${setting} = ${Number(value)}`);
    // A statement that waits (a migration's ALTER TABLE holds `games`, which the turn clock's read asks) is
    // refused by the server before the caller's `answerWithinMs`: a refusal proves the session alive, its locks
    // held, where no answer would break it — and a new session could not take the shard's lock while the old
    // backend, still waiting, holds it (see `ask`).
    await client.query(`SET lock_timeout = ${Math.floor(answerWithinMs / 2)}`);
    await client.query(`SET statement_timeout = ${Math.floor((answerWithinMs * 3) / 4)}`);
    // The shard holders' marks are written here and must survive a server crash (./shard-holders.ts), whatever
    // the server's default.
    await client.query('SET synchronous_commit = on');
    backendPid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  } catch (error) {
    broken = true;
    (socket as Socket | null)?.destroy();
    throw safeError('Cannot open a lock connection to PostgreSQL', error, url);
  }
  // An answer that is late counts as failed, and the session as unsafe: the caller opens another.
  const within = async <T>(asked: Promise<T>, timeoutMs: number): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        broken = true;
        reject(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  // A query error on this session means it is unsafe, unless the statement may be refused (`ask`'s reads) and the
  // server refused it: an error it answered with, the session carrying on (not one that ends it, FATAL or PANIC).
  const run = async <T extends pg.QueryResultRow>(
    text: string,
    values: unknown[],
    refusable = false,
  ): Promise<pg.QueryResult<T>> => {
    if (broken) throw new Error('the lock connection is broken');
    try {
      return await client.query<T>(text, values);
    } catch (error) {
      if (!(refusable && isRefusal(error))) broken = true;
      throw error;
    }
  };
  return {
    backendPid,
    async tryLock(key) {
      const result = await run<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [...key]);
      return result.rows[0]!.ok;
    },
    async unlock(key) {
      await run('SELECT pg_advisory_unlock($1, $2)', [...key]);
    },
    async answers(timeoutMs) {
      await within(run('', []), timeoutMs);
    },
    async ask(text, values, timeoutMs) {
      try {
        return { rows: (await within(run(text, values, true), timeoutMs)).rows };
      } catch (error) {
        if (isRefusal(error) && !broken) return { refused: error };
        throw error;
      }
    },
    query<T extends pg.QueryResultRow>(text: string, values: unknown[], timeoutMs: number) {
      return within(run<T>(text, values), timeoutMs);
    },
    get broken() {
      return broken;
    },
    async close() {
      broken = true;
      // The goodbye is polite when the server answers; the socket is cut regardless, freeing the locks on the
      // server as soon as it sees the connection end, and never waiting on a silent network.
      const ended = client.end().catch(() => {});
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 200).unref())]);
      socket?.destroy();
    },
  };
}

function isRefusal(error: unknown): error is pg.DatabaseError {
  return error instanceof pg.DatabaseError && error.severity === 'ERROR';
}
