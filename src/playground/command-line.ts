// Typed slash commands: `/olathe start variant:balut predictions:true` → the command, subcommand and
// typed option values that FakeDiscord.slash() takes, read against the registered command tree the way
// Discord's client would shape them. Anything it cannot make sense of is a UsageError saying what to type.
import type { APIApplicationCommand } from 'discord.js';
import { ApplicationCommandOptionType } from 'discord.js';
import type { FakeChannel, FakeUser, SlashOptionValue } from '../fake-discord';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface ParsedCommand {
  commandName: string;
  /** "sub" or "group sub"; absent for a command without subcommands. */
  subcommand?: string;
  options: Record<string, SlashOptionValue>;
}

export interface OptionDef {
  type: number;
  name: string;
  description?: string;
  required?: boolean;
  options?: OptionDef[];
  choices?: Array<{ name: string; value: string | number }>;
  min_value?: number;
  max_value?: number;
  channel_types?: number[];
}

/** Discord's option types, as the registered commands give them. */
export const T = ApplicationCommandOptionType;

/** Splits on spaces, keeping quoted parts together: `a:"two words"` is one token `a:two words`. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quote: string | null = null;
  let started = false;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === '“' || ch === '”' || ch === "'") {
      quote = ch === '“' ? '”' : ch;
      started = true;
    } else if (/\s/.test(ch)) {
      if (started) tokens.push(current);
      current = '';
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (quote) throw new UsageError('A quote is not closed.');
  if (started) tokens.push(current);
  return tokens;
}

/** `key: value` (with a space, as Discord's box shows it) becomes `key:value`. */
function joinLooseValues(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    if (/^[\w-]+:$/.test(token) && next !== undefined && !/^[\w-]+:/.test(next)) {
      out.push(token + next);
      i++;
    } else out.push(token);
  }
  return out;
}

export const subcommandsOf = (level: OptionDef[]) =>
  level.filter((o) => o.type === T.Subcommand || o.type === T.SubcommandGroup);

/** Who and what a typed line can name: the people, and the channels and threads of the server it is typed in. */
export interface Nameable {
  users: readonly FakeUser[];
  channels?: readonly FakeChannel[];
}

