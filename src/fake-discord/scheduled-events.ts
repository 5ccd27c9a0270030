// Guild scheduled events (resources/guild-scheduled-event): GET/POST /guilds/{guild}/scheduled-events and
// GET/PATCH/DELETE …/{event}, the bot's permissions for them, GUILD_SCHEDULED_EVENT_* to sessions with the
// GUILD_SCHEDULED_EVENTS intent, and what a person does with events in Discord's app. The body rules are in
// scheduled-event-rules.ts. Every answer here is held to the spec's response schema too (server.ts).
import { botGuildPermissions } from './channels';
import { GatewayIntent } from './gateway-protocol';
import { requireGuild } from './guilds';
import { DiscordErrors } from './http';
import { clone } from './json';
import { apiScheduledEvent } from './payloads';
import { Permission, effectivePermissions } from './permissions';
import { noContent, ok, param, route } from './routes';
import type { Route, RouteContext } from './routes';
import {
  EXTERNAL,
  EventStatus,
  GUILD_ONLY,
  SCHEDULED_EVENT_LIMITS,
  checkCreate,
  checkModify,
} from './scheduled-event-rules';
import type { EventFields } from './scheduled-event-rules';
import type { FakeGuild, FakeScheduledEvent, FakeState, ScheduledEventChange } from './store';
import type { FakeUser } from './types';

/** What the state emits as 'scheduledEvent' (and the playground listens to). */
export interface ScheduledEventNotice {
  type: 'create' | 'update' | 'delete';
  event: FakeScheduledEvent;
}

export function scheduledEventRoutes(): Route[] {
  const base = '/guilds/:guild/scheduled-events';
  return [
    { ...route('GET', base, true, listEvents), checksAnswer: true },
    { ...route('POST', base, true, createEvent), checksAnswer: true },
    {
      ...route('GET', `${base}/:event`, true, (c) => ok(apiScheduledEvent(c.state, findEvent(c), withCount(c)))),
      checksAnswer: true,
    },
    { ...route('PATCH', `${base}/:event`, true, modifyEvent), checksAnswer: true },
    { ...route('DELETE', `${base}/:event`, true, deleteEvent), checksAnswer: true },
  ];
}

/** A guild's events, in creation order; deleted ones only on request. */
export function guildEvents(state: FakeState, guildId: string, includeDeleted = false): FakeScheduledEvent[] {
  return [...state.scheduledEvents.values()].filter((e) => e.guildId === guildId && (includeDeleted || !e.deleted));
}

// ------------------------------------------------------------ routes

function requireBotGuild(c: RouteContext): FakeGuild {
  const guild = c.state.guilds.get(param(c, 'guild'));
  if (!guild) throw DiscordErrors.unknownGuild();
  if (!guild.botMember) throw DiscordErrors.missingAccess();
  return guild;
}

function withCount(c: RouteContext): boolean {
  return c.req.query.get('with_user_count') === 'true';
}

function listEvents(c: RouteContext) {
  const guild = requireBotGuild(c);
  return ok(guildEvents(c.state, guild.id).map((e) => apiScheduledEvent(c.state, e, withCount(c))));
}

function findEvent(c: RouteContext): FakeScheduledEvent {
  const guild = requireBotGuild(c);
  const event = c.state.scheduledEvents.get(param(c, 'event'));
  // Not a breach: a moderator may have deleted it, and the bot learns so only from this answer.
  if (!event || event.deleted || event.guildId !== guild.id) throw DiscordErrors.unknownScheduledEvent();
  return event;
}

/** CREATE_EVENTS "allows for creating scheduled events, and editing and deleting those created by the current user". */
function requireCreate(permissions: bigint): void {
  if ((permissions & Permission.CreateEvents) === 0n) throw DiscordErrors.missingPermissions();
}

/** MANAGE_EVENTS "allows for editing and deleting scheduled events created by all users". */
function requireManage(permissions: bigint, event: FakeScheduledEvent, actorId: string): void {
  if (permissions & Permission.ManageEvents) return;
  if (event.creatorId === actorId && permissions & Permission.CreateEvents) return;
  throw DiscordErrors.missingPermissions();
}

function refuse(c: RouteContext, violations: ReturnType<typeof checkCreate>['violations']): never {
  for (const v of violations) c.state.breach(`${c.label}: ${v.rule}`);
  throw DiscordErrors.invalidFormBody(violations);
}

function createEvent(c: RouteContext) {
  const { state } = c;
  const guild = requireBotGuild(c);
  requireCreate(botGuildPermissions(state, guild.id));
  const { violations, fields } = checkCreate(c.req.body, state.now());
  if (violations.length > 0) refuse(c, violations);
  const event = addEvent(state, guild, state.botUser.id, fields, c.req.auditLogReason);
  return ok(apiScheduledEvent(state, event));
}

