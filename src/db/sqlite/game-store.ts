// Every SQL statement the game service runs, prepared once per connection. The store owns the mapping between
// rows and values: JSON columns come out parsed and go in as values, so nothing above it sees a JSON string.
// The rules live in the engine, the decisions in the service.
import type Database from 'better-sqlite3';
import type { Category, Dice, GameEvent } from '../../game';
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
import type { GameStore, MoveWrites, SavedMove } from '../storage';
import type { SqliteOutboxStore } from './outbox-store';
import type { PendingWrites } from '../written-states';
import { WrittenStates } from '../written-states';
import type { Sync } from './sync';
import type { GameRowTuple, SeatTuple } from '../game-row';
import { gameFromTuple, savedColumns } from '../game-row';

// A guild's shard by Discord's formula, (guild_id >> 22) % shard_count; snowflakes fit SQLite's 64-bit integers.
const OWN_GUILD = (table: string) => `((CAST(${table}.guild_id AS INTEGER) >> 22) % @shardCount) = @shardId`;

export class SqliteGameStore implements Sync<GameStore> {
  private readonly s;
  /** One UPDATE per set of changed columns: a handful in practice. */
  private readonly saves = new Map<string, Database.Statement<unknown[], string>>();
  /** The states this process wrote lately (see WrittenStates): a click reads what the click before it wrote. */
  private readonly written = new WrittenStates();
  /** The saves of the transaction under way: SQLite runs one at a time per connection. */
  private readonly pending: PendingWrites = new Map();

  private readonly shard: { shardId: number; shardCount: number };

