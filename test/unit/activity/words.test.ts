// The Activity server's own refusals come from the catalogues' board.server section, in the language asked for:
// Danish for da, English for en-US, a language without a catalogue, or none.
import { describe, expect, it } from 'vitest';
import en from '../../../src/discord/i18n/locales/en';
import da from '../../../src/discord/i18n/locales/da';
import { refusedWords } from '../../../src/activity/words';

describe("the Activity server's refusals", () => {
  it('are worded in Danish or English, English when no catalogue fits', () => {
    for (const key of Object.keys(en.board.server) as (keyof typeof en.board.server)[]) {
      expect(refusedWords(key, 'da'), key).toBe(da.board.server[key]);
      expect(refusedWords(key, 'en-US'), key).toBe(en.board.server[key]);
      expect(refusedWords(key, 'ja'), key).toBe(en.board.server[key]);
      expect(refusedWords(key, null), key).toBe(en.board.server[key]);
      expect(da.board.server[key], key).not.toBe(en.board.server[key]);
    }
  });
});
