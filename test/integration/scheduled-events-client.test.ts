// The bot's scheduled-event client (src/discord/scheduled-events.ts) against the loopback Discord: a tournament's
// EXTERNAL event created, edited, started, completed or cancelled through discord.js's REST, each as a typed
// outcome; a server that took Create Events away is `noPermission`, an event a moderator deleted is `gone`.
import { DiscordAPIError, REST } from 'discord.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventStatus, Permission, startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';
import { ScheduledEvents } from '../../src/discord/scheduled-events';
import type { EventDraft } from '../../src/discord/scheduled-events';

const HOUR = 3_600_000;
let fake: FakeDiscord;
let rest: REST;
let events: ScheduledEvents;

function draft(overrides: Partial<EventDraft> = {}): EventDraft {
  const start = fake.now() + HOUR;
  return {
    name: 'Friday cup',
    channelName: 'dice',
    start: new Date(start),
    end: new Date(start + 3 * HOUR),
    ...overrides,
  };
}

async function made(overrides: Partial<EventDraft> = {}): Promise<string> {
  const outcome = await events.create(draft(overrides));
  if (outcome.kind !== 'ok') throw new Error(`expected an event, got ${outcome.kind}`);
  return outcome.eventId;
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  // No retries: a refusal is the answer the test reads.
  rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
  events = new ScheduledEvents(rest, fake.guildId);
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.grantBotPermissions(Permission.CreateEvents);
  fake.clearRecords();
});

describe('the bot’s scheduled events', () => {
  it('creates an EXTERNAL event at the channel, with the audit log’s reason', async () => {
    const outcome = await events.create(draft({ description: 'Four rounds' }), {
      reason: 'Tournament opened by Alice',
    });
    expect(outcome.kind).toBe('ok');
    const id = outcome.kind === 'ok' ? outcome.eventId : '';
    const event = fake.scheduledEvent(id)!;
    expect(event).toMatchObject({
      name: 'Friday cup',
      description: 'Four rounds',
      location: '#dice',
      status: EventStatus.Scheduled,
      creatorId: fake.botUser.id,
    });
    expect(event.history[0]?.reason).toBe('Tournament opened by Alice');
    expect(fake.breaches).toEqual([]);
  });

  it('edits only what it is given, then starts and completes the event', async () => {
    const id = await made();
    const later = fake.now() + 2 * HOUR;
    expect(
      await events.edit(id, { name: 'Friday cup, moved', start: new Date(later), end: new Date(later + HOUR) }),
    ).toEqual({
      kind: 'ok',
      eventId: id,
    });
    expect(fake.scheduledEvent(id)).toMatchObject({ name: 'Friday cup, moved', startAt: later, location: '#dice' });
    expect(await events.start(id)).toEqual({ kind: 'ok', eventId: id });
    expect(fake.scheduledEvent(id)?.status).toBe(EventStatus.Active);
    expect(await events.complete(id)).toEqual({ kind: 'ok', eventId: id });
    expect(fake.scheduledEvent(id)?.status).toBe(EventStatus.Completed);
    expect(fake.breaches).toEqual([]);
  });

  it('cancels an event that has not begun', async () => {
    const id = await made();
    expect(await events.cancel(id, { reason: 'Tournament cancelled' })).toEqual({ kind: 'ok', eventId: id });
    expect(fake.scheduledEvent(id)?.status).toBe(EventStatus.Canceled);
  });

  it('cuts a name and a location past Discord’s 100 characters instead of being refused', async () => {
    const id = await made({ name: '🎲'.repeat(150), channelName: 'c'.repeat(100) });
    const event = fake.scheduledEvent(id)!;
    expect([...event.name]).toHaveLength(100);
    expect([...event.location]).toHaveLength(100);
    expect(fake.breaches).toEqual([]);
  });

  it('says noPermission without Create Events, and in a server the bot is not in', async () => {
    const id = await made();
    fake.grantBotPermissions(0n);
    expect(await events.create(draft())).toEqual({ kind: 'noPermission' });
    expect(await events.start(id)).toEqual({ kind: 'noPermission' });
    const away = fake.addGuild({ botMember: false });
    expect(await new ScheduledEvents(rest, away.guildId).create(draft())).toEqual({ kind: 'noPermission' });
    expect(fake.scheduledEvent(id)?.status).toBe(EventStatus.Scheduled);
    expect(fake.scheduledEvents(away.guildId)).toEqual([]);
    // A server's admin decides the bot's permissions: not a breach of the bot's.
    expect(fake.breaches).toEqual([]);
  });

  it('says gone for an event a moderator deleted', async () => {
    const id = await made();
    fake.deleteScheduledEvent(id);
    expect(await events.edit(id, { name: 'again' })).toEqual({ kind: 'gone' });
    expect(await events.cancel(id)).toEqual({ kind: 'gone' });
    expect(fake.breaches).toEqual([]);
  });

  it('throws what is neither: a completed event started again is a refusal of Discord’s', async () => {
    const id = await made();
    await events.start(id);
    await events.complete(id);
    await expect(events.start(id)).rejects.toBeInstanceOf(DiscordAPIError);
    expect(fake.breaches).toEqual([expect.stringContaining('is not a transition Discord allows')]);
  });
});
