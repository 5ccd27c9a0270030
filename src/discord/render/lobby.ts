// The lobby message: who is in, the card, the host's controls while it is open, and why it closed if it did.
// Once the game starts it stays in the channel as the game's summary: where it plays, how it ended, and a
// link to the results.
import type { APIEmbed } from 'discord.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import { DIFFICULTIES } from '../../service/game-service';
import { encodeCustomId } from '../custom-id';
import type { Translate } from '../i18n';
import type { MessageBody } from './turn';
import { selectRow } from './turn';
import { endReason, headline, standingsLine } from './results';
import type { RenderableGame } from './view';
import { mention } from './view';
import { categoryName, gameT, layoutText, variantName } from './text';
import { withOpenBoardButton } from './open-board';

export const MAX_PLAYERS = 8;

/** Where a started game is and how it went, for its lobby message (the game's summary in the channel). */
export interface LobbySummary {
  /** The thread the game plays in, when it is not the lobby's channel. */
  threadId?: string | null;
  /** A link to the results message, once posted. */
  resultsUrl?: string | null;
  /** The game's channel or thread was deleted or closed to the bot. */
  channelGone?: boolean;
}

/** A Discord timestamp: each reader sees it in their own time zone, "in 30 minutes" with `R`. */
const when = (ms: number, style: 'R' | 't' = 'R') => `<t:${Math.ceil(ms / 1000)}:${style}>`;

function openText(game: RenderableGame): string {
  const t = gameT(game);
  const lines = [t('lobby.join')];
  if (game.hostLeft) lines.push(t('lobby.hostLeft', { name: game.hostLeft, hostId: game.hostId }));
  if (game.lobbyExpiresAt) lines.push(t('lobby.closes', { when: when(game.lobbyExpiresAt) }));
  return lines.join('\n');
}

function closedText(game: RenderableGame): string {
  const t = gameT(game);
  const hint = t('lobby.newGameHint');
  if (game.closedReason === 'expired') return t('lobby.expired', { hint });
  if (game.closedReason === 'empty') return t('lobby.empty', { hint });
  return t('lobby.cancelled', { hint });
}

function overText(game: RenderableGame, summary: LobbySummary, where: string): string {
  const t = gameT(game);
  const lines =
    game.status === 'finished'
      ? [t('lobby.over', { where }), headline(game)]
      : [t('lobby.endedEarly', { where: summary.channelGone ? '' : where, reason: endReason(game) })];
  if (summary.resultsUrl) lines.push(t('lobby.seeResults', { url: summary.resultsUrl }));
  // No results message can be posted where the game was: the outcome is kept here.
  else if (summary.channelGone) lines.push(standingsLine(game));
  return lines.join('\n');
}

function lobbyStatus(game: RenderableGame, summary: LobbySummary): string {
  if (game.status === 'lobby') return openText(game);
  if (game.status === 'cancelled') return closedText(game);
  const t = gameT(game);
  const where = summary.threadId ? t('lobby.inThread', { threadId: summary.threadId }) : '';
  if (game.status === 'playing' || !game.state) return t('lobby.beingPlayed', { where });
  return overText(game, summary, where);
}

/** Everyone seated, as mentions (computer players by name); once the game runs, who left says so. */
function playerList(game: RenderableGame): string {
  const left = (seat: number) => game.state?.players[seat]?.left === true;
  const t = gameT(game);
  const names = game.players.map((p) => `${mention(game, p.seat)}${left(p.seat) ? t('word.left') : ''}`);
  return names.join(' ') || t('lobby.nobody');
}

