// The server's leaderboard: by wins, people ranked (src/service/ranking.ts: equal records share a rank number),
// computer players ranked apart; or by rating, now or for one season (src/service/rating-boards.ts). Every figure
// labelled, numbers written the asker's way, in the asker's language. Names are plain text.
import type { APIEmbed } from 'discord.js';
import type { Variant } from '../../game';
import type { LeaderboardPeriod, LeaderboardRow, RatedBoard, RatedRow } from '../../service/game-service';
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

// ---------- by rating ----------

/** Discord's limit on an embed field's value. */
const FIELD_LENGTH = 1024;

/** "November 2026" in the language, for a season such as '2026-11'. */
export function monthName(season: string, language: string): string {
  const [year, month] = season.split('-').map(Number) as [number, number];
  const options = { month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
  const at = Date.UTC(year, month - 1, 1);
  try {
    return new Intl.DateTimeFormat(language, options).format(at);
  } catch {
    return new Intl.DateTimeFormat('en', options).format(at);
  }
}

/** A rating the language's way ("1,523", "1.523"), with "?" while it is provisional. */
export function ratingText(rating: number, provisional: boolean, language: string): string {
  return `${rating.toLocaleString(language)}${provisional ? '?' : ''}`;
}

/** A person's name as a row shows it: plain text, cut to fit. */
const shownName = (name: string) => plainName([...name].slice(0, NAME_LENGTH).join(''));

function ratedLine(r: RatedRow, t: Translate, language: string): string {
  return t('leaderboard.ratingRow', {
    rank: r.rank,
    name: shownName(r.name),
    rating: ratingText(r.rating, r.provisional, language),
    games: t('word.games', { count: r.games }),
  });
}

/** A board's lines, the asker's own after them; rows are dropped from the end should they not fit `max`. */
function boardLines(board: RatedBoard, t: Translate, language: string, max: number): string {
  const own = board.own
    ? t('leaderboard.ownRow', {
        rank: board.own.rank,
        of: board.own.of,
        rating: ratingText(board.own.rating, board.own.provisional, language),
        games: t('word.games', { count: board.own.games }),
      })
    : null;
  const rows = board.rows.map((r) => ratedLine(r, t, language));
  const text = () => [...rows, ...(own ? ['', own] : [])].join('\n');
  while (rows.length > 1 && text().length > max) rows.pop();
  return text();
}

export interface RatingBoardView {
  /** The variants that have a board, in order: one asked for, or each that has rated games. */
  boards: readonly RatedBoard[];
  /** The variant asked for; null for both. */
  variant: Variant | null;
  /** The season shown, and whether it is the one under way; null for the ratings as they stand now. */
  season: { season: string; current: boolean } | null;
}

/** The leaderboard by rating: one board for a variant asked for, else a field per variant with rated games. */
export function ratingBoardEmbed(view: RatingBoardView, t: Translate, language: string): APIEmbed {
  const { season, variant } = view;
  const month = season ? monthName(season.season, language) : '';
  const base = season
    ? t(season.current ? 'leaderboard.seasonTitleNow' : 'leaderboard.seasonTitle', { month, season: season.season })
    : t('leaderboard.ratingTitle');
  const title = variant ? t('leaderboard.variantOnly', { title: base, variant: t(`word.${variant}`) }) : base;
  const footer = { text: t(season ? 'leaderboard.seasonLegend' : 'leaderboard.ratingLegend') };
  if (view.boards.length === 0) {
    const empty = season ? t('leaderboard.seasonEmpty', { month }) : t('leaderboard.ratingEmpty');
    return { title, description: empty };
  }
  if (variant) return { title, description: boardLines(view.boards[0]!, t, language, 4000), footer };
  return {
    title,
    fields: view.boards.map((b) => ({
      name: t(`word.${b.variant}`),
      value: boardLines(b, t, language, FIELD_LENGTH),
    })),
    footer,
  };
}
