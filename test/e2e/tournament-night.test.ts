// A whole club night against the real bot, on the run's engine: 8 people who join by the button and 8 computer
// players the host fills in, 3 rounds at 4 tables of 4, started by the bot's clock at the start time and played to
// the podium by the people's clicks. The bot is killed (-9) twice in round 2: the moment its first table ends, and
// the moment its last one ends (round 3 seated, its threads being made). With the night's last click of a person,
// Discord (SQLite) or the database (PostgreSQL, a server of the test's own, stopped and started) is out of reach
// for 8 s. Nobody does anything for the night to carry on. Then: every table's game exists once and its thread was
// made once, nobody sat twice in a round, the final standings (message, `tournament show`, the saved state) equal
// the test's own recount from the saved games, one podium, one event SCHEDULED → ACTIVE → COMPLETED, no 4xx but
// Discord's refusal of a thread made before a kill, no refusal in public, allowed_mentions on every message, and no
// breach but clicks left unanswered while things were down. About 80 s an engine here: every turn is played.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage, FakeUser, LoggedRequest } from '../../src/fake-discord';
import { EventStatus, PERMISSIONS, Permission } from '../../src/fake-discord';
import type { TournamentState } from '../../src/tournament';
import type { PostgresServer } from '../support/postgres';
import { freshDatabase, startPostgres } from '../support/postgres';
import { testEngine } from './database';
import type { Control, World } from './harness';
import { embedText, eventually, publicMessages, startWorld } from './harness';
import { NightPlayers } from './night-players';
import { recount, savedTables, shownRows } from './night-recount';
import { checkRequests } from './night-requests';

const ENGINE = testEngine();
const MINUTE = 60_000;
/** The bot's clock is moved so that a whole minute of it comes this long after the world starts up. */
const LEAD_MS = 15_000;
/** What sign-up needs before the start: the joins and the fill (about 2 s). */
const SIGNUP_MS = 8000;
const OUTAGE_MS = 8000;

let world: World;
let server: PostgresServer | undefined;
let offsetMs = 0;

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = {};
  if (ENGINE === 'postgres') {
    // The outage stops the server: the test's own, with commits that survive the stop.
    server = await startPostgres({ durableCommits: true });
    env.DATABASE_URL = await freshDatabase(server);
  }
  // A start time is a whole minute: the bot's clock is moved so that one is LEAD_MS away now.
  const now = Date.now();
  offsetMs = Math.ceil((now + LEAD_MS) / MINUTE) * MINUTE - LEAD_MS - now;
  world = await startWorld({
    diceSeed: 'tournament-night',
    botStepMs: 20,
    env: { ...env, OLATHE_CLOCK_OFFSET_MS: String(offsetMs) },
  });
}, 90_000);

afterAll(async () => {
  await world?.close();
  await server?.stop();
});

const botNow = () => Date.now() + offsetMs;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
const titled = (cue: string) => (m: FakeMessage) => (m.embeds[0]?.title ?? '').includes(cue);

/** A moment the test made things fail, and until when clicks could go unanswered for it. */
interface Disruption {
  from: number;
  to: number;
}

