// Clicks and selects on a stored message, shaped like Discord's MESSAGE_COMPONENT interactions: only what a
// person could use (visible, enabled, a real option), with the owners of the interaction that made the message.
import { commonFields, newRecord } from './interaction-common';
import type { BuiltInteraction } from './interaction-common';
import { ownersOfClick, placeOf } from './install-contexts';
import { isObject } from './json';
import type { JsonObject } from './json';
import { MessageFlag } from './limits';
import { apiMessage } from './message-payloads';
import { apiPartialMember, apiUser } from './payloads';
import { requireParticipant } from './private-places';
import type { FakeGuild, FakeState } from './store';
import type { ComponentExtras, FakeMessage, FakeUser } from './types';

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
  const guild = requireParticipant(state, user, channel);
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
  const owners = ownersOfClick(state, message, user, placeOf(state, channel));
  const record = newRecord(state, { type: 3, user, channel, label: `${label} by ${user.username}`, owners });
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
  guild: FakeGuild | undefined,
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
      // Discord's user select offers the guild's members only (in a DM, anyone).
      if (guild && !guild.members.has(id))
        throw new Error(`user select "${customId}": ${user.username} is not in guild ${guild.id}`);
      users[id] = apiUser(user);
      if (guild) members[id] = { ...apiPartialMember(guild, user), permissions: user.permissions };
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
