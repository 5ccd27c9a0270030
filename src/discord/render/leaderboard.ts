// The server's leaderboard: people ranked (src/service/ranking.ts: equal records share a rank number),
// computer players ranked apart, every figure labelled, in the asker's language. Names are plain text.
import type { APIEmbed } from 'discord.js';
import type { Variant } from '../../game';
import type { LeaderboardPeriod, LeaderboardRow } from '../../service/game-service';
import type { Translate } from '../i18n';
import { plainName } from './daily';

export const LEADERBOARD_SIZE = 15;
/** Long display names are cut so fifteen rows stay within an embed's description. */
const NAME_LENGTH = 32;

/** A figure with one decimal, written the language's way ("7.3", "7,3"). */
export function decimal(n: number, language: string): string {
  return n.toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function line(r: LeaderboardRow, t: Translate, language: string): string {
  return t('leaderboard.row', {
    rank: r.rank,
    // A person's name is theirs to choose, so plain text; a computer player's is the bot's own words.
    name: r.isBot ? r.name : plainName([...r.name].slice(0, NAME_LENGTH).join('')),
    wins: t('word.wins', { count: r.wins }),
    games: t('word.games', { count: r.games }),
    rate: Math.round(r.winRate * 100),
    average: decimal(r.averageFinal, language),
    best: r.bestFinal,
    thrown: r.olathesThrown,
    scored: r.olathesScored,
    exact: r.exactPredictions,
  });
}

/** The leaderboard's embed: the best people, then every computer player difficulty. */
export function leaderboardEmbed(
  rows: readonly LeaderboardRow[],
  period: LeaderboardPeriod,
  variant: Variant | null,
  t: Translate,
  language: string,
): APIEmbed {
  const periodText = t(`leaderboard.period.${period}`);
  const title = variant
    ? t('leaderboard.titleVariant', { period: periodText, variant: t(`word.${variant}`) })
    : t('leaderboard.title', { period: periodText });
  if (rows.length === 0)
    return {
      title,
      description: period === 'all' ? t('leaderboard.empty') : t('leaderboard.emptyPeriod', { period: periodText }),
    };
  const people = rows.filter((r) => !r.isBot).slice(0, LEADERBOARD_SIZE);
  const computers = rows.filter((r) => r.isBot);
  const parts = people.length ? people.map((r) => line(r, t, language)) : [t('leaderboard.noPeople')];
  if (computers.length) parts.push('', t('leaderboard.computers'), ...computers.map((r) => line(r, t, language)));
  return { title, description: parts.join('\n'), footer: { text: t('leaderboard.legend') } };
}