describe(`a tournament night on ${ENGINE}`, () => {
  it('runs 16 entrants over 3 rounds to the podium through a kill -9 and an outage, by itself', async () => {
    const { fake, users } = world;
    fake.grantBotPermissions(Permission.CreateEvents);
    const host = fake.addUser({
      username: 'hana',
      globalName: 'Hana',
      permissions: (BigInt(PERMISSIONS.member) | Permission.ManageEvents).toString(),
    });
    const more = ['Dana', 'Eve', 'Finn', 'Gus'].map((name) =>
      fake.addUser({ username: name.toLowerCase(), globalName: name }),
    );
    const people: FakeUser[] = [users.alice, users.bob, users.carol, ...more, host];
    const nameOf = new Map(people.map((p) => [p.id, p.globalName!]));
    const channel = fake.channelId;

    // ---- created for the next whole minute of the bot's clock (the one after, if starting up was slow); 8 join
    // by the button, the host fills the field to 16
    const startsAt = Math.ceil((botNow() + SIGNUP_MS) / MINUTE) * MINUTE;
    const created = fake.slash(
      host,
      'olathe',
      { name: 'Night of 16', starts: utc(startsAt), rounds: 3, free: 2, down: 0, up: 0, throws: 1 },
      { subcommand: 'tournament create' },
    );
    expect((await created.reply()).flags & 64).toBe(64);
    const signup = await fake.waitFor(() => fake.messages(channel).find(titled('Night of 16')), 10_000);
    const button = (action: string) =>
      (signup.components[0] as { components: Array<{ custom_id: string }> }).components.find((c) =>
        c.custom_id.startsWith(`o1:t:${action}:`),
      )!.custom_id;
    for (const person of people) await fake.click(person, signup.id, button('join')).acked();
    // Start now is the host's: anyone else is told so, privately, and nothing starts.
    const early = await fake.click(users.bob, signup.id, button('start')).reply();
    expect(early.ephemeralFor).toBe(users.bob.id);
    const fill = fake.slash(host, 'olathe', { players: 16 }, { subcommand: 'tournament fill' });
    expect((await fill.reply()).content).toMatch(/up to 16 players/);
    const tournamentId = Number(((await world.sql('SELECT id FROM tournaments')) as { id: number }[])[0]!.id);
    expect(botNow()).toBeLessThan(startsAt);
    await eventually(() => fake.scheduledEvents()[0]?.status === EventStatus.Scheduled, 10_000);

    // ---- the start time comes: round 1 is seated by the clock, the event ACTIVE
    const standingsOf = () => fake.messages(channel).find(titled('Night of 16 —'));
    const roundShown = (n: number) => standingsOf() && embedText(standingsOf()!).includes(`round ${n} of 3`);
    await eventually(() => roundShown(1) === true, MINUTE + 30_000);
    const started = (await world.sql('SELECT started_at FROM games WHERE tournament_id = $1', [tournamentId])) as {
      started_at: number;
    }[];
    expect(started).toHaveLength(4);
    for (const g of started) expect(Number(g.started_at) - startsAt).toBeGreaterThanOrEqual(0);
    for (const g of started) expect(Number(g.started_at) - startsAt).toBeLessThan(5000);
    await eventually(() => fake.scheduledEvents()[0]?.status === EventStatus.Active, 10_000);
    // Sign-up closed at the start: a Join from a client still showing the button is refused privately.
    const lateJoin = await fake.click(users.mod, signup.id, button('join'), { unchecked: true }).reply();
    expect(lateJoin.ephemeralFor).toBe(users.mod.id);

    // ---- the people play every turn they are shown, all tables at once. The outage of round 3 comes with the
    // night's last click of a person: Discord goes down just before it (so the computer players finish the last
    // table, and the night, while nothing reaches Discord), the database just after it (mid-way through that end).
    const disruptions: Disruption[] = [];
    const round3 = new Set<number>();
    const lastDone = new Set<string>();
    const releases = new Map<string, () => void>();
    let turnLock: Promise<void> = Promise.resolve();
    // Set by a click's hook: a holder, since TypeScript does not follow assignments made in callbacks.
    const outage: { done: Promise<void> | null } = { done: null };
    const outOfReach = async () => {
      const from = Date.now();
      if (server) {
        await server.crash();
        await delay(OUTAGE_MS);
        await server.start();
      } else {
        // Every REST route answers 503: messages, threads, the event, and the clicks' own answers.
        const down = fake.injectFault({ route: /.*/, kind: 'status', status: 503, times: Infinity });
        await delay(OUTAGE_MS);
        down.remove();
      }
      disruptions.push({ from, to: Date.now() });
    };
    const isLastTurn = (message: FakeMessage, write: Control) =>
      write.id?.action === 'write' &&
      round3.has(write.id.gameId) &&
      (message.embeds[0]?.title ?? '').endsWith('turn 14 of 14');
    const players = new NightPlayers(
      fake,
      people,
      () =>
        fake
          .threads(channel)
          .slice(-4)
          .map((c) => c.id),
      {
        // People's last writes of the night go one at a time, so the test knows which is the very last.
        async before(user, message, write) {
          if (!isLastTurn(message, write)) return;
          const previous = turnLock;
          let release!: () => void;
          turnLock = new Promise((resolve) => (release = resolve));
          await previous;
          releases.set(user.id, release);
          if (!server && !outage.done && lastDone.size === people.length - 1) outage.done = outOfReach();
        },
        async after(user, _message, _write, outcome) {
          const release = releases.get(user.id);
          if (!release) return;
          releases.delete(user.id);
          if (outcome === 'updated') lastDone.add(user.id);
          if (server && !outage.done && lastDone.size === people.length) outage.done = outOfReach();
          release();
        },
      },
    );
    players.start();
    const gamesOf = async (round: number, status?: string) =>
      (await world.sql(
        `SELECT id FROM games WHERE tournament_id = $1 AND tournament_round = $2${status ? ' AND status = $3' : ''}`,
        status ? [tournamentId, round, status] : [tournamentId, round],
      )) as { id: number }[];

    const killAndRestart = async () => {
      const from = Date.now();
      await world.bot.kill('SIGKILL');
      await world.restart();
      disruptions.push({ from, to: Date.now() });
      return Date.now();
    };

    // ---- round 2: kill -9 the moment its first table ends (its results, standings and ratings being shown), and
    // again the moment its last one ends, with round 3 seated in that transaction and its threads being made
    await eventually(async () => (await gamesOf(2, 'finished')).length > 0, 120_000);
    await killAndRestart();
    await eventually(async () => (await gamesOf(3)).length > 0, 120_000);
    const restartedInRound3 = await killAndRestart();

    // ---- round 3; its last click brings the outage
    await eventually(async () => (await gamesOf(3)).length === 4, 120_000);
    for (const g of await gamesOf(3)) round3.add(Number(g.id));
    await eventually(() => outage.done !== null, 150_000);
    await outage.done;

    // ---- the night carries on by itself to the podium
    const podiumOf = () => publicMessages(fake).filter(titled('the podium'));
    await eventually(() => podiumOf().length > 0, 150_000);
    await players.stop();
    await eventually(() => fake.scheduledEvents()[0]?.status === EventStatus.Completed, 20_000);
    await eventually(() => embedText(standingsOf()!).includes('final standings'), 20_000);

    // ---- each table once, each thread once, nobody seated twice in a round
    const tables = await savedTables(world, tournamentId);
    expect(tables.map((t) => `${t.round}.${t.table}:${t.status}`)).toEqual(
      [1, 2, 3].flatMap((r) => [1, 2, 3, 4].map((t) => `${r}.${t}:finished`)),
    );
    for (const round of [1, 2, 3]) {
      const seated = tables.filter((t) => t.round === round).flatMap((t) => t.seats.filter((s) => !s.isBot));
      expect(seated.map((s) => s.userId).sort()).toEqual(people.map((p) => p.id).sort());
      for (const t of tables.filter((x) => x.round === round)) expect(t.seats).toHaveLength(4);
    }
    const threads = fake.threads(channel);
    expect(threads).toHaveLength(12);
    expect(tables.map((t) => t.playChannelId).sort()).toEqual(threads.map((c) => c.id).sort());
    const threadPosts = fake.requests.filter((r) => r.method === 'POST' && /\/threads$/.test(r.path));
    expect(threadPosts.filter((r) => r.status >= 200 && r.status < 300)).toHaveLength(12);

    // ---- the saved state holds the games' results; the standings equal the test's recount
    const [row] = (await world.sql('SELECT state FROM tournaments WHERE id = $1', [tournamentId])) as {
      state: string | TournamentState;
    }[];
    const state = (typeof row!.state === 'string' ? JSON.parse(row!.state) : row!.state) as TournamentState;
    expect(state.status).toBe('finished');
    expect(state.rounds).toHaveLength(3);
    for (const t of tables) {
      const saved = state.rounds[t.round - 1]!.tables[t.table - 1]!;
      expect(saved.gameId).toBe(String(t.gameId));
      expect(saved.results!.map((r) => [r.seat, r.userId, r.place, r.finalPoints])).toEqual(
        t.seats.map((s) => [s.seat, s.userId, s.place, s.final]),
      );
    }
    const bySeed = [...state.people].sort((a, b) => a.seed! - b.seed!).map((p) => p.userId);
    const expected = recount(tables, bySeed, (id) => nameOf.get(id)!);
    expect(expected).toHaveLength(8);
    const standingsText = (m: FakeMessage) => m.embeds.find((e) => e.title === 'Standings')!.description!;
    expect(shownRows(standingsText(standingsOf()!))).toEqual(expected);
    const show = await fake.slash(users.carol, 'olathe', {}, { subcommand: 'tournament show' }).reply();
    expect(show.ephemeralFor).toBe(users.carol.id);
    expect(shownRows(standingsText(show))).toEqual(expected);

    // ---- one podium, one event through its three statuses
    expect(podiumOf()).toHaveLength(1);
    expect(embedText(podiumOf()[0]!)).toContain(`🥇 **${expected[0]!.name}**`);
    const events = fake.scheduledEvents(fake.guildId, { includeDeleted: true });
    expect(events).toHaveLength(1);
    const statuses = events[0]!.history.map((h) => h.status).filter((s, i, all) => s !== all[i - 1]);
    expect(statuses).toEqual([EventStatus.Scheduled, EventStatus.Active, EventStatus.Completed]);

    // ---- what Discord saw: no 4xx, allowed_mentions always, refusals private, no breach but unanswered clicks
    // A thread made just before the kill is found again by Discord's refusal of a second one (400, 160004).
    const foundAgain = (r: LoggedRequest) =>
      r.method === 'POST' && /\/threads$/.test(r.path) && r.status === 400 && r.at >= restartedInRound3;
    checkRequests(fake, foundAgain);
    expect(fake.requests.filter(foundAgain).length).toBeLessThanOrEqual(4);
    expect(players.refusals.filter((r) => !r.ephemeral)).toEqual([]);
    const refusalTexts = new Set([early.content, lateJoin.content, ...players.refusals.map((r) => r.content)]);
    expect(publicMessages(fake).filter((m) => refusalTexts.has(m.content))).toEqual([]);
    // A click is given up on 4 s after it was sent at most: each unanswered one was sent while things were down.
    const late = players.unanswered.filter((u) => !disruptions.some((d) => u.at >= d.from && u.at <= d.to + 4000));
    expect(late).toEqual([]);
    const unacked = fake.breaches.filter((b) => /not acknowledged within/.test(b));
    expect(fake.breaches.filter((b) => !unacked.includes(b))).toEqual([]);
    expect(unacked.length).toBeLessThanOrEqual(players.unanswered.length);
    expect(fake.unknownRoutes).toEqual([]);
  }, 360_000);
});
