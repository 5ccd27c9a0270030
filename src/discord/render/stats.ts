// /olathe stats: one player's record in the server (a field per variant played) with their ratings, which are
// the same everywhere, and two players' games together. In the asker's language; names are plain text, never
// mentions.
import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { Variant } from '../../game';
import type { HeadToHead, PersonRatingView, PlayerStats, VariantRecord } from '../../service/game-service';
import { INCENTIVES } from '../../service/game-service';
import type { Translate } from '../i18n';
import { plainName } from './daily';
import { decimal } from './leaderboard';
import { ratingText } from './results';

/** A person's rating in one variant they have rated games in. */
export type VariantRating = PersonRatingView & { variant: Variant };

const rate = (wins: number, games: number) => Math.round((wins / games) * 100);
/** Long display names are cut, so a title stays one line and within Discord's 256 characters. */
const NAME_LENGTH = 40;
const shortName = (name: string) => plainName([...name].slice(0, NAME_LENGTH).join(''));

function variantField(v: VariantRecord, t: Translate, language: string): { name: string; value: string } {
  const met = INCENTIVES.filter((name) => v.incentives[name] > 0).map((name) =>
    t('stats.incentive', { name: t(`word.category.${name}`), count: v.incentives[name] }),
  );
  const lines = [
    t('stats.variant', {
      wins: t('word.wins', { count: v.wins }),
      games: t('word.games', { count: v.games }),
      rate: rate(v.wins, v.games),
      average: decimal(v.averageFinal, language),
      best: v.bestFinal,
    }),
    t('stats.fives', {
      fives: t('word.fives', { count: v.olathesScored, word: t(`word.${v.variant}`) }),
      thrown: v.olathesThrown,
    }),
    met.length ? t('stats.incentives', { list: met.join(' · ') }) : t('stats.noIncentive'),
  ];
  if (v.exactPredictions > 0) lines.push(t('stats.predictions', { count: v.exactPredictions }));
  return { name: t(`word.${v.variant}`), value: lines.join('\n') };
}

/**
 * Their rating in each variant with rated games: "Olathe **1,538?** · best 1,561 · 12 rated games", what the "?"
 * means while one is provisional, or that there is none yet.
 */
export function ratingField(ratings: readonly VariantRating[], t: Translate, language: string): APIEmbedField {
  const lines = ratings.map((r) =>
    t('stats.rating', {
      variant: t(`word.${r.variant}`),
      rating: ratingText(r.rating, r.provisional, language),
      best: ratingText(r.best, false, language),
      games: t('stats.ratedGames', { count: r.games, n: r.games.toLocaleString(language) }),
    }),
  );
  if (ratings.some((r) => r.provisional)) lines.push(t('stats.ratingProvisional'));
  return { name: t('stats.ratingField'), value: lines.length ? lines.join('\n') : t('stats.noRatings') };
}

/**
 * One player's record: overall, each variant played, and the streaks; in a server, or (`inServer` false) in DMs.
 * With `ratings` (their rated variants, maybe none), a field of their ratings too.
 */
export function statsEmbed(
  stats: PlayerStats,
  t: Translate,
  language: string,
  inServer = true,
  ratings?: readonly VariantRating[],
): APIEmbed {
  const description = [
    t('stats.overall', {
      wins: t('word.wins', { count: stats.wins }),
      games: t('word.games', { count: stats.games }),
      rate: rate(stats.wins, stats.games),
      rank: stats.rank.rank,
      of: stats.rank.of,
    }),
    t('stats.streak', { longest: stats.longestStreak, current: stats.currentStreak }),
    t('stats.since', { at: Math.floor(stats.firstFinishedAt / 1000) }),
  ];
  return {
    title: t(inServer ? 'stats.title' : 'stats.titleDm', { name: shortName(stats.name) }),
    description: description.join('\n'),
    fields: [
      ...stats.variants.map((v) => ({ ...variantField(v, t, language), inline: true })),
      ...(ratings ? [ratingField(ratings, t, language)] : []),
    ],
    footer: { text: t(inServer ? 'stats.footer' : 'stats.footerDm') },
  };
}

/** Someone with rated games but no finished game here (`none` says so): their ratings alone. */
export function ratingsOnlyEmbed(
  name: string,
  none: string,
  ratings: readonly VariantRating[],
  t: Translate,
  language: string,
  inServer = true,
): APIEmbed {
  return {
    title: t(inServer ? 'stats.title' : 'stats.titleDm', { name: shortName(name) }),
    description: none,
    fields: [ratingField(ratings, t, language)],
  };
}

/** Two players' games together, and who placed above whom. */
export function versusEmbed(h: HeadToHead, names: { a: string; b: string }, t: Translate): APIEmbed {
  const a = shortName(names.a);
  const b = shortName(names.b);
  const lines = (r: Omit<HeadToHead, 'userId' | 'otherId' | 'variants'>) =>
    [
      t('stats.versusGames', { games: t('word.games', { count: r.games }) }),
      t('stats.versusPlaces', { a, b, ahead: r.ahead, behind: r.behind, level: r.level }),
      t('stats.versusWins', { a, b, wins: r.wins, otherWins: r.otherWins }),
    ].join('\n');
  return {
    title: t('stats.versusTitle', { a, b }),
    description: lines(h),
    fields:
      h.variants.length > 1
        ? h.variants.map((v) => ({ name: t(`word.${v.variant}`), value: lines(v), inline: false }))
        : [],
    footer: { text: t('stats.versusFooter') },
  };
}
