// Tournaments' rows as values (migration 0016), the same for every engine, and what the service asks of them.
// The state is the pure core's (src/tournament), stored as JSON and read back as a value.
import type { TournamentState, TournamentStatus } from '../tournament';

/** Why a tournament was cancelled: by its host, or nobody (or one person) had signed up by the start time. */
export type TournamentClosedReason = 'cancelled' | 'too-few-players';
export type EventProblem = 'no-permission';

export interface TournamentRow {
  id: number;
  guild_id: string;
  channel_id: string;
  host_id: string;
  status: TournamentStatus;
  state: TournamentState;
  /** Display names by user id, as each person had when they joined. */
  names: Record<string, string>;
  rev: number;
  /** The start time during sign-up; a retry time when one is needed; else null. */
  next_deadline: number | null;
  locale: string;
  created_at: number;
  finished_at: number | null;
  closed_reason: TournamentClosedReason | null;
  /** Discord message ids by key ('signup', 'standings', 'podium'). */
  messages: Record<string, string>;
  /** Digests of what each message last showed, by the same keys. */
  shown: Record<string, string>;
  event_id: string | null;
  event_shown: string | null;
  event_problem: EventProblem | null;
}

export type NewTournament = Pick<
  TournamentRow,
  'guild_id' | 'channel_id' | 'host_id' | 'state' | 'names' | 'next_deadline' | 'locale' | 'created_at'
>;

/** The columns a change may write, all guarded by `rev`; the status always follows the state's. */
export type TournamentChanges = Pick<
  TournamentRow,
  'state' | 'names' | 'next_deadline' | 'finished_at' | 'closed_reason'
>;

/** Where a game sits in its tournament. */
export interface TournamentTable {
  tournamentId: number;
  round: number;
  table: number;
}

/** The tournaments (migration 0016). The clock's and the reconcile's reads see this process's shard only. */
export interface TournamentStore {
  /** Inserts one in sign-up; a second open one in the channel fails as a lost race (the unique index). */
  insert(t: NewTournament): Promise<number>;
  get(id: number): Promise<TournamentRow | undefined>;
  /**
   * The row to change in a transaction: on PostgreSQL locked (FOR UPDATE) until it ends, so two tables' ends
   * take turns instead of losing a race; on SQLite the transaction already holds the write lock.
   */
  lock(id: number): Promise<TournamentRow | undefined>;
  /** The channel's tournament in sign-up or under way; null when none. */
  openInChannel(channelId: string): Promise<number | null>;
  /** A server's tournaments, newest first. */
  recent(guildId: string, limit: number): Promise<TournamentRow[]>;
  /** Writes the changes if nobody changed the row since `rev` (the rev moves on); false on a conflict. */
  save(id: number, rev: number, changes: Partial<TournamentChanges>): Promise<boolean>;
  /** The tournament, round and table a game is played for; null for any other game. */
  tableOf(gameId: number): Promise<TournamentTable | null>;
  /** The game made for a table, if any (the unique index allows one). */
  tableGame(tournamentId: number, round: number, table: number): Promise<number | null>;
  /** This shard's tournaments with a deadline at or before `now`, earliest first. */
  dueIds(now: number): Promise<number[]>;
  /** This shard's open tournaments, and those that finished or were cancelled since `since`. */
  toSync(since: number): Promise<number[]>;
  /** Records a message (or forgets it, with null) and its digest (null: unknown); false: no such tournament. */
  setShown(id: number, key: string, messageId: string | null, digest: string | null): Promise<boolean>;
  /** The scheduled event's bookkeeping, each field written only when given; false: no such tournament. */
  setEvent(
    id: number,
    event: { id?: string | null; shown?: string | null; problem?: EventProblem | null },
  ): Promise<boolean>;
}
