// The playground's command box: typed `/olathe …` lines become what FakeDiscord.slash() takes, read against
// the command tree the bot registers; mistakes become one plain sentence.
import { describe, expect, it } from 'vitest';
import type { APIApplicationCommand } from 'discord.js';
import type { FakeChannel, FakeUser } from '../../src/fake-discord';
import { commands } from '../../commands';
import { parseCommandLine, tokenize, UsageError } from '../../src/playground/command-line';
import { describeCommands } from '../../src/playground/command-usage';

const tree = [...commands.values()].map((c) => c.data.toJSON()) as APIApplicationCommand[];
/** The subcommands as the bot defines them, in order: the page must offer exactly these. */
const subcommandNames = (tree[0]!.options ?? []).map((o) => o.name);
/** Every runnable line: a group's subcommands each count, after the group's name. */
const runnable = (tree[0]!.options ?? []).flatMap((o) =>
  o.type === 2 ? (o.options ?? []).map((sub) => `${o.name} ${sub.name}`) : [o.name],
);
const user = (id: string, username: string, globalName: string): FakeUser => ({
  id,
  username,
  globalName,
  bot: false,
  permissions: '0',
  roleIds: [],
});
const users = [user('111111111111111111', 'alice', 'Alice'), user('222222222222222222', 'bob', 'Bob')];
const place = (id: string, name: string, type: FakeChannel['type']): FakeChannel => ({
  id,
  guildId: '900000000000000000',
  name,
  type,
  position: 0,
});
const channels = [
  place('333333333333333333', 'dice', 0),
  place('444444444444444444', 'news', 0),
  place('555555555555555555', '🎲 Olathe #1 — Alice, Bob', 11),
];
const parse = (text: string) => parseCommandLine(text, tree, { users, channels });
const refusal = (text: string): string => {
  try {
    parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`"${text}" was accepted`);
};

