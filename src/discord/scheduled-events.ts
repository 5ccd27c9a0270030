// The bot's guild scheduled events (Discord's "Events" of a server), one EXTERNAL event per tournament: located at
// its channel ("#dice"), created, edited, started, completed or cancelled through the bot's REST. Each call says
// what became of it, so the caller can tell the host why there is no event; other failures are thrown.
import type { REST } from 'discord.js';
import { Routes } from 'discord.js';
import { MISSING_ACCESS, MISSING_PERMISSIONS, errorCode } from './discord-errors';

export const UNKNOWN_SCHEDULED_EVENT = 10070;

/** Discord's limits (resources/guild-scheduled-event): name 1–100, description up to 1000, location 1–100. */
export const EVENT_LIMITS = { name: 100, description: 1000, location: 100 } as const;

const EXTERNAL = 3;
const GUILD_ONLY = 2;
const STATUS = { active: 2, completed: 3, canceled: 4 } as const;

export type EventOutcome =
  | { kind: 'ok'; eventId: string }
  /** 403 (50013 Missing Permissions, 50001 Missing Access): the bot lacks Create Events or Manage Events there. */
  | { kind: 'noPermission' }
  /** 404 10070: someone deleted the event. */
  | { kind: 'gone' };

/** An event as the tournament knows it. The start must not be in the past, and the end must come after it. */
export interface EventDraft {
  name: string;
  description?: string;
  /** The channel the games are played in, by name: shown as the event's location, "#name". */
  channelName: string;
  start: Date;
  end: Date;
}

export interface ScheduledEventsOptions {
  /** The audit log's reason for each change (X-Audit-Log-Reason); none without it. */
  reason?: string;
}

/** Cut to Discord's limit in code points, as Discord counts, so a long name never makes a refusal. */
function cut(text: string, max: number): string {
  const points = [...text];
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : text;
}

function draftBody(draft: Partial<EventDraft>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (draft.name !== undefined) body.name = cut(draft.name, EVENT_LIMITS.name);
  if (draft.description !== undefined)
    body.description = draft.description === '' ? null : cut(draft.description, EVENT_LIMITS.description);
  if (draft.channelName !== undefined)
    body.entity_metadata = { location: cut(`#${draft.channelName}`, EVENT_LIMITS.location) };
  if (draft.start !== undefined) body.scheduled_start_time = draft.start.toISOString();
  if (draft.end !== undefined) body.scheduled_end_time = draft.end.toISOString();
  return body;
}

export class ScheduledEvents {
  constructor(
    private readonly rest: REST,
    private readonly guildId: string,
  ) {}

  /** A new EXTERNAL event, visible to the server's members (GUILD_ONLY), SCHEDULED until started. */
  create(draft: EventDraft, options: ScheduledEventsOptions = {}): Promise<EventOutcome> {
    const body = { ...draftBody(draft), entity_type: EXTERNAL, privacy_level: GUILD_ONLY, channel_id: null };
    return this.outcome(() =>
      this.rest.post(Routes.guildScheduledEvents(this.guildId), { body, ...reasonOf(options) }),
    );
  }

  /** Changes only what `changes` gives. */
  edit(eventId: string, changes: Partial<EventDraft>, options: ScheduledEventsOptions = {}): Promise<EventOutcome> {
    return this.patch(eventId, draftBody(changes), options);
  }

  /** SCHEDULED → ACTIVE: the tournament began. */
  start(eventId: string, options: ScheduledEventsOptions = {}): Promise<EventOutcome> {
    return this.patch(eventId, { status: STATUS.active }, options);
  }

  /** ACTIVE → COMPLETED: the tournament ended. */
  complete(eventId: string, options: ScheduledEventsOptions = {}): Promise<EventOutcome> {
    return this.patch(eventId, { status: STATUS.completed }, options);
  }

  /** SCHEDULED → CANCELED: the tournament was called off before it began. */
  cancel(eventId: string, options: ScheduledEventsOptions = {}): Promise<EventOutcome> {
    return this.patch(eventId, { status: STATUS.canceled }, options);
  }

  private patch(eventId: string, body: Record<string, unknown>, options: ScheduledEventsOptions) {
    return this.outcome(() =>
      this.rest.patch(Routes.guildScheduledEvent(this.guildId, eventId), { body, ...reasonOf(options) }),
    );
  }

  private async outcome(call: () => Promise<unknown>): Promise<EventOutcome> {
    try {
      const event = (await call()) as { id: string };
      return { kind: 'ok', eventId: event.id };
    } catch (error) {
      const code = errorCode(error);
      if (code === MISSING_PERMISSIONS || code === MISSING_ACCESS) return { kind: 'noPermission' };
      if (code === UNKNOWN_SCHEDULED_EVENT) return { kind: 'gone' };
      throw error;
    }
  }
}

function reasonOf(options: ScheduledEventsOptions): { reason?: string } {
  return options.reason !== undefined ? { reason: options.reason } : {};
}
