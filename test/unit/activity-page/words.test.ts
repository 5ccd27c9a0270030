// The board's words come from the bot's catalogues (board.page), in the player's language: Danish for da, English
// for anything without a catalogue, with every {{variable}} of English present in Danish too.
import { describe, expect, it } from 'vitest';
import en from '../../../src/discord/i18n/locales/en';
import da from '../../../src/discord/i18n/locales/da';
import { fill, languageOf, wordsFor } from '../../../src/activity/page/words';

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
});
