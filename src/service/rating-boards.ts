// The leaderboard by rating, as `/olathe leaderboard by:rating` shows it (docs/RATINGS.md): a server's people by
// their current rating, or a season's by the rating their last game of it left them with, ranked (equal ratings
// share a rank), with their rated games, and the asker's own place when it is below the rows shown. Reads only.
import type { Variant } from '../game';
import { seasonOf } from '../rating';
import type { Storage } from '../db/storage';
import { RatingReads } from './rating-reads';

/** A row of a board by rating. */
export interface RatedRow {
  userId: string;
  name: string;
  rating: number;
  /** Fewer than 5 rated games, or still uncertain: shown with "?" (never on a season's board). */
  provisional: boolean;
  /** Rated games in the variant: all of them, or the season's. */
  games: number;
  rank: number;
}

/** One variant's board: its top rows, and the asker's row when it is not among them. */
export interface RatedBoard {
  variant: Variant;
  rows: RatedRow[];
  own: (RatedRow & { of: number }) | null;
}

export const RATING_BOARD_SIZE = 10;

const SEASON = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A season as the command takes it ('2026-11'); null for anything else. */
export function parseSeason(text: string): string | null {
  const trimmed = text.trim();
  return SEASON.test(trimmed) ? trimmed : null;
}

/** The first moment of a season (ms since the epoch, UTC). */
export function seasonStart(season: string): number {
  const [year, month] = season.split('-').map(Number) as [number, number];
  return Date.UTC(year, month - 1, 1);
}

/** The season before this one: '2027-01' → '2026-12'. */
export function previousSeason(season: string): string {
  return seasonOf(seasonStart(season) - 1);
}

/** The first moment of the season after the one `now` is in. */
export function nextSeasonStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Competition ranks over rows sorted best first: equal ratings share the rank of the first of them. */
export function ranked<T extends { rating: number }>(rows: readonly T[], first = 1): Array<T & { rank: number }> {
  let rank = first;
  return rows.map((row, i) => {
    if (i > 0 && row.rating !== rows[i - 1]!.rating) rank = first + i;
    return { ...row, rank };
  });
}

export class RatingBoards {
  private readonly reads: RatingReads;

  constructor(
    private readonly storage: Storage,
    private readonly now: () => number,
  ) {
    this.reads = new RatingReads(storage, now);
  }

  /** The season now ('2026-12'), at the service's clock. */
  currentSeason(): string {
    return seasonOf(this.now());
  }

  /** The earliest season of a rated game in the server; null before its first (then it has no board by rating). */
  firstSeason(guildId: string): Promise<string | null> {
    return this.storage.seasons.firstSeason(guildId);
  }

  /** A server's people by rating now; null when nobody has a rated game of the variant there. */
  async board(
    guildId: string,
    variant: Variant,
    askerId: string,
    size = RATING_BOARD_SIZE,
  ): Promise<RatedBoard | null> {
    const top = await this.reads.board(guildId, variant, size);
    if (top.length === 0) return null;
    const mine = top.some((r) => r.userId === askerId) ? null : await this.reads.standing(guildId, variant, askerId);
    const ids = [...top.map((r) => r.userId), ...(mine ? [askerId] : [])];
    const stored = await this.storage.ratings.current(variant, ids);
    const games = (userId: string) => stored.get(userId)?.games ?? 0;
    const rows = top.map((r): RatedRow => ({ ...r, games: games(r.userId) }));
    const own = mine ? { ...mine, games: games(askerId) } : null;
    return { variant, rows, own };
  }

  /** A season's final standings in a server (so far, for the current one); null when it had no rated game. */
  async season(
    guildId: string,
    variant: Variant,
    season: string,
    size = RATING_BOARD_SIZE,
  ): Promise<RatedBoard | null> {
    const rows = await this.storage.ratings.season(guildId, variant, season, size);
    if (rows.length === 0) return null;
    const names = await this.storage.seasons.names(
      guildId,
      variant,
      rows.map((r) => r.userId),
    );
    const shown = ranked(rows).map((r): RatedRow => ({
      userId: r.userId,
      name: names.get(r.userId) ?? '?',
      rating: r.rating,
      provisional: false,
      games: r.games,
      rank: r.rank,
    }));
    return { variant, rows: shown, own: null };
  }
}