describe('parseCommandLine', () => {
  it('reads a subcommand and typed options', () => {
    expect(parse('/olathe start variant:balut predictions:true throws:3')).toEqual({
      commandName: 'olathe',
      subcommand: 'start',
      options: { variant: 'balut', predictions: true, throws: 3 },
    });
    expect(parse('  olathe   help ')).toEqual({ commandName: 'olathe', subcommand: 'help', options: {} });
  });

  it('accepts choice names, yes/no, "key: value" and quotes', () => {
    expect(parse('/olathe start variant:Balut predictions: no').options).toEqual({
      variant: 'balut',
      predictions: false,
    });
    expect(parse('/olathe leaderboard period:"Last 30 days"').options).toEqual({ period: 'month' });
  });

  it('finds users by @name, username, mention or id', () => {
    for (const text of ['user:@Bob', 'user:bob', 'user:<@222222222222222222>', 'user:222222222222222222']) {
      expect(parse(`/olathe card ${text}`).options.user).toMatchObject({ id: '222222222222222222' });
    }
  });

  it('reads a subcommand group, quoted values with spaces and whole numbers', () => {
    expect(
      parse(
        '/olathe tournament create name:"Friday club night" starts:"2026-12-05 19:30" timezone:Europe/Copenhagen rounds:2 table-size:3',
      ),
    ).toEqual({
      commandName: 'olathe',
      subcommand: 'tournament create',
      options: {
        name: 'Friday club night',
        starts: '2026-12-05 19:30',
        timezone: 'Europe/Copenhagen',
        rounds: 2,
        'table-size': 3,
      },
    });
    expect(parse('/olathe tournament fill players:4')).toEqual({
      commandName: 'olathe',
      subcommand: 'tournament fill',
      options: { players: 4 },
    });
    expect(parse('/olathe tournament start')).toMatchObject({ subcommand: 'tournament start', options: {} });
    expect(refusal('/olathe tournament')).toMatch(/\/olathe tournament needs one of: create, edit, start/);
    expect(refusal('/olathe tournament create name:Cup starts:"2026-12-05 19:30"')).toMatch(
      /\/olathe tournament create needs rounds:1/,
    );
    expect(refusal('/olathe tournament create name:Cup starts:x rounds:9')).toMatch(/above the maximum 7/);
    expect(refusal('/olathe tournament fill players:two')).toMatch(/"two" is not a number/);
  });

  it('finds channels by #name, mention, name or id, of the kinds the option takes', () => {
    for (const text of ['#news', '<#444444444444444444>', 'News', '444444444444444444']) {
      expect(parse(`/olathe settings announcements:${text}`).options.announcements).toMatchObject({
        id: '444444444444444444',
      });
    }
    // The announcements take text channels: a thread is not offered, as Discord's picker would not offer it.
    expect(refusal('/olathe settings announcements:"#🎲 Olathe #1 — Alice, Bob"')).toMatch(
      /no channel "#🎲 Olathe #1 — Alice, Bob" to choose here \(#dice, #news\)/,
    );
    expect(refusal('/olathe settings announcements:#general')).toMatch(/no channel "#general"/);
    expect(() => parseCommandLine('/olathe settings announcements:#dice', tree, { users })).toThrow(
      /no channel of that kind here/,
    );
  });

  it('says plainly what is wrong', () => {
    expect(refusal('/roll')).toMatch(/no \/roll command here\. Commands: \/olathe/);
    expect(subcommandNames).toContain('start');
    expect(refusal('/olathe')).toContain(`/olathe needs one of: ${subcommandNames.join(', ')}`);
    expect(refusal('/olathe begin')).toMatch(/\/olathe has no "begin"/);
    expect(refusal('/olathe start colour:red')).toMatch(/has no option "colour"\. Its options: variant, free/);
    expect(refusal('/olathe start variant:yahtzee')).toMatch(/"yahtzee" is not one of olathe, balut/);
    expect(refusal('/olathe start throws:2.5')).toMatch(/not a whole number/);
    expect(refusal('/olathe start throws:99')).toMatch(/above the maximum 9/);
    expect(refusal('/olathe start predictions:maybe')).toMatch(/not true or false/);
    expect(refusal('/olathe start balut')).toMatch(/Write options as name:value/);
    expect(refusal('/olathe help please')).toMatch(/takes no options/);
    expect(refusal('/olathe card user:@Zed')).toMatch(/no user "@Zed" here \(@Alice, @Bob\)/);
    expect(refusal('/olathe start throws:3 throws:4')).toMatch(/given twice/);
    expect(refusal('')).toMatch(/Type a command/);
  });

  it('tokenizes quotes', () => {
    expect(tokenize(`a b:"c d" e:'f g'`)).toEqual(['a', 'b:c d', 'e:f g']);
    expect(() => tokenize('a:"b')).toThrow(/not closed/);
  });
});

describe('describeCommands', () => {
  it('lists every subcommand with its options for the page', () => {
    const usage = describeCommands(tree);
    expect(usage.map((u) => u.command)).toEqual(runnable.map((name) => `/olathe ${name}`));
    expect(runnable).toContain('tournament create');
    const start = usage[0]!;
    expect(start.options.find((o) => o.name === 'variant')).toMatchObject({
      hint: 'olathe|balut',
      kind: 'string',
      values: ['olathe', 'balut'],
    });
    expect(start.options.find((o) => o.name === 'predictions')).toMatchObject({
      kind: 'boolean',
      values: ['true', 'false'],
    });
    const card = usage.find((u) => u.command === '/olathe card')!;
    expect(card.options[0]).toMatchObject({ name: 'user', kind: 'user', hint: '@user' });
    const settings = usage.find((u) => u.command === '/olathe settings')!;
    expect(settings.options.find((o) => o.name === 'announcements')).toMatchObject({
      kind: 'channel',
      hint: '#channel',
      channelTypes: [0, 5],
    });
    const create = usage.find((u) => u.command === '/olathe tournament create')!;
    expect(create.options.find((o) => o.name === 'rounds')).toMatchObject({ kind: 'integer', required: true });
  });
});