export function parseCommandLine(
  text: string,
  tree: readonly APIApplicationCommand[],
  { users, channels = [] }: Nameable,
): ParsedCommand {
  const trimmed = text.trim();
  if (trimmed === '') throw new UsageError('Type a command, for example /olathe start.');
  const tokens = joinLooseValues(tokenize(trimmed.replace(/^\//, '')));
  const commandName = (tokens.shift() ?? '').toLowerCase();
  const slashCommands = tree.filter((c) => (c.type ?? 1) === 1);
  const command = slashCommands.find((c) => c.name === commandName);
  if (!command) {
    const known = slashCommands.map((c) => `/${c.name}`).join(', ') || 'none yet';
    throw new UsageError(`There is no /${commandName} command here. Commands: ${known}.`);
  }
  let level = (command.options ?? []) as OptionDef[];
  const path: string[] = [];
  while (subcommandsOf(level).length > 0) {
    const word = tokens.shift()?.toLowerCase();
    const choices = subcommandsOf(level).map((o) => o.name);
    const where = `/${[command.name, ...path].join(' ')}`;
    if (word === undefined || word.includes(':')) {
      throw new UsageError(`${where} needs one of: ${choices.join(', ')} — e.g. ${where} ${choices[0]}.`);
    }
    const next = subcommandsOf(level).find((o) => o.name === word);
    if (!next) throw new UsageError(`${where} has no "${word}". Choose one of: ${choices.join(', ')}.`);
    path.push(next.name);
    level = next.options ?? [];
  }
  const where = `/${[command.name, ...path].join(' ')}`;
  const options: Record<string, SlashOptionValue> = {};
  for (const token of tokens) {
    const colon = token.search(/[:=]/);
    if (colon <= 0) {
      const hint = level[0] ? ` — e.g. ${level[0].name}:${example(level[0])}` : '';
      throw new UsageError(
        level.length === 0
          ? `${where} takes no options (got "${token}").`
          : `Write options as name:value (got "${token}")${hint}.`,
      );
    }
    const name = token.slice(0, colon).toLowerCase();
    const raw = token.slice(colon + 1);
    const def = level.find((o) => o.name === name);
    if (!def) {
      const names = level.map((o) => o.name).join(', ');
      throw new UsageError(
        names ? `${where} has no option "${name}". Its options: ${names}.` : `${where} takes no options.`,
      );
    }
    if (name in options) throw new UsageError(`Option "${name}" is given twice.`);
    options[name] = convert(def, raw, { users, channels }, where);
  }
  for (const def of level) {
    if (def.required && !(def.name in options)) throw new UsageError(`${where} needs ${def.name}:${example(def)}.`);
  }
  return { commandName: command.name, ...(path.length ? { subcommand: path.join(' ') } : {}), options };
}

function convert(def: OptionDef, raw: string, names: Required<Nameable>, where: string): SlashOptionValue {
  const { users } = names;
  const fail = (why: string): never => {
    throw new UsageError(`${where} ${def.name}: ${why}`);
  };
  if (raw === '') return fail(`give a value, e.g. ${def.name}:${example(def)}.`);
  switch (def.type) {
    case T.String: {
      if (!def.choices) return raw;
      const found = def.choices.find(
        (c) => String(c.value).toLowerCase() === raw.toLowerCase() || c.name.toLowerCase() === raw.toLowerCase(),
      );
      return found
        ? String(found.value)
        : fail(`"${raw}" is not one of ${def.choices.map((c) => c.value).join(', ')}.`);
    }
    case T.Integer:
    case T.Number: {
      const number = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(number)) return fail(`"${raw}" is not a number.`);
      if (def.type === T.Integer && !Number.isInteger(number)) return fail(`"${raw}" is not a whole number.`);
      if (def.min_value !== undefined && number < def.min_value)
        return fail(`${number} is below the minimum ${def.min_value}.`);
      if (def.max_value !== undefined && number > def.max_value)
        return fail(`${number} is above the maximum ${def.max_value}.`);
      if (def.choices && !def.choices.some((c) => c.value === number))
        return fail(`${number} is not one of ${def.choices.map((c) => c.value).join(', ')}.`);
      return number;
    }
    case T.Boolean: {
      const word = raw.toLowerCase();
      if (['true', 'yes', 'on', '1'].includes(word)) return true;
      if (['false', 'no', 'off', '0'].includes(word)) return false;
      return fail(`"${raw}" is not true or false.`);
    }
    case T.User: {
      const key = raw
        .replace(/^<@!?(\d+)>$/, '$1')
        .replace(/^@/, '')
        .toLowerCase();
      const user = users.find(
        (u) => u.id === key || u.username.toLowerCase() === key || (u.globalName ?? '').toLowerCase() === key,
      );
      return (
        user ?? fail(`no user "${raw}" here (${users.map((u) => '@' + (u.globalName ?? u.username)).join(', ')}).`)
      );
    }
    case T.Channel:
      return channelNamed(def, raw, names.channels, fail);
    default:
      return fail('the playground cannot type this kind of option.');
  }
}

/**
 * A channel by `#name`, `<#id>`, name or id, among those of the kinds the option takes, as Discord's picker
 * offers only those (a thread where a text channel is asked for is not among them).
 */
function channelNamed(
  def: OptionDef,
  raw: string,
  channels: readonly FakeChannel[],
  fail: (why: string) => never,
): FakeChannel {
  const offered = channels.filter((c) => !def.channel_types || def.channel_types.includes(c.type));
  const key = raw
    .replace(/^<#(\d+)>$/, '$1')
    .replace(/^#/, '')
    .toLowerCase();
  const found = offered.find((c) => c.id === key || c.name.toLowerCase() === key);
  if (found) return found;
  const list = offered.map((c) => '#' + c.name).join(', ');
  return fail(list ? `no channel "${raw}" to choose here (${list}).` : 'no channel of that kind here.');
}

export function example(def: OptionDef): string {
  if (def.choices?.[0]) return String(def.choices[0].value);
  switch (def.type) {
    case T.Integer:
    case T.Number:
      return String(def.min_value ?? 1);
    case T.Boolean:
      return 'true';
    case T.User:
      return '@Bob';
    case T.Channel:
      return '#dice';
    default:
      return 'text';
  }
}
