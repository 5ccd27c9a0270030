// Slash command interactions shaped like Discord's, checked against the registered command tree and the
// place's contexts, as Discord's client would offer them. Clicks and selects: component-interactions.ts;
// sending them and the handle tests hold: fake-interaction.ts.
import type { APIApplicationCommand } from 'discord.js';
import { commonFields, newRecord } from './interaction-common';
import type { BuiltInteraction } from './interaction-common';
import { offerCommand } from './install-contexts';
import type { JsonObject } from './json';
import { apiChannel, apiPartialMember, apiRole, apiUser } from './payloads';
import { requireParticipant } from './private-places';
import type { FakeGuild, FakeState } from './store';
import type { FakeChannel, FakeUser, SlashExtras, SlashOptionValue } from './types';

export type { BuiltInteraction } from './interaction-common';
// Kept here for the tests that import it from this module.
export { findComponent } from './component-interactions';

/** The subset of a registered command option the fake reads (validated on registration). */
interface OptionDef {
  type: number;
  name: string;
  required?: boolean;
  options?: OptionDef[];
  choices?: Array<{ name: string; value: string | number }>;
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
}

const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;

// ------------------------------------------------------------ slash commands

/** The command Discord's client offers by this name here (install-contexts.ts), with its owners. */
function findCommand(
  state: FakeState,
  user: FakeUser,
  channel: FakeChannel,
  name: string,
): { command: APIApplicationCommand; owners: Record<string, string> } {
  // The place's guild commands first; other guilds' only to say why they are not offered here.
  const otherGuilds = [...state.guildCommands].filter(([id]) => id !== channel.guildId).flatMap(([, list]) => list);
  const candidates = [...(state.guildCommands.get(channel.guildId) ?? []), ...state.globalCommands, ...otherGuilds];
  const refusals: string[] = [];
  for (const command of candidates.filter((c) => c.name === name && (c.type ?? 1) === 1)) {
    const offer = offerCommand(state, user, channel, command);
    if ('owners' in offer) return { command, owners: offer.owners };
    refusals.push(offer.refused);
  }
  if (refusals.length > 0)
    throw new Error(
      `Discord does not offer "/${name}" to ${user.username} in ${channel.name} (${channel.id}): ${refusals.join('; ')}`,
    );
  const known = candidates.map((c) => `/${c.name}${c.guild_id ? ` (guild ${c.guild_id})` : ''}`).join(', ') || 'none';
  throw new Error(`no slash command "/${name}" is registered for this place (registered: ${known})`);
}

export function buildSlashInteraction(
  state: FakeState,
  user: FakeUser,
  channel: FakeChannel,
  commandName: string,
  values: Record<string, SlashOptionValue>,
  extras: SlashExtras,
): BuiltInteraction {
  const guild = requireParticipant(state, user, channel);
  const { command, owners } = findCommand(state, user, channel, commandName);
  const { options, resolved, path } = shapeOptions(state, guild, command, values, extras);
  const record = newRecord(state, {
    type: 2,
    user,
    channel,
    label: `/${[commandName, ...path].join(' ')} by ${user.username}`,
    owners,
  });
  record.commandName = commandName;
  record.commandId = command.id;
  const data: JsonObject = { id: command.id, name: command.name, type: 1 };
  if (command.guild_id) data.guild_id = command.guild_id;
  if (options.length > 0) data.options = options;
  if (Object.keys(resolved).length > 0) data.resolved = resolved;
  return { record, payload: { ...commonFields(state, record, guild, user, channel, extras), data } };
}

type Resolved = Partial<Record<'users' | 'members' | 'channels' | 'roles', Record<string, JsonObject>>>;

