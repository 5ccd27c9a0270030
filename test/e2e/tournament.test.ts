// A club night against the real bot, on the run's engine: bad input refused privately with nothing posted; a host
// with Manage Events opens a tournament (the sign-up message, and the server's scheduled event SCHEDULED, found
// again after a kill -9 that lost its id); the host edits its name and start, and the sign-up message and the event
// follow, while a non-host's edit is refused privately with nothing written; people join by the button; computer
// players fill the field; Start now seats round 1 in threads and makes the event ACTIVE; a Join or an edit after
// the start is refused privately; the standings message is edited as tables finish; round 2 is seated by itself;
// no table's results offer a Rematch; at the end the podium is posted once with its PNG and the event is
// COMPLETED. Without Create Events for the bot the night runs all the same, and the sign-up message and the
// host's private answer say why there is no event, asked of Discord once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage, FakeUser } from '../../src/fake-discord';
import { EventStatus, PERMISSIONS, Permission } from '../../src/fake-discord';
import type { World } from './harness';
import {
  controlsOf,
  embedText,
  eventually,
  playSimpleTurn,
  publicMessages,
  startWorld,
  turnMessageOf,
} from './harness';

let world: World;
let host: FakeUser;
beforeAll(async () => {
  world = await startWorld({ diceSeed: 'tournament', botStepMs: 20 });
  host = world.fake.addUser({
    username: 'hana',
    globalName: 'Hana',
    permissions: (BigInt(PERMISSIONS.member) | Permission.ManageEvents).toString(),
  });
});
afterAll(async () => {
  await world?.close();
});

const DAY = 24 * 60 * 60_000;
/** "2026-12-05 19:30", in UTC, `ms` from now. */
const startIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16).replace('T', ' ');

function create(user: FakeUser, options: Record<string, string | number | boolean>, channelId?: string) {
  return world.fake.slash(user, 'olathe', options, {
    subcommand: 'tournament create',
    ...(channelId && { channelId }),
  });
}

const edit = (user: FakeUser, options: Record<string, string | number>) =>
  world.fake.slash(user, 'olathe', options, { subcommand: 'tournament edit' });

const isSignup = (m: FakeMessage) => (m.embeds[0]?.footer?.text ?? '').startsWith('Tournament ');
const titled = (cue: string) => (m: FakeMessage) => (m.embeds[0]?.title ?? '').includes(cue);
const button = (m: FakeMessage, action: string) =>
  (m.components[0] as { components: Array<{ custom_id: string }> }).components.find((c) =>
    c.custom_id.startsWith(`o1:t:${action}:`),
  )!.custom_id;

async function ephemeral(interaction: ReturnType<World['fake']['slash']>): Promise<string> {
  const answer = await interaction.reply();
  expect(answer.flags & 64).toBe(64);
  return answer.content;
}

