// The board's words: the `board.page` section of the bot's own catalogues (src/discord/i18n/locales), with the
// category and column names the card uses, so the board and the card say the same things. i18next stays on the
// server: the page needs only `{{name}}` filling and the _one/_other plurals, a few lines here.
import da from '../../discord/i18n/locales/da';
import en from '../../discord/i18n/locales/en';
import type { Catalogue } from '../../discord/i18n';
import type { BoardRating } from '../seat-ratings';
import { RATING_WORDS } from './rating-words';

type PageWords = Catalogue['board']['page'];
export type WordKey = keyof PageWords;
export type Vars = Record<string, string | number>;

/** What the page draws with: a text of `board.page`, a category's or a column's name, a plural of `word`. */
export interface Words {
  language: string;
  t(key: WordKey, vars?: Vars): string;
  category(category: string, variant: string): string;
  column(kind: string, freeNumber: number): string;
  points(points: number): string;
  /** "point" or "points", as the count wants. */
  unit(points: number): string;
  /** A whole number as the person's language writes it: 1,538 (English), 1.538 (Danish). */
  number(n: number): string;
  /** A rating as shown beside a name: "1,538", "1,538?" while provisional. */
  rating(rating: BoardRating): string;
  /** A rated game's change of a rating: "+14", "−3", "±0". */
  ratingChange(change: number): string;
  /** A rating's tooltip: what the number is, in which game, and what its "?" or its change means. */
  ratingTitle(rating: BoardRating, variant: string): string;
}

const CATALOGUES: Record<string, Catalogue> = { en, da };

/** The catalogue for a Discord locale ('da', 'en-US' …): exact, then its language, then English. */
export function languageOf(locale: string | null | undefined): string {
  if (!locale) return 'en';
  if (CATALOGUES[locale]) return locale;
  const language = locale.split('-')[0] ?? '';
  return CATALOGUES[language] ? language : 'en';
}

/** Fills `{{name}}` from vars; a missing variable stays visible rather than vanishing. */
export function fill(text: string, vars: Vars = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function wordsFor(locale: string | null | undefined): Words {
  const language = languageOf(locale);
  const catalogue = CATALOGUES[language] ?? en;
  const page = catalogue.board.page;
  const word = catalogue.word;
  const ratingWords = RATING_WORDS[language === 'da' ? 'da' : 'en'];
  const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const changes = new Intl.NumberFormat(language, { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  const number = (n: number) => numbers.format(n);
  const ratingChange = (change: number) => (change === 0 ? '±0' : changes.format(change));
  const rating = (r: BoardRating) => `${number(r.rating)}${r.provisional ? '?' : ''}`;
  const wordOf = (variant: string) => (variant === 'balut' ? word.balut : word.olathe);
  return {
    language,
    t: (key, vars) => fill(page[key] ?? en.board.page[key], vars),
    category: (category, variant) =>
      category === 'olathe' && variant === 'balut'
        ? word.balut
        : ((word.category as Record<string, string>)[category] ?? category),
    column: (kind, freeNumber) =>
      kind === 'free'
        ? fill(word.column.free, { n: freeNumber })
        : ((word.column as Record<string, string>)[kind] ?? kind),
    points: (points) => fill(points === 1 ? word.points_one : word.points_other, { points }),
    unit: (points) => (points === 1 ? word.pointUnit_one : word.pointUnit_other),
    number,
    rating,
    ratingChange,
    ratingTitle: (r, variant) => {
      const text = r.computer ? ratingWords.computer : r.provisional ? ratingWords.provisional : ratingWords.rating;
      const title = fill(text, { variant: wordOf(variant), rating: rating(r) });
      return r.change === null ? title : `${title} · ${fill(ratingWords.change, { change: ratingChange(r.change) })}`;
    },
  };
}
