// `/olathe tournament …` as Discord registers it: a subcommand group built from the same data as the other
// subcommands, its options in order (required ones first) with Discord's bounds, every text in the catalogues
// (English equal to the definition, Danish within Discord's rules), and the whole command within Discord's
// 8000 characters in every language.
import { describe, expect, it } from 'vitest';
import { ApplicationCommandOptionType, Locale } from 'discord.js';
import { data } from '../../../commands/olathe';
import { languageOf, tr } from '../../../src/discord/i18n';
import { CREATE_OPTIONS } from '../../../src/discord/subcommands/tournament-create';
import { EDIT_OPTIONS } from '../../../src/discord/subcommands/tournament-edit';
import { START_OPTIONS } from '../../../src/discord/subcommands/start';
import { MAX_THROWS, MIN_THROWS } from '../../../src/game';
import { encodeTournamentControl, parseCustomId, parseTournamentControl } from '../../../src/discord/custom-id';

interface Part {
  name: string;
  type?: number;
  value?: string | number;
  description?: string;
  required?: boolean;
  min_value?: number;
  max_value?: number;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  options?: Part[];
  choices?: Part[];
}

const json = data.toJSON() as unknown as Part;
const group = json.options!.find((o) => o.name === 'tournament')!;
const sub = (name: string) => group.options!.find((o) => o.name === name)!;

describe('/olathe tournament', () => {
  it('is a subcommand group of the seven subcommands, with create taking its card options from /olathe start', () => {
    expect(group.type).toBe(ApplicationCommandOptionType.SubcommandGroup);
    expect(group.options!.map((o) => o.name)).toEqual(['create', 'edit', 'start', 'fill', 'cancel', 'leave', 'show']);
    for (const o of group.options!) expect(o.type).toBe(ApplicationCommandOptionType.Subcommand);
    const create = sub('create');
    expect(create.options!.map((o) => o.name)).toEqual(Object.keys(CREATE_OPTIONS));
    // Discord wants required options first.
    const required = create.options!.map((o) => o.required === true);
    expect(required.slice(0, 3)).toEqual([true, true, true]);
    expect(required.slice(3).some(Boolean)).toBe(false);
    const byName = new Map(create.options!.map((o) => [o.name, o]));
    expect(byName.get('rounds')).toMatchObject({ min_value: 1, max_value: 7 });
    expect(byName.get('table-size')).toMatchObject({ min_value: 2, max_value: 8 });
    expect(CREATE_OPTIONS.variant).toBe(START_OPTIONS.variant);
    expect(CREATE_OPTIONS['turn-timeout']).toBe(START_OPTIONS['turn-timeout']);
    expect(byName.get('free')).toMatchObject({ min_value: 0, max_value: 6 });
  });

  it('lets edit change any of the options an edit may change, none of them required, with create’s bounds', () => {
    const edit = sub('edit');
    expect(edit.options!.map((o) => o.name)).toEqual(Object.keys(EDIT_OPTIONS));
    expect(Object.keys(EDIT_OPTIONS)).toEqual([
      'name',
      'starts',
      'timezone',
      'rounds',
      'table-size',
      'leftovers',
      'turn-timeout',
    ]);
    expect(edit.options!.some((o) => o.required)).toBe(false);
    const byName = new Map(edit.options!.map((o) => [o.name, o]));
    expect(byName.get('rounds')).toMatchObject({ min_value: 1, max_value: 7 });
    expect(byName.get('table-size')).toMatchObject({ min_value: 2, max_value: 8 });
    expect(byName.get('turn-timeout')).toMatchObject({ min_value: 1, max_value: 1440 });
    expect(byName.get('leftovers')!.choices!.map((c) => c.value)).toEqual(['computer', 'bye']);
    expect(edit.name_localizations?.da).toBe('rediger');
  });

  it('has its English texts in the catalogue, equal to the definition, three levels deep', () => {
    const en = tr('en') as (key: string, vars?: Record<string, number>) => string;
    const vars = { min: MIN_THROWS, max: MAX_THROWS };
    expect(en('command.tournament.name')).toBe(group.name);
    expect(en('command.tournament.description')).toBe(group.description);
    for (const s of group.options!) {
      const key = `command.tournament.options.${s.name}`;
      expect(en(`${key}.name`)).toBe(s.name);
      expect(en(`${key}.description`)).toBe(s.description);
      for (const option of s.options ?? []) {
        expect(en(`${key}.options.${option.name}.name`)).toBe(option.name);
        expect(en(`${key}.options.${option.name}.description`, vars)).toBe(option.description);
        for (const c of option.choices ?? []) expect(en(`command.choice.${c.value}`)).toBe(c.name);
      }
    }
  });

  it('is in Danish at every level, names unique among siblings', () => {
    expect(group.name_localizations?.da).toBe('turnering');
    expect(sub('create').name_localizations?.da).toBe('opret');
    for (const s of group.options!) {
      const names = (s.options ?? []).map((o) => o.name_localizations?.da);
      expect(new Set(names).size, s.name).toBe(names.length);
      for (const option of s.options ?? []) {
        expect(option.name_localizations?.da, option.name).toMatch(/^[-_\p{L}\p{N}]{1,32}$/u);
        expect(option.description_localizations?.da?.length, option.name).toBeLessThanOrEqual(100);
        expect(option.description_localizations?.da, option.name).not.toMatch(/\{\{|command\./);
      }
    }
  });

  it('keeps the whole command within 8000 characters in every language', () => {
    // Discord: the combined names, descriptions and choice values of a command, counted per locale.
    const size = (part: Part, locale: string | null): number =>
      (locale ? (part.name_localizations?.[locale] ?? part.name) : part.name).length +
      (part.description === undefined
        ? 0
        : (locale ? (part.description_localizations?.[locale] ?? part.description) : part.description).length) +
      (part.value === undefined ? 0 : String(part.value).length) +
      (part.options ?? []).reduce((n, o) => n + size(o, locale), 0) +
      (part.choices ?? []).reduce((n, c) => n + size(c, locale), 0);
    const locales = [null, ...Object.values(Locale).filter((l) => languageOf(l) !== 'en')];
    for (const locale of locales) expect(size(json, locale), String(locale)).toBeLessThanOrEqual(8000);
  });
});

describe('the sign-up buttons’ custom_ids', () => {
  it('round-trip in a namespace of their own that no game control is read as, and refuse forgeries', () => {
    for (const action of ['join', 'leave', 'start'] as const) {
      const text = encodeTournamentControl({ action, tournamentId: 999_999_999 });
      expect(text).toBe(`o1:t:${action}:999999999`);
      expect(parseTournamentControl(text)).toEqual({ action, tournamentId: 999_999_999 });
      expect(parseCustomId(text)).toBeNull();
    }
    for (const forged of ['o1:t:join', 'o1:t:join:1:2', 'o1:t:dance:1', 'o1:t:join:-1', 'o2:t:join:1', 'o1:join:1'])
      expect(parseTournamentControl(forged), forged).toBeNull();
  });
});
