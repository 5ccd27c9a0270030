// What the Discord layer reads of the ratings (docs/RATINGS.md): a server's board by rating, one person's
// rating, their history for a chart, and a season's board. Reads only: ratings change at a game's end alone.
import type { Variant } from '../game';
import type { ShownRating } from '../rating';
import { displayed, isProvisional, seasonOf } from '../rating';
import type { RatingBoardRow, RatingHistoryRow, SeasonRow } from '../db/rating-rows';
import type { Storage } from '../db/storage';

/** A row of a board by rating: competition rank (equal ratings share it). */
export interface RatingBoardEntry extends RatingBoardRow {
  rank: number;
}

/** A person's rating in a variant as stored after their latest rated game. */
export interface PersonRatingView extends ShownRating {
  games: number;
  best: number;
  /** The season of their latest rated game: a later one starts from the soft reset at its first game. */
  season: string;
}

export class RatingReads {
  constructor(
    private readonly storage: Storage,
    private readonly now: () => number,
  ) {}

  /** A server's people by rating, best first: `limit` rows from `offset`. */
  async board(guildId: string, variant: Variant, limit = 10, offset = 0): Promise<RatingBoardEntry[]> {
    const rows = await this.storage.ratings.board(guildId, variant, limit, offset);
    if (rows.length === 0) return [];
    const first =
      offset === 0 ? 1 : ((await this.storage.ratings.standing(guildId, variant, rows[0]!.userId))?.rank ?? 1);
    let rank = first;
    return rows.map((row, i) => {
      if (i > 0 && row.rating !== rows[i - 1]!.rating) rank = first + i;
      return { ...row, rank };
    });
  }

  /** Where a person stands on a server's board: null when they have no rated game there. */
  standing(guildId: string, variant: Variant, userId: string) {
    return this.storage.ratings.standing(guildId, variant, userId);
  }

  /** A person's rating; null before their first rated game in the variant. */
  async of(userId: string, variant: Variant): Promise<PersonRatingView | null> {
    const stored = (await this.storage.ratings.current(variant, [userId])).get(userId);
    if (!stored) return null;
    return { ...stored, rating: displayed(stored), provisional: isProvisional(stored, stored.games) };
  }

  /** A person's rated games, latest first. */
  history(userId: string, variant: Variant, limit = 100): Promise<RatingHistoryRow[]> {
    return this.storage.ratings.history(userId, variant, limit);
  }

  /** A season's board of a server (the current season unless given, e.g. '2026-12'). */
  season(guildId: string, variant: Variant, season = seasonOf(this.now()), limit = 10): Promise<SeasonRow[]> {
    return this.storage.ratings.season(guildId, variant, season, limit);
  }
}
