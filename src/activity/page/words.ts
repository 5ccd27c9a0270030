// The board's words: the `board.page` section of the bot's own catalogues (src/discord/i18n/locales), with the
// category and column names the card uses, so the board and the card say the same things. i18next stays on the
// server: the page needs only `{{name}}` filling and the _one/_other plurals, a few lines here.
import da from '../../discord/i18n/locales/da';
import en from '../../discord/i18n/locales/en';
import type { Catalogue } from '../../discord/i18n';

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
  };
}
