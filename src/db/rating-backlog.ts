// Games that ended before ratings existed (migration 0014's rating_backlog) are rated once, at start-up, in
// the order they ended, from their stored results: each batch of games is one transaction that takes them out
// of the backlog and writes their ratings, so a kill -9 at any instant leaves each game rated once or not yet.
import type { PersonRating, RatedSeat } from '../rating';
import { computerOf, isRated, peopleOf, rateGame } from '../rating';
import type { Variant } from '../game';
import type { BacklogGame, RatingWrite } from './rating-rows';
import { ratingWrite } from './rating-rows';
import type { Storage } from './storage';

/** Games per transaction: a few milliseconds of work each, so a batch holds the write lock briefly. */
export const BACKLOG_BATCH = 200;

/** A backlog game's variant and rated seats, or null when its end is not rated (or it has no results). */
export function backlogSeats(g: BacklogGame): { variant: Variant; seats: RatedSeat[] } | null {
  if (g.variant === null || (g.status !== 'finished' && g.status !== 'ended')) return null;
  if (g.seats.some((s) => s.place === null)) return null;
  const seats = g.seats.map((s): RatedSeat => ({
    seat: s.seat,
    userId: s.userId,
    name: s.name,
    place: s.place!,
    left: s.left,
    computer: computerOf(s.userId, s.isBot),
  }));
  return isRated(g.status, seats) ? { variant: g.variant, seats } : null;
}

/** What rating a backlog game writes, from its people's current ratings. */
export function backlogWrite(
  g: BacklogGame,
  rated: { variant: Variant; seats: RatedSeat[] },
  current: ReadonlyMap<string, PersonRating>,
): RatingWrite {
  return ratingWrite(rateGame(rated.variant, rated.seats, current, g.finishedAt), g.gameId, g.guildId!);
}

/** The people whose ratings a backlog game reads. */
export function backlogPeople(rated: { seats: RatedSeat[] }): string[] {
  return peopleOf(rated.seats);
}

/** Rates the whole backlog through `storage` (PostgreSQL's way; SQLite's runs synchronously at open). */
export async function rateBacklog(storage: Storage): Promise<number> {
  let done = 0;
  for (let lost = 0; ;) {
    let taken: number;
    try {
      taken = await storage.transaction(async (tx) => {
        const games = await tx.ratings.takeBacklog(BACKLOG_BATCH);
        for (const g of games) {
          const rated = backlogSeats(g);
          if (!rated) continue;
          const current = await tx.ratings.current(rated.variant, backlogPeople(rated));
          await tx.ratings.record(backlogWrite(g, rated, current));
        }
        return games.length;
      });
    } catch (error) {
      // A person's first rating inserted by a game ending meanwhile: the batch again, from what is stored now.
      if (!storage.isLostRace(error) || ++lost > 20) throw error;
      continue;
    }
    if (taken === 0) return done;
    done += taken;
  }
}
