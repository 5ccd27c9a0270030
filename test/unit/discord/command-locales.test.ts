// The /olathe command in Danish: every name and description of the command, its subcommands, options and
// choices has a Danish localisation within Discord's rules, and the English catalogue says what the command's
// own (default) texts say, so the catalogue is the one place a translator reads.
import { describe, expect, it } from 'vitest';
import { Locale } from 'discord.js';
import { data } from '../../../commands/olathe';
import { languageOf } from '../../../src/discord/i18n';

interface Part {
  name: string;
  description?: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  options?: Part[];
  choices?: Part[];
}

/** The command, its subcommands and options, and their choices, each with where it sits. */
function parts(part: Part, path = part.name): { path: string; part: Part; choice: boolean }[] {
  return [
    { path, part, choice: false },
    ...(part.options ?? []).flatMap((o) => parts(o, `${path} ${o.name}`)),
    ...(part.choices ?? []).map((c) => ({ path: `${path} = ${c.name}`, part: c, choice: true })),
  ];
}

const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

describe('the command in Danish', () => {
  const all = parts(data.toJSON() as unknown as Part);

  it('localises every name and description, within Discord limits', () => {
    expect(all.length).toBeGreaterThanOrEqual(30);
    for (const { path, part, choice } of all) {
      const name = part.name_localizations?.da;
      expect(name, path).toBeTruthy();
      if (choice) {
        expect(name!.length, path).toBeLessThanOrEqual(100);
        continue;
      }
      expect(name, path).toMatch(NAME);
      expect(name, path).toBe(name!.toLowerCase());
      const description = part.description_localizations?.da;
      expect(description, path).toBeTruthy();
      expect(description!.length, path).toBeLessThanOrEqual(100);
      expect(description, path).not.toMatch(/\{\{|command\./);
    }
  });

  it('has unique Danish names among siblings, and something actually translated', () => {
    const json = data.toJSON() as unknown as Part;
    for (const level of [json, ...(json.options ?? [])]) {
      const names = (level.options ?? []).map((o) => o.name_localizations?.da);
      expect(new Set(names).size, level.name).toBe(names.length);
    }
    const start = json.options!.find((o) => o.name === 'start')!;
    expect(start.options!.find((o) => o.name === 'free')!.name_localizations!.da).toBe('fri');
    expect(json.options!.find((o) => o.name === 'help')!.name_localizations!.da).toBe('hjælp');
  });

  it('localises for each Discord locale with a catalogue of its own, any language, within the same limits', () => {
    const translated = Object.values(Locale).filter((l) => languageOf(l) !== 'en');
    expect(translated).toContain('da');
    for (const { path, part, choice } of all) {
      expect(Object.keys(part.name_localizations ?? {}).sort(), path).toEqual([...translated].sort());
      for (const name of Object.values(part.name_localizations ?? {})) {
        expect(name.length, path).toBeLessThanOrEqual(choice ? 100 : 32);
        if (!choice) expect(name, path).toMatch(NAME);
        if (!choice) expect(name, path).toBe(name.toLowerCase());
      }
      for (const description of Object.values(part.description_localizations ?? {}))
        expect(description.length, path).toBeLessThanOrEqual(100);
    }
  });
});

describe('the English catalogue of the command', () => {
  it("matches the command's own names and descriptions", async () => {
    const { tr } = await import('../../../src/discord/i18n');
    const { MAX_THROWS, MIN_THROWS } = await import('../../../src/game');
    const en = tr('en') as (key: string, vars?: Record<string, number>) => string;
    const vars = { min: MIN_THROWS, max: MAX_THROWS };
    const json = data.toJSON() as unknown as Part;
    expect(en('command.olathe.name')).toBe(json.name);
    expect(en('command.olathe.description')).toBe(json.description);
    for (const sub of json.options ?? []) {
      expect(en(`command.${sub.name}.name`)).toBe(sub.name);
      expect(en(`command.${sub.name}.description`)).toBe(sub.description);
      for (const option of sub.options ?? []) {
        const key = `command.${sub.name}.options.${option.name}`;
        expect(en(`${key}.name`)).toBe(option.name);
        expect(en(`${key}.description`, vars)).toBe(option.description);
        for (const c of option.choices ?? [])
          expect(en(`command.choice.${(c as unknown as { value: string }).value}`)).toBe(c.name);
      }
    }
  });
});
