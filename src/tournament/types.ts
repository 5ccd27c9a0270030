// A tournament (a club night) as plain, serialisable data, and the events that change it. How events change it is
// tournament.ts's; seating is tables.ts's and swiss.ts's, the standings standings.ts's.
import type { GameOptions } from '../game';
import type { Difficulty } from '../solver/strategy';

export const ODD_POLICIES = ['computer', 'bye'] as const;
/** What happens to the people who do not fill a table: computer players take the empty seats, or they sit out. */
export type OddPolicy = (typeof ODD_POLICIES)[number];

export interface TournamentOptions {
  /** Trimmed, 1–100 characters. */
  readonly name: string;
  /** Every table's game is an ordinary game with these options. */
  readonly game: GameOptions;
  /** When sign-up closes and the first round may start (ms since the epoch). */
  readonly startsAt: number;
  readonly rounds: number;
  /** Seats a table: people and computer players together. */
  readonly tableSize: number;
  readonly turnTimeoutMs: number;
  readonly oddPolicy: OddPolicy;
  /** How well the computer players who fill seats play. */
  readonly difficulty: Difficulty;
}

/** What a host may change during sign-up: whichever they give (at least one), checked as at create. */
export interface TournamentEdit {
  readonly name?: string;
  readonly startsAt?: number;
  readonly rounds?: number;
  readonly tableSize?: number;
  readonly turnTimeoutMs?: number;
  readonly oddPolicy?: OddPolicy;
}

/** The options an edit may change; the card options and the computer players' difficulty stay as created. */
export const EDITABLE_OPTIONS = ['name', 'startsAt', 'rounds', 'tableSize', 'turnTimeoutMs', 'oddPolicy'] as const;

export type TournamentStatus = 'signup' | 'running' | 'finished' | 'cancelled';
export type DropReason = 'left' | 'no-show';

export interface Person {
  readonly userId: string;
  /** The rating the start was given; null during sign-up. */
  readonly rating: number | null;
  /** Place in the rating order at the start (0 the highest; equal ratings in join order); null during sign-up. */
  readonly seed: number | null;
  /** Set when the person left the tournament: rounds begun by then, and why. They keep their points. */
  readonly dropped: { readonly afterRound: number; readonly reason: DropReason } | null;
}

export type Seat = { readonly kind: 'person'; readonly userId: string } | { readonly kind: 'computer' };

/** One seat's line of a finished game's results, as the game's standings give it. */
export interface SeatResult {
  readonly seat: number;
  /** The person's id; a computer seat's is whatever id its game gave it. */
  readonly userId: string;
  /** 1 for the winners; equal results share a place (1, 1, 3). */
  readonly place: number;
  readonly finalPoints: number;
  readonly left: boolean;
}

export type TableStatus = 'pending' | 'playing' | 'finished';

export interface Table {
  /** 1 is the top table. */
  readonly number: number;
  /** In the game's seat order: people first, computer players after them. */
  readonly seats: readonly Seat[];
  readonly status: TableStatus;
  readonly gameId: string | null;
  /** One line per seat, in seat order, once finished. */
  readonly results: readonly SeatResult[] | null;
}

export interface Round {
  readonly number: number;
  readonly tables: readonly Table[];
  /** People who sit this round out (the 'bye' policy). */
  readonly byes: readonly string[];
  /** Finished when every table is. */
  readonly status: 'playing' | 'finished';
}

export interface TournamentState {
  readonly options: TournamentOptions;
  readonly status: TournamentStatus;
  /** In join order. */
  readonly people: readonly Person[];
  /** The field the host asked computer players to fill up to (people and computers); 0 for none. */
  readonly fillTo: number;
  readonly rounds: readonly Round[];
  /** How many events have changed the state. An event that changes nothing leaves it, and the state, as they were. */
  readonly version: number;
}

export type TournamentEvent =
  /** `at`: when the person asked, for "sign-up closes at the start". */
  | { readonly type: 'join'; readonly userId: string; readonly at: number }
  | { readonly type: 'leave'; readonly userId: string }
  /** The host changes options during sign-up; `at`: when they asked, for a new start time "not in the past". */
  | { readonly type: 'edit'; readonly changes: TournamentEdit; readonly at: number }
  /** Fill the field with computer players up to `upTo` (people and computers together); 0 takes them away. */
  | { readonly type: 'fill'; readonly upTo: number }
  /** Ratings of every person signed up, by user id: round 1 is seated by them. */
  | { readonly type: 'start'; readonly ratings: Readonly<Record<string, number>> }
  | { readonly type: 'table-started'; readonly round: number; readonly table: number; readonly gameId: string }
  | {
      readonly type: 'table-finished';
      readonly round: number;
      readonly table: number;
      readonly results: readonly SeatResult[];
    }
  /** The person leaves the tournament; a round under way is theirs to finish or leave as a game. */
  | { readonly type: 'drop'; readonly userId: string; readonly reason: DropReason }
  /** Seat the next round, once the last is finished (after the service has said who dropped). */
  | { readonly type: 'next-round' }
  /** Finish early, between rounds: the standings stand. */
  | { readonly type: 'end' }
  | { readonly type: 'cancel' };
