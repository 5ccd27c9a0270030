import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, LANGUAGES, languageOf, tr } from '../../../src/discord/i18n';
import type { MessageKey } from '../../../src/discord/i18n';

/** Every text of a catalogue by its dotted key. */
function flatten(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('has English and Danish, found from the files present', () => {
    expect(LANGUAGES).toEqual(expect.arrayContaining(['en', 'da']));
    expect(LANGUAGES[0]).toBe('en');
  });

  it.each(LANGUAGES.filter((code) => code !== 'en'))(
    '%s has every English key with the same variables, and no other',
    (code) => {
      const en = flatten(CATALOGUES.en);
      const other = flatten(CATALOGUES[code]);
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of en)
        expect({ key, vars: variables(other.get(key)!) }).toEqual({ key, vars: variables(text) });
    },
  );

  it('picks the language from a Discord locale: exact, its language, then English', () => {
    expect(languageOf('da')).toBe('da');
    expect(languageOf('en-US')).toBe('en');
    expect(languageOf('de')).toBe(LANGUAGES.includes('de') ? 'de' : 'en');
    expect(languageOf(undefined)).toBe('en');
    expect(tr('da')('refusal.turnOfThenYours', { name: 'Bob' })).toBe('Det er Bobs tur — du er den næste.');
    expect(tr('en-GB')('word.cells', { count: 1 })).toBe('1 cell');
  });

  it('remembers nothing wrong: every text, asked again with other values, reads as i18next itself reads it', () => {
    const plain = i18next.createInstance();
    void plain.init({
      resources: Object.fromEntries(LANGUAGES.map((code) => [code, { translation: CATALOGUES[code]! }])),
      fallbackLng: 'en',
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    for (const code of LANGUAGES) {
      const t = tr(code);
      const keys = new Set([...flatten(CATALOGUES[code]).keys()].map((k) => k.replace(/_(one|other)$/, '')));
      for (const key of keys) {
        const names = new Set(
          variables(flatten(CATALOGUES[code]).get(key) ?? flatten(CATALOGUES[code]).get(`${key}_other`)!),
        );
        // Each key three times: a count of 1 and of 2 (the plural forms), then the first values again.
        for (const n of [1, 2, 1]) {
          const vars = Object.fromEntries([...names].map((name) => [name, name === 'count' ? n : `${name}${n}`]));
          const expected = plain.getFixedT(code)(key, vars);
          expect({ code, key, n, text: t(key as MessageKey, vars) }).toEqual({ code, key, n, text: expected });
        }
        expect(t(key as MessageKey)).toBe(plain.getFixedT(code)(key, {}));
      }
    }
  });
});
