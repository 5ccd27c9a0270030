// A write transaction that costs one round trip when it is a move's save and its events (issue 36). Every round
// trip to the server is a wait of its own for the click, and BEGIN, UPDATE, INSERT and COMMIT were four of them. So
// nothing is sent when the transaction starts: a save of a game at the revision and messages last read of it
// (game-store.ts) is held back, the events inserted after it join it, and if the transaction asks for nothing else
// they go to the server at its end as one statement on its own (committed by itself: all of it or none), which
// checks the row's revision and messages, writes it, notifies, and inserts the events. Anything else the
// transaction runs (an outbox row, a seat, a read) needs its answer now: the transaction is then opened for real
// (BEGIN), the held-back save and events are sent as that one statement inside it, and the rest follows as before.
import type pg from 'pg';
import type { EventRow } from '../event-rows';
import { EVENT_COLUMNS, oneStatement } from './save-statements';
import type { PostgresDatabase, Sql, Statement } from './pool';
import { CommitOutcomeUnknown, Statements, isUnavailable } from './pool';

/** A save held back: the game at `rev` whose messages were `messages` (the text read) gets `values`. */
export interface HeldSave {
  id: number;
  rev: number;
  messages: string;
  /** The columns it writes, in the order of `values`: names one prepared statement per set (see oneStatement). */
  columns: readonly string[];
  values: readonly unknown[];
  /** Told once the save is on the server (committed, or inside the transaction that commits it). */
  sent(): void;
}

/**
 * The row was not at the revision and messages the save was decided on: another writer got there first. Lost
 * races are read again and decided again (Storage.isLostRace).
 */
export class HeldSaveRefused extends Error {
  override readonly name = 'HeldSaveRefused';
  constructor(id: number) {
    super(`game ${id} changed since it was read`);
  }
}

type Held = { save: HeldSave; events: EventRow[] };

export class LazyTransaction implements Sql {
  readonly inTransaction = true;
  private held: Held | null = null;
  private opened: Promise<Statements> | null = null;
  private client: pg.PoolClient | null = null;
  private statements: Statements | null = null;
  private broken = false;
  private ended = false;
  private readonly lost = () => (this.broken = true);

  constructor(
    private readonly database: PostgresDatabase,
    private readonly begin: string,
  ) {}

  /** Holds `save` back when nothing has been sent yet; false: the caller runs it now. */
  holdSave(save: HeldSave): boolean {
    if (this.ended || this.opened || this.held) return false;
    this.held = { save, events: [] };
    return true;
  }

  /** Holds back an event that follows the held save of its game; false: the caller runs it now. */
  holdEvent(row: EventRow): boolean {
    if (this.ended || this.opened || this.held?.save.id !== row.game_id) return false;
    this.held.events.push(row);
    return true;
  }

  async rows<R>(statement: Statement, values?: unknown[]): Promise<R[]> {
    return (await this.open()).rows<R>(statement, values);
  }
  async arrays<R extends unknown[]>(statement: Statement, values?: unknown[]): Promise<R[]> {
    return (await this.open()).arrays<R>(statement, values);
  }
  async run(statement: Statement, values?: unknown[]): Promise<number> {
    return (await this.open()).run(statement, values);
  }
  transaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    if (this.ended) return Promise.reject(new Error("A transaction's store was used after it ended."));
    return fn(this);
  }

  /** Commits: the held statement alone when nothing else was asked (or nothing at all), else COMMIT. */
  async commit(): Promise<void> {
    if (this.ended) throw new Error("A transaction's store was used after it ended.");
    if (!this.opened) {
      this.ended = true;
      if (this.held) await this.alone(this.held);
      return;
    }
    await this.opened;
    await this.client!.query('COMMIT').catch((error: unknown) => {
      throw isUnavailable(error) ? new CommitOutcomeUnknown(this.database.safe(error)) : error;
    });
  }

  /** Rolls back what was sent (nothing, if nothing was) and gives the connection back. */
  async end(committed: boolean): Promise<void> {
    this.ended = true;
    const client = this.client;
    if (!client) return;
    this.client = null;
    if (!committed && this.opened)
      this.broken = await client.query('ROLLBACK').then(
        () => this.broken,
        () => true,
      );
    if (this.statements) this.statements.ended = true;
    // A connection whose rollback failed is in an unknown state: the pool closes it rather than reuse it.
    client.release(this.broken);
    client.off('error', this.lost);
  }

  private open(): Promise<Statements> {
    if (this.ended) return Promise.reject(new Error("A transaction's store was used after it ended."));
    this.opened ??= this.connectAndBegin();
    return this.opened;
  }

  private async connect(): Promise<pg.PoolClient> {
    try {
      this.client = await this.database.pool.connect();
    } catch (error) {
      throw this.database.safe(error);
    }
    // pg-pool listens for a lost connection only on idle clients, and pg's client emits it even when the statement
    // under way is rejected with it: unheard, the server stopping in the middle of a transaction ended the process.
    this.client.on('error', this.lost);
    return this.client;
  }

  private async connectAndBegin(): Promise<Statements> {
    const client = await this.connect();
    this.statements = new Statements(client, true, this.database);
    await client.query(this.begin);
    if (this.held) await this.send(this.statements, this.held);
    return this.statements;
  }

  /** The held save and events as the one statement, committed by itself. */
  private async alone(held: Held): Promise<void> {
    const client = await this.connect();
    const statements = new Statements(client, false, this.database);
    try {
      await this.send(statements, held);
    } catch (error) {
      // Lost on its way back: it may have been committed, as a COMMIT lost so may.
      throw isUnavailable(error) && !(error instanceof CommitOutcomeUnknown) ? new CommitOutcomeUnknown(error) : error;
    }
  }

  private async send(statements: Statements, { save, events }: Held): Promise<void> {
    const values: unknown[] = [save.id, save.rev, save.messages, ...save.values];
    for (const row of events) for (const column of EVENT_COLUMNS) values.push(row[column]);
    const saved = await statements.rows(oneStatement(save.columns, events.length), values);
    if (!saved.length) throw new HeldSaveRefused(save.id);
    save.sent();
  }
}
