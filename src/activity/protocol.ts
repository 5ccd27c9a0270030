// What the Activity's page and the bot's Activity server say to each other over the page's one WebSocket
// (`/api/live`, a relative path: Discord's proxy forwards it). The server trusts nothing the page says about who
// it is: `hello` carries the access token of the OAuth2 exchange, and the server asks Discord who that is and
// whether they are in the activity instance. Every move then goes through the same service as a card's click,
// with the same stamps and refusals. Shared by the server (src/activity/) and the page (src/activity/page/).
// It changes only by adding: a page open across a deploy meets a newer or older server, so a field the page does not
// know is ignored, and one added later (a seat's `rating`, a table's `tournament`) is optional to the page, drawn
// only when sent.
import type { Category } from '../game';
import type { BoardView } from './board-view';
export type {
  BoardCell,
  BoardHint,
  BoardHintChoice,
  BoardPlayer,
  BoardResults,
  BoardShout,
  BoardStanding,
  BoardView,
  BoardYou,
  FreeCell,
} from './board-view';
export type { BoardRating } from './seat-ratings';
export type { BoardTournament, BoardTournamentRow } from './tournament-panel';

/** A move on the board: the card's controls, one for one (the stamp is the one the board showed). */
export type BoardMove =
  | { kind: 'throw'; stamp: string }
  | { kind: 'hold'; die: number; held: boolean; stamp: string }
  | { kind: 'write'; column: number; category: Category; stamp: string }
  | { kind: 'declare'; column: number; stamp: string }
  | { kind: 'predict'; count: number };

export type ClientMessage =
  /** The first message: who (by their token) and where (the instance Discord launched, and its channel). */
  | { t: 'hello'; accessToken: string; instanceId: string; channelId: string; guildId: string | null }
  /** `id` is the page's own number for the move, echoed in its `result`. */
  | { t: 'move'; id: number; move: BoardMove }
  | { t: 'rematch'; id: number }
  | { t: 'ping' };

export type ServerMessage =
  /** The hello was accepted: the viewer, and their seat (null: a spectator, who watches and cannot act). */
  | { t: 'welcome'; userId: string; seat: number | null; locale: string }
  /** The game as the viewer may see it, sent at once and again after every change, whoever made it. */
  | { t: 'board'; board: BoardView }
  /** The channel has no game (yet, or any more): the board says so and waits for one. */
  | { t: 'no-game' }
  /** A move's answer: played, or refused with the same plain words a click on the card would get. */
  | { t: 'result'; id: number; ok: true }
  | { t: 'result'; id: number; ok: false; reason: string }
  /**
   * The connection is refused (a bad token, not in the instance …) or cut (too many messages): why. `retry`: only
   * for now (Discord or the database could not be asked), so the page tries again as after a dropped socket.
   */
  | { t: 'refused'; reason: string; retry?: true }
  | { t: 'pong' };
