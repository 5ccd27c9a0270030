// The /olathe command in every language there is a catalogue for: Discord shows a command's names and
// descriptions in the user's client language from `name_localizations` / `description_localizations`,
// keyed by Discord locale. English is the command's own (default) text; each other Discord locale gets the
// catalogue languageOf picks for it, so a new language file localises the command with nothing else to change.
import { Locale } from 'discord.js';
import { MAX_THROWS, MIN_THROWS } from '../game';
import type { MessageKey } from './i18n';
import { DEFAULT_LANGUAGE, languageOf, tr } from './i18n';

/** What the command's texts may name. */
const VARS = { min: MIN_THROWS, max: MAX_THROWS };

/** A catalogue text of the command, by Discord locale, for every locale whose language is not English. */
export function localisations(key: string): Partial<Record<Locale, string>> {
  const out: Partial<Record<Locale, string>> = {};
  for (const locale of Object.values(Locale)) {
    const language = languageOf(locale);
    if (language !== DEFAULT_LANGUAGE) out[locale] = tr(language)(key as MessageKey, VARS);
  }
  return out;
}

/** The catalogue keys of the command's parts: `command.<subcommand>[.options.<option>].name|description`. */
export function commandKey(subcommand: string, option?: string): string {
  return option ? `command.${subcommand}.options.${option}` : `command.${subcommand}`;
}

/** The catalogue key of a choice's name, by its value. */
export const choiceKey = (value: string): string => `command.choice.${value}`;
