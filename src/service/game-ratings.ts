// What a rated game's results show of the ratings, read back from what its end saved (rating_history), never
// carried from the action: a redraw after a restart, or by another process, shows the very same lines.
import type { Variant } from '../game';
import type { RatingChange } from '../rating';
import { COMPUTER_SKILLS, computerOf, displayed, isLaterSeason, isProvisional } from '../rating';
import type { GameRatingRow } from '../db/rating-rows';
import type { PlayerRow } from '../db/rows';
import type { GameRatings } from './view';

/** One person's change as rateGame made it, from its saved row: provisional before and after by their count. */
function changeOf(row: GameRatingRow, player: PlayerRow): RatingChange {
  const before = { mu: row.muBefore, sigma: row.sigmaBefore };
  const after = { mu: row.mu, sigma: row.sigma };
  const reset =
    row.previousSeason !== null && row.previousRating !== null && isLaterSeason(row.season, row.previousSeason)
      ? { season: row.previousSeason, rating: row.previousRating }
      : null;
  return {
    seat: player.seat,
    userId: row.userId,
    name: player.name,
    before: { ...before, rating: row.ratingBefore, provisional: isProvisional(before, row.games - 1) },
    after: { ...after, rating: row.ratingAfter, provisional: isProvisional(after, row.games) },
    delta: row.ratingAfter - row.ratingBefore,
    games: row.games,
    best: row.best,
    seasonReset: reset,
    first: row.previousSeason === null,
  };
}

/** The game's ratings by seat; null for a game that was not rated (nothing saved for it). */
export function gameRatings(
  rows: readonly GameRatingRow[],
  players: readonly PlayerRow[],
  variant: Variant,
): GameRatings | null {
  if (rows.length === 0) return null;
  const people = rows.flatMap((row) => {
    const player = players.find((p) => p.user_id === row.userId && p.is_bot === 0);
    return player ? [changeOf(row, player)] : [];
  });
  const computers = players.flatMap((p) => {
    const level = computerOf(p.user_id, p.is_bot === 1);
    return level ? [{ seat: p.seat, name: p.name, rating: displayed(COMPUTER_SKILLS[variant][level]) }] : [];
  });
  return { people: people.sort((a, b) => a.seat - b.seat), computers };
}
