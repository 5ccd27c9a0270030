// The daily challenge's texts: its thread's name, what its results add (the rank that day and the expert
// solver's score on the same dice, both saved with the game), and the day's boards. Names are shown as plain
// text: they never become mentions, links or markdown.
import type { APIEmbed } from 'discord.js';
import type { DailyBoard, DailyResult } from '../../service/game-service';
import { NO_SERVER } from '../../service/game-service';
import type { Translate } from '../i18n';
import type { MessageBody } from './turn';
import { pointsText } from './results';
import { gameT } from './text';
import type { RenderableGame } from './view';

/** Discord's longest channel name. */
const THREAD_NAME_LENGTH = 100;
/** Names on a board are cut so fifteen rows stay well within an embed's description. */
const BOARD_NAME_LENGTH = 32;

/**
 * A display name as plain text on one line: Discord's markdown characters escaped, and `@`, `#` and `<`
 * followed by an invisible space, so no name can become a mention, a channel link or an @everyone.
 */
export function plainName(name: string): string {
  return name
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .replace(/([\\*_~`|>[\]()])/g, '\\$1')
    .replace(/([@#<:])/g, '$1\u200b');
}

/** "📅 Daily 2026-11-24 — Alice", one line within Discord's 100 characters. */
export function dailyThreadName(t: Translate, day: string, name: string): string {
  const single = name.replace(/[\r\n\t]+/g, ' ').trim();
  return [...t('daily.threadName', { day, name: single })].slice(0, THREAD_NAME_LENGTH).join('');
}

/**
 * What a finished (or abandoned) daily game's results say besides the scores. Played outside a server
 * (`inServer` false), the rank is the world's alone.
 */
export function dailyResultLines(daily: DailyResult, t: Translate, inServer = true): string[] {
  const world = { world: daily.rankWorld, ofWorld: daily.ofWorld };
  const lines = [
    t('daily.resultTitle', { day: daily.day }),
    inServer
      ? t('daily.rank', { server: daily.rankServer, ofServer: daily.ofServer, ...world })
      : t('daily.rankWorld', world),
  ];
  if (daily.solverFinal !== null && daily.solverRaw !== null)
    lines.push(t('daily.solver', { points: pointsText(daily.solverFinal, t), raw: daily.solverRaw }));
  lines.push(t('daily.next'));
  return lines;
}

/** The results of a daily game, with its rank and the solver's score under the standings; others unchanged. */
export function withDailyResult(
  game: RenderableGame & { daily?: DailyResult; guildId: string },
  body: MessageBody,
): MessageBody {
  const embed = body.embeds[0];
  if (!game.daily || !embed) return body;
  const lines = dailyResultLines(game.daily, gameT(game), game.guildId !== NO_SERVER);
  const description = [embed.description ?? '', '', ...lines].join('\n');
  return { ...body, embeds: [{ ...embed, description }, ...body.embeds.slice(1)] };
}

/** Today's board in one server or the world, and where the asker stands (an ephemeral answer). */
export function dailyBoardEmbed(board: DailyBoard, scope: 'server' | 'world', t: Translate): APIEmbed {
  const title = t('daily.boardTitle', {
    day: board.day,
    scope: t(scope === 'server' ? 'daily.scopeServer' : 'daily.scopeWorld'),
  });
  const rows = board.rows.map((r) =>
    t('daily.row', {
      rank: r.rank,
      name: plainName([...r.name].slice(0, BOARD_NAME_LENGTH).join('')),
      points: pointsText(r.final, t),
      raw: r.raw,
    }),
  );
  const lines = rows.length > 0 ? rows : [t('daily.empty')];
  lines.push('');
  if (board.own)
    lines.push(t('daily.own', { rank: board.own.rank, total: board.total, points: pointsText(board.own.final, t) }));
  else lines.push(t(board.finished ? 'daily.elsewhere' : board.played ? 'daily.playing' : 'daily.notPlayed'));
  if (board.solver)
    lines.push(t('daily.solverLine', { points: pointsText(board.solver.final, t), raw: board.solver.raw }));
  return { title, description: lines.join('\n'), footer: { text: t('daily.footer') } };
}
