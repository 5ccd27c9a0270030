// INTERACTION_CREATE payloads shaped like Discord's, built from what a person does: a slash command
// (checked against the registered command tree, as Discord's client would) or a click/select on a
// stored message. Sending them and the handle tests hold live in fake-interaction.ts.
import { randomBytes } from 'node:crypto';
import type { APIApplicationCommand } from 'discord.js';
import { botPermissionsIn } from './channels';
import { requireMember } from './guilds';
import type { FakeGuild } from './guilds';
import { isObject } from './json';
import type { JsonObject } from './json';
import { MessageFlag } from './limits';
import { apiChannel, apiInteractionMember, apiMessage, apiPartialMember, apiRole, apiUser } from './payloads';
import type { FakeState, InteractionRecord } from './store';
import type { ComponentExtras, FakeChannel, FakeMessage, FakeUser, SlashExtras, SlashOptionValue } from './types';

export interface BuiltInteraction {
  record: InteractionRecord;
  payload: JsonObject;
}

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

function newRecord(
  state: FakeState,
  init: { type: 2 | 3; user: FakeUser; channel: FakeChannel; label: string },
): InteractionRecord {
  return {
    id: state.ids.next(),
    // Real tokens are long opaque strings; URL-safe so discord.js puts them in paths unchanged.
    token: `aW50ZXJhY3Rpb246${randomBytes(48).toString('base64url')}`,
    type: init.type,
    userId: init.user.id,
    guildId: init.channel.guildId,
    channelId: init.channel.id,
    label: init.label,
    createdAt: state.now(),
    dispatchedAtReal: performance.now(),
    expired: false,
    followUpIds: [],
  };
}

function commonFields(
  state: FakeState,
  record: InteractionRecord,
  guild: FakeGuild,
  user: FakeUser,
  channel: FakeChannel,
  extras: ComponentExtras,
): JsonObject {
  return {
    id: record.id,
    application_id: state.applicationId,
    type: record.type,
    token: record.token,
    version: 1,
    guild_id: channel.guildId,
    channel_id: channel.id,
    channel: apiChannel(channel),
    guild: { id: channel.guildId, locale: guild.preferredLocale ?? 'en-US', features: [] },
    member: apiInteractionMember(guild, user),
    app_permissions: extras.appPermissions ?? botPermissionsIn(state, channel.id).toString(),
    locale: extras.locale ?? user.locale ?? 'en-US',
    guild_locale: guild.preferredLocale ?? 'en-US',
    entitlements: [],
    authorizing_integration_owners: { '0': channel.guildId },
    context: 0,
    attachment_size_limit: 10 * 1024 * 1024,
  };
}

// ------------------------------------------------------------ slash commands

function findCommand(state: FakeState, guildId: string, name: string): APIApplicationCommand {
  const candidates = [...(state.guildCommands.get(guildId) ?? []), ...state.globalCommands];
  const found = candidates.find((c) => c.name === name && (c.type ?? 1) === 1);
  if (found) return found;
  const known = candidates.map((c) => `/${c.name}`).join(', ') || 'none';
  throw new Error(`no slash command "/${name}" is registered for this guild (registered: ${known})`);
}

export function buildSlashInteraction(
  state: FakeState,
  user: FakeUser,
  channel: FakeChannel,
  commandName: string,
  values: Record<string, SlashOptionValue>,
  extras: SlashExtras,
): BuiltInteraction {
  const guild = requireMember(state, user, channel.guildId);
  const command = findCommand(state, guild.id, commandName);
  const { options, resolved, path } = shapeOptions(state, guild, command, values, extras);
  const record = newRecord(state, {
    type: 2,
    user,
    channel,
    label: `/${[commandName, ...path].join(' ')} by ${user.username}`,
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
  guild: FakeGuild,
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
  guild: FakeGuild,
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
    if (guild.members.has(user.id))
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
      if (channel.guildId !== guild.id) fail(`channel ${channel.id} is in another guild than ${guild.id}`);
      add('channels', channel.id, { ...apiChannel(channel), permissions: state.botUser.permissions });
      return channel.id;
    }
    case OptionType.Role: {
      const role = guild.roles.get(idOf(value) ?? '') ?? fail(`expects a role id of guild ${guild.id}`);
      add('roles', role.id, apiRole(role));
      return role.id;
    }
    case OptionType.Mentionable: {
      const id = idOf(value) ?? '';
      const user = state.users.get(id);
      const role = guild.roles.get(id);
      if (user) addUser(user);
      else if (role) add('roles', role.id, apiRole(role));
      else fail('expects a known user or role');
      return id;
    }
    default:
      return fail(`option type ${def.type} is not supported by the fake`);
  }
}

// ------------------------------------------------------------ components

