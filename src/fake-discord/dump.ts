// Short text pictures of the fake's channels for timeout errors: what a person would see, one line
// per message, so a failed waitFor says at once what the bot did instead.
import { isObject } from './json';
import { MessageFlag } from './limits';
import { channelMessages } from './message-store';
import { STATUS_NAMES } from './scheduled-event-rules';
import type { FakeState } from './store';
import type { FakeScheduledEvent } from './store';
import type { FakeMessage } from './types';

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function componentsText(components: unknown): string[] {
  const parts: string[] = [];
  const walk = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const item of list) {
      if (!isObject(item)) continue;
      if (item.type === 2) {
        const label = typeof item.label === 'string' ? item.label : '?';
        parts.push(
          `[${label}${typeof item.custom_id === 'string' ? `|${item.custom_id}` : ''}${item.disabled ? ' (disabled)' : ''}]`,
        );
      } else if (typeof item.custom_id === 'string') {
        parts.push(`<select ${item.custom_id}>`);
      } else if (item.type === 10 && typeof item.content === 'string') {
        parts.push(`"${truncate(item.content, 40)}"`);
      }
      walk(item.components);
      if (isObject(item.accessory)) walk([item.accessory]);
    }
  };
  walk(components);
  return parts;
}

export function describeMessage(message: FakeMessage, nameOf: (userId: string) => string = (id) => id): string {
  const bits: string[] = [];
  if (message.flags & MessageFlag.Loading) bits.push('(thinking…)');
  else if (message.content) bits.push(JSON.stringify(truncate(message.content, 80)));
  for (const embed of message.embeds) {
    const title = typeof embed.title === 'string' ? embed.title : '';
    const description = typeof embed.description === 'string' ? truncate(embed.description, 40) : '';
    bits.push(
      `{embed ${JSON.stringify(title)}${description ? ` ${JSON.stringify(description)}` : ''}${embed.fields?.length ? ` +${embed.fields.length} fields` : ''}}`,
    );
  }
  bits.push(...componentsText(message.components));
  if (message.attachments.length) bits.push(`(${message.attachments.length} file(s))`);
  const notes: string[] = [];
  if (message.ephemeralFor !== undefined) notes.push(`ephemeral for ${nameOf(message.ephemeralFor)}`);
  if (message.editCount) notes.push(`edited ${message.editCount}×`);
  if (message.deleted) notes.push('deleted');
  return `${message.id} ${message.author.username}: ${bits.join(' ') || '(empty)'}${notes.length ? ` (${notes.join(', ')})` : ''}`;
}

/** One line of a scheduled event: its status, name, times and place. */
export function describeEvent(event: FakeScheduledEvent): string {
  const status = STATUS_NAMES[event.status] ?? String(event.status);
  const times = `${new Date(event.startAt).toISOString()} → ${new Date(event.endAt).toISOString()}`;
  return `${event.id} ${status}${event.deleted ? ' (deleted)' : ''} ${JSON.stringify(truncate(event.name, 60))} ${times} at ${JSON.stringify(event.location)}`;
}

/** The last messages of every channel that has any, the scheduled events, and the latest breaches. */
export function describeState(state: FakeState, maxPerChannel = 12): string {
  const lines: string[] = [];
  for (const channel of state.channels.values()) {
    const messages = channelMessages(state, channel.id);
    if (messages.length === 0 && (channel.position > 0 || channel.type === 11)) continue;
    const shown = messages.slice(-maxPerChannel);
    const parent = channel.parentId ? state.channels.get(channel.parentId) : undefined;
    const kind = channel.type === 11 ? `thread ${channel.id} in #${parent?.name ?? '?'}, ` : '';
    // Channels of several guilds may share a name.
    const guild =
      state.guilds.size > 1 && channel.guildId
        ? ` [${state.guilds.get(channel.guildId)?.name ?? channel.guildId}]`
        : '';
    lines.push(
      `#${channel.name}${guild} (${kind}${messages.length} message(s)${messages.length > shown.length ? `, last ${shown.length}` : ''}):`,
    );
    for (const message of shown)
      lines.push(`  ${describeMessage(message, (id) => state.users.get(id)?.username ?? id)}`);
  }
  const events = [...state.scheduledEvents.values()];
  if (events.length > 0) {
    lines.push(`scheduled events (${events.length}):`);
    for (const event of events.slice(-maxPerChannel)) lines.push(`  ${describeEvent(event)}`);
  }
  if (state.breaches.length > 0) {
    lines.push(`breaches (${state.breaches.length}):`);
    for (const breach of state.breaches.slice(-5)) lines.push(`  ${breach}`);
  }
  return lines.join('\n');
}