function shapeOptions(
  state: FakeState,
  guild: FakeGuild | undefined,
  command: APIApplicationCommand,
  values: Record<string, SlashOptionValue>,
  extras: SlashExtras,
): { options: JsonObject[]; resolved: Resolved; path: string[] } {
  const label = `/${command.name}`;
  let level = (command.options ?? []) as OptionDef[];
  const words = (extras.subcommand ?? '').split(' ').filter((w) => w !== '');
  const groupName = extras.subcommandGroup ?? (words.length > 1 ? words[0] : undefined);
  const subName = words.at(-1);
  const path: string[] = [];
  const wrappers: Array<(inner: JsonObject[]) => JsonObject> = [];
  const names = (list: OptionDef[], type: number) =>
    list
      .filter((o) => o.type === type)
      .map((o) => o.name)
      .join(', ');

  if (groupName !== undefined) {
    const group = level.find((o) => o.type === OptionType.SubcommandGroup && o.name === groupName);
    if (!group)
      throw new Error(
        `${label} has no subcommand group "${groupName}" (groups: ${names(level, OptionType.SubcommandGroup) || 'none'})`,
      );
    level = group.options ?? [];
    path.push(groupName);
    wrappers.push((inner) => ({ type: OptionType.SubcommandGroup, name: groupName, options: inner }));
  }
  if (subName !== undefined) {
    const sub = level.find((o) => o.type === OptionType.Subcommand && o.name === subName);
    if (!sub)
      throw new Error(
        `${label} has no subcommand "${subName}" here (subcommands: ${names(level, OptionType.Subcommand) || 'none'})`,
      );
    level = sub.options ?? [];
    path.push(subName);
    wrappers.push((inner) => ({ type: OptionType.Subcommand, name: subName, options: inner }));
  } else if (level.some((o) => o.type === OptionType.Subcommand || o.type === OptionType.SubcommandGroup)) {
    throw new Error(
      `${label} needs a subcommand (pass { subcommand }): ${names(level, OptionType.Subcommand) || names(level, OptionType.SubcommandGroup)}`,
    );
  }

  const where = `/${[command.name, ...path].join(' ')}`;
  for (const key of Object.keys(values)) {
    if (!level.some((o) => o.name === key)) {
      throw new Error(`${where} has no option "${key}" (options: ${level.map((o) => o.name).join(', ') || 'none'})`);
    }
  }
  const resolved: Resolved = {};
  const leaf: JsonObject[] = [];
  for (const def of level) {
    const value = values[def.name];
    if (value === undefined) {
      if (def.required)
        throw new Error(`${where} requires option "${def.name}"; Discord's client would not send it without`);
      continue;
    }
    leaf.push({ type: def.type, name: def.name, value: optionValue(state, guild, def, value, where, resolved) });
  }
  const options = wrappers.reduceRight<JsonObject[]>((inner, wrap) => [wrap(inner)], leaf);
  return { options, resolved, path };
}

function idOf(value: SlashOptionValue): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return value.id;
  return undefined;
}

function optionValue(
  state: FakeState,
  guild: FakeGuild | undefined,
  def: OptionDef,
  value: SlashOptionValue,
  where: string,
  resolved: Resolved,
): string | number | boolean {
  const fail = (why: string): never => {
    throw new Error(`${where} option "${def.name}": ${why}`);
  };
  const add = (kind: keyof Resolved, id: string, body: JsonObject): void => {
    (resolved[kind] ??= {})[id] = body;
  };
  const checkChoice = (v: string | number): void => {
    if (def.choices && !def.choices.some((c) => c.value === v)) {
      fail(
        `${JSON.stringify(v)} is not one of its choices (${def.choices.map((c) => JSON.stringify(c.value)).join(', ')})`,
      );
    }
  };
  const addUser = (user: FakeUser): void => {
    add('users', user.id, apiUser(user));
    // A user who is not in the guild can still be picked (by id); Discord then resolves no member.
    if (guild?.members.has(user.id))
      add('members', user.id, { ...apiPartialMember(guild, user), permissions: user.permissions });
  };
  switch (def.type) {
    case OptionType.String: {
      if (typeof value !== 'string') return fail('expects a string');
      if (def.min_length !== undefined && value.length < def.min_length) fail(`shorter than ${def.min_length}`);
      if (def.max_length !== undefined && value.length > def.max_length) fail(`longer than ${def.max_length}`);
      checkChoice(value);
      return value;
    }
    case OptionType.Integer:
    case OptionType.Number: {
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail('expects a number');
      if (def.type === OptionType.Integer && !Number.isInteger(value)) fail('expects an integer');
      if (def.min_value !== undefined && value < def.min_value) fail(`below its minimum ${def.min_value}`);
      if (def.max_value !== undefined && value > def.max_value) fail(`above its maximum ${def.max_value}`);
      checkChoice(value);
      return value;
    }
    case OptionType.Boolean:
      if (typeof value !== 'boolean') return fail('expects a boolean');
      return value;
    case OptionType.User: {
      const user = state.users.get(idOf(value) ?? '') ?? fail('expects a known user (FakeUser or user id)');
      addUser(user);
      return user.id;
    }
    case OptionType.Channel: {
      const channel =
        state.channels.get(idOf(value) ?? '') ?? fail('expects a known channel (FakeChannel or channel id)');
      if (channel.guildId !== guild?.id) fail(`channel ${channel.id} is not in this place's guild`);
      add('channels', channel.id, { ...apiChannel(channel), permissions: state.botUser.permissions });
      return channel.id;
    }
    case OptionType.Role: {
      const role =
        guild?.roles.get(idOf(value) ?? '') ?? fail(`expects a role id of guild ${guild?.id ?? '(none here)'}`);
      add('roles', role.id, apiRole(role));
      return role.id;
    }
    case OptionType.Mentionable: {
      const id = idOf(value) ?? '';
      const user = state.users.get(id);
      const role = guild?.roles.get(id);
      if (user) addUser(user);
      else if (role) add('roles', role.id, apiRole(role));
      else fail('expects a known user or role');
      return id;
    }
    default:
      return fail(`option type ${def.type} is not supported by the fake`);
  }
}
