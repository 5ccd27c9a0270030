// A game's end and the ratings (src/rating): which seats a rated end ranks, and the rating's read and write in
// the transaction that ends the game, so what the results say is what is saved, once.
import type { GameState, Results } from '../game';
import type { RatedGame, RatedSeat } from '../rating';
import { computerOf, isRated, peopleOf, rateGame } from '../rating';
import { ratingWrite } from '../db/rating-rows';
import type { RatingWrite } from '../db/rating-rows';
import type { Stores } from '../db/storage';
import type { Loaded } from './operation';

/** The seats of a game that just ended as its results rank them; null when its end is not rated. */
export function ratedSeatsOf(g: Loaded, state: GameState, results: Results): RatedSeat[] | null {
  // A daily challenge is played alone, against the day's dice: never rated.
  if (g.row.daily_day !== null || state.status === 'playing') return null;
  const seats = results.standings.map((s): RatedSeat => {
    const row = g.players[s.seat]!;
    return {
      seat: s.seat,
      userId: row.user_id,
      name: row.name,
      place: s.place,
      left: s.left,
      computer: computerOf(row.user_id, row.is_bot === 1),
    };
  });
  return isRated(state.status, seats) ? seats : null;
}

/** What a game's end reads: its seats' five-of-a-kind throws, and for a rated end its people's ratings, locked. */
export async function endReads(
  tx: Stores,
  g: Loaded,
  seats: readonly RatedSeat[] | null,
): Promise<{ fives: Map<number, number>; rate: (endedAt: number) => { game: RatedGame; write: RatingWrite } | null }> {
  if (!seats) return { fives: await tx.games.fivesBySeat(g.row.id), rate: () => null };
  const { fives, ratings } = await tx.ratings.endReads(g.row.id, g.row.variant, peopleOf(seats));
  return {
    fives,
    rate: (endedAt) => {
      const game = rateGame(g.row.variant, seats, ratings, endedAt);
      return { game, write: ratingWrite(game, g.row.id, g.row.guild_id) };
    },
  };
}
