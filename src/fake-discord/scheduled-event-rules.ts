// What Discord's documentation of guild scheduled events (resources/guild-scheduled-event) says a create or modify
// body must be, as pure checks: the limits of the fields, what an EXTERNAL event needs, times, and the status
// transitions. Each broken rule is a Violation (a 50035 field error and the breach's sentence). Only EXTERNAL
// events are modelled: the fake has no stage or voice channels to hold the others.
import { Checker } from './limits';
import type { Violation } from './limits';
import { isObject } from './json';
import type { JsonObject } from './json';
import type { FakeScheduledEvent } from './store';

export const EventStatus = { Scheduled: 1, Active: 2, Completed: 3, Canceled: 4 } as const;
export const EXTERNAL = 3;
export const GUILD_ONLY = 2;

export const SCHEDULED_EVENT_LIMITS = {
  /** "name: 1-100 characters". */
  name: 100,
  /** "description: 1-1000 characters" (the spec: at most 1000). */
  description: 1000,
  /** entity_metadata "location: 1-100 characters", required for EXTERNAL events. */
  location: 100,
  /** "A guild can have a maximum of 100 events with SCHEDULED or ACTIVE status at any time." */
  uncompleted: 100,
} as const;

/**
 * "Valid Guild Scheduled Event Status Transitions: SCHEDULED → ACTIVE, ACTIVE → COMPLETED, SCHEDULED → CANCELED";
 * "once status is set to COMPLETED or CANCELED, the status can no longer be updated".
 */
const TRANSITIONS: Record<number, readonly number[]> = {
  [EventStatus.Scheduled]: [EventStatus.Active, EventStatus.Canceled],
  [EventStatus.Active]: [EventStatus.Completed],
};

export function canTransition(from: number, to: number): boolean {
  return TRANSITIONS[from]?.includes(to) ?? false;
}

export const STATUS_NAMES: Record<number, string> = {
  1: 'SCHEDULED',
  2: 'ACTIVE',
  3: 'COMPLETED',
  4: 'CANCELED',
};

/** The times and texts a valid body gives (only those it gives, for a modify). */
export interface EventFields {
  name?: string;
  description?: string | null;
  location?: string;
  startAt?: number;
  endAt?: number;
  status?: number;
}

