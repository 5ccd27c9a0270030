// Tournaments (club nights) as saved state, like a game: each change is one transaction on the tournament's row,
// guarded by its `rev` (a lost race is read and decided again), and the state changes only through the pure
// core's events (src/tournament). A round starts in one transaction with its tables' games; a table's end is
// recorded in its game's end transaction (turn-service.ts saveResults), which also starts the next round.
//
// The public methods (GameService.tournaments). Every refusal changes nothing and is a TournamentError (the core's
// code and facts: bad options, a start time in the past or beyond a year, rounds or table sizes out of range,
// 'signup-closed' for a Join after the start, …) or a ServiceError ('no-tournament', 'tournament-channel-busy',
// 'not-host', 'busy'), each with a plain sentence.
// - create(input): a tournament in sign-up in a channel without an open one; its start time is its next_deadline.
// - join(id, user): signs up, keeping the display name shown at that moment (user text: plain text only).
// - leave(id, userId): leaves during sign-up.
// - fill(id, byUserId, upTo, who): host: computer players fill the field up to `upTo` (0: none).
// - startNow(id, byUserId, who): host: closes sign-up and seats round 1 now (before the start time).
// - cancel(id, byUserId, who): host: cancels it (tables under way play on as ordinary games).
// - drop(id, userId): a person leaves the running tournament (keeps their points; not seated again).
//   The host checks pass for the host, or for `who.canManage` (Manage Server or Manage Events, says Discord).
// - tournament(id), openInChannel(channelId), recent(guildId, limit), ofGame(gameId): reads (TournamentView).
// - startDueTournaments(now): the turn clock's: starts each of this shard's tournaments whose start time came,
//   and carries on any whose round is over but whose next round is not seated (a retry after a failure).
// - markShown(id, key, messageId, digest), eventMade(id, eventId, shown), eventShown(id, shown),
//   eventProblem(id, problem): what the Discord layer's sync saw it show; not guarded by `rev`.
// - toSync(now): this shard's tournaments whose channel may need a pass: open ones and those over in the last day.
// - onChanged(listener): told a tournament's id after each commit of this process that changed it (a table's
//   end included): the Discord layer then draws it again and kicks its round's games.
import type { TournamentInput } from '../tournament';

/** What a host asks for in a channel: the options are the core's (defaults filled in by it). */
export interface CreateTournamentInput {
  guildId: string;
  channelId: string;
  host: { id: string; name: string };
  options: TournamentInput;
  /** The language of its channel messages (the guild's preferred locale); English when not given. */
  locale?: string;
}

/** Who asks for a host's action: the host, or a member Discord says may manage the server or its events. */
export interface TournamentActor {
  canManage: boolean;
}
