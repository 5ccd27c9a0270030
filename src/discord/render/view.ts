// What the renderers need to know about a game: a subset of the service's GameView, so renderers stay
// testable with plain data.
import type { GameView } from '../../service/view';

export type RenderableGame = Pick<
  GameView,
  'id' | 'hostId' | 'status' | 'options' | 'turnTimeoutMs' | 'state' | 'deadlines'
> &
  Partial<
    Pick<
      GameView,
      | 'lobbyExpiresAt'
      | 'closedReason'
      | 'hostLeft'
      | 'channelGone'
      | 'locale'
      | 'rematchOf'
      | 'repliesOnly'
      | 'tournamentId'
    >
  > & {
    players: ReadonlyArray<Pick<GameView['players'][number], 'seat' | 'userId' | 'name'> & { isBot?: boolean }>;
  };

export function seatName(game: RenderableGame, seat: number): string {
  return game.players[seat]?.name ?? `Seat ${seat + 1}`;
}

/** A player as Discord shows them: a mention for people, the name for computer players. */
export function mention(game: RenderableGame, seat: number): string {
  const player = game.players[seat];
  return player && !player.isBot ? `<@${player.userId}>` : seatName(game, seat);
}