export function renderLobby(game: RenderableGame, summary: LobbySummary = {}): MessageBody {
  const open = game.status === 'lobby';
  const t = gameT(game);
  const embed: APIEmbed = {
    title: `🎲 ${variantName(game)} — ${t(`lobby.status.${game.status}`)}`,
    description: lobbyStatus(game, summary),
    color: open ? 0x57f287 : 0x99aab5,
    fields: [
      // A tournament's table has no host of its own: the night's host seated it, and need not play at it.
      ...(game.tournamentId == null ? [{ name: t('lobby.host'), value: `<@${game.hostId}>`, inline: true }] : []),
      { name: t('lobby.card'), value: layoutText(game), inline: true },
      {
        name: open ? t('lobby.playersOf', { count: game.players.length, max: MAX_PLAYERS }) : t('lobby.players'),
        value: playerList(game),
      },
      {
        name: t('lobby.predict'),
        value: game.options.predictions
          ? t('lobby.predictOn', { word: categoryName(t, 'olathe', game.options.variant) })
          : t('lobby.off'),
        inline: true,
      },
      {
        name: t('lobby.turnTimer'),
        value: t('lobby.minutes', { count: Math.round(game.turnTimeoutMs / 60000) }),
        inline: true,
      },
    ],
    footer: { text: t('word.game', { id: game.id }) },
  };
  return {
    ...(game.rematchOf != null ? { content: rematchNote(game, game.rematchOf) } : {}),
    embeds: [embed],
    // A closed lobby or a finished game has nothing left to click; a game in play, the board at most.
    components: open
      ? withOpenBoardButton(lobbyControls(game), game)
      : game.status === 'playing'
        ? withOpenBoardButton(game.repliesOnly ? showAgainRow(game) : [], game)
        : [],
    allowedMentions: { parse: [] },
  };
}

/**
 * A rematch's lobby says which game it replays and, while open, names the people it seated without asking
 * (its first post pings them), so each knows they are in and can leave.
 */
function rematchNote(game: RenderableGame, rematchOf: number): string {
  const t = gameT(game);
  if (game.status !== 'lobby') return t('rematch.lobbyOf', { id: rematchOf });
  const people = game.players.filter((p) => !p.isBot).map((p) => `<@${p.userId}>`);
  return t('rematch.lobbyNote', { id: rematchOf, players: people.join(' ') });
}

/**
 * Where the bot is not a member it can show nothing without an interaction's token, and after a restart it has
 * none: a click here brings one, and with it the game's messages drawn again from the saved game.
 */
function showAgainRow(game: RenderableGame): MessageBody['components'] {
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          custom_id: encodeCustomId({ action: 'refresh', gameId: game.id }),
          label: gameT(game)('lobby.showAgain'),
          style: ButtonStyle.Secondary,
        },
      ],
    },
  ];
}

function lobbyControls(game: RenderableGame): MessageBody['components'] {
  const t = gameT(game);
  const button = (
    action: 'join' | 'leave' | 'start' | 'cancel',
    label: string,
    style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger,
  ) => ({
    type: ComponentType.Button as const,
    custom_id: encodeCustomId({ action, gameId: game.id }),
    label,
    style,
  });
  const addBot = selectRow(
    encodeCustomId({ action: 'addbot', gameId: game.id }),
    t('lobby.addBot'),
    DIFFICULTIES.map((d) => ({
      label: t(`lobby.difficulty.${d}`),
      value: d,
      description: t(`lobby.difficultyText.${d}`),
    })),
  );
  const bots = game.players.filter((p) => p.isBot);
  const removeBot = selectRow(
    encodeCustomId({ action: 'removebot', gameId: game.id }),
    t('lobby.removeBot'),
    bots.map((p) => ({ label: p.name, value: p.userId })),
  );
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        button('join', t('lobby.joinButton'), ButtonStyle.Primary),
        button('leave', t('lobby.leaveButton'), ButtonStyle.Secondary),
        button('start', t('lobby.startButton'), ButtonStyle.Success),
        button('cancel', t('lobby.cancelButton'), ButtonStyle.Danger),
      ],
    },
    ...(game.players.length < MAX_PLAYERS ? [addBot] : []),
    ...(bots.length > 0 ? [removeBot] : []),
  ];
}

/** The answer to `/olathe quit` (only the one who quit sees it), from the game after it. */
export function quitText(game: RenderableGame, wasHost: boolean, t: Translate = gameT(game)): string {
  if (game.status === 'cancelled') return t('lobby.quitClosed');
  if (game.status !== 'lobby') return t('lobby.quitGame');
  return wasHost ? t('lobby.quitHost', { hostId: game.hostId }) : t('lobby.quit');
}

/** What `/olathe end` says in the channel, from the game after it. */
export function endText(game: RenderableGame, userId: string): string {
  return gameT(game)(game.status === 'cancelled' ? 'lobby.endCancelled' : 'lobby.endEnded', { userId });
}
