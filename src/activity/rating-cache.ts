// The seats' ratings of the games boards watch, read once per game and kept with the live game (LiveGames owns
// one): a move, a hold or a poll shows the board again without asking the database. Ratings change only at a
// game's end, in the end's own transaction, and the game read after a rated end carries what it saved
// (GameView.ratings): nothing is read for it then. A rating that another game of theirs changed meanwhile shows
// from their next game on.
import type { Variant } from '../game';
import type { RatingReads } from '../service/rating-reads';
import type { GameView } from '../service/view';
import type { PersonRating, SeatRatings } from './seat-ratings';
import { peopleToRead, seatRatings, showsRatings } from './seat-ratings';

/** The read the cache makes: GameService.ratings. */
export type RatingSource = Pick<RatingReads, 'of'>;

/** Games kept: a board that closed before its game was filed under it leaves one behind, and this bounds those. */
const MAX_GAMES = 1_000;

interface Entry {
  variant: Variant;
  /** By user id: null, never rated. */
  people: Map<string, PersonRating | null>;
  /** A read under way: a second board asking meanwhile waits for it instead of reading again. */
  reading: Promise<void> | null;
}

export class GameRatings {
  private readonly games = new Map<number, Entry>();

  constructor(
    private readonly source: RatingSource,
    private readonly maxGames = MAX_GAMES,
  ) {}

  get size(): number {
    return this.games.size;
  }

  /** The seats' ratings of the game: read for people not read yet (a lobby's newcomer), else as kept. */
  async of(game: GameView): Promise<SeatRatings> {
    if (!showsRatings(game)) return [];
    let entry = this.games.get(game.id);
    if (!entry || entry.variant !== game.options.variant) {
      entry = { variant: game.options.variant, people: new Map(), reading: null };
      this.games.set(game.id, entry);
      this.trim();
    }
    const kept = entry;
    while (kept.reading) await kept.reading;
    const missing = peopleToRead(game).filter((userId) => !kept.people.has(userId));
    if (missing.length > 0) {
      const reading = this.read(kept, missing).finally(() => {
        kept.reading = null;
      });
      kept.reading = reading;
      await reading;
    }
    return seatRatings(game, kept.people);
  }

  /** Nobody watches the game any more. */
  forget(gameId: number): void {
    this.games.delete(gameId);
  }

  private async read(entry: Entry, users: readonly string[]): Promise<void> {
    const ratings = await Promise.all(users.map((userId) => this.source.of(userId, entry.variant)));
    users.forEach((userId, i) => {
      const stored = ratings[i];
      entry.people.set(
        userId,
        stored ? { rating: stored.rating, provisional: stored.provisional, change: null } : null,
      );
    });
  }

  /** Drops the longest kept games past the bound. */
  private trim(): void {
    for (const gameId of this.games.keys()) {
      if (this.games.size <= this.maxGames) return;
      this.games.delete(gameId);
    }
  }
}
