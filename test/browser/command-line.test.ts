// The playground's command box: typed `/olathe …` lines become what FakeDiscord.slash() takes, read against
// the command tree the bot registers; mistakes become one plain sentence.
import { describe, expect, it } from 'vitest';
import type { APIApplicationCommand } from 'discord.js';
import type { FakeUser } from '../../src/fake-discord';
import { commands } from '../../commands';
import { describeCommands, parseCommandLine, tokenize, UsageError } from '../../src/playground/command-line';

const tree = [...commands.values()].map((c) => c.data.toJSON()) as APIApplicationCommand[];
/** The subcommands as the bot defines them, in order: the page must offer exactly these. */
const subcommandNames = (tree[0]!.options ?? []).map((o) => o.name);
const user = (id: string, username: string, globalName: string): FakeUser => ({
  id,
  username,
  globalName,
  bot: false,
  permissions: '0',
  roleIds: [],
});
const users = [user('111111111111111111', 'alice', 'Alice'), user('222222222222222222', 'bob', 'Bob')];
const parse = (text: string) => parseCommandLine(text, tree, users);
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
    expect(usage.map((u) => u.command)).toEqual(subcommandNames.map((name) => `/olathe ${name}`));
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
  });
});
