// Options declared as data: the command definition is built from them, and the arguments are read with the
// getter of each option's type (a value outside the declared choices counts as not given).
import { describe, expect, it } from 'vitest';
import type { ChatInputCommandInteraction } from 'discord.js';
import { ApplicationCommandOptionType } from 'discord.js';
import { readArgs } from '../../../src/discord/options';
import { START_OPTIONS } from '../../../src/discord/subcommands/start';
import { data } from '../../../commands/olathe';

function interactionWith(values: Record<string, unknown>): ChatInputCommandInteraction {
  const get = (name: string) => (name in values ? values[name] : null);
  const options = { getString: get, getInteger: get, getBoolean: get, getUser: get };
  return { options } as unknown as ChatInputCommandInteraction;
}

describe('slash-command options as data', () => {
  it('the definition of /olathe start lists every declared option, in order, with its type and bounds', () => {
    const json = data.toJSON();
    const start = json.options!.find((o) => o.name === 'start') as unknown as {
      options: Array<Record<string, unknown>>;
    };
    expect(start.options.map((o) => o.name)).toEqual(Object.keys(START_OPTIONS));
    const byName = new Map(start.options.map((o) => [o.name, o]));
    expect(byName.get('free')).toMatchObject({
      type: ApplicationCommandOptionType.Integer,
      min_value: 0,
      max_value: 6,
    });
    expect(byName.get('thread')).toMatchObject({ type: ApplicationCommandOptionType.Boolean });
    expect(byName.get('difficulty')).toMatchObject({
      type: ApplicationCommandOptionType.String,
      choices: START_OPTIONS.difficulty.choices.map((c) => ({ name: c.name, value: c.value })),
    });
    // Offered for a server's install and a user's own, in servers, the bot's DM and group DMs (global only).
    expect(json.integration_types).toEqual([0, 1]);
    expect(json.contexts).toEqual([0, 1, 2]);
  });

  it('reads each argument by its declared type; absent or unknown choices are left out', () => {
    const args = readArgs(
      interactionWith({ variant: 'balut', free: 3, hints: false, difficulty: 'godlike' }),
      START_OPTIONS,
    );
    expect(args).toEqual({ variant: 'balut', free: 3, hints: false });
    const variant: 'olathe' | 'balut' | undefined = args.variant; // typed from the declared choices
    expect(variant).toBe('balut');
    expect(readArgs(interactionWith({}), START_OPTIONS)).toEqual({});
  });
});
