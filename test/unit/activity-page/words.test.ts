// The board's words come from the bot's catalogues (board.page), in the player's language: Danish for da, English
// for anything without a catalogue, with every {{variable}} of English present in Danish too.
import { describe, expect, it } from 'vitest';
import en from '../../../src/discord/i18n/locales/en';
import da from '../../../src/discord/i18n/locales/da';
import { fill, languageOf, wordsFor } from '../../../src/activity/page/words';
import { RATING_WORDS } from '../../../src/activity/page/rating-words';

const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the board in Danish and English', () => {
  it('picks the catalogue by locale, falling back to English', () => {
    expect(languageOf('da')).toBe('da');
    expect(languageOf('en-US')).toBe('en');
    expect(languageOf('ja')).toBe('en');
    expect(languageOf(null)).toBe('en');
  });

  it('says the same things in both languages, each with the same variables', () => {
    expect(Object.keys(da.board.page).sort()).toEqual(Object.keys(en.board.page).sort());
    for (const [key, text] of Object.entries(en.board.page))
      expect(variables(da.board.page[key as keyof typeof da.board.page]), key).toEqual(variables(text));
  });

  it('fills variables and names cells and columns as the card does', () => {
    const danish = wordsFor('da');
    expect(danish.t('throw', { left: 2 })).toBe('🎲 Kast (2 tilbage)');
    expect(danish.column('free', 2)).toBe('Fri 2');
    expect(danish.column('down', 0)).toBe('↓ Ned');
    const english = wordsFor('en-GB');
    expect(english.category('olathe', 'balut')).toBe('Balut');
    expect(english.category('sixes', 'olathe')).toBe('Sixes');
    expect(english.unit(1)).toBe('point');
    expect(english.unit(12)).toBe('points');
    expect(fill('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
  });

  it('writes a rating as each language writes numbers, with "?" while provisional and a signed change', () => {
    const settled = { rating: 1538, provisional: false, computer: false, change: null };
    const fresh = { rating: 1500, provisional: true, computer: false, change: null };
    const english = wordsFor('en-US');
    const danish = wordsFor('da');
    expect(english.rating(settled)).toBe('1,538');
    expect(danish.rating(settled)).toBe('1.538');
    expect(english.rating(fresh)).toBe('1,500?');
    expect([14, -3, 0].map(english.ratingChange)).toEqual(['+14', '-3', '±0']);
    expect(danish.ratingChange(-1200)).toBe('-1.200');
    expect(english.ratingTitle(fresh, 'balut')).toBe('Rating in Balut: 1,500? (“?”: provisional, still settling in)');
    expect(danish.ratingTitle({ ...settled, change: 14 }, 'olathe')).toBe('Rating i Olathe: 1.538 · +14 i dette spil');
    expect(english.ratingTitle({ ...settled, rating: 2149, computer: true }, 'olathe')).toContain('fixed');
    // The rating's words: the same keys and variables in both languages, and not left untranslated.
    expect(Object.keys(RATING_WORDS.da).sort()).toEqual(Object.keys(RATING_WORDS.en).sort());
    for (const [key, text] of Object.entries(RATING_WORDS.en)) {
      const danishText = RATING_WORDS.da[key as keyof typeof RATING_WORDS.da];
      expect(variables(danishText), key).toEqual(variables(text));
      expect(danishText, key).not.toBe(text);
    }
  });
});
