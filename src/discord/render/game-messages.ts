// The lobby, the one-line log a finished turn collapses to, the shout, the Balut scoreboard and the results.
import type { APIEmbed } from 'discord.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import type { Dice } from '../../game';
import type { LastWrite, LogWork } from '../../service/game-service';
import {
  TIMEOUTS_BEFORE_REMOVAL,
  categoryLabel,
  columnLabel,
  filledCellCount,
  gameResults,
  scoreCell,
  totalCellCount,
} from '../../game';
import { encodeCustomId } from '../custom-id';
import type { Difficulty } from '../../service/game-service';
import { DIFFICULTIES } from '../../service/game-service';
import type { MessageBody } from './turn';
import { selectRow } from './turn';
import type { RenderableGame } from './view';
import { mention, seatName } from './view';
import { diceText, fivesText, points, signed } from './text';

export const MAX_PLAYERS = 8;

export const DIFFICULTY_TEXT: Record<Difficulty, string> = {
  easy: 'Greedy: takes the best points now',
  normal: 'Plays for the bonuses, one throw ahead',
  expert: 'Exact holds for every throw left',
};

export function variantName(game: RenderableGame): string {
  return game.options.variant === 'olathe' ? 'Olathe' : 'Balut';
}

export function layoutText(game: RenderableGame): string {
  const kinds = game.options.columns;
  return `${kinds.map((_, i) => columnLabel(kinds, i)).join(' · ')} — ${game.options.throwsPerTurn} throws a turn`;
}

/** Where a started game is and how it went, for its lobby message (the game's summary in the channel). */
export interface LobbySummary {
  /** The thread the game plays in, when it is not the lobby's channel. */
  threadId?: string | null;
  /** A link to the results message, once posted. */
  resultsUrl?: string | null;
  /** The game's channel or thread was deleted or closed to the bot. */
  channelGone?: boolean;
}

function lobbyStatus(game: RenderableGame, summary: LobbySummary): string {
  if (game.status === 'cancelled') return '✖ This lobby was cancelled.';
  if (game.status === 'lobby') return 'Join, then the host presses ▶ Start.';
  const where = summary.threadId ? ` in <#${summary.threadId}>` : '';
  if (game.status === 'playing') return `▶ The game is being played${where}.`;
  const lines = [
    summary.channelGone
      ? '🏁 The game ended: its channel was deleted or closed to me.'
      : `🏁 The game is over${where}.`,
  ];
  if (game.state && game.status === 'finished') lines.push(headline(game));
  if (summary.resultsUrl) lines.push(`[See the results](${summary.resultsUrl})`);
  return lines.join('\n');
}

const LOBBY_TITLE: Record<RenderableGame['status'], string> = {
  lobby: 'new game',
  playing: 'in play',
  finished: 'finished',
  ended: 'ended early',
  cancelled: 'cancelled',
};

