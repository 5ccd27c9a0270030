// Contract of the fake's guild scheduled events (resources/guild-scheduled-event, discord-api-spec's
// /guilds/{guild_id}/scheduled-events operations): each route's request and answer against the spec's own Zod
// schemas, the refusals Discord documents with their codes, the status transitions, the guild's limit, and the
// gateway events and GUILD_CREATE as discord.js reads them.
import { Client, Events, GatewayIntentBits, GuildScheduledEventEntityType } from 'discord.js';
import { GuildScheduledEventPrivacyLevel } from 'discord.js';
import type { GuildScheduledEvent } from 'discord.js';
import * as z from 'zod/mini';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventStatus, Permission, PERMISSIONS, startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';

let fake: FakeDiscord;
let admin: FakeUser;
let schemas: Record<string, z.ZodMiniType>;
const HOUR = 3_600_000;

/** One request as the bot sends it (path after /api/v10), with an audit-log reason if given. */
async function rest(method: string, path: string, body?: unknown, reason?: string) {
  const headers: Record<string, string> = { Authorization: `Bot ${fake.botToken}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (reason !== undefined) headers['X-Audit-Log-Reason'] = encodeURIComponent(reason);
  const response = await fetch(`${fake.apiUrl}/v10${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

const events = (guildId = fake.guildId) => `/guilds/${guildId}/scheduled-events`;

/** An EXTERNAL event's create body, as the bot's client (src/discord/scheduled-events.ts) sends it. */
function external(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const start = fake.now() + HOUR;
  return {
    name: 'Friday cup',
    description: 'Four rounds of Olathe',
    privacy_level: 2,
    entity_type: 3,
    channel_id: null,
    entity_metadata: { location: '#dice' },
    scheduled_start_time: new Date(start).toISOString(),
    scheduled_end_time: new Date(start + 2 * HOUR).toISOString(),
    ...overrides,
  };
}

function expectSpec(schema: string, value: unknown): void {
  const parsed = z.safeParse(schemas[schema]!, value);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
}

async function created(overrides: Record<string, unknown> = {}): Promise<string> {
  const { status, json } = await rest('POST', events(), external(overrides));
  expect(status, JSON.stringify(json)).toBe(200);
  return json.id as string;
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  admin = fake.addUser({ username: 'admin', permissions: PERMISSIONS.admin });
  schemas = (await import('discord-api-spec/zod')) as unknown as Record<string, z.ZodMiniType>;
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.grantBotPermissions(Permission.CreateEvents);
  fake.clearRecords();
});

describe('guild scheduled events, held to the spec', () => {
  it('creates, gets, lists, modifies and deletes an EXTERNAL event; every request and answer fits the spec', async () => {
    const body = external();
    expectSpec('ExternalScheduledEventCreateRequestSchema', body);
    const made = await rest('POST', events(), body, 'Tournament "Friday cup" opened');
    expect(made.status).toBe(200);
    expectSpec('ExternalScheduledEventResponseSchema', made.json);
    const id = made.json.id as string;
    expect(made.json).toMatchObject({
      guild_id: fake.guildId,
      name: 'Friday cup',
      channel_id: null,
      creator_id: fake.botUser.id,
      status: EventStatus.Scheduled,
      entity_type: 3,
      privacy_level: 2,
      entity_metadata: { location: '#dice' },
      scheduled_start_time: body.scheduled_start_time,
    });
    expect(made.json).not.toHaveProperty('user_count');

    const got = await rest('GET', `${events()}/${id}?with_user_count=true`);
    expectSpec('ExternalScheduledEventResponseSchema', got.json);
    expect(got.json.user_count).toBe(0);
    const listed = await rest('GET', events());
    expect(listed.status).toBe(200);
    expect((listed.json as unknown as unknown[]).map((e) => (e as { id: string }).id)).toContain(id);
    for (const e of listed.json as unknown as unknown[]) expectSpec('ExternalScheduledEventResponseSchema', e);

    const edit = { name: 'Friday cup (final)', entity_metadata: { location: '#finals' } };
    expectSpec('ExternalScheduledEventPatchRequestPartialSchema', edit);
    const edited = await rest('PATCH', `${events()}/${id}`, edit, 'edited');
    expectSpec('ExternalScheduledEventResponseSchema', edited.json);
    expect(edited.json).toMatchObject({ name: 'Friday cup (final)', entity_metadata: { location: '#finals' } });

    expect((await rest('DELETE', `${events()}/${id}`, undefined, 'dropped')).status).toBe(204);
    expect((await rest('GET', `${events()}/${id}`)).json.code).toBe(10070);
    const history = fake.scheduledEvent(id)!.history;
    expect(history.map((h) => [h.action, h.reason])).toEqual([
      ['create', 'Tournament "Friday cup" opened'],
      ['update', 'edited'],
      ['delete', 'dropped'],
    ]);
    // The fake held its own answers to the spec's response schemas too (server.ts): none broke them.
    expect(fake.breaches).toEqual([]);
  });

  it.each([
    ['no location', { entity_metadata: {} }, 'entity_metadata.location is missing'],
    ['an empty location', { entity_metadata: { location: '' } }, 'entity_metadata.location is 0 characters'],
    ['a location of 101', { entity_metadata: { location: 'l'.repeat(101) } }, 'location is 101 characters'],
    ['no end', { scheduled_end_time: undefined }, 'scheduled_end_time is missing'],
    ['a channel', { channel_id: '1' }, 'channel_id is "1"'],
    ['an empty name', { name: '' }, 'name is 0 characters (1–100)'],
    ['a name of 101', { name: 'n'.repeat(101) }, 'name is 101 characters (1–100)'],
    ['a description of 1001', { description: 'd'.repeat(1001) }, 'description is 1001 characters'],
    ['privacy 1', { privacy_level: 1 }, 'privacy_level is 1, not GUILD_ONLY (2)'],
    ['a voice event', { entity_type: 2 }, 'entity_type is 2'],
  ])('refuses an EXTERNAL event with %s: 400 50035 and a breach', async (_, overrides, rule) => {
    const { status, json } = await rest('POST', events(), external(overrides));
    expect(status).toBe(400);
    expect(json.code).toBe(50035);
    expect(
      fake.breaches.some((b) => b.includes(rule)),
      JSON.stringify(fake.breaches),
    ).toBe(true);
  });

  it('refuses a start in the past and an end before the start, naming the field', async () => {
    const past = await rest(
      'POST',
      events(),
      external({ scheduled_start_time: new Date(fake.now() - 60_000).toISOString() }),
    );
    expect(past.status).toBe(400);
    expect(past.json.errors).toMatchObject({
      scheduled_start_time: { _errors: [{ code: 'GUILD_SCHEDULED_EVENT_SCHEDULE_PAST' }] },
    });
    const start = fake.now() + HOUR;
    const backwards = external({
      scheduled_start_time: new Date(start).toISOString(),
      scheduled_end_time: new Date(start - 1000).toISOString(),
    });
    const refused = await rest('POST', events(), backwards);
    expect(refused.json.errors).toMatchObject({
      scheduled_end_time: { _errors: [{ code: 'GUILD_SCHEDULED_EVENT_END_BEFORE_START' }] },
    });
    const id = await created();
    const later = await rest('PATCH', `${events()}/${id}`, { scheduled_end_time: new Date(fake.now()).toISOString() });
    expect(later.status).toBe(400);
    expect(await rest('PATCH', `${events()}/${id}`, { scheduled_end_time: null })).toMatchObject({ status: 400 });
  });

  it.each([
    [[EventStatus.Active], true],
    [[EventStatus.Canceled], true],
    [[EventStatus.Active, EventStatus.Completed], true],
    [[EventStatus.Completed], false],
    [[EventStatus.Scheduled], false],
    [[EventStatus.Active, EventStatus.Canceled], false],
    [[EventStatus.Active, EventStatus.Scheduled], false],
    [[EventStatus.Active, EventStatus.Completed, EventStatus.Active], false],
    [[EventStatus.Canceled, EventStatus.Scheduled], false],
    [[EventStatus.Canceled, EventStatus.Active], false],
  ])('status SCHEDULED then %j: the last step allowed is %s', async (steps, allowed) => {
    const id = await created();
    for (const [i, status] of steps.entries()) {
      const answer = await rest('PATCH', `${events()}/${id}`, { status });
      const last = i === steps.length - 1;
      expect(answer.status, JSON.stringify(answer.json)).toBe(last && !allowed ? 400 : 200);
      if (answer.status === 200) expect(answer.json.status).toBe(status);
    }
    if (!allowed) expect(fake.breaches.at(-1)).toContain('is not a transition Discord allows');
  });

  it('needs Create Events to create and, for another person’s event, Manage Events to change it: 403 50013', async () => {
    fake.grantBotPermissions(0n);
    expect((await rest('POST', events(), external())).json.code).toBe(50013);
    fake.grantBotPermissions(Permission.CreateEvents);
    const start = fake.now() + HOUR;
    const theirs = fake.scheduleEvent(admin, {
      name: 'Movie night',
      location: 'the lounge',
      startAt: start,
      endAt: start + HOUR,
    });
    expect((await rest('PATCH', `${events()}/${theirs.id}`, { name: 'mine now' })).json.code).toBe(50013);
    expect((await rest('DELETE', `${events()}/${theirs.id}`)).json.code).toBe(50013);
    fake.grantBotPermissions(Permission.ManageEvents);
    expect((await rest('PATCH', `${events()}/${theirs.id}`, { status: EventStatus.Canceled })).status).toBe(200);
    // Not a breach: a server's admin decides the bot's permissions, and it learns them from the answer.
    expect(fake.breaches).toEqual([]);
  });

  it('answers 10070 for an event deleted, unknown or of another guild, 50001 in a server without the bot', async () => {
    const id = await created();
    fake.deleteScheduledEvent(id);
    for (const method of ['GET', 'PATCH', 'DELETE'])
      expect((await rest(method, `${events()}/${id}`, method === 'PATCH' ? { name: 'x' } : undefined)).json.code).toBe(
        10070,
      );
    const other = fake.addGuild();
    const elsewhere = await created();
    expect((await rest('GET', `${events(other.guildId)}/${elsewhere}`)).json.code).toBe(10070);
    const away = fake.addGuild({ botMember: false });
    expect((await rest('GET', events(away.guildId))).json.code).toBe(50001);
    expect(fake.breaches).toEqual([]);
  });

  it('holds a guild to 100 SCHEDULED or ACTIVE events (30038); a finished one frees its place', async () => {
    const { guildId } = fake.addGuild();
    fake.grantBotPermissions(Permission.CreateEvents, guildId);
    const ids: string[] = [];
    for (let i = 0; i < 100; i++)
      ids.push((await rest('POST', events(guildId), external({ name: `e${i}` }))).json.id as string);
    const over = await rest('POST', events(guildId), external());
    expect([over.status, over.json.code]).toEqual([400, 30038]);
    await rest('PATCH', `${events(guildId)}/${ids[0]!}`, { status: EventStatus.Canceled });
    expect((await rest('POST', events(guildId), external())).status).toBe(200);
  });

  it('sends GUILD_SCHEDULED_EVENT_* to a bot with the intent, and lists the events in GUILD_CREATE', async () => {
    const client = new Client({
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildScheduledEvents],
      rest: { api: fake.apiUrl },
    });
    try {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(fake.botToken);
      await ready;
      const guild = client.guilds.cache.get(fake.guildId)!;
      const before = guild.scheduledEvents.cache.size;
      expect(before).toBe(fake.scheduledEvents().length);
      const heard = new Promise<GuildScheduledEvent>((resolve) =>
        client.once(Events.GuildScheduledEventCreate, resolve),
      );
      // discord.js's own manager: its body passes the spec and the fake's rules as the bot's client's does.
      const start = new Date(fake.now() + HOUR);
      const made = await guild.scheduledEvents.create({
        name: 'Through discord.js',
        scheduledStartTime: start,
        scheduledEndTime: new Date(start.getTime() + HOUR),
        privacyLevel: GuildScheduledEventPrivacyLevel.GuildOnly,
        entityType: GuildScheduledEventEntityType.External,
        entityMetadata: { location: '#dice' },
        reason: 'a test',
      });
      expect((await heard).id).toBe(made.id);
      const updated = new Promise<GuildScheduledEvent | null>((resolve) =>
        client.once(Events.GuildScheduledEventUpdate, (_, after) => resolve(after)),
      );
      await made.setStatus(2);
      expect((await updated)?.status).toBe(2);
      expect(fake.breaches).toEqual([]);
    } finally {
      await client.destroy();
    }
  });
});
