// What the Activity server itself says when it refuses a connection or a message: the catalogues' `board.server`
// section (src/discord/i18n/locales), in the language move refusals use — the person's Discord language once
// Discord has said who they are (/users/@me), else the language of the game the board shows, else English. A
// refusal that comes before either is known (a forged token, Discord out of reach, a garbled hello) is English:
// the server does not read the database for someone Discord has not vouched for just to pick a language.
import type { Catalogue } from '../discord/i18n';
import { tr } from '../discord/i18n';

export type Refusal = keyof Catalogue['board']['server'];

/** The refusal's words for a Discord locale ('da', 'en-US' …, null: English). */
export function refusedWords(refusal: Refusal, locale: string | null | undefined): string {
  return tr(locale)(`board.server.${refusal}`);
}
