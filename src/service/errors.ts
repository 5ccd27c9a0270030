// Refusals of the service, each with a code (for code) and a plain-language message (for the player, shown
// ephemerally). Like the engine's GameError they mean "nothing was changed": the transaction rolled back.

export type ServiceErrorCode =
  | 'no-game'
  | 'not-a-player'
  | 'not-host'
  | 'stale'
  | 'busy'
  | 'card-ahead'
  | 'channel-busy'
  | 'lobby-full'
  | 'already-joined'
  | 'not-in-lobby'
  | 'not-started'
  | 'game-over'
  | 'bad-options'
  | 'bad-message-key'
  | 'not-a-bot'
  | 'not-finished'
  | 'not-your-card'
  | 'daily-played'
  | 'no-rematch'
  | 'no-tournament'
  | 'tournament-channel-busy';

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    /** What the message names (a player's name), for a wording in another language. */
    readonly vars?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

export const MESSAGES = {
  noGame: 'That game no longer exists.',
  notAPlayer: 'You are not playing in this game.',
  notHost: 'Only the host can do that.',
  notHostOrManager: 'Only the host, or a member who can manage messages, can end this game.',
  stale: 'That button is from an earlier moment of the game — use the newest card.',
  cardAhead:
    'That card shows a moment the game never saved — it is being drawn again from the saved game; use it then.',
  busy: 'The game is busy with other moves just now, and nothing changed — try again in a moment.',
  channelBusy: 'This channel already has a game — join it, or wait until it ends.',
  lobbyFull: 'This game is full (8 players).',
  alreadyJoined: 'You have already joined this game.',
  notInLobby: 'This game has already started — wait for the next one.',
  notStarted: 'The game has not started yet — the host starts it from the lobby.',
  gameOver: 'This game has ended.',
  botHost: 'A computer player cannot host a game.',
  badDifficulty: 'A computer player plays easy, normal or expert.',
  notAPlayerThere: 'That player is not in this game.',
  notABot: 'Only computer players can be taken out of the lobby by the host.',
  notFinished: 'The analysis is ready when the game ends.',
  noSuchCard: "That card isn't part of this game — use the newest card.",
  neverPlayed: 'That game was cancelled before it started: there is nothing to analyse.',
  dailyPlayed: "You have played today's daily challenge already — the next one starts at midnight UTC.",
  rematchNotOver: 'This game is not over yet: its results will offer a rematch.',
  rematchNeverPlayed: 'That game was cancelled before it started: there is nothing to play again.',
  rematchChannelGone: "This game's channel is gone, so its rematch cannot be opened there.",
  noRematch: 'This game does not offer a rematch.',
  rematchDaily: 'A daily challenge has no rematch: it is one attempt a day.',
  rematchTournament: "A tournament's table has no rematch: the tournament seats the next round itself.",
  rematchNotAPlayer: 'Only the people who played this game can open its rematch.',
  rematchChannelBusy: 'This channel already has another game open: the rematch can be opened once it is over.',
  rematchStarted: "This game's rematch has already started.",
  rematchPlayed: "This game's rematch has been played: its own results have a Rematch button.",
  noTournament: 'That tournament no longer exists.',
  tournamentChannelBusy:
    'This channel already has a tournament in sign-up or under way — join it, or open yours once it is over.',
  tournamentNotHost: "Only the tournament's host, or a member who can manage the server or its events, can do that.",
  tournamentBot: 'A computer player cannot host or join a tournament.',
} as const;

/** A click on someone else's card. */
export function notYourCard(owner: string): string {
  return `This is ${owner}'s card — only they can use its buttons.`;
}