export function renderLobby(game: RenderableGame, summary: LobbySummary = {}): MessageBody {
  const open = game.status === 'lobby';
  const players = game.players.map((p) => mention(game, p.seat)).join(' ') || '—';
  const embed: APIEmbed = {
    title: `🎲 ${variantName(game)} — ${LOBBY_TITLE[game.status]}`,
    description: lobbyStatus(game, summary),
    color: 0x57f287,
    fields: [
      { name: 'Host', value: `<@${game.hostId}>`, inline: true },
      { name: 'Card', value: layoutText(game), inline: true },
      { name: `Players ${game.players.length}/${MAX_PLAYERS}`, value: players },
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
  const button = (
    action: 'join' | 'leave' | 'start' | 'cancel',
    label: string,
    style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger,
  ) => ({
    type: ComponentType.Button as const,
    custom_id: encodeCustomId({ action, gameId: game.id }),
    label,
    style,
    disabled: !open,
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
  return {
    embeds: [embed],
    components: open
      ? [
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
        ]
      : [],
  };
}

export function renderShout(game: RenderableGame, seat: number, dice: Dice): MessageBody {
  const cry = game.options.variant === 'olathe' ? '🎶 O-la-the! 🎶' : '🎶 Ba-lut! 🎶';
  return {
    content: `${cry}  ${mention(game, seat)} threw ${diceText(dice)} — five ${dice[0]}s!`,
    embeds: [],
    components: [],
    allowedMentions: { parse: [] },
  };
}

/** Balut's shared progress: each player's cells written, and the cell they wrote last — the game's log. */
export function renderScoreboard(game: RenderableGame, last: ReadonlyMap<number, LastWrite> = new Map()): MessageBody {
  const state = game.state!;
  const parts = state.players.map((p, seat) => {
    const done = `${filledCellCount(p.card)}/${totalCellCount(p.card)}`;
    const write = last.get(seat);
    const where = write
      ? `${categoryLabel(write.category, game.options.variant)} (${columnLabel(game.options.columns, write.column)})`
      : '';
    const latest = write
      ? ` · ${write.timedOut ? 'ran out of time — the bot wrote' : 'wrote'} ${write.score} in ${where} — ${diceText(write.dice)}`
      : '';
    return `**${seatName(game, seat)}** ${done}${p.left ? ' (left)' : ''}${latest}`;
  });
  return {
    embeds: [
      {
        title: `📋 ${variantName(game)} — progress`,
        description: parts.join('\n'),
        footer: { text: `game ${game.id}` },
      },
    ],
    components: [],
    allowedMentions: { parse: [] },
  };
}

/** The line an ended turn leaves in the channel: `**Alice** wrote 24 in Choice (Free 1) — ⚄ ⚄ ⚃ ⚅ ⚃`. */
export function logLine(game: RenderableGame, work: LogWork): string {
  const name = seatName(game, work.seat);
  if (work.what === 'leave' || work.category === undefined || work.column === undefined || !work.dice)
    return `**${name}** left the game.`;
  const where = `${categoryLabel(work.category, game.options.variant)} (${columnLabel(game.options.columns, work.column)})`;
  const verb = work.what === 'timeout' ? 'ran out of time — the bot wrote' : 'wrote';
  const removed = work.removed
    ? ` ${name} timed out ${TIMEOUTS_BEFORE_REMOVAL} turns in a row and leaves the game.`
    : '';
  return `**${name}** ${verb} ${work.score ?? scoreCell(work.category, work.dice)} in ${where} — ${diceText(work.dice)}${removed}`;
}

/** Who won, in one line. */
function headline(game: RenderableGame): string {
  const results = gameResults(game.state!);
  const winners = results.winners.map((seat) => mention(game, seat));
  const top = results.standings[0]!;
  if (winners.length === 0) return 'Nobody finished the game.';
  if (winners.length === 1) return `${winners[0]} wins with ${points(top.breakdown.final)} points!`;
  return `Shared win: ${winners.join(' and ')} with ${points(top.breakdown.final)} points each!`;
}

export function renderResults(game: RenderableGame, opts: { analysis?: boolean } = {}): MessageBody {
  const state = game.state!;
  const results = gameResults(state);
  const names = results.standings.map((s) => seatName(game, s.seat));
  const width = Math.min(22, Math.max(6, ...names.map((n) => [...n].length)));
  const lines = [`${''.padEnd(width + 3)} raw bonus  mod final`];
  results.standings.forEach((s, i) => {
    const b = s.breakdown;
    const cut = [...names[i]!].slice(0, width);
    const name = cut.join('') + ' '.repeat(width - cut.length);
    lines.push(
      `${String(s.place).padStart(1)}. ${name}${String(b.rawTotal).padStart(4)}${signed(b.incentiveTotal).padStart(6)}${signed(b.modifier).padStart(5)}${points(b.final).padStart(6)}${s.left ? ' (left)' : ''}`,
    );
  });
  const parts = [headline(game), '```', ...lines, '```'];
  if (state.options.predictions) {
    const guessed = results.exactPredictions.map((seat) => mention(game, seat));
    parts.push(
      `🔮 ${fivesText(results.olathesScored, game.options.variant)} ${results.olathesScored === 1 ? 'was' : 'were'} scored — ${guessed.length ? `${guessed.join(', ')} guessed it.` : 'nobody guessed it.'}`,
    );
  }
  if (game.status === 'ended') parts.push('The game was ended early; cards score as they stand.');
  const body: MessageBody = {
    embeds: [
      {
        title: `🏁 ${variantName(game)} — game over`,
        description: parts.join('\n'),
        color: 0xfee75c,
        footer: { text: `game ${game.id}` },
      },
    ],
    components: [],
    allowedMentions: { parse: [] },
  };
  if (opts.analysis) {
    body.components.push({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          custom_id: encodeCustomId({ action: 'analysis', gameId: game.id }),
          label: '📊 My analysis',
          style: ButtonStyle.Secondary,
        },
      ],
    });
  }
  return body;
}