describe('a tournament night', () => {
  it('refuses bad input privately, runs from sign-up to the podium, and keeps its event in line', async () => {
    const { fake, users } = world;
    const { alice, bob, carol, mod } = users;
    fake.grantBotPermissions(Permission.CreateEvents);
    const good = { name: 'Friday *club*', starts: startIn(2 * DAY), rounds: 2, free: 2, down: 0, up: 0 };

    // ---- bad input: a plain private reason, nothing posted, no event
    const before = publicMessages(fake).length;
    expect(await ephemeral(create(carol, good))).toMatch(/Manage Events/);
    expect(await ephemeral(create(host, { ...good, starts: '2020-01-01 10:00' }))).toMatch(/between now and a year/);
    expect(await ephemeral(create(host, { ...good, starts: startIn(400 * DAY) }))).toMatch(/between now and a year/);
    expect(await ephemeral(create(host, { ...good, starts: 'tomorrow 19:30' }))).toMatch(/YYYY-MM-DD HH:MM/);
    expect(await ephemeral(create(host, { ...good, timezone: 'Mars/Olympus' }))).toMatch(/Europe\/Copenhagen/);
    expect(await ephemeral(create(host, { ...good, free: 1 }))).toMatch(/.+/);
    // Discord's client holds rounds and table sizes to their bounds before anything is sent.
    expect(() => create(host, { ...good, rounds: 8 })).toThrow(/maximum 7/);
    expect(() => create(host, { ...good, 'table-size': 1 })).toThrow(/minimum 2/);
    expect(publicMessages(fake)).toHaveLength(before);
    expect(fake.scheduledEvents()).toHaveLength(0);

    // ---- created: a private answer with the link, the sign-up message, the event SCHEDULED
    const made = await ephemeral(create(host, good));
    expect(made).toMatch(
      /Friday \\\*club\\\*.*is open for sign-up: https:\/\/discord\.com\/channels\/.*<t:\d+:F> \(<t:\d+:R>\)/,
    );
    const signup = publicMessages(fake).find(isSignup)!;
    expect(embedText(signup)).toMatch(/Starts.*<t:\d+:F> \(<t:\d+:R>\)/);
    expect(signup.pinged).toEqual([]);
    const [event] = fake.scheduledEvents();
    expect(event).toMatchObject({ status: EventStatus.Scheduled, name: 'Friday *club*', location: '#dice' });
    expect(event!.description).toMatch(/#dice[\s\S]*Olathe T\d+$/);
    expect(await ephemeral(create(host, good))).toMatch(/already has a tournament/);

    // ---- a kill -9 that lost the event's id: the event is found again, never made twice
    await world.bot.kill('SIGKILL');
    await world.sql('UPDATE tournaments SET event_id = NULL, event_shown = NULL');
    await world.restart();
    await eventually(async () => {
      const [row] = (await world.sql('SELECT event_id FROM tournaments')) as { event_id: string | null }[];
      return row?.event_id === event!.id;
    }, 20_000);
    expect(fake.scheduledEvents()).toHaveLength(1);

    // ---- the host edits the name and the start: the sign-up message is drawn again, the event edited
    const starts = startIn(3 * DAY);
    const startsAt = Date.parse(`${starts.replace(' ', 'T')}:00Z`);
    expect(await ephemeral(edit(host, { name: 'Saturday club', starts }))).toMatch(/Saturday club.*is changed/);
    await eventually(() => fake.scheduledEvents()[0]!.name === 'Saturday club', 10_000);
    expect(fake.scheduledEvents()[0]).toMatchObject({
      status: EventStatus.Scheduled,
      startAt: startsAt,
      endAt: startsAt + 2 * 45 * 60_000,
    });
    await eventually(() => embedText(fake.message(signup.id)!).includes(`<t:${startsAt / 1000}:F>`), 10_000);
    expect(embedText(fake.message(signup.id)!)).toMatch(/^🏆 Saturday club\n/);
    expect(fake.scheduledEvents()).toHaveLength(1);
    // Refused privately, with nothing written: a non-host, nothing to change, a time zone alone.
    const shown = { posts: publicMessages(fake).length, edits: fake.message(signup.id)!.editCount };
    const eventEdits = fake.scheduledEvents()[0]!.history.length;
    expect(await ephemeral(edit(carol, { name: 'Mine' }))).toMatch(/Only the tournament's host/);
    expect(await ephemeral(edit(host, {}))).toMatch(/Say what to change/);
    expect(await ephemeral(edit(host, { timezone: 'Europe/Copenhagen' }))).toMatch(/give the new start too/);
    expect(await ephemeral(edit(host, { starts: '2020-01-01 10:00' }))).toMatch(/between now and a year/);
    expect({ posts: publicMessages(fake).length, edits: fake.message(signup.id)!.editCount }).toEqual(shown);
    expect(fake.scheduledEvents()[0]!.history.length).toBe(eventEdits);
    expect(fake.scheduledEvents()[0]!.name).toBe('Saturday club');

    // ---- people join by the button; the host fills the field with computer players
    for (const person of [alice, bob, carol, host]) await fake.click(person, signup.id, button(signup, 'join')).acked();
    expect(embedText(fake.message(signup.id)!)).toMatch(/Signed up \(4\): Alice, Bob, Carol, Hana/);
    expect(await ephemeral(fake.slash(bob, 'olathe', { players: 8 }, { subcommand: 'tournament fill' }))).toMatch(
      /Only the tournament's host/,
    );
    expect(await ephemeral(fake.slash(host, 'olathe', { players: 8 }, { subcommand: 'tournament fill' }))).toMatch(
      /up to 8 players/,
    );
    await eventually(() => embedText(fake.message(signup.id)!).includes('up to 8 players'));
    // Start now is the host's: others are told so, privately, and nothing starts.
    const early = await fake.click(bob, signup.id, button(fake.message(signup.id)!, 'start')).reply();
    expect(early.ephemeralFor).toBe(bob.id);

    // ---- Start now: two tables, each in its thread; the event ACTIVE; sign-up closed to late comers
    await fake.click(host, signup.id, button(fake.message(signup.id)!, 'start')).acked();
    await eventually(() => fake.scheduledEvents()[0]!.status === EventStatus.Active, 10_000);
    // The message has no buttons now; a client still showing them sends the click anyway.
    const late = await fake.click(mod, signup.id, button(signup, 'join'), { unchecked: true }).reply();
    expect(late.ephemeralFor).toBe(mod.id);
    expect(late.content).toMatch(/isn't on this message/);
    expect(embedText(fake.message(signup.id)!)).toMatch(/Signed up \(4\)/);
    // An edit after the start is refused privately, and the sign-up message and the event keep what they show.
    const signupEdits = fake.message(signup.id)!.editCount;
    expect(await ephemeral(edit(host, { name: 'Too late' }))).toMatch(/only during sign-up/);
    expect(fake.message(signup.id)!.editCount).toBe(signupEdits);
    expect(fake.scheduledEvents()[0]!.name).toBe('Saturday club');
    const standings = await fake.waitFor(() => publicMessages(fake).find(titled('round 1 of 2')), 10_000);
    await eventually(() => (embedText(fake.message(standings.id)!).match(/<#\d+>/g) ?? []).length === 2, 10_000);

    // ---- the night played out: Alice plays her turns, the others leave their tables; computers finish them
    const quitters = [bob, carol, host];
    const podium = titled('the podium');
    let sawOneTableDone = false;
    while (!publicMessages(fake).some(podium)) {
      const text = embedText(fake.message(standings.id)!);
      if (/✅ won by/.test(text) && /🎲 playing/.test(text)) sawOneTableDone = true;
      const quitter = quitters.map((u) => [u, turnMessageOf(fake, u)] as const).find(([, m]) => m);
      if (quitter) {
        await fake.slash(quitter[0], 'olathe', {}, { subcommand: 'quit', channelId: quitter[1]!.channelId }).reply();
        continue;
      }
      // Alice waits while another table can still finish first, so the standings show one table done.
      const mine = turnMessageOf(fake, alice);
      if (mine && (sawOneTableDone || !/🎲 playing[\s\S]*🎲 playing/.test(text))) {
        await playSimpleTurn(fake, alice, mine);
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(sawOneTableDone).toBe(true);
    expect(embedText(fake.message(standings.id)!)).toMatch(/final standings/);
    expect(fake.message(standings.id)!.editCount).toBeGreaterThanOrEqual(4);

    // ---- the end: one podium with its PNG, the event COMPLETED, nobody pinged by the tournament's messages
    await eventually(() => fake.scheduledEvents()[0]!.status === EventStatus.Completed, 10_000);
    const podiums = publicMessages(fake).filter(podium);
    expect(podiums).toHaveLength(1);
    expect(podiums[0]!.attachments).toEqual([
      expect.objectContaining({
        filename: expect.stringMatching(/^tournament-\d+-podium\.png$/),
        contentType: 'image/png',
      }),
    ]);
    expect(embedText(podiums[0]!)).toMatch(/🥇 \*\*Alice\*\*/);
    expect(embedText(podiums[0]!)).toMatch(/Ratings tonight/);
    for (const m of [fake.message(signup.id)!, fake.message(standings.id)!, podiums[0]!]) expect(m.pinged).toEqual([]);
    // Each table's results offer the analysis but no Rematch: the tournament seated the next round itself.
    const results = publicMessages(fake).filter((m) => controlsOf(m).some((c) => c.id?.action === 'analysis'));
    expect(results.length).toBeGreaterThanOrEqual(3);
    for (const m of results) expect(controlsOf(m).map((c) => c.id?.action)).not.toContain('rematch');
    const show = await fake.slash(carol, 'olathe', {}, { subcommand: 'tournament show' }).reply();
    expect(show.ephemeralFor).toBe(carol.id);
    expect(embedText(show)).toMatch(/final standings/);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 240_000);

  it('runs without the bot’s permission to make events, and says why there is none, once', async () => {
    const { fake, users } = world;
    fake.grantBotPermissions(0n);
    const room = fake.addChannel('club');
    const posts = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/scheduled-events')).length;
    const postsBefore = posts();
    const events = fake.scheduledEvents().length;
    // The host hears why there is no event in the create's own private answer, once.
    expect(await ephemeral(create(host, { name: 'No event', starts: startIn(DAY), rounds: 1 }, room.id))).toMatch(
      /is open for sign-up[\s\S]*\*\*Create Events\*\*/,
    );
    const signup = await fake.waitFor(() => publicMessages(fake, [room.id]).find(isSignup), 10_000);
    await eventually(() => embedText(fake.message(signup.id)!).includes('Create Events'), 10_000);
    for (const person of [users.alice, users.bob])
      await fake.click(person, signup.id, button(fake.message(signup.id)!, 'join')).acked();
    await fake.click(host, signup.id, button(fake.message(signup.id)!, 'start')).acked();
    await eventually(() => fake.threads(room.id).length === 1, 10_000);
    expect(fake.scheduledEvents()).toHaveLength(events);
    expect(posts() - postsBefore).toBe(1);
    expect(fake.breaches).toEqual([]);
  }, 60_000);
});
