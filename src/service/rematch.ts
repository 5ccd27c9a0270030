// The Rematch button of a game's results: which games offer one, why one is refused, and where its lobby
// opens. The service's `rematch` (lobby-service.ts) opens it; the results message asks `offersRematch`
// whether to draw the button, so the button and the service always agree.
import type { GameRow } from '../db/rows';
import { MESSAGES } from './errors';
import type { GameView } from './view';

/** What decides whether a game offers a rematch. */
export type RematchFacts = Pick<GameView, 'status' | 'channelGone'> &
  Partial<Pick<GameView, 'daily' | 'tournamentId'>> & {
    players: ReadonlyArray<Pick<GameView['players'][number], 'isBot'>>;
  };

/**
 * A game that was played (to the end, or ended early) offers a rematch where it was played, as long as that
 * channel is still there and a person played it (a person hosts the rematch). A daily challenge offers none:
 * it is one attempt a day; nor does a tournament's table: the tournament seats the next round itself. The one
 * place this is decided.
 */
export function offersRematch(game: RematchFacts): boolean {
  const played = game.status === 'finished' || game.status === 'ended';
  const own = game.daily === undefined && (game.tournamentId ?? null) === null;
  return played && !game.channelGone && own && game.players.some((p) => !p.isBot);
}

/** Why a game offers no rematch, in the service's words. */
export function noRematchReason(game: RematchFacts): string {
  if (game.status === 'lobby' || game.status === 'playing') return MESSAGES.rematchNotOver;
  if (game.status === 'cancelled') return MESSAGES.rematchNeverPlayed;
  if (game.channelGone) return MESSAGES.rematchChannelGone;
  if (game.daily !== undefined) return MESSAGES.rematchDaily;
  if ((game.tournamentId ?? null) !== null) return MESSAGES.rematchTournament;
  return MESSAGES.noRematch;
}

/**
 * Where a rematch opens: in the thread the old game was played in, where its results are (and it plays there
 * too, since Discord starts no thread inside a thread); otherwise in the old game's channel, with a thread of
 * its own if the old game asked for one.
 */
export function rematchPlace(row: Pick<GameRow, 'channel_id' | 'play_channel_id' | 'thread_mode'>): {
  channelId: string;
  threadMode: 0 | 1;
} {
  const play = row.play_channel_id;
  if (play !== null && play !== row.channel_id) return { channelId: play, threadMode: 0 };
  return { channelId: row.channel_id, threadMode: row.thread_mode };
}
