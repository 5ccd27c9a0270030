// Every player-facing text comes from a catalogue in ./locales, one file per language, read through i18next.
// The languages are the files present: each Discord locale code (and its language, 'es' of 'es-ES') is tried
// as ./locales/<code>.ts, which esbuild bundles as a glob and vitest/tsx resolve directly, so a new language
// is one new file. Ephemeral replies follow the user's Discord language (interaction.locale); channel
// messages follow the game's stored locale (the guild's preferred locale when the lobby opened).
import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { Locale } from 'discord.js';
import type en from './locales/en';

type Plain<T> = T extends string ? string : { readonly [K in keyof T]: Plain<T[K]> };
/** What each language's file exports: the English catalogue's shape, every text a string. */
export type Catalogue = Plain<typeof en>;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A key of the catalogue, plural forms named without their _one/_other ending. */
export type MessageKey =
  Leaves<typeof en> extends infer L ? (L extends `${infer B}_${'one' | 'other'}` ? B : L) : never;

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export const DEFAULT_LANGUAGE = 'en';

const CANDIDATES = [
  ...new Set([DEFAULT_LANGUAGE, ...Object.values(Locale).flatMap((code) => [code, code.split('-')[0]!])]),
];

async function loadCatalogues(): Promise<Record<string, Catalogue>> {
  const found: Record<string, Catalogue> = {};
  for (const code of CANDIDATES) {
    try {
      found[code] = ((await import(`./locales/${code}.ts`)) as { default: Catalogue }).default;
    } catch {
      // No catalogue for this code: it falls back to its language, then to English.
    }
  }
  return found;
}

export const CATALOGUES: Readonly<Record<string, Catalogue>> = await loadCatalogues();
/** The languages there is a catalogue for, English first. */
export const LANGUAGES: readonly string[] = Object.keys(CATALOGUES);

const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((code) => [code, { translation: CATALOGUES[code]! }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  // Discord markdown, not HTML: nothing to escape, and mentions must pass through as written.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The catalogue to use for a Discord locale ('da', 'en-US', 'es-ES', …): exact, then its language, then English. */
export function languageOf(locale: string | null | undefined): string {
  if (!locale) return DEFAULT_LANGUAGE;
  if (CATALOGUES[locale]) return locale;
  const language = locale.split('-')[0]!;
  return CATALOGUES[language] ? language : DEFAULT_LANGUAGE;
}

const translators = new Map<string, Translate>();

/** Texts with variables kept per language; past this many the memory starts afresh (names and dice vary). */
const REMEMBERED_TEXTS = 5_000;

/**
 * i18next's answer for a key and its variables, looked up once and then remembered: a card is drawn from the
 * same few dozen texts on every click, and asking i18next each time cost most of a click's CPU.
 * A text is a pure function of the language, the key and the variables, so remembering it changes nothing.
 */
function remembering(fixed: TFunction): Translate {
  const plain = new Map<string, string>();
  const withVars = new Map<string, string>();
  return (key, vars) => {
    if (vars === undefined) {
      let text = plain.get(key);
      if (text === undefined) plain.set(key, (text = fixed(key, {}) as string));
      return text;
    }
    // Numbers and strings are told apart: i18next picks a plural form only for a number.
    let id = key;
    for (const name in vars) {
      const value = vars[name]!;
      id += `\u0000${name}${typeof value === 'number' ? '#' : '$'}${value}`;
    }
    let text = withVars.get(id);
    if (text === undefined) {
      if (withVars.size >= REMEMBERED_TEXTS) withVars.clear();
      withVars.set(id, (text = fixed(key, vars) as string));
    }
    return text;
  };
}

/** The texts of one language. */
export function tr(locale: string | null | undefined): Translate {
  const language = languageOf(locale);
  let t = translators.get(language);
  if (!t) translators.set(language, (t = remembering(i18n.getFixedT(language))));
  return t;
}

/** The texts for whoever clicked or typed: their own Discord language. */
export function trFor(interaction: { locale?: string | null }): Translate {
  return tr(interaction.locale);
}