/** Depth-first search through action rows, containers, sections and accessories. */
export function findComponent(components: unknown, customId: string): JsonObject | undefined {
  if (!Array.isArray(components)) return undefined;
  for (const item of components) {
    if (!isObject(item)) continue;
    if (item.custom_id === customId) return item;
    const inner =
      findComponent(item.components, customId) ??
      (isObject(item.accessory) ? findComponent([item.accessory], customId) : undefined);
    if (inner) return inner;
  }
  return undefined;
}

export function buildComponentInteraction(
  state: FakeState,
  user: FakeUser,
  message: FakeMessage,
  customId: string,
  selected: string[] | undefined,
  extras: ComponentExtras,
): BuiltInteraction {
  const where = `message ${message.id}`;
  if (message.deleted) throw new Error(`${where} was deleted`);
  if (message.ephemeralFor !== undefined && message.ephemeralFor !== user.id) {
    throw new Error(`${where} is ephemeral for user ${message.ephemeralFor}; ${user.username} cannot see it`);
  }
  if (message.flags & MessageFlag.Loading) throw new Error(`${where} is still a deferred "thinking…" reply`);
  const component = extras.unchecked
    ? {
        type: selected ? 3 : 2,
        custom_id: customId,
        options: (selected ?? []).map((value) => ({ label: value, value })),
      }
    : findComponent(message.components, customId);
  if (!component) {
    const ids = collectCustomIds(message.components);
    throw new Error(`${where} has no component with custom_id "${customId}" (custom_ids: ${ids.join(', ') || 'none'})`);
  }
  if (component.disabled === true)
    throw new Error(`component "${customId}" on ${where} is disabled; a person cannot use it`);
  const channel = state.channels.get(message.channelId);
  if (!channel) throw new Error(`${where} is in unknown channel ${message.channelId}`);
  const guild = requireMember(state, user, channel.guildId);
  const componentType = Number(component.type);
  const data: JsonObject = { component_type: componentType, custom_id: customId };
  if (typeof component.id === 'number') data.id = component.id;

  let label: string;
  if (selected === undefined) {
    if (componentType !== 2)
      throw new Error(`component "${customId}" is of type ${componentType}, not a button; use select()`);
    if (component.style === 5 || component.style === 6)
      throw new Error(`button "${customId}" is a link/premium button and sends no interaction`);
    label = `button ${customId} on message ${message.id}`;
  } else {
    data.values = checkSelection(state, guild, component, customId, selected, data);
    label = `select ${customId} [${selected.join(', ')}] on message ${message.id}`;
  }
  const record = newRecord(state, { type: 3, user, channel, label: `${label} by ${user.username}` });
  record.sourceMessageId = message.id;
  return {
    record,
    payload: {
      ...commonFields(state, record, guild, user, channel, extras),
      message: apiMessage(state, message),
      data,
    },
  };
}

function checkSelection(
  state: FakeState,
  guild: FakeGuild,
  select: JsonObject,
  customId: string,
  values: string[],
  data: JsonObject,
): string[] {
  const type = Number(select.type);
  const min = typeof select.min_values === 'number' ? select.min_values : 1;
  const max = typeof select.max_values === 'number' ? select.max_values : 1;
  if (values.length < min || values.length > max)
    throw new Error(`select "${customId}" takes ${min}–${max} values, got ${values.length}`);
  if (type === 3) {
    const allowed = (Array.isArray(select.options) ? select.options : []).filter(isObject).map((o) => String(o.value));
    for (const v of values)
      if (!allowed.includes(v))
        throw new Error(`select "${customId}" has no option "${v}" (options: ${allowed.join(', ')})`);
  } else if (type === 5) {
    // A user select carries the chosen users in `resolved`, like a USER option.
    const users: Record<string, JsonObject> = {};
    const members: Record<string, JsonObject> = {};
    for (const id of values) {
      const user = state.users.get(id);
      if (!user) throw new Error(`user select "${customId}": unknown user ${id}`);
      // Discord's user select offers the guild's members only.
      if (!guild.members.has(id))
        throw new Error(`user select "${customId}": ${user.username} is not in guild ${guild.id}`);
      users[id] = apiUser(user);
      members[id] = { ...apiPartialMember(guild, user), permissions: user.permissions };
    }
    data.resolved = { users, members };
  } else {
    throw new Error(
      `component "${customId}" is of type ${type}; the fake selects in string (3) and user (5) selects only`,
    );
  }
  return [...values];
}

function collectCustomIds(components: unknown): string[] {
  const ids: string[] = [];
  const walk = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const item of list) {
      if (!isObject(item)) continue;
      if (typeof item.custom_id === 'string') ids.push(item.custom_id);
      walk(item.components);
      if (isObject(item.accessory)) walk([item.accessory]);
    }
  };
  walk(components);
  return ids;
}
