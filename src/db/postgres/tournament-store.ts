// The tournaments on PostgreSQL: the same methods and rows as SQLite's TournamentStore (migration 0016). A
// change to decide in a transaction reads the row FOR UPDATE, so two tables ending at once take turns on it.
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
import type { Sql, Statement } from './pool';

const statement = (name: string, text: string): Statement => ({ name: `tournaments.${name}`, text });

// Discord's formula on numeric ids only, as the game statements read their games (./game-statements.ts).
const OWN_GUILD = `(CASE WHEN guild_id ~ '^[0-9]{1,19}$'
     THEN CASE WHEN guild_id::numeric < 9223372036854775808 THEN (guild_id::bigint >> 22) % $2 ELSE 0 END
     ELSE 0 END) = $3`;
const COLUMNS = `id, guild_id, channel_id, host_id, status, state, names, rev, next_deadline, locale, created_at,
  finished_at, closed_reason, messages, shown, event_id, event_shown, event_problem`;

const S = {
  insert: statement(
    'insert',
    `INSERT INTO tournaments (guild_id, channel_id, host_id, status, state, names, next_deadline, locale, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
  ),
  get: statement('get', `SELECT ${COLUMNS} FROM tournaments WHERE id = $1`),
  lock: statement('lock', `SELECT ${COLUMNS} FROM tournaments WHERE id = $1 FOR UPDATE`),
  open: statement(
    'open',
    `SELECT id FROM tournaments WHERE channel_id = $1 AND status IN ('signup', 'running') LIMIT 1`,
  ),
  recent: statement(
    'recent',
    `SELECT ${COLUMNS} FROM tournaments WHERE guild_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
  ),
  tableOf: statement(
    'table-of',
    `SELECT tournament_id AS "tournamentId", tournament_round AS round, tournament_table AS "table"
     FROM games WHERE id = $1 AND tournament_id IS NOT NULL`,
  ),
  tableGame: statement(
    'table-game',
    'SELECT id FROM games WHERE tournament_id = $1 AND tournament_round = $2 AND tournament_table = $3',
  ),
  due: statement(
    'due',
    `SELECT id FROM tournaments WHERE next_deadline <= $1 AND ${OWN_GUILD} ORDER BY next_deadline, id`,
  ),
  toSync: statement(
    'to-sync',
    `SELECT id FROM tournaments WHERE status IN ('signup', 'running') AND ${OWN_GUILD}
     UNION SELECT id FROM tournaments WHERE finished_at >= $1 AND ${OWN_GUILD} ORDER BY id`,
  ),
  // The JSON columns are TEXT (see migrations/postgres/0001): edited as jsonb, stored back as text.
  setShown: statement(
    'set-shown',
    `UPDATE tournaments SET
       messages = CASE WHEN $3::text IS NULL THEN (messages::jsonb - $2::text)::text
         ELSE jsonb_set(messages::jsonb, ARRAY[$2::text], to_jsonb($3::text))::text END,
       shown = CASE WHEN $4::text IS NULL THEN (shown::jsonb - $2::text)::text
         ELSE jsonb_set(shown::jsonb, ARRAY[$2::text], to_jsonb($4::text))::text END
     WHERE id = $1`,
  ),
  setEvent: statement(
    'set-event',
    `UPDATE tournaments SET
       event_id = CASE WHEN $2 THEN $3::text ELSE event_id END,
       event_shown = CASE WHEN $4 THEN $5::text ELSE event_shown END,
       event_problem = CASE WHEN $6 THEN $7::text ELSE event_problem END
     WHERE id = $1`,
  ),
};

/** One UPDATE per set of changed columns, shared by every store of the process. */
const saves = new Map<string, Statement>();

function saveStatement(columns: readonly string[]): Statement {
  const key = columns.join(',');
  let save = saves.get(key);
  if (!save) {
    const sets = ['rev = rev + 1', ...columns.map((c, i) => `${c} = $${i + 3}`)].join(', ');
    save = statement(`save-${saves.size + 1}`, `UPDATE tournaments SET ${sets} WHERE id = $1 AND rev = $2`);
    saves.set(key, save);
  }
  return save;
}

export class PostgresTournamentStore implements TournamentStore {
  constructor(
    private readonly db: Sql,
    private readonly shard: ShardSlice = { id: 0, count: 1 },
  ) {}

  async insert(t: NewTournament): Promise<number> {
    const values = [t.guild_id, t.channel_id, t.host_id, t.state.status, JSON.stringify(t.state)];
    values.push(JSON.stringify(t.names));
    const [row] = await this.db.rows<{ id: number }>(S.insert, [...values, t.next_deadline, t.locale, t.created_at]);
    return row!.id;
  }
  async get(id: number): Promise<TournamentRow | undefined> {
    const [row] = await this.db.rows<TournamentColumns>(S.get, [id]);
    return row && tournamentFromColumns(row);
  }
  async lock(id: number): Promise<TournamentRow | undefined> {
    const [row] = await this.db.rows<TournamentColumns>(this.db.inTransaction ? S.lock : S.get, [id]);
    return row && tournamentFromColumns(row);
  }
  async openInChannel(channelId: string): Promise<number | null> {
    return (await this.db.rows<{ id: number }>(S.open, [channelId]))[0]?.id ?? null;
  }
  async recent(guildId: string, limit: number): Promise<TournamentRow[]> {
    return (await this.db.rows<TournamentColumns>(S.recent, [guildId, limit])).map(tournamentFromColumns);
  }
  async save(id: number, rev: number, changes: Partial<TournamentChanges>): Promise<boolean> {
    const { columns, values } = tournamentSaved(changes);
    return (await this.db.run(saveStatement(columns), [id, rev, ...values])) > 0;
  }
  async tableOf(gameId: number): Promise<TournamentTable | null> {
    return (await this.db.rows<TournamentTable>(S.tableOf, [gameId]))[0] ?? null;
  }
  async tableGame(tournamentId: number, round: number, table: number): Promise<number | null> {
    return (await this.db.rows<{ id: number }>(S.tableGame, [tournamentId, round, table]))[0]?.id ?? null;
  }
  async dueIds(now: number): Promise<number[]> {
    const rows = await this.db.rows<{ id: number }>(S.due, [now, this.shard.count, this.shard.id]);
    return rows.map((r) => r.id);
  }
  async toSync(since: number): Promise<number[]> {
    const rows = await this.db.rows<{ id: number }>(S.toSync, [since, this.shard.count, this.shard.id]);
    return rows.map((r) => r.id);
  }
  async setShown(id: number, key: string, messageId: string | null, digest: string | null): Promise<boolean> {
    return (await this.db.run(S.setShown, [id, key, messageId, messageId === null ? null : digest])) > 0;
  }
  async setEvent(
    id: number,
    event: { id?: string | null; shown?: string | null; problem?: EventProblem | null },
  ): Promise<boolean> {
    const values = [id, event.id !== undefined, event.id ?? null, event.shown !== undefined, event.shown ?? null];
    values.push(event.problem !== undefined, event.problem ?? null);
    return (await this.db.run(S.setEvent, values)) > 0;
  }
}
