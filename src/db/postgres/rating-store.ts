// The ratings on PostgreSQL: the same methods and rows as SQLite's RatingStore (./rating-statements.ts has the
// SQL). Inside a transaction a person's rating is read FOR UPDATE, in user id order: two hosts ending games that
// share a person take turns, and the second starts from the first's result.
import type { Variant } from '../../game';
import type { PersonRating } from '../../rating';
import type {
  BacklogGame,
  GameRatingRow,
  RatingBoardRow,
  RatingHistoryRow,
  RatingStanding,
  RatingWrite,
  SeasonRow,
} from '../rating-rows';
import type { RatingStore } from '../storage';
import type { Sql } from './pool';
import { R, ratingValues } from './rating-statements';

type Row = PersonRating & { userId: string };

function byUser(rows: readonly Row[] | null): Map<string, PersonRating> {
  return new Map((rows ?? []).map(({ userId, ...r }) => [userId, r]));
}

export class PostgresRatingStore implements RatingStore {
  constructor(private readonly db: Sql) {}

  async current(variant: Variant, users: readonly string[]): Promise<Map<string, PersonRating>> {
    const read = this.db.inTransaction ? R.currentLocked : R.current;
    return byUser(await this.db.rows<Row>(read, [variant, users]));
  }
  async endReads(
    gameId: number,
    variant: Variant,
    users: readonly string[],
  ): Promise<{ fives: Map<number, number>; ratings: Map<string, PersonRating> }> {
    const [row] = await this.db.rows<{ fives: Array<[number, number]> | null; ratings: Row[] | null }>(R.endReads, [
      gameId,
      variant,
      users,
    ]);
    return { fives: new Map(row?.fives ?? []), ratings: byUser(row?.ratings ?? null) };
  }
  async record(write: RatingWrite): Promise<void> {
    await this.db.run(R.record, ratingValues(write));
  }
  async board(guild: string, variant: Variant, limit: number, offset = 0): Promise<RatingBoardRow[]> {
    return this.db.rows<RatingBoardRow>(R.board, [guild, variant, limit, offset]);
  }
  async standing(guild: string, variant: Variant, user: string): Promise<RatingStanding | null> {
    return (await this.db.rows<RatingStanding>(R.standing, [guild, variant, user]))[0] ?? null;
  }
  async history(user: string, variant: Variant, limit: number): Promise<RatingHistoryRow[]> {
    return this.db.rows<RatingHistoryRow>(R.history, [user, variant, limit]);
  }
  async ofGame(gameId: number): Promise<GameRatingRow[]> {
    return this.db.rows<GameRatingRow>(R.ofGame, [gameId]);
  }
  async season(guild: string, variant: Variant, season: string, limit: number): Promise<SeasonRow[]> {
    return this.db.rows<SeasonRow>(R.season, [guild, variant, season, limit]);
  }
  async takeBacklog(limit: number): Promise<BacklogGame[]> {
    // One host at a time: another waits here, then finds the games taken.
    await this.db.run(R.backlogLock);
    return this.db.rows<BacklogGame>(R.takeBacklog, [limit]);
  }
}
