// What the service hands back: plain, Discord-free pictures of a game, built from its stored rows.
import type { Breakdown, Card, Dice, GameEvent, GameOptions, GameState, Turn, Variant } from '../game';
import type { OutboxItem } from './channel-work';
import { scoreCard } from '../game';
import type { ClosedReason, GameRow, GameStatusColumn, LeftReason, PlayerRow } from '../db/rows';
export type { LastWrite } from '../db/rows';
import type { DailyResultRow as DailyResult } from '../db/rows';
import type { Deadlines } from './deadlines';
import type { RatingChange } from '../rating';
import { turnStamp } from './stamp';

export type GameViewStatus = GameStatusColumn;

export interface PlayerView {
  seat: number;
  userId: string;
  name: string;
  isBot: boolean;
  /** Why the player is no longer playing ('quit', or 'removed' after three timed-out turns); null while playing. */
  left: LeftReason | null;
}

/**
 * The guild id of a game played outside any server (the bot's DM). "0" as Discord itself writes it there
 * (authorizing_integration_owners `{"0": "0"}`): the guild_id columns stay NOT NULL strings, and Discord's
 * shard formula ((0 >> 22) % shards = 0) puts such games on shard 0, the shard Discord sends DMs to.
 */
export const NO_SERVER = '0';

export interface GameView {
  id: number;
  /** The server, or NO_SERVER. */
  guildId: string;
  channelId: string;
  hostId: string;
  status: GameViewStatus;
  options: GameOptions;
  turnTimeoutMs: number;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** By seat: players[seat].seat === seat. In the lobby, in join order. */
  players: PlayerView[];
  /** The engine state; null in the lobby (and for a cancelled lobby). */
  state: GameState | null;
  /** Discord message ids by key ('lobby', 'turn:0', 'scoreboard', 'results', …). */
  messages: Record<string, string>;
  /** Seat → ms deadline of its current turn; empty when nobody is in a turn. */
  deadlines: Deadlines;
  /** The game plays in a thread started from its lobby message (once the thread exists: playChannelId). */
  threadMode: boolean;
  /** Where the turns are posted: the thread, or the channel itself; null until the thread exists. */
  playChannelId: string | null;
  /** Discord said the channel (or thread) is gone: nothing more is sent there. */
  channelGone: boolean;
  /** Digests of what each message under `messages` was last seen to show. */
  shown: Record<string, string>;
  /** When an open lobby closes unless it is started (ms since the epoch); null once it is not open. */
  lobbyExpiresAt: number | null;
  /** Why a lobby closed without a game: cancelled, expired, or everyone left (null: cancelled before this was kept). */
  closedReason: ClosedReason | null;
  /** The name of the host who last left the open lobby, handing it to `hostId`. */
  hostLeft: string | null;
  /** The language of the game's channel messages, fixed when the lobby opened. */
  locale: string;
  /** The game whose Rematch button opened this one; null for a game opened otherwise. */
  rematchOf: number | null;
  /** Played where the bot is not a member: shown only through interaction replies (src/discord/reply-rest.ts). */
  repliesOnly: boolean;
  /** The tournament this game is a table of; null for any other game. */
  tournamentId: number | null;
  /** A daily challenge game that is over: its result, rank that day and the solver's score (GameService.game). */
  daily?: DailyResult;
  /** A rated game that is over: the ratings as its end saved them (GameService.game). */
  ratings?: GameRatings;
}

/** What a rated game's results show of the ratings, read back from what its end saved (game-ratings.ts). */
export interface GameRatings {
  /** Each person's change, by seat. */
  people: RatingChange[];
  /** The computer players' fixed ratings, by seat: theirs never move. */
  computers: Array<{ seat: number; name: string; rating: number }>;
}

export interface Shout {
  seat: number;
  userId: string;
  dice: Dice;
}

export interface ActionResult {
  view: GameView;
  /** The engine state before the action (null when the game was in the lobby). */
  before: GameState | null;
  /** The events applied, in order (none for a lobby action). */
  events: GameEvent[];
  /** Every throw in `events` that showed five of a kind — scored or not, a timed-out turn's throw too. */
  shouts: Shout[];
  /** A turn ended in this action (a write, a timed-out turn, a player leaving, the game ending). */
  turnEnded: boolean;
  /** The game is over since this action (finished, ended or cancelled). */
  finished: boolean;
  /** The channel work saved with the action, for the Publisher. */
  outbox: OutboxItem[];
  /**
   * The game ended rated in this action: each person's rating change, in the results' order (none for
   * any other action, or an end that is not rated). Written in the action's own transaction.
   */
  ratings: RatingChange[];
}

export interface CardView {
  gameId: number;
  seat: number;
  userId: string;
  name: string;
  variant: Variant;
  card: Card;
  turn: Turn;
  /** The stamp buttons drawn now should carry. */
  stamp: string;
  breakdown: Breakdown;
  left: LeftReason | null;
}

/** What a record of finished games shows, whether on the leaderboard or in /olathe stats. */
export interface RecordFigures {
  games: number;
  wins: number;
  /** wins / games, 0 to 1. */
  winRate: number;
  averageFinal: number;
  bestFinal: number;
  /** Throws that showed five of a kind. */
  olathesThrown: number;
  /** Non-zero Olathe (Balut) cells written: the Olathe incentive. */
  olathesScored: number;
  exactPredictions: number;
}

export interface LeaderboardRow extends RecordFigures {
  /** Competition rank (ranking.ts): equal records share it; people and computer players are ranked apart. */
  rank: number;
  userId: string;
  /** The display name in the player's latest counted game. */
  name: string;
  isBot: boolean;
}

export function playerViews(players: readonly PlayerRow[]): PlayerView[] {
  return players.map((p) => ({
    seat: p.seat,
    userId: p.user_id,
    name: p.name,
    isBot: p.is_bot === 1,
    left: p.left_reason,
  }));
}

export function gameView(row: GameRow, players: PlayerView[], state: GameState | null, deadlines: Deadlines): GameView {
  return {
    id: row.id,
    guildId: row.guild_id,
    channelId: row.channel_id,
    hostId: row.host_id,
    status: row.status,
    options: row.options,
    turnTimeoutMs: row.turn_timeout_ms,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    players,
    state,
    messages: row.messages,
    deadlines,
    threadMode: row.thread_mode === 1,
    playChannelId: row.play_channel_id,
    channelGone: row.channel_gone === 1,
    shown: row.shown,
    lobbyExpiresAt: row.status === 'lobby' ? row.next_deadline : null,
    closedReason: row.closed_reason,
    hostLeft: row.host_left,
    locale: row.locale,
    rematchOf: row.rematch_of,
    repliesOnly: row.replies_only === 1,
    tournamentId: row.tournament_id ?? null,
  };
}

export function cardView(view: GameView, seat: number): CardView | null {
  const player = view.state?.players[seat];
  const seated = view.players[seat];
  if (!player || !seated) return null;
  return {
    gameId: view.id,
    seat,
    userId: seated.userId,
    name: seated.name,
    variant: view.options.variant,
    card: player.card,
    turn: player.turn,
    stamp: turnStamp(player),
    breakdown: scoreCard(player.card),
    left: seated.left,
  };
}