function modifyEvent(c: RouteContext) {
  const { state } = c;
  const event = findEvent(c);
  requireManage(botGuildPermissions(state, event.guildId), event, state.botUser.id);
  const { violations, fields } = checkModify(event, c.req.body, state.now());
  if (violations.length > 0) refuse(c, violations);
  changeEvent(state, event, state.botUser.id, fields, c.req.auditLogReason);
  return ok(apiScheduledEvent(state, event));
}

function deleteEvent(c: RouteContext) {
  const { state } = c;
  const event = findEvent(c);
  requireManage(botGuildPermissions(state, event.guildId), event, state.botUser.id);
  removeEvent(state, event, state.botUser.id, c.req.auditLogReason);
  return noContent();
}

// ------------------------------------------------------------ changes

function record(event: FakeScheduledEvent, change: Omit<ScheduledEventChange, 'status'>, reason?: string): void {
  event.history.push({ ...change, status: event.status, ...(reason !== undefined ? { reason } : {}) });
}

function announce(state: FakeState, type: ScheduledEventNotice['type'], event: FakeScheduledEvent): void {
  const t = `GUILD_SCHEDULED_EVENT_${type.toUpperCase()}`;
  state.guildDispatch(event.guildId, t, apiScheduledEvent(state, event), GatewayIntent.GuildScheduledEvents);
  state.events.emit('scheduledEvent', { type, event: clone(event) } satisfies ScheduledEventNotice);
  state.notify();
}

function addEvent(
  state: FakeState,
  guild: FakeGuild,
  creatorId: string,
  fields: EventFields,
  reason?: string,
): FakeScheduledEvent {
  const open = guildEvents(state, guild.id).filter(
    (e) => e.status === EventStatus.Scheduled || e.status === EventStatus.Active,
  );
  if (open.length >= SCHEDULED_EVENT_LIMITS.uncompleted) throw DiscordErrors.maxScheduledEvents();
  const event: FakeScheduledEvent = {
    id: state.ids.next(),
    guildId: guild.id,
    creatorId,
    name: fields.name ?? '',
    description: fields.description ?? null,
    location: fields.location ?? '',
    startAt: fields.startAt ?? state.now(),
    endAt: fields.endAt ?? state.now(),
    status: EventStatus.Scheduled,
    deleted: false,
    history: [],
  };
  record(event, { action: 'create', at: state.now(), by: creatorId }, reason);
  state.scheduledEvents.set(event.id, event);
  announce(state, 'create', event);
  return event;
}

function changeEvent(
  state: FakeState,
  event: FakeScheduledEvent,
  by: string,
  fields: EventFields,
  reason?: string,
): void {
  if (fields.name !== undefined) event.name = fields.name;
  if (fields.description !== undefined) event.description = fields.description;
  if (fields.location !== undefined) event.location = fields.location;
  if (fields.startAt !== undefined) event.startAt = fields.startAt;
  if (fields.endAt !== undefined) event.endAt = fields.endAt;
  if (fields.status !== undefined) event.status = fields.status;
  record(event, { action: 'update', at: state.now(), by }, reason);
  announce(state, 'update', event);
}

function removeEvent(state: FakeState, event: FakeScheduledEvent, by: string, reason?: string): void {
  event.deleted = true;
  record(event, { action: 'delete', at: state.now(), by }, reason);
  announce(state, 'delete', event);
}

// ------------------------------------------------------------ people in Discord's app

export interface PersonEventInit {
  name: string;
  location: string;
  startAt: number;
  endAt: number;
  description?: string;
  /** Default: the default guild. */
  guildId?: string;
}

/** A person schedules an EXTERNAL event in Discord's app; throws what the app would not let them do. */
export function personSchedulesEvent(state: FakeState, user: FakeUser, init: PersonEventInit): FakeScheduledEvent {
  const guild = requireGuild(state, init.guildId ?? state.guild.id);
  if (!guild.members.has(user.id)) throw new Error(`${user.username} is not a member of guild ${guild.id}`);
  if ((effectivePermissions(BigInt(user.permissions)) & Permission.CreateEvents) === 0n)
    throw new Error(`${user.username} may not create events (no Create Events permission)`);
  const body = {
    name: init.name,
    ...(init.description !== undefined ? { description: init.description } : {}),
    privacy_level: GUILD_ONLY,
    entity_type: EXTERNAL,
    entity_metadata: { location: init.location },
    scheduled_start_time: new Date(init.startAt).toISOString(),
    scheduled_end_time: new Date(init.endAt).toISOString(),
  };
  const { violations, fields } = checkCreate(body, state.now());
  if (violations.length > 0) throw new Error(violations.map((v) => v.rule).join('; '));
  return addEvent(state, guild, user.id, fields);
}

/** A moderator deletes an event in Discord's app, behind the bot's back (GUILD_SCHEDULED_EVENT_DELETE). */
export function moderatorDeletesEvent(state: FakeState, eventId: string): FakeScheduledEvent {
  const event = state.scheduledEvents.get(eventId);
  if (!event || event.deleted) throw new Error(`unknown scheduled event ${eventId}`);
  removeEvent(state, event, state.guilds.get(event.guildId)?.ownerId ?? '');
  return event;
}
