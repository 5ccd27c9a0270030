// The rating the board shows beside each seat's name (docs/RATINGS.md): a person's as saved, in the game's
// variant; a computer player's fixed one; after a rated end, the rating the game left and what it changed, as its
// end saved them (GameView.ratings, from rating_history). Pure: the reads are rating-cache.ts's, made once per
// game, never per move.
import type { Variant } from '../game';
import { COMPUTER_SKILLS, START_RATING, computerOf, displayed } from '../rating';
import type { GameView } from '../service/view';

/** A seat's rating as the board shows it: "1,538", with "?" while provisional. */
export interface BoardRating {
  /** The shown number: whole points on the Elo-like scale (a new person's is 1500). */
  rating: number;
  /** Shown with "?": fewer than 5 rated games in the variant, or σ still wide (a new person's is). */
  provisional: boolean;
  /** A computer player's: fixed, it never moves. */
  computer: boolean;
  /** After a rated end: what this game changed the rating by (`rating` is the one it left); null otherwise. */
  change: number | null;
}

/** By seat: null for a seat whose rating is not known (not read yet, a computer of no known difficulty). */
export type SeatRatings = readonly (BoardRating | null)[];

/** A person's rating as read for the board: null when they have no rated game in the variant. */
export interface PersonRating {
  rating: number;
  provisional: boolean;
  change: number | null;
}

/** What a person with no rated game yet shows: where everyone starts, provisional. */
export const NEW_PERSON: PersonRating = { rating: START_RATING, provisional: true, change: null };

/**
 * Whether the board shows ratings for the game at all: a game of one seat (a solo game, the daily challenge) is
 * never rated, so a number beside the only name would promise what the game cannot change.
 */
export function showsRatings(game: GameView): boolean {
  return game.players.length >= 2;
}

/**
 * Each seat's rating: after a rated end the one it left, with its change; else people's from `people` (by user
 * id: undefined not read yet, null never rated), and computer players' from their fixed skill.
 */
export function seatRatings(game: GameView, people: ReadonlyMap<string, PersonRating | null>): SeatRatings {
  if (!showsRatings(game)) return [];
  const variant = game.options.variant;
  const ended = endedRatings(game);
  return game.players.map((p): BoardRating | null => {
    if (p.isBot) return computerRating(p.userId, variant);
    const read = ended.get(p.userId) ?? people.get(p.userId);
    if (read === undefined) return null;
    return { ...(read ?? NEW_PERSON), computer: false };
  });
}

function computerRating(userId: string, variant: Variant): BoardRating | null {
  const difficulty = computerOf(userId, true);
  if (difficulty === null) return null;
  return { rating: displayed(COMPUTER_SKILLS[variant][difficulty]), provisional: false, computer: true, change: null };
}

/** What a rated end left each person (by user id), as saved with the game; none before the end or unrated. */
function endedRatings(game: GameView): Map<string, PersonRating> {
  return new Map(
    (game.ratings?.people ?? []).map((c) => [
      c.userId,
      { rating: c.after.rating, provisional: c.after.provisional, change: c.delta },
    ]),
  );
}

/**
 * The people whose ratings the board reads: seated, not computer players, each once; none whose rating the game's
 * rated end carries already.
 */
export function peopleToRead(game: GameView): string[] {
  const ended = endedRatings(game);
  return [...new Set(game.players.filter((p) => !p.isBot && !ended.has(p.userId)).map((p) => p.userId))];
}
