// The tournaments' statements on SQLite (migration 0016). JSON columns come out parsed and go in as values;
// a change is an UPDATE guarded by `rev`, like a game's save.
import type Database from 'better-sqlite3';
import type { ShardSlice } from '../rows';
import type {
  EventProblem,
  NewTournament,
  TournamentChanges,
  TournamentRow,
  TournamentStore,
  TournamentTable,
} from '../tournament-rows';
import { tournamentFromColumns, tournamentSaved } from '../tournament-columns';
import type { TournamentColumns } from '../tournament-columns';
import type { Sync } from './sync';

// A server's shard by Discord's formula, as the game store reads its games (./game-store.ts).
const OWN_GUILD = `((CAST(guild_id AS INTEGER) >> 22) % @shardCount) = @shardId`;
const COLUMNS = `id, guild_id, channel_id, host_id, status, state, names, rev, next_deadline, locale, created_at,
  finished_at, closed_reason, messages, shown, event_id, event_shown, event_problem`;

export class SqliteTournamentStore implements Sync<TournamentStore> {
  private readonly s;
  private readonly shard: { shardId: number; shardCount: number };
  /** One UPDATE per set of changed columns. */
  private readonly saves = new Map<string, Database.Statement<unknown[]>>();

  constructor(
    private readonly db: Database.Database,
    shard: ShardSlice = { id: 0, count: 1 },
  ) {
    this.shard = { shardId: shard.id, shardCount: shard.count };
    const p = <R = unknown>(sql: string) => db.prepare<unknown[], R>(sql);
    this.s = {
      insert: p<{ id: number }>(
        `INSERT INTO tournaments (guild_id, channel_id, host_id, status, state, names, next_deadline, locale, created_at)
         VALUES (@guild_id, @channel_id, @host_id, @status, @state, @names, @next_deadline, @locale, @created_at)
         RETURNING id`,
      ),
      get: p<TournamentColumns>(`SELECT ${COLUMNS} FROM tournaments WHERE id = ?`),
      open: p<{ id: number }>(
        `SELECT id FROM tournaments WHERE channel_id = ? AND status IN ('signup', 'running') LIMIT 1`,
      ),
      recent: p<TournamentColumns>(
        `SELECT ${COLUMNS} FROM tournaments WHERE guild_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
      ),
      tableOf: p<TournamentTable>(
        `SELECT tournament_id AS tournamentId, tournament_round AS round, tournament_table AS "table"
         FROM games WHERE id = ? AND tournament_id IS NOT NULL`,
      ),
      tableGame: p<{ id: number }>(
        'SELECT id FROM games WHERE tournament_id = ? AND tournament_round = ? AND tournament_table = ?',
      ),
      due: p<{ id: number }>(
        `SELECT id FROM tournaments WHERE next_deadline <= @now AND ${OWN_GUILD} ORDER BY next_deadline, id`,
      ),
      toSync: p<{ id: number }>(
        `SELECT id FROM tournaments WHERE status IN ('signup', 'running') AND ${OWN_GUILD}
         UNION SELECT id FROM tournaments WHERE finished_at >= @since AND ${OWN_GUILD} ORDER BY id`,
      ),
      setShown: p(
        `UPDATE tournaments SET messages = CASE WHEN @message IS NULL THEN json_remove(messages, '$."' || @key || '"')
             ELSE json_set(messages, '$."' || @key || '"', @message) END,
           shown = CASE WHEN @digest IS NULL THEN json_remove(shown, '$."' || @key || '"')
             ELSE json_set(shown, '$."' || @key || '"', @digest) END
         WHERE id = @id`,
      ),
      setEvent: p(
        `UPDATE tournaments SET
           event_id = CASE WHEN @setId THEN @eventId ELSE event_id END,
           event_shown = CASE WHEN @setShown THEN @shown ELSE event_shown END,
           event_problem = CASE WHEN @setProblem THEN @problem ELSE event_problem END
         WHERE id = @id`,
      ),
    };
  }

  insert(t: NewTournament): number {
    return this.s.insert.get({
      ...t,
      status: t.state.status,
      state: JSON.stringify(t.state),
      names: JSON.stringify(t.names),
    })!.id;
  }
  get(id: number): TournamentRow | undefined {
    const found = this.s.get.get(id);
    return found && tournamentFromColumns(found);
  }
  /** The transaction holds SQLite's write lock already: a read is enough. */
  lock(id: number): TournamentRow | undefined {
    return this.get(id);
  }
  openInChannel(channelId: string): number | null {
    return this.s.open.get(channelId)?.id ?? null;
  }
  recent(guildId: string, limit: number): TournamentRow[] {
    return this.s.recent.all(guildId, limit).map(tournamentFromColumns);
  }
  save(id: number, rev: number, changes: Partial<TournamentChanges>): boolean {
    const { columns, values } = tournamentSaved(changes);
    const key = columns.join(',');
    let statement = this.saves.get(key);
    if (!statement) {
      const sets = ['rev = rev + 1', ...columns.map((c) => `${c} = ?`)].join(', ');
      statement = this.db.prepare(`UPDATE tournaments SET ${sets} WHERE id = ? AND rev = ?`);
      this.saves.set(key, statement);
    }
    return statement.run(...values, id, rev).changes > 0;
  }
  tableOf(gameId: number): TournamentTable | null {
    return this.s.tableOf.get(gameId) ?? null;
  }
  tableGame(tournamentId: number, round: number, table: number): number | null {
    return this.s.tableGame.get(tournamentId, round, table)?.id ?? null;
  }
  dueIds(now: number): number[] {
    return this.s.due.all({ now, ...this.shard }).map((r) => r.id);
  }
  toSync(since: number): number[] {
    return this.s.toSync.all({ since, ...this.shard }).map((r) => r.id);
  }
  setShown(id: number, key: string, messageId: string | null, digest: string | null): boolean {
    return this.s.setShown.run({ id, key, message: messageId, digest: messageId === null ? null : digest }).changes > 0;
  }
  setEvent(id: number, event: { id?: string | null; shown?: string | null; problem?: EventProblem | null }): boolean {
    return (
      this.s.setEvent.run({
        id,
        setId: event.id !== undefined ? 1 : 0,
        eventId: event.id ?? null,
        setShown: event.shown !== undefined ? 1 : 0,
        shown: event.shown ?? null,
        setProblem: event.problem !== undefined ? 1 : 0,
        problem: event.problem ?? null,
      }).changes > 0
    );
  }
}
