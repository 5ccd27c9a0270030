// A finished game's rating changes: which games count, each seat's place, and each person's new rating. Pure:
// the service calls it in the transaction that ends the game, the backlog (src/db/rating-backlog.ts) on games
// that ended before ratings existed.
import type { Variant } from '../game';
import type { Difficulty } from '../solver/strategy';
import { COMPUTER_SKILLS } from './computer';
import type { Skill } from './model';
import { newSkill, rateRanking } from './model';
import { displayed, isProvisional } from './scale';
import { isLaterSeason, seasonOf, softReset } from './season';

/** A seat of an ended game, as its results rank it. */
export interface RatedSeat {
  seat: number;
  userId: string;
  /** The name shown for the person in this game. */
  name: string;
  /** The results' place: 1 first, equal results share one; those who left come after those who stayed. */
  place: number;
  left: boolean;
  /** The difficulty of a computer player's seat; null for a person. */
  computer: Difficulty | null;
}

/** A person's rating in one variant, as stored. */
export interface PersonRating extends Skill {
  /** Rated games so far. */
  games: number;
  /** The best shown rating reached. */
  best: number;
  /** The season of the latest rated game. */
  season: string;
}

/** A rating as shown: the number and whether it carries a "?". */
export interface ShownRating extends Skill {
  rating: number;
  provisional: boolean;
}

/** One person's change in one game: what the results show beside their name ("1,512 → 1,538 (+26)"). */
export interface RatingChange {
  seat: number;
  userId: string;
  name: string;
  /** What the game started from: the stored rating, after the season's soft reset on a season's first game. */
  before: ShownRating;
  after: ShownRating;
  /** after.rating − before.rating. */
  delta: number;
  /** Rated games in the variant, this one included. */
  games: number;
  /** The best shown rating reached, this game included. */
  best: number;
  /** The first rated game of a season after an earlier one: the season left and the rating it ended on. */
  seasonReset: { season: string; rating: number } | null;
  /** No rating was stored before this game. */
  first: boolean;
}

export interface RatedGame {
  variant: Variant;
  season: string;
  endedAt: number;
  changes: RatingChange[];
  /** What each person's rating is after the game, to store (by user id). */
  stored: Map<string, PersonRating>;
}

export type EndStatus = 'finished' | 'ended';

/**
 * Whether a game's end is rated. A finished game is; a game stopped early is not, unless every person had
 * left while a computer player played on (quitting does not dodge a loss). Two seats at least, a person among
 * them, each person once.
 */
export function isRated(status: EndStatus, seats: readonly RatedSeat[]): boolean {
  const people = seats.filter((s) => s.computer === null);
  if (seats.length < 2 || people.length === 0) return false;
  if (new Set(people.map((p) => p.userId)).size !== people.length) return false;
  if (status === 'finished') return true;
  return people.every((p) => p.left) && seats.some((s) => s.computer !== null && !s.left);
}

/** The people of a rated game, whose current ratings its end reads. */
export function peopleOf(seats: readonly RatedSeat[]): string[] {
  return seats.filter((s) => s.computer === null).map((s) => s.userId);
}

function shown(skill: Skill, games: number): ShownRating {
  return { mu: skill.mu, sigma: skill.sigma, rating: displayed(skill), provisional: isProvisional(skill, games) };
}

/**
 * Every person's change in a rated game that ended at `endedAt`, from their current ratings (a person absent
 * from `current` is new). A person's first game of a later season starts from the soft reset.
 */
export function rateGame(
  variant: Variant,
  seats: readonly RatedSeat[],
  current: ReadonlyMap<string, PersonRating>,
  endedAt: number,
): RatedGame {
  const season = seasonOf(endedAt);
  const starts = seats.map((s) => {
    if (s.computer !== null) return { skill: COMPUTER_SKILLS[variant][s.computer], stored: null, reset: null };
    const stored = current.get(s.userId) ?? null;
    if (!stored) return { skill: newSkill(), stored, reset: null };
    if (!isLaterSeason(season, stored.season))
      return { skill: { mu: stored.mu, sigma: stored.sigma }, stored, reset: null };
    const reset = { season: stored.season, rating: displayed(stored) };
    return { skill: softReset(stored), stored, reset };
  });
  const after = rateRanking(
    starts.map((s, i) => ({ skill: s.skill, fixed: seats[i]!.computer !== null })),
    seats.map((s) => s.place),
  );
  const changes = seats.flatMap((s, i): RatingChange[] => {
    if (s.computer !== null) return [];
    const start = starts[i]!;
    const gamesBefore = start.stored?.games ?? 0;
    const before = shown(start.skill, gamesBefore);
    const now = shown(after[i]!, gamesBefore + 1);
    return [
      {
        seat: s.seat,
        userId: s.userId,
        name: s.name,
        before,
        after: now,
        delta: now.rating - before.rating,
        games: gamesBefore + 1,
        best: Math.max(start.stored?.best ?? now.rating, now.rating),
        seasonReset: start.reset,
        first: start.stored === null,
      },
    ];
  });
  // A game rated after a later one (a backlog beside live games) does not take the season back.
  const stored = new Map(
    changes.map((c): [string, PersonRating] => {
      const was = current.get(c.userId)?.season;
      const kept = was !== undefined && isLaterSeason(was, season) ? was : season;
      return [c.userId, { mu: c.after.mu, sigma: c.after.sigma, games: c.games, best: c.best, season: kept }];
    }),
  );
  return { variant, season, endedAt, changes, stored };
}
