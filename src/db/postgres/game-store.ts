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
import type { GameStore, MoveWrites, SavedMove, SessionRead } from '../storage';
import type { Sql } from './pool';
import { S } from './game-statements';
import type { KnownGame, KnownGames } from './known-games';
import type { PendingWrites, WrittenStates } from '../written-states';
import type { GameRowTuple, SeatTuple } from '../game-row';
import { moveStatement, moveValues, saveStatement } from './save-statements';
import { gameFromTuple, savedColumns } from '../game-row';

export class PostgresGameStore implements GameStore {
  constructor(
    private readonly db: Sql,
    private readonly written: WrittenStates,
    /** The saves of the transaction this store runs in; null outside one. */
    private readonly pending: PendingWrites | null,
    /** The games a click may decide on without a read (./known-games.ts), shared by the process's stores. */
    private readonly known: KnownGames,
    private readonly shard: ShardSlice = { id: 0, count: 1 },
  ) {}

  /** Any write but a move's one statement: the game is forgotten before it is sent and after it is answered. */
  private async forgetting<T>(id: number, write: Promise<T>): Promise<T> {
    this.known.forget(id);
    try {
      return await write;
    } finally {
      this.known.forget(id);
    }
  }

  async gameWithPlayers(id: number): Promise<{ row: GameRow; players: PlayerRow[] } | undefined> {
    const known = this.written.at(id);
    const [f] = await this.db.arrays<GameRowTuple<SeatTuple[]>>(S.gameWithPlayers, [id, known?.rev ?? -1]);
    if (!f) return undefined;
    return gameFromTuple(f, f[28], known);
  }
  /** As this process last read or moved it, while nothing of its own wrote it since; else read (and kept). */
  async gameToChange(id: number): Promise<(KnownGame & { remembered: boolean }) | undefined> {
    const known = this.db.inTransaction ? undefined : this.known.at(id);
    if (known) return { ...known, remembered: true };
    const since = this.known.begin();
    const found = await this.gameWithPlayers(id);
    if (found && !this.db.inTransaction) this.known.read(found, since);
    return found && { ...found, remembered: false };
  }
  async openGameIdInChannel(channelId: string): Promise<number | null> {
    return (await this.db.rows<{ id: number }>(S.openInChannel, [channelId]))[0]?.id ?? null;
  }
  async rematchOf(gameId: number): Promise<number | null> {
    return (await this.db.rows<{ id: number }>(S.rematchOf, [gameId]))[0]?.id ?? null;
  }
  async detachRematch(gameId: number): Promise<void> {
    await this.forgetting(gameId, this.db.run(S.detachRematch, [gameId]));
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
      game.tournament?.tournamentId ?? null,
      game.tournament?.round ?? null,
      game.tournament?.table ?? null,
    ]);
    return row!.id;
  }
  /** As SQLite's: writes the changed columns if the row is still at `rev`; its message ids, or null on a conflict. */
  async saveGame(id: number, rev: number, changes: Partial<GameChanges>): Promise<Record<string, string> | null> {
    const { columns, values: written } = savedColumns(changes);
    // READ COMMITTED: a writer that waited for another's row lock re-checks `rev` on the new row, so it misses.
    const save = this.db.rows<{ messages: string }>(saveStatement(columns), [id, rev, ...written]);
    const [saved] = await this.forgetting(id, save);
    if (!saved) return null;
    this.written.saved(id, rev, changes.state, this.pending);
    return JSON.parse(saved.messages) as Record<string, string>;
  }
  /** The save, its events and its channel work as one statement: committed by itself outside a transaction. */
  async saveMove(
    id: number,
    rev: number,
    changes: Partial<GameChanges>,
    writes: MoveWrites,
  ): Promise<SavedMove | null> {
    const { columns, values: written } = savedColumns(changes);
    const statement = moveStatement(columns, writes.events.length, writes.outbox.length);
    const since = this.known.begin();
    const move = this.db.commits<{ messages: string; outbox: number[] | null }>(
      statement,
      moveValues(id, rev, written, writes),
    );
    // Lost with its connection it may have committed: what is known of the game no longer tells.
    const [saved] = await move.catch((error: unknown) => {
      this.known.forget(id);
      throw error;
    });
    const messages = saved && (JSON.parse(saved.messages) as Record<string, string>);
    // Committed by itself: the game is now that; inside a transaction it is only once that commits.
    if (messages && !this.db.inTransaction) this.known.moved(id, rev, changes, messages, since);
    else this.known.forget(id);
    if (!saved) return null;
    this.written.saved(id, rev, changes.state, this.pending);
    return { messages: messages!, outbox: saved.outbox ?? [] };
  }
  async insertPlayer(p: NewPlayer): Promise<void> {
    await this.forgetting(
      p.game_id,
      this.db.run(S.insertPlayer, [p.game_id, p.seat, p.user_id, p.name, p.is_bot, p.joined_at]),
    );
  }
  async deletePlayer(gameId: number, seat: number): Promise<void> {
    await this.forgetting(gameId, this.db.run(S.deletePlayer, [gameId, seat]));
  }
  async moveSeat(gameId: number, from: number, to: number): Promise<void> {
    await this.forgetting(gameId, this.db.run(S.moveSeat, [to, gameId, from]));
  }
  async setPrediction(gameId: number, seat: number, prediction: number | null): Promise<void> {
    await this.forgetting(gameId, this.db.run(S.setPrediction, [prediction, gameId, seat]));
  }
  async setLeft(gameId: number, seat: number, reason: LeftReason, at: number): Promise<void> {
    await this.forgetting(gameId, this.db.run(S.setLeft, [reason, at, gameId, seat]));
  }
  async setResult(gameId: number, seat: number, r: ResultRow): Promise<void> {
    const values = [
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
    ];
    await this.forgetting(gameId, this.db.run(S.setResult, values));
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
    return (await this.forgetting(gameId, this.db.run(S.setShown, [gameId, key, messageId, digest]))) > 0;
  }
  async forgetDigest(gameId: number, key: string): Promise<void> {
    await this.forgetting(gameId, this.db.run(S.forgetDigest, [gameId, key]));
  }
  async setPlayChannel(gameId: number, channelId: string): Promise<boolean> {
    return (await this.forgetting(gameId, this.db.run(S.setPlayChannel, [channelId, gameId]))) > 0;
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
  nextDeadlineRead(): SessionRead<number | null> {
    return {
      text: S.nextDeadline.text,
      values: [this.shard.count, this.shard.id],
      // Another session parses bigint as text (the pool's NUMERIC_TYPES are its own).
      answer: (rows) => (rows[0]?.t == null ? null : Number(rows[0].t)),
    };
  }
}
