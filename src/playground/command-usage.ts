// The command box's hints: every runnable command line (each subcommand, those of a group too) with its
// options, their kinds and the values to suggest, read from the registered command tree.
import type { APIApplicationCommand } from 'discord.js';
import type { OptionDef } from './command-line';
import { T, subcommandsOf } from './command-line';

export interface CommandUsage {
  /** "/olathe start" */
  command: string;
  description: string;
  /** One entry per option, e.g. { name: 'variant', hint: 'olathe|balut', description, required }. */
  options: Array<{
    name: string;
    hint: string;
    description: string;
    required: boolean;
    kind: OptionKind;
    values?: string[];
    /** A channel option's kinds of channel (0 text, 11 thread…); absent: any. */
    channelTypes?: number[];
  }>;
}

export type OptionKind = 'string' | 'integer' | 'number' | 'boolean' | 'user' | 'channel' | 'other';

/** Every runnable command line (each subcommand) with its options, for the page's hints. */
export function describeCommands(tree: readonly APIApplicationCommand[]): CommandUsage[] {
  const out: CommandUsage[] = [];
  const walk = (prefix: string, description: string, level: OptionDef[]) => {
    const subs = subcommandsOf(level);
    if (subs.length === 0) {
      out.push({
        command: prefix,
        description,
        options: level.map((o) => {
          const values = o.choices
            ? o.choices.map((c) => String(c.value))
            : o.type === T.Boolean
              ? ['true', 'false']
              : undefined;
          return {
            name: o.name,
            hint: hintOf(o),
            description: o.description ?? '',
            required: o.required === true,
            kind: kindOf(o),
            ...(values ? { values } : {}),
            ...(o.channel_types ? { channelTypes: o.channel_types } : {}),
          };
        }),
      });
      return;
    }
    for (const sub of subs) walk(`${prefix} ${sub.name}`, sub.description ?? '', sub.options ?? []);
  };
  for (const command of tree)
    if ((command.type ?? 1) === 1)
      walk(`/${command.name}`, command.description, (command.options ?? []) as OptionDef[]);
  return out;
}

function kindOf(def: OptionDef): OptionKind {
  switch (def.type) {
    case T.String:
      return 'string';
    case T.Integer:
      return 'integer';
    case T.Number:
      return 'number';
    case T.Boolean:
      return 'boolean';
    case T.User:
      return 'user';
    case T.Channel:
      return 'channel';
    default:
      return 'other';
  }
}

function hintOf(def: OptionDef): string {
  if (def.choices) return def.choices.map((c) => c.value).join('|');
  switch (def.type) {
    case T.Integer:
    case T.Number:
      return def.min_value !== undefined && def.max_value !== undefined
        ? `${def.min_value}–${def.max_value}`
        : 'number';
    case T.Boolean:
      return 'true|false';
    case T.User:
      return '@user';
    case T.Channel:
      return '#channel';
    default:
      return 'text';
  }
}
