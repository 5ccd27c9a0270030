// The lobby message: who is in, the card, the host's controls while it is open, and why it closed if it did.
// Once the game starts it stays in the channel as the game's summary: where it plays, how it ended, and a
// link to the results.
import type { APIEmbed } from 'discord.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import { categoryLabel } from '../../game';
import type { Difficulty } from '../../service/game-service';
import { DIFFICULTIES } from '../../service/game-service';
import { encodeCustomId } from '../custom-id';
import type { MessageBody } from './turn';
import { selectRow } from './turn';
import { endReason, headline, standingsLine } from './results';
import type { RenderableGame } from './view';
import { mention } from './view';
import { layoutText, variantName } from './text';

export const MAX_PLAYERS = 8;

export const DIFFICULTY_TEXT: Record<Difficulty, string> = {
  easy: 'Greedy: takes the best points now',
  normal: 'Plays for the bonuses, one throw ahead',
  expert: 'Exact holds for every throw left',
};

/** Where a started game is and how it went, for its lobby message (the game's summary in the channel). */
export interface LobbySummary {
  /** The thread the game plays in, when it is not the lobby's channel. */
  threadId?: string | null;
  /** A link to the results message, once posted. */
  resultsUrl?: string | null;
  /** The game's channel or thread was deleted or closed to the bot. */
  channelGone?: boolean;
}

const LOBBY_TITLE: Record<RenderableGame['status'], string> = {
  lobby: 'new game',
  playing: 'in play',
  finished: 'finished',
  ended: 'ended early',
  cancelled: 'closed',
};

const NEW_GAME_HINT = 'Start a new one with `/olathe start`.';

/** A Discord timestamp: each reader sees it in their own time zone, "in 30 minutes" with `R`. */
const when = (ms: number, style: 'R' | 't' = 'R') => `<t:${Math.ceil(ms / 1000)}:${style}>`;

function openText(game: RenderableGame): string {
  const lines = ['Join, then the host presses ▶ Start.'];
  if (game.hostLeft) lines.push(`👑 ${game.hostLeft} left — <@${game.hostId}> is the host now.`);
  if (game.lobbyExpiresAt) lines.push(`⌛ Closes ${when(game.lobbyExpiresAt)} if nobody starts it.`);
  return lines.join('\n');
}

function closedText(game: RenderableGame): string {
  if (game.closedReason === 'expired') return `⌛ Nobody started this lobby in time, so it closed. ${NEW_GAME_HINT}`;
  if (game.closedReason === 'empty') return `✖ Everyone left, so this lobby closed. ${NEW_GAME_HINT}`;
  return `✖ This lobby was cancelled. ${NEW_GAME_HINT}`;
}

function overText(game: RenderableGame, summary: LobbySummary, where: string): string {
  const lines =
    game.status === 'finished'
      ? [`🏁 The game is over${where}.`, headline(game)]
      : [`⏹ The game ended early${summary.channelGone ? '' : where}: ${endReason(game)}.`];
  if (summary.resultsUrl) lines.push(`[See the results](${summary.resultsUrl})`);
  // No results message can be posted where the game was: the outcome is kept here.
  else if (summary.channelGone) lines.push(standingsLine(game));
  return lines.join('\n');
}

function lobbyStatus(game: RenderableGame, summary: LobbySummary): string {
  if (game.status === 'lobby') return openText(game);
  if (game.status === 'cancelled') return closedText(game);
  const where = summary.threadId ? ` in <#${summary.threadId}>` : '';
  if (game.status === 'playing' || !game.state) return `▶ The game is being played${where}.`;
  return overText(game, summary, where);
}

/** Everyone seated, as mentions (computer players by name); once the game runs, who left says so. */
function playerList(game: RenderableGame): string {
  const left = (seat: number) => game.state?.players[seat]?.left === true;
  const names = game.players.map((p) => `${mention(game, p.seat)}${left(p.seat) ? ' (left)' : ''}`);
  return names.join(' ') || 'nobody';
}

export function renderLobby(game: RenderableGame, summary: LobbySummary = {}): MessageBody {
  const open = game.status === 'lobby';
  const embed: APIEmbed = {
    title: `🎲 ${variantName(game)} — ${LOBBY_TITLE[game.status]}`,
    description: lobbyStatus(game, summary),
    color: open ? 0x57f287 : 0x99aab5,
    fields: [
      { name: 'Host', value: `<@${game.hostId}>`, inline: true },
      { name: 'Card', value: layoutText(game), inline: true },
      { name: open ? `Players ${game.players.length}/${MAX_PLAYERS}` : 'Players', value: playerList(game) },
      {
        name: 'Predict',
        value: game.options.predictions
          ? `on — each player guesses how many ${categoryLabel('olathe', game.options.variant)}s will be scored`
          : 'off',
        inline: true,
      },
      { name: 'Turn timer', value: `${Math.round(game.turnTimeoutMs / 60000)} min`, inline: true },
    ],
    footer: { text: `game ${game.id}` },
  };
  return {
    embeds: [embed],
    // A closed lobby or a started game has nothing left to click.
    components: open ? lobbyControls(game) : [],
    allowedMentions: { parse: [] },
  };
}

function lobbyControls(game: RenderableGame): MessageBody['components'] {
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
    '🤖 Add a computer player (host) ▾',
    DIFFICULTIES.map((d) => ({
      label: `${d[0]!.toUpperCase()}${d.slice(1)}`,
      value: d,
      description: DIFFICULTY_TEXT[d],
    })),
  );
  const bots = game.players.filter((p) => p.isBot);
  const removeBot = selectRow(
    encodeCustomId({ action: 'removebot', gameId: game.id }),
    '➖ Remove a computer player (host) ▾',
    bots.map((p) => ({ label: p.name, value: p.userId })),
  );
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        button('join', 'Join', ButtonStyle.Primary),
        button('leave', 'Leave', ButtonStyle.Secondary),
        button('start', '▶ Start', ButtonStyle.Success),
        button('cancel', '✖ Cancel', ButtonStyle.Danger),
      ],
    },
    ...(game.players.length < MAX_PLAYERS ? [addBot] : []),
    ...(bots.length > 0 ? [removeBot] : []),
  ];
}

/** The answer to `/olathe quit` (only the one who quit sees it), from the game after it. */
export function quitText(game: RenderableGame, wasHost: boolean): string {
  if (game.status === 'cancelled') return 'You left the lobby. Nobody else was in it, so it closed.';
  if (game.status !== 'lobby') return 'You left the game; your card still scores.';
  return wasHost ? `You left the lobby; <@${game.hostId}> is the host now.` : 'You left the lobby.';
}

/** What `/olathe end` says in the channel, from the game after it. */
export function endText(game: RenderableGame, userId: string): string {
  return game.status === 'cancelled' ? `<@${userId}> cancelled the lobby.` : `<@${userId}> ended the game.`;
}