/** A create body's problems and, when there are none, the event's fields. */
export function checkCreate(body: unknown, now: number): { violations: Violation[]; fields: EventFields } {
  const check = new Checker();
  if (!isObject(body)) {
    check.add([], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType', 'the body is not an object');
    return { violations: check.violations, fields: {} };
  }
  const fields = readCommon(check, body, true);
  checkTimes(check, fields.startAt, fields.endAt, now, true);
  return { violations: check.violations, fields };
}

/** A modify body's problems against the event as it is, and the fields it changes. */
export function checkModify(
  event: FakeScheduledEvent,
  body: unknown,
  now: number,
): { violations: Violation[]; fields: EventFields } {
  const check = new Checker();
  if (!isObject(body)) {
    check.add([], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType', 'the body is not an object');
    return { violations: check.violations, fields: {} };
  }
  const fields = readCommon(check, body, false);
  // "scheduled_end_time must be provided" for EXTERNAL events: null would take it away.
  if (body.scheduled_end_time === null)
    check.add(
      ['scheduled_end_time'],
      'BASE_TYPE_REQUIRED',
      'This field is required',
      'scheduled_end_time is null; an EXTERNAL event must have one',
    );
  const startAt = fields.startAt ?? event.startAt;
  const endAt = fields.endAt ?? event.endAt;
  if (fields.startAt !== undefined) checkTimes(check, fields.startAt, endAt, now, true);
  else if (fields.endAt !== undefined) checkTimes(check, startAt, fields.endAt, now, false);
  if (body.status !== undefined && body.status !== null) {
    const to = body.status;
    if (typeof to !== 'number' || !canTransition(event.status, to))
      check.add(
        ['status'],
        'GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION',
        'Invalid status transition.',
        `status ${describeStatus(to)} after ${describeStatus(event.status)} is not a transition Discord allows`,
      );
    else fields.status = to;
  }
  return { violations: check.violations, fields };
}

function describeStatus(status: unknown): string {
  return typeof status === 'number' ? `${status} (${STATUS_NAMES[status] ?? '?'})` : JSON.stringify(status);
}

/** The fields a create and a modify share; `creating` makes the EXTERNAL event's required ones required. */
function readCommon(check: Checker, body: JsonObject, creating: boolean): EventFields {
  const fields: EventFields = {};
  const { name, description, entity_metadata: metadata } = body;
  if (creating || name !== undefined) {
    check.text(name, ['name'], 'name', { min: 1, max: SCHEDULED_EVENT_LIMITS.name, required: true });
    if (typeof name === 'string') fields.name = name;
  }
  if (description !== undefined) {
    check.text(description, ['description'], 'description', { max: SCHEDULED_EVENT_LIMITS.description });
    if (typeof description === 'string' || description === null) fields.description = description || null;
  }
  const entityType = body.entity_type;
  if ((creating || entityType !== undefined) && !(entityType === EXTERNAL || (!creating && entityType === null)))
    check.add(
      ['entity_type'],
      'BASE_TYPE_CHOICES',
      'Value must be one of (3,).',
      `entity_type is ${JSON.stringify(entityType)}; the fake has no stage or voice channels, only EXTERNAL (3) events`,
    );
  if ((creating || body.privacy_level !== undefined) && body.privacy_level !== GUILD_ONLY)
    check.add(
      ['privacy_level'],
      'BASE_TYPE_CHOICES',
      'Value must be one of (2,).',
      `privacy_level is ${JSON.stringify(body.privacy_level)}, not GUILD_ONLY (2)`,
    );
  // "channel_id … must be set to null" for an EXTERNAL event.
  if (body.channel_id !== undefined && body.channel_id !== null)
    check.add(
      ['channel_id'],
      'GUILD_SCHEDULED_EVENT_CHANNEL_NOT_NULL',
      'Must be null for an EXTERNAL event.',
      `channel_id is ${JSON.stringify(body.channel_id)}; an EXTERNAL event has none`,
    );
  if (creating || metadata !== undefined) {
    const location = isObject(metadata) ? metadata.location : undefined;
    check.text(location, ['entity_metadata', 'location'], 'entity_metadata.location', {
      min: 1,
      max: SCHEDULED_EVENT_LIMITS.location,
      required: true,
    });
    if (typeof location === 'string') fields.location = location;
  }
  if (creating || body.scheduled_start_time !== undefined) {
    const at = readTime(check, body.scheduled_start_time, 'scheduled_start_time');
    if (at !== undefined) fields.startAt = at;
  }
  if (creating || (body.scheduled_end_time !== undefined && body.scheduled_end_time !== null)) {
    const at = readTime(check, body.scheduled_end_time, 'scheduled_end_time');
    if (at !== undefined) fields.endAt = at;
  }
  return fields;
}

/** A time a body must give: missing or not ISO 8601 is a violation. */
function readTime(check: Checker, value: unknown, field: string): number | undefined {
  if (value === undefined || value === null) {
    check.add(
      [field],
      'BASE_TYPE_REQUIRED',
      'This field is required',
      `${field} is missing${field === 'scheduled_end_time' ? '; an EXTERNAL event must have one' : ''}`,
    );
    return undefined;
  }
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isNaN(at)) {
    check.add([field], 'DATE_TIME_TYPE_PARSE', 'Could not parse timestamp.', `${field} is not an ISO 8601 time`);
    return undefined;
  }
  return at;
}

/** A start not in the past (when it is being set) and an end after the start. */
function checkTimes(
  check: Checker,
  startAt: number | undefined,
  endAt: number | undefined,
  now: number,
  startIsNew: boolean,
): void {
  if (startIsNew && startAt !== undefined && startAt < now)
    check.add(
      ['scheduled_start_time'],
      'GUILD_SCHEDULED_EVENT_SCHEDULE_PAST',
      'Cannot schedule event in the past.',
      `scheduled_start_time ${new Date(startAt).toISOString()} is before now, ${new Date(now).toISOString()}`,
    );
  if (startAt !== undefined && endAt !== undefined && endAt <= startAt)
    check.add(
      ['scheduled_end_time'],
      'GUILD_SCHEDULED_EVENT_END_BEFORE_START',
      'Cannot schedule event to end before starting.',
      `scheduled_end_time ${new Date(endAt).toISOString()} is not after scheduled_start_time ${new Date(startAt).toISOString()}`,
    );
}
