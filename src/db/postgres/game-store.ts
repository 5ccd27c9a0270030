// The game service's statements for PostgreSQL: the same methods, rows and values as the SQLite GameStore, so
// the service cannot tell the engines apart. Where the dialects differ the comment says why the SQL does.
import type { Dice, GameEvent } from '../../game';
import type { EventRow } from '../event-rows';
import { eventFromRow } from '../event-rows';
import type {
  GameChanges,
  GameRow,
  LastWrite,
  LeftReason,
  NewGame,
  NewPlayer,
  PlayerRow,
  ResultRow,
  ShardSlice,
  StoredEventRow,
} from '../rows';
import type { GameStore } from '../storage';
import type { Sql, Statement } from './pool';
import type { PendingWrites, WrittenStates } from '../written-states';
import type { GameRowTuple, SeatTuple } from '../game-row';
import { GAME_CHANGES_CHANNEL } from './game-changes';
import { gameFromTuple, savedColumns } from '../game-row';

const statement = (name: string, text: string): Statement => ({ name: `games.${name}`, text });

// Discord's formula, (guild_id >> 22) % shard_count, on numeric ids only: SQLite casts anything else to 0, which
// PostgreSQL's cast would refuse, failing the whole query (the playground's and tests' ids are not snowflakes).
const OWN_GUILD = (table: string, count: string, id: string) =>
  `(CASE WHEN ${table}.guild_id ~ '^[0-9]{1,19}$'
     THEN CASE WHEN ${table}.guild_id::numeric < 9223372036854775808 THEN (${table}.guild_id::bigint >> 22) % ${count} ELSE 0 END
     ELSE 0 END) = ${id}`;

const GAME_COLUMNS = `g.id, g.guild_id, g.channel_id, g.variant, g.options, g.turn_timeout_ms, g.status, g.host_id, g.created_at,
  g.started_at, g.finished_at, g.rev, g.version, CASE WHEN g.rev = $2 THEN NULL ELSE g.state END, g.deadlines, g.next_deadline,
  g.messages, g.thread_mode, g.play_channel_id, g.channel_gone, g.shown, g.closed_reason, g.host_left, g.locale, g.rematch_of,
  g.replies_only`;

