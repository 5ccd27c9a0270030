// Slash-command options as plain data, and the types of their values derived from it (as discord-utils-bot
// does): a subcommand declares its options once, the command definition is built from them, and
// `readArgs` hands the subcommand its arguments already typed — no reading by name and casting.
import type {
  ApplicationCommandOptionBase,
  ChannelType,
  ChatInputCommandInteraction,
  SlashCommandSubcommandBuilder,
  User,
} from 'discord.js';
import { choiceKey, commandKey, localisations } from './command-locales';
import type { BotContext } from './context';

interface Choice<V extends string> {
  readonly name: string;
  readonly value: V;
}

export type OptionSpec =
  | {
      readonly type: 'string';
      readonly description: string;
      readonly choices?: readonly Choice<string>[];
      /** Discord's client asks for it before sending; the subcommand still refuses its absence itself. */
      readonly required?: boolean;
    }
  | {
      readonly type: 'integer';
      readonly description: string;
      readonly min?: number;
      readonly max?: number;
      readonly required?: boolean;
    }
  | { readonly type: 'boolean'; readonly description: string }
  | { readonly type: 'user'; readonly description: string }
  /** A channel of the server, of one of `channelTypes` (Discord's client offers only those). */
  | {
      readonly type: 'channel';
      readonly description: string;
      readonly channelTypes: readonly (ChannelType.GuildText | ChannelType.GuildAnnouncement)[];
    };

/** A channel option's value: the channel Discord resolved (its id and type; a cached channel has more). */
export interface ChannelArg {
  readonly id: string;
  readonly type: ChannelType;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

type ValueOf<S extends OptionSpec> = S extends { type: 'string'; choices: readonly Choice<infer V>[] }
  ? V
  : S extends { type: 'string' }
    ? string
    : S extends { type: 'integer' }
      ? number
      : S extends { type: 'boolean' }
        ? boolean
        : S extends { type: 'user' }
          ? User
          : S extends { type: 'channel' }
            ? ChannelArg
            : never;

/** The arguments a subcommand was given: each option's value, or absent when the user left it out. */
export type Args<T extends OptionSpecs> = { [K in keyof T]?: ValueOf<T[K]> };

/** A subcommand: its description, its options as data, and what it does with the arguments they give. */
export interface Subcommand<T extends OptionSpecs = OptionSpecs> {
  readonly description: string;
  readonly options: T;
  run(interaction: ChatInputCommandInteraction, args: Args<T>, context: BotContext): Promise<void>;
}

/** A declared subcommand, ready to run: its arguments are read as its options declare them. */
export interface SubcommandEntry {
  readonly description: string;
  readonly options: OptionSpecs;
  execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void>;
}

/** A subcommand group (`/olathe tournament create`): its description and its subcommands, in Discord's order. */
export interface SubcommandGroupEntry {
  readonly description: string;
  readonly subcommands: Readonly<Record<string, SubcommandEntry>>;
}

export function subcommandGroup(
  description: string,
  subcommands: Readonly<Record<string, SubcommandEntry>>,
): SubcommandGroupEntry {
  return { description, subcommands };
}

export function isSubcommandGroup(entry: SubcommandEntry | SubcommandGroupEntry): entry is SubcommandGroupEntry {
  return 'subcommands' in entry;
}

/** Declares a subcommand; the types of `run`'s arguments follow from its options. */
export function subcommand<T extends OptionSpecs>(spec: Subcommand<T>): SubcommandEntry {
  return {
    description: spec.description,
    options: spec.options,
    execute: (interaction, context) => spec.run(interaction, readArgs(interaction, spec.options), context),
  };
}

export function readArgs<T extends OptionSpecs>(interaction: ChatInputCommandInteraction, specs: T): Args<T> {
  const o = interaction.options;
  const args: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const value =
      spec.type === 'string'
        ? o.getString(name)
        : spec.type === 'integer'
          ? o.getInteger(name)
          : spec.type === 'boolean'
            ? o.getBoolean(name)
            : spec.type === 'channel'
              ? o.getChannel(name)
              : o.getUser(name);
    // A value outside the declared choices (a client that ignores them) counts as not given.
    if (value === null || (spec.type === 'string' && spec.choices && !spec.choices.some((c) => c.value === value)))
      continue;
    args[name] = value;
  }
  // Each value was read with the getter of its declared type, which is what Args<T> says.
  return args as Args<T>;
}

/** Adds the options, in their declared order, to a subcommand's definition. */
export function addOptions(
  builder: SlashCommandSubcommandBuilder,
  specs: OptionSpecs,
  subcommand = builder.name,
): SlashCommandSubcommandBuilder {
  for (const [name, spec] of Object.entries(specs)) {
    const key = commandKey(subcommand, name);
    const named = <O extends ApplicationCommandOptionBase>(o: O): O =>
      o
        .setName(name)
        .setDescription(spec.description)
        .setNameLocalizations(localisations(`${key}.name`))
        .setDescriptionLocalizations(localisations(`${key}.description`));
    switch (spec.type) {
      case 'string':
        builder.addStringOption((o) => {
          named(o).setRequired(spec.required === true);
          const choices = (spec.choices ?? []).map((c) => ({
            ...c,
            name_localizations: localisations(choiceKey(c.value)),
          }));
          return choices.length ? o.addChoices(...choices) : o;
        });
        break;
      case 'integer':
        builder.addIntegerOption((o) => {
          named(o).setRequired(spec.required === true);
          if (spec.min !== undefined) o.setMinValue(spec.min);
          return spec.max !== undefined ? o.setMaxValue(spec.max) : o;
        });
        break;
      case 'boolean':
        builder.addBooleanOption(named);
        break;
      case 'user':
        builder.addUserOption(named);
        break;
      case 'channel':
        builder.addChannelOption((o) => named(o).addChannelTypes(...spec.channelTypes));
        break;
    }
  }
  return builder;
}
