// The ratings' rows as values (migration 0014), the same for every engine, and what a rated game writes.
import type { Variant } from '../game';
import type { PersonRating, RatedGame } from '../rating';

/** One person's part of a rated game's write. */
export interface RatingWriteRow {
  userId: string;
  name: string;
  /** No rating was stored before: inserted (a racing insert of the same person is a lost race). */
  first: boolean;
  stored: PersonRating;
  rating: number;
  provisional: boolean;
  muBefore: number;
  sigmaBefore: number;
  ratingBefore: number;
}

/** What a rated game writes: each person's new rating, history row and place on the server's board. */
export interface RatingWrite {
  gameId: number;
  guildId: string;
  variant: Variant;
  season: string;
  endedAt: number;
  /** In user id order: the order the rows are locked and written on every engine. */
  people: RatingWriteRow[];
}

export function ratingWrite(game: RatedGame, gameId: number, guildId: string): RatingWrite {
  const people = game.changes
    .map((c): RatingWriteRow => ({
      userId: c.userId,
      name: c.name,
      first: c.first,
      stored: game.stored.get(c.userId)!,
      rating: c.after.rating,
      provisional: c.after.provisional,
      muBefore: c.before.mu,
      sigmaBefore: c.before.sigma,
      ratingBefore: c.before.rating,
    }))
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  return { gameId, guildId, variant: game.variant, season: game.season, endedAt: game.endedAt, people };
}

/** A row of a server's board by rating. */
export interface RatingBoardRow {
  userId: string;
  name: string;
  rating: number;
  provisional: boolean;
}

/** Where a person stands on a server's board: `rank` is 1 + the people rated above them (equal ratings share it). */
export interface RatingStanding extends RatingBoardRow {
  rank: number;
  of: number;
}

/** A person's rating after one game, for their chart. */
export interface RatingHistoryRow {
  gameId: number;
  guildId: string;
  season: string;
  endedAt: number;
  ratingBefore: number;
  ratingAfter: number;
  mu: number;
  sigma: number;
}

/**
 * A person's change in one rated game as saved (rating_history), with what the results say beside it. `games`,
 * `best` and the previous game count the person's rated games in the variant in end order, as they were rated.
 */
export interface GameRatingRow {
  userId: string;
  season: string;
  muBefore: number;
  sigmaBefore: number;
  ratingBefore: number;
  mu: number;
  sigma: number;
  ratingAfter: number;
  /** Their rated games in the variant up to this one, this one included. */
  games: number;
  /** The best rating they had reached after this game. */
  best: number;
  /** Their rated game before this one: its season and the rating it left them with (null: this was the first). */
  previousSeason: string | null;
  previousRating: number | null;
}

/** A person's standing in one season: the rating their last game of it left them with. */
export interface SeasonRow {
  userId: string;
  rating: number;
  games: number;
  endedAt: number;
}

/** A game of the backlog: what rating it once needs, read from its stored results. */
export interface BacklogGame {
  gameId: number;
  /** Null when the game's row is gone: nothing to rate. */
  guildId: string | null;
  variant: Variant | null;
  status: string | null;
  finishedAt: number;
  seats: Array<{ seat: number; userId: string; name: string; isBot: boolean; place: number | null; left: boolean }>;
}