  constructor(
    readonly db: Database.Database,
    /** A move's channel work goes in with its save (saveMove). */
    private readonly outbox: SqliteOutboxStore,
    shard: ShardSlice = { id: 0, count: 1 },
  ) {
    this.shard = { shardId: shard.id, shardCount: shard.count };
    const p = <R = unknown>(sql: string) => db.prepare<unknown[], R>(sql);
    this.s = {
      // The row and its seats in one statement: one consistent read without a transaction around it.
      // Raw (an array per row, built into a GameRow below): cheaper than better-sqlite3 making the object.
      // The seats come in primary-key order, i.e. by seat; gameWithPlayers checks rather than sorting here.
      gameWithPlayers: db
        .prepare<[{ id: number; known: number }], GameRowTuple<string>>(
          // The state is left out when the row is still at the revision this process wrote it at (see written).
          `SELECT g.id, g.guild_id, g.channel_id, g.variant, g.options, g.turn_timeout_ms, g.status, g.host_id, g.created_at,
             g.started_at, g.finished_at, g.rev, g.version, CASE WHEN g.rev = @known THEN NULL ELSE g.state END, g.deadlines, g.next_deadline, g.messages,
             g.thread_mode, g.play_channel_id, g.channel_gone, g.shown, g.closed_reason, g.host_left, g.locale, g.rematch_of,
             g.replies_only, (SELECT day FROM daily_attempts WHERE game_id = g.id) AS daily_day, g.tournament_id,
             (SELECT json_group_array(json_array(seat, user_id, name, is_bot, prediction, left_reason))
              FROM players WHERE game_id = g.id) AS seats
           FROM games g WHERE g.id = @id`,
        )
        .raw(),
      // A channel's open game, or the game whose thread this is. A tournament's tables play in threads of its
      // channel (games_open_in_channel leaves them out): only a thread names one of them.
      openInChannel: p<{ id: number }>(
        `SELECT id FROM games WHERE channel_id = @c AND status IN ('lobby', 'playing') AND tournament_id IS NULL
         UNION ALL SELECT id FROM games WHERE play_channel_id = @c AND status IN ('lobby', 'playing') LIMIT 1`,
      ),
      // CROSS JOIN keeps the player's own seats as the outer loop: a few rows, not every game of the guild.
      lastFinishedOf: p<{ id: number }>(
        `SELECT g.id FROM players p CROSS JOIN games g ON g.id = p.game_id
         WHERE p.user_id = ? AND g.guild_id = ? AND g.status IN ('finished', 'ended')
         ORDER BY g.finished_at DESC, g.id DESC LIMIT 1`,
      ),
      insertGame: p<{ id: number }>(
        `INSERT INTO games (guild_id, channel_id, variant, options, turn_timeout_ms, status, host_id, created_at, thread_mode, next_deadline, locale, rematch_of, replies_only,
           tournament_id, tournament_round, tournament_table)
         VALUES (@guild_id, @channel_id, @variant, @options, @turn_timeout_ms, 'lobby', @host_id, @created_at, @thread_mode, @next_deadline, @locale, @rematch_of, @replies_only,
           @tournament_id, @tournament_round, @tournament_table) RETURNING id`,
      ),
      insertPlayer: p(
        `INSERT INTO players (game_id, seat, user_id, name, is_bot, joined_at)
         VALUES (@game_id, @seat, @user_id, @name, @is_bot, @joined_at)`,
      ),
      deletePlayer: p('DELETE FROM players WHERE game_id = ? AND seat = ?'),
      moveSeat: p('UPDATE players SET seat = ? WHERE game_id = ? AND seat = ?'),
      setPrediction: p('UPDATE players SET prediction = ? WHERE game_id = ? AND seat = ?'),
      setLeft: p('UPDATE players SET left_reason = ?, left_at = ? WHERE game_id = ? AND seat = ?'),
      setResult: p(
        `UPDATE players SET final_score = @final_score, raw_total = @raw_total, place = @place, won = @won,
           olathes_thrown = @olathes_thrown, olathes_scored = @olathes_scored, exact_prediction = @exact_prediction,
           incentives_met = @incentives_met
         WHERE game_id = @game_id AND seat = @seat`,
      ),
      // Positional, as insertEvent binds them: one a click, and binding by name costs a lookup per column.
      insertEvent: p(
        `INSERT INTO events (game_id, seq, at, type, seat, dice, holds, five, col, category, written, score, die, count)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      events: p<StoredEventRow>(
        'SELECT seq, type, seat, dice, col, category, die, count FROM events WHERE game_id = ? ORDER BY seq',
      ),
      fivesBySeat: p<{ seat: number; n: number }>(
        'SELECT seat, COUNT(*) AS n FROM events WHERE game_id = ? AND five = 1 GROUP BY seat',
      ),
      // A message and the digest of what it shows, together; a null digest means "not known".
      setShown: p(
        `UPDATE games SET messages = CASE WHEN @message IS NULL THEN json_remove(messages, '$."' || @key || '"')
             ELSE json_set(messages, '$."' || @key || '"', @message) END,
           shown = CASE WHEN @digest IS NULL THEN json_remove(shown, '$."' || @key || '"')
             ELSE json_set(shown, '$."' || @key || '"', @digest) END
         WHERE id = @id`,
      ),
      forgetDigest: p(`UPDATE games SET shown = json_remove(shown, '$."' || @key || '"') WHERE id = @id`),
      lastWrites: p<{ seat: number; type: string; col: number; category: Category; written: string; score: number }>(
        `SELECT seat, type, col, category, written, score FROM events
         WHERE game_id = @id AND seq IN (SELECT MAX(seq) FROM events WHERE game_id = @id AND type IN ('write', 'timeout') AND written IS NOT NULL GROUP BY seat)`,
      ),
      setPlayChannel: p('UPDATE games SET play_channel_id = ? WHERE id = ? AND play_channel_id IS NULL'),
      // Games whose channel may still need work: in play, or over recently and not known to be shown — their
      // results, or their lobby message (the service forgets its digest when the game closes).
      // Only this shard's guilds: another shard process does the rest.
      toReconcile: p<{ id: number }>(
        `SELECT id FROM games WHERE status = 'playing' AND channel_gone = 0 AND ${OWN_GUILD('games')}
         UNION SELECT id FROM games WHERE status IN ('finished', 'ended') AND channel_gone = 0 AND finished_at >= @since
           AND (json_extract(messages, '$.results') IS NULL OR EXISTS (SELECT 1 FROM outbox o WHERE o.game_id = games.id))
           AND ${OWN_GUILD('games')}
         UNION SELECT DISTINCT o.game_id FROM outbox o JOIN games g ON g.id = o.game_id
           WHERE g.channel_gone = 0 AND ${OWN_GUILD('g')}
         UNION SELECT id FROM games WHERE status IN ('finished', 'ended', 'cancelled') AND finished_at >= @since
           AND json_extract(messages, '$.lobby') IS NOT NULL AND json_extract(shown, '$.lobby') IS NULL
           AND ${OWN_GUILD('games')}
         UNION SELECT id FROM games WHERE status = 'lobby' AND rematch_of IS NOT NULL
           AND json_extract(messages, '$.lobby') IS NULL AND ${OWN_GUILD('games')}`,
      ),
      // The lobby a game's Rematch button opened, if any (the unique index allows one).
      rematchOf: p<{ id: number }>('SELECT id FROM games WHERE rematch_of = ?'),
      // A rematch lobby that closed unplayed lets go of its game, so that game can open another.
      detachRematch: p("UPDATE games SET rematch_of = NULL WHERE id = ? AND status = 'cancelled'"),
      openGames: p<{ id: number }>(`SELECT id FROM games WHERE status IN ('lobby', 'playing') ORDER BY id`),
      dueGames: p<{ id: number }>(
        `SELECT id FROM games WHERE next_deadline <= @now AND ${OWN_GUILD('games')} ORDER BY next_deadline, id`,
      ),
      // A tournament's start time is the clock's too (each MIN reads the first row of its partial index).
      nextDeadline: p<{ t: number | null }>(
        `SELECT MIN(t) AS t FROM (
           SELECT MIN(next_deadline) AS t FROM games WHERE next_deadline IS NOT NULL AND ${OWN_GUILD('games')}
           UNION ALL SELECT MIN(next_deadline) FROM tournaments
             WHERE next_deadline IS NOT NULL AND ${OWN_GUILD('tournaments')})`,
      ),
    };
  }

  /** A game's row and seats, read at one instant. */
  gameWithPlayers(id: number): { row: GameRow; players: PlayerRow[] } | undefined {
    const written = this.written.at(id);
    const f = this.s.gameWithPlayers.get({ id, known: written?.rev ?? -1 });
    if (!f) return undefined;
    return gameFromTuple(f, JSON.parse(f[28]) as SeatTuple[], written);
  }
  /** Read each time: on SQLite a read costs next to nothing beside a move's save (see WrittenStates). */
  gameToChange(id: number): { row: GameRow; players: PlayerRow[]; remembered: boolean } | undefined {
    const found = this.gameWithPlayers(id);
    return found && { ...found, remembered: false };
  }
  openGameIdInChannel(channelId: string): number | null {
    return this.s.openInChannel.get({ c: channelId })?.id ?? null;
  }
  /** The game opened by `gameId`'s Rematch button, or null. */
  rematchOf(gameId: number): number | null {
    return this.s.rematchOf.get(gameId)?.id ?? null;
  }
  /** A closed, unplayed rematch lobby is no longer its game's rematch. */
  detachRematch(gameId: number): void {
    this.s.detachRematch.run(gameId);
  }
  lastFinishedGameId(userId: string, guildId: string): number | null {
    return this.s.lastFinishedOf.get(userId, guildId)?.id ?? null;
  }
  insertGame(game: NewGame): number {
    const { tournament, ...columns } = game;
    return this.s.insertGame.get({
      ...columns,
      options: JSON.stringify(game.options),
      rematch_of: game.rematch_of ?? null,
      replies_only: game.replies_only ?? 0,
      tournament_id: tournament?.tournamentId ?? null,
      tournament_round: tournament?.round ?? null,
      tournament_table: tournament?.table ?? null,
    })!.id;
  }
  /**
   * Writes the changed columns if nobody changed the game since `rev`; returns its message ids, or null on a
   * conflict. Only the columns given are SET: SQLite rewrites every index on a SET column even when its value
   * is unchanged, and those pages would go to the WAL (and the next checkpoint) for nothing.
   */
  saveGame(id: number, rev: number, changes: Partial<GameChanges>): Record<string, string> | null {
    const { columns, values: written } = savedColumns(changes);
    const key = columns.join(',');
    let statement = this.saves.get(key);
    if (!statement) {
      // Positional parameters: binding by name costs a property lookup per column on every save.
      const sets = ['rev = rev + 1', ...columns.map((c) => `${c} = ?`)].join(', ');
      statement = this.db
        .prepare<unknown[], string>(`UPDATE games SET ${sets} WHERE id = ? AND rev = ? RETURNING messages`)
        .pluck();
      this.saves.set(key, statement);
    }
    written.push(id, rev);
    const messages = statement.get(written);
    if (messages === undefined) return null;
    this.written.saved(id, rev, changes.state, this.db.inTransaction ? this.pending : null);
    return JSON.parse(messages) as Record<string, string>;
  }

  /**
   * The save, its events and its channel work, all or nothing: always inside a transaction (SqliteStorage opens one
   * for a move made alone, as PostgreSQL's one statement commits by itself).
   */
  saveMove(id: number, rev: number, changes: Partial<GameChanges>, writes: MoveWrites): SavedMove | null {
    const messages = this.saveGame(id, rev, changes);
    if (!messages) return null;
    for (const row of writes.events) this.insertEvent(row);
    return { messages, outbox: writes.outbox.map((work) => this.outbox.insert(id, work, writes.at)) };
  }

  /** The transaction the saves since the last call ran in has committed: what they wrote is the rows' now. */
  committed(): void {
    this.written.committed(this.pending);
    this.pending.clear();
  }

  /** It rolled back: the rows are as they were, so whatever was remembered of them may no longer be. */
  rolledBack(): void {
    this.written.rolledBack(this.pending);
    this.pending.clear();
  }
  insertPlayer(player: NewPlayer): void {
    this.s.insertPlayer.run(player);
  }
  deletePlayer(gameId: number, seat: number): void {
    this.s.deletePlayer.run(gameId, seat);
  }
  moveSeat(gameId: number, from: number, to: number): void {
    this.s.moveSeat.run(to, gameId, from);
  }
  setPrediction(gameId: number, seat: number, prediction: number | null): void {
    this.s.setPrediction.run(prediction, gameId, seat);
  }
  setLeft(gameId: number, seat: number, reason: LeftReason, at: number): void {
    this.s.setLeft.run(reason, at, gameId, seat);
  }
  setResult(gameId: number, seat: number, result: ResultRow): void {
    this.s.setResult.run({ ...result, game_id: gameId, seat });
  }
  insertEvent(row: EventRow): void {
    const { game_id, seq, at, type, seat, dice, holds, five, col, category, written, score, die, count } = row;
    this.s.insertEvent.run(game_id, seq, at, type, seat, dice, holds, five, col, category, written, score, die, count);
  }
  /** A game's events in order, as the engine applies them. */
  events(gameId: number): GameEvent[] {
    return this.s.events.all(gameId).map(eventFromRow);
  }
  fivesBySeat(gameId: number): Map<number, number> {
    return new Map(this.s.fivesBySeat.all(gameId).map((r) => [r.seat, r.n]));
  }
  /** Records a message (or forgets it, with null) and the digest of what it shows (null: unknown); false: no game. */
  setShown(gameId: number, key: string, messageId: string | null, digest: string | null): boolean {
    return this.s.setShown.run({ id: gameId, key, message: messageId, digest }).changes > 0;
  }
  /** What the message under `key` shows is no longer known (it must be drawn again). */
  forgetDigest(gameId: number, key: string): void {
    this.s.forgetDigest.run({ id: gameId, key });
  }
  /** Sets where the game plays, once: false when it was already set. */
  setPlayChannel(gameId: number, channelId: string): boolean {
    return this.s.setPlayChannel.run(channelId, gameId).changes > 0;
  }
  lastWrites(gameId: number): Map<number, LastWrite> {
    return new Map(
      this.s.lastWrites.all({ id: gameId }).map((r) => [
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
  gamesToReconcile(since: number): number[] {
    return this.s.toReconcile.all({ since, ...this.shard }).map((r) => r.id);
  }
  openGameIds(): number[] {
    return this.s.openGames.all().map((r) => r.id);
  }
  dueGameIds(now: number): number[] {
    return this.s.dueGames.all({ now, ...this.shard }).map((r) => r.id);
  }
  nextDeadline(): number | null {
    return this.s.nextDeadline.get(this.shard)?.t ?? null;
  }
}