const S = {
  // json_agg gives NULL for no rows where SQLite's json_group_array gives '[]'; pg parses json columns itself.
  gameWithPlayers: statement(
    'load',
    `SELECT ${GAME_COLUMNS},
       (SELECT day FROM daily_attempts WHERE game_id = g.id),
       COALESCE((SELECT json_agg(json_build_array(seat, user_id, name, is_bot, prediction, left_reason) ORDER BY seat)
         FROM players WHERE game_id = g.id), '[]'::json)
     FROM games g WHERE g.id = $1`,
  ),
  openInChannel: statement(
    'open-in-channel',
    `SELECT id FROM games WHERE channel_id = $1 AND status IN ('lobby', 'playing')
     UNION ALL SELECT id FROM games WHERE play_channel_id = $1 AND status IN ('lobby', 'playing') LIMIT 1`,
  ),
  lastFinishedOf: statement(
    'last-finished-of',
    `SELECT g.id FROM players p JOIN games g ON g.id = p.game_id
     WHERE p.user_id = $1 AND g.guild_id = $2 AND g.status IN ('finished', 'ended')
     ORDER BY g.finished_at DESC, g.id DESC LIMIT 1`,
  ),
  insertGame: statement(
    'insert',
    `INSERT INTO games (guild_id, channel_id, variant, options, turn_timeout_ms, status, host_id, created_at, thread_mode,
       next_deadline, locale, rematch_of, replies_only)
     VALUES ($1, $2, $3, $4, $5, 'lobby', $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
  ),
  insertPlayer: statement(
    'insert-player',
    `INSERT INTO players (game_id, seat, user_id, name, is_bot, joined_at) VALUES ($1, $2, $3, $4, $5, $6)`,
  ),
  deletePlayer: statement('delete-player', 'DELETE FROM players WHERE game_id = $1 AND seat = $2'),
  moveSeat: statement('move-seat', 'UPDATE players SET seat = $1 WHERE game_id = $2 AND seat = $3'),
  setPrediction: statement('set-prediction', 'UPDATE players SET prediction = $1 WHERE game_id = $2 AND seat = $3'),
  setLeft: statement('set-left', 'UPDATE players SET left_reason = $1, left_at = $2 WHERE game_id = $3 AND seat = $4'),
  setResult: statement(
    'set-result',
    `UPDATE players SET final_score = $3, raw_total = $4, place = $5, won = $6, olathes_thrown = $7,
       olathes_scored = $8, exact_prediction = $9, incentives_met = $10
     WHERE game_id = $1 AND seat = $2`,
  ),
  insertEvent: statement(
    'insert-event',
    `INSERT INTO events (game_id, seq, at, type, seat, dice, holds, five, col, category, written, score, die, count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
  ),
  events: statement(
    'events',
    'SELECT seq, type, seat, dice, col, category, die, count FROM events WHERE game_id = $1 ORDER BY seq',
  ),
  fivesBySeat: statement(
    'fives-by-seat',
    'SELECT seat, COUNT(*) AS n FROM events WHERE game_id = $1 AND five = 1 GROUP BY seat',
  ),
  // The JSON columns are TEXT (see migrations/postgres/0001): edited as jsonb, stored back as text.
  setShown: statement(
    'set-shown',
    `UPDATE games SET
       messages = CASE WHEN $3::text IS NULL THEN (messages::jsonb - $2::text)::text
         ELSE jsonb_set(messages::jsonb, ARRAY[$2::text], to_jsonb($3::text))::text END,
       shown = CASE WHEN $4::text IS NULL THEN (shown::jsonb - $2::text)::text
         ELSE jsonb_set(shown::jsonb, ARRAY[$2::text], to_jsonb($4::text))::text END
     WHERE id = $1`,
  ),
  forgetDigest: statement('forget-digest', `UPDATE games SET shown = (shown::jsonb - $2::text)::text WHERE id = $1`),
  lastWrites: statement(
    'last-writes',
    `SELECT seat, type, col, category, written, score FROM events
     WHERE game_id = $1 AND seq IN (SELECT MAX(seq) FROM events WHERE game_id = $1 AND type IN ('write', 'timeout')
       AND written IS NOT NULL GROUP BY seat)`,
  ),
  setPlayChannel: statement(
    'set-play-channel',
    'UPDATE games SET play_channel_id = $1 WHERE id = $2 AND play_channel_id IS NULL',
  ),
  toReconcile: statement(
    'to-reconcile',
    `SELECT id FROM games WHERE status = 'playing' AND channel_gone = 0 AND ${OWN_GUILD('games', '$2', '$3')}
     UNION SELECT id FROM games WHERE status IN ('finished', 'ended') AND channel_gone = 0 AND finished_at >= $1
       AND ((messages::jsonb -> 'results') IS NULL OR EXISTS (SELECT 1 FROM outbox o WHERE o.game_id = games.id))
       AND ${OWN_GUILD('games', '$2', '$3')}
     UNION SELECT DISTINCT o.game_id FROM outbox o JOIN games g ON g.id = o.game_id
       WHERE g.channel_gone = 0 AND ${OWN_GUILD('g', '$2', '$3')}
     UNION SELECT id FROM games WHERE status IN ('finished', 'ended', 'cancelled') AND finished_at >= $1
       AND (messages::jsonb -> 'lobby') IS NOT NULL AND (shown::jsonb -> 'lobby') IS NULL
       AND ${OWN_GUILD('games', '$2', '$3')}
     UNION SELECT id FROM games WHERE status = 'lobby' AND rematch_of IS NOT NULL
       AND (messages::jsonb -> 'lobby') IS NULL AND ${OWN_GUILD('games', '$2', '$3')}`,
  ),
  rematchOf: statement('rematch-of', 'SELECT id FROM games WHERE rematch_of = $1'),
  detachRematch: statement(
    'detach-rematch',
    "UPDATE games SET rematch_of = NULL WHERE id = $1 AND status = 'cancelled'",
  ),
  openGames: statement('open', `SELECT id FROM games WHERE status IN ('lobby', 'playing') ORDER BY id`),
  dueGames: statement(
    'due',
    `SELECT id FROM games WHERE next_deadline <= $1 AND ${OWN_GUILD('games', '$2', '$3')} ORDER BY next_deadline, id`,
  ),
  nextDeadline: statement(
    'next-deadline',
    `SELECT MIN(next_deadline) AS t FROM games WHERE next_deadline IS NOT NULL AND ${OWN_GUILD('games', '$1', '$2')}`,
  ),
};

export class PostgresGameStore implements GameStore {
  /** One UPDATE per set of changed columns: a handful in practice, shared by every store of the process. */
  private static readonly saves = new Map<string, Statement>();

  constructor(
    private readonly db: Sql,
    private readonly written: WrittenStates,
    /** The saves of the transaction this store runs in; null outside one. */
    private readonly pending: PendingWrites | null,
    private readonly shard: ShardSlice = { id: 0, count: 1 },
  ) {}

  async gameWithPlayers(id: number): Promise<{ row: GameRow; players: PlayerRow[] } | undefined> {
    const known = this.written.at(id);
    const [f] = await this.db.arrays<GameRowTuple<SeatTuple[]>>(S.gameWithPlayers, [id, known?.rev ?? -1]);
    if (!f) return undefined;
    return gameFromTuple(f, f[27], known);
  }
  async openGameIdInChannel(channelId: string): Promise<number | null> {
    return (await this.db.rows<{ id: number }>(S.openInChannel, [channelId]))[0]?.id ?? null;
  }
  async rematchOf(gameId: number): Promise<number | null> {
    return (await this.db.rows<{ id: number }>(S.rematchOf, [gameId]))[0]?.id ?? null;
  }
  async detachRematch(gameId: number): Promise<void> {
    await this.db.run(S.detachRematch, [gameId]);
  }
  async lastFinishedGameId(userId: string, guildId: string): Promise<number | null> {
    return (await this.db.rows<{ id: number }>(S.lastFinishedOf, [userId, guildId]))[0]?.id ?? null;
  }
  async insertGame(game: NewGame): Promise<number> {
    const [row] = await this.db.rows<{ id: number }>(S.insertGame, [
      game.guild_id,
      game.channel_id,
      game.variant,
      JSON.stringify(game.options),
      game.turn_timeout_ms,
      game.host_id,
      game.created_at,
      game.thread_mode,
      game.next_deadline,
      game.locale,
      game.rematch_of ?? null,
      game.replies_only ?? 0,
    ]);
    return row!.id;
  }
  /** As SQLite's: writes the changed columns if the row is still at `rev`; its message ids, or null on a conflict. */
  async saveGame(id: number, rev: number, changes: Partial<GameChanges>): Promise<Record<string, string> | null> {
    const { columns, values: written } = savedColumns(changes);
    const key = columns.join(',');
    let save = PostgresGameStore.saves.get(key);
    if (!save) {
      const sets = ['rev = rev + 1', ...columns.map((c, i) => `${c} = $${i + 3}`)].join(', ');
      // Named by number: PostgreSQL cuts a statement's name at 63 characters, and the column list can be longer.
      const name = `save-${PostgresGameStore.saves.size + 1}`;
      // pg_notify in the same statement: delivered when the move's transaction commits (never for one rolled
      // back), to every host LISTENing (game-changes.ts), with no round trip of its own.
      save = statement(
        name,
        `UPDATE games SET ${sets} WHERE id = $1 AND rev = $2 RETURNING messages, pg_notify('${GAME_CHANGES_CHANNEL}', id::text)`,
      );
      PostgresGameStore.saves.set(key, save);
    }
    const values: unknown[] = [id, rev, ...written];
    // READ COMMITTED: a writer that waited for another's row lock re-checks `rev` on the new row, so it misses.
    const [saved] = await this.db.rows<{ messages: string }>(save, values);
    if (!saved) return null;
    this.written.saved(id, rev, changes.state, this.pending);
    return JSON.parse(saved.messages) as Record<string, string>;
  }
  async insertPlayer(p: NewPlayer): Promise<void> {
    await this.db.run(S.insertPlayer, [p.game_id, p.seat, p.user_id, p.name, p.is_bot, p.joined_at]);
  }
  async deletePlayer(gameId: number, seat: number): Promise<void> {
    await this.db.run(S.deletePlayer, [gameId, seat]);
  }
  async moveSeat(gameId: number, from: number, to: number): Promise<void> {
    await this.db.run(S.moveSeat, [to, gameId, from]);
  }
  async setPrediction(gameId: number, seat: number, prediction: number | null): Promise<void> {
    await this.db.run(S.setPrediction, [prediction, gameId, seat]);
  }
  async setLeft(gameId: number, seat: number, reason: LeftReason, at: number): Promise<void> {
    await this.db.run(S.setLeft, [reason, at, gameId, seat]);
  }
  async setResult(gameId: number, seat: number, r: ResultRow): Promise<void> {
    await this.db.run(S.setResult, [
      gameId,
      seat,
      r.final_score,
      r.raw_total,
      r.place,
      r.won,
      r.olathes_thrown,
      r.olathes_scored,
      r.exact_prediction,
      r.incentives_met,
    ]);
  }
  async insertEvent(r: EventRow): Promise<void> {
    await this.db.run(S.insertEvent, [
      r.game_id,
      r.seq,
      r.at,
      r.type,
      r.seat,
      r.dice,
      r.holds,
      r.five,
      r.col,
      r.category,
      r.written,
      r.score,
      r.die,
      r.count,
    ]);
  }
  async events(gameId: number): Promise<GameEvent[]> {
    return (await this.db.rows<StoredEventRow>(S.events, [gameId])).map(eventFromRow);
  }
  async fivesBySeat(gameId: number): Promise<Map<number, number>> {
    const rows = await this.db.rows<{ seat: number; n: number }>(S.fivesBySeat, [gameId]);
    return new Map(rows.map((r) => [r.seat, r.n]));
  }
  async setShown(gameId: number, key: string, messageId: string | null, digest: string | null): Promise<boolean> {
    return (await this.db.run(S.setShown, [gameId, key, messageId, digest])) > 0;
  }
  async forgetDigest(gameId: number, key: string): Promise<void> {
    await this.db.run(S.forgetDigest, [gameId, key]);
  }
  async setPlayChannel(gameId: number, channelId: string): Promise<boolean> {
    return (await this.db.run(S.setPlayChannel, [channelId, gameId])) > 0;
  }
  async lastWrites(gameId: number): Promise<Map<number, LastWrite>> {
    type Row = Omit<LastWrite, 'timedOut' | 'column' | 'dice'> & { type: string; col: number; written: string };
    const rows = await this.db.rows<Row>(S.lastWrites, [gameId]);
    return new Map(
      rows.map((r) => [
        r.seat,
        {
          seat: r.seat,
          timedOut: r.type === 'timeout',
          column: r.col,
          category: r.category,
          dice: JSON.parse(r.written) as Dice,
          score: r.score,
        },
      ]),
    );
  }
  async gamesToReconcile(since: number): Promise<number[]> {
    const rows = await this.db.rows<{ id: number }>(S.toReconcile, [since, this.shard.count, this.shard.id]);
    return rows.map((r) => r.id);
  }
  async openGameIds(): Promise<number[]> {
    return (await this.db.rows<{ id: number }>(S.openGames)).map((r) => r.id);
  }
  async dueGameIds(now: number): Promise<number[]> {
    return (await this.db.rows<{ id: number }>(S.dueGames, [now, this.shard.count, this.shard.id])).map((r) => r.id);
  }
  async nextDeadline(): Promise<number | null> {
    return (await this.db.rows<{ t: number | null }>(S.nextDeadline, [this.shard.count, this.shard.id]))[0]?.t ?? null;
  }
}
