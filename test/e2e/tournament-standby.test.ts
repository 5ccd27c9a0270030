// A club night across a take-over, with the built bot: two hosts on one PostgreSQL database, A holding the
// guild's shard and B standing by for it. Four people and two computer players (the host's fill) at two tables of
// three, two rounds of a short card, started by Start now. In round 1 one table plays to its end while the other's
// people hold their writes; A is killed (-9) while its edit of the standings for that end is held unanswered. B
// waits out the fence, is READY for the shard and carries the night on by itself: it shows the table's end, the
// held table finishes from its old buttons, round 2 is seated once, B edits the standings, the podium is posted
// once and the event is COMPLETED. Never two live sessions for the shard, no refusal in public, no 4xx, no breach.
// PostgreSQL's by nature (SQLite has no second host): the postgres project runs it, on the run's server.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage, FakeUser } from '../../src/fake-discord';
import { EventStatus, PERMISSIONS, Permission } from '../../src/fake-discord';
import { OWNERSHIP_TIMINGS } from '../../src/cluster/timings';
import { alive } from '../support/processes';
import { spawnScript } from '../support/project';
import { testEngine } from './database';
import type { World } from './harness';
import { embedText, eventually, publicMessages, startWorld } from './harness';
import { NightPlayers } from './night-players';
import { savedTables } from './night-recount';
import { checkRequests } from './night-requests';

const onPostgres = testEngine() === 'postgres';
const DAY = 24 * 60 * 60_000;
const NAME = 'Standby night';

const titled = (cue: string) => (m: FakeMessage) => (m.embeds[0]?.title ?? '').includes(cue);
const startIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16).replace('T', ' ');

describe.runIf(onPostgres)('a tournament night whose host is killed mid-round, carried on by the standby', () => {
  let world: World;
  let hostB: ChildProcess;
  let logB = '';

  beforeAll(async () => {
    world = await startWorld({ diceSeed: 'tournament-standby', botStepMs: 20, engine: 'postgres' });
    // Host B: the same settings, so the same shard of the same database; A holds it, so B stands by.
    hostB = spawnScript('src/app/index.ts', [], { env: world.env, stdio: ['ignore', 'pipe', 'pipe'] });
    hostB.stderr!.on('data', (c: Buffer) => (logB += c.toString()));
    hostB.stdout!.on('data', (c: Buffer) => (logB += c.toString()));
    await eventually(() => logB.includes('standing by: another process holds this shard'), 30_000);
  }, 90_000);

  afterAll(async () => {
    if (hostB && hostB.exitCode === null && hostB.signalCode === null) {
      const exited = new Promise((resolve) => hostB.once('exit', resolve));
      hostB.kill('SIGTERM');
      await exited;
    }
    await world?.close();
  });

  it('B takes the shard over and runs the night to its podium, each table and round once', async () => {
    const { fake, users } = world;
    fake.grantBotPermissions(Permission.CreateEvents);
    const host = fake.addUser({
      username: 'hana',
      globalName: 'Hana',
      permissions: (BigInt(PERMISSIONS.member) | Permission.ManageEvents).toString(),
    });
    const people: FakeUser[] = [users.alice, users.bob, users.carol, host];
    const channel = fake.channelId;
    expect(fake.liveSessions(0)).toBe(1);
    expect(fake.identifyCount(0)).toBe(1);

    // ---- created, 4 join by the button, the host fills the field to 6 and starts it now: 2 tables of 3
    const options = { name: NAME, starts: startIn(DAY), rounds: 2, 'table-size': 3, free: 2, down: 0, up: 0 };
    const created = fake.slash(host, 'olathe', { ...options, throws: 1 }, { subcommand: 'tournament create' });
    expect((await created.reply()).flags & 64).toBe(64);
    const signup = await fake.waitFor(() => fake.messages(channel).find(titled(NAME)), 10_000);
    const button = (action: string) =>
      (fake.message(signup.id)!.components[0] as { components: Array<{ custom_id: string }> }).components.find((c) =>
        c.custom_id.startsWith(`o1:t:${action}:`),
      )!.custom_id;
    for (const person of people) await fake.click(person, signup.id, button('join')).acked();
    const fill = fake.slash(host, 'olathe', { players: 6 }, { subcommand: 'tournament fill' });
    expect((await fill.reply()).content).toMatch(/up to 6 players/);
    await eventually(() => fake.scheduledEvents()[0]?.status === EventStatus.Scheduled, 10_000);
    await fake.click(host, signup.id, button('start')).acked();
    const tournamentId = Number(((await world.sql('SELECT id FROM tournaments')) as { id: number }[])[0]!.id);
    const gamesOf = async (round: number) =>
      (await world.sql(
        'SELECT id, tournament_table AS tbl, status FROM games WHERE tournament_id = $1 AND tournament_round = $2',
        [tournamentId, round],
      )) as { id: number; tbl: number; status: string }[];
    const round1 = await gamesOf(1);
    expect(round1.map((g) => Number(g.tbl)).sort()).toEqual([1, 2]);
    const heldGame = Number(round1.find((g) => Number(g.tbl) === 2)!.id);

    // ---- the people play; table 2's hold each write until B holds the shard (they throw, then wait)
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const players = new NightPlayers(
      fake,
      people,
      () =>
        fake
          .threads(channel)
          .slice(-2)
          .map((c) => c.id),
      {
        async before(_user, _message, write) {
          if (write.id?.action === 'write' && write.id.gameId === heldGame) await gate;
        },
      },
    );
    players.start();
    const isStandings = (m: FakeMessage) => titled(`${NAME} —`)(m) && !titled('the podium')(m);
    const standingsOf = () => fake.messages(channel).find(isStandings);
    const standingsText = () => embedText(standingsOf()!);
    await eventually(() => standingsOf() !== undefined && /round 1 of 2/.test(standingsText()), 20_000);
    // Each table's thread linked: the standings' next edit is table 1's end.
    await eventually(() => (standingsText().match(/<#\d+>/g) ?? []).length === 2, 20_000);
    await eventually(() => fake.scheduledEvents()[0]?.status === EventStatus.Active, 10_000);
    const standings = standingsOf()!;

    // ---- table 1 ends; A's edit of the standings for it is held unanswered, and A is killed (-9) meanwhile
    const held = fake.injectFault({ route: `PATCH /channels/${channel}/messages/${standings.id}`, kind: 'stall' });
    await eventually(() => held.hits === 1, 60_000);
    const statusOf = async () => (await gamesOf(1)).map((g) => `${g.tbl}:${g.status}`).sort();
    expect(await statusOf()).toEqual(['1:finished', '2:playing']);
    const editsBefore = fake.message(standings.id)!.editCount;
    expect(standingsText()).not.toMatch(/✅ won by/);
    const pidA = world.bot.child.pid!;
    const killedAt = Date.now();
    await world.bot.kill('SIGKILL');
    expect(alive(pidA)).toBe(false);

    // ---- B waits out the fence (A did not let go cleanly) and is READY for the shard
    await fake.waitFor(() => fake.identifyCount(0) === 2 && fake.liveSessions(0) === 1, 40_000);
    const readyAt = Date.now();
    console.log(`tournament take-over: ${readyAt - killedAt} ms from kill -9 of host A to READY on host B`);
    expect(readyAt - killedAt).toBeGreaterThanOrEqual(OWNERSHIP_TIMINGS.fenceWaitMs);
    expect(readyAt - killedAt).toBeLessThan(30_000);
    expect(logB).toMatch(/waiting out the fence before IDENTIFY.*did not let go cleanly/);
    // B shows what A could not: table 1 won, table 2 still playing, in the same standings message.
    await eventually(() => /✅ won by[\s\S]*🎲 playing/.test(standingsText()), 20_000);
    expect(fake.message(standings.id)!.editCount).toBeGreaterThan(editsBefore);
    expect(await statusOf()).toEqual(['1:finished', '2:playing']);

    // ---- table 2 goes on from its old buttons, on B; the night carries on by itself to the podium
    release();
    const podiumOf = () => publicMessages(fake).filter(titled('the podium'));
    await eventually(() => podiumOf().length > 0, 90_000);
    await players.stop();
    await eventually(() => fake.scheduledEvents()[0]?.status === EventStatus.Completed, 20_000);
    await eventually(() => standingsText().includes('final standings'), 20_000);

    // ---- each table's game once, each thread once, every person seated once a round
    const tables = await savedTables(world, tournamentId);
    expect(tables.map((t) => `${t.round}.${t.table}:${t.status}`)).toEqual(
      ['1.1', '1.2', '2.1', '2.2'].map((t) => `${t}:finished`),
    );
    for (const round of [1, 2]) {
      const seated = tables.filter((t) => t.round === round).flatMap((t) => t.seats.filter((s) => !s.isBot));
      expect(seated.map((s) => s.userId).sort()).toEqual(people.map((p) => p.id).sort());
    }
    for (const t of tables) expect(t.seats).toHaveLength(3);
    const threads = fake.threads(channel);
    expect(threads).toHaveLength(4);
    expect(tables.map((t) => t.playChannelId).sort()).toEqual(threads.map((c) => c.id).sort());
    for (const thread of threads) expect(publicMessages(fake, [thread.id]).filter(titled('game over'))).toHaveLength(1);
    // Round 2 was seated by B, after the kill: its games' rows were made by B's end of table 2.
    const round2 = (await world.sql('SELECT created_at FROM games WHERE tournament_id = $1 AND tournament_round = 2', [
      tournamentId,
    ])) as { created_at: number }[];
    for (const g of round2) expect(Number(g.created_at)).toBeGreaterThanOrEqual(readyAt);

    // ---- the standings message: one, edited by B (A is gone); one podium; one event through its three statuses
    expect(fake.messages(channel).filter(isStandings)).toHaveLength(1);
    const standingsPath = `/channels/${channel}/messages/${standings.id}`;
    const edits = fake.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(standingsPath));
    expect(edits.filter((r) => r.at >= readyAt && r.status === 200).length).toBeGreaterThan(0);
    expect(podiumOf()).toHaveLength(1);
    const events = fake.scheduledEvents(fake.guildId, { includeDeleted: true });
    expect(events).toHaveLength(1);
    const statuses = events[0]!.history.map((h) => h.status).filter((s, i, all) => s !== all[i - 1]);
    expect(statuses).toEqual([EventStatus.Scheduled, EventStatus.Active, EventStatus.Completed]);

    // ---- never two sessions for the shard; B's the second and last IDENTIFY
    expect(fake.peakLiveSessions(0)).toBe(1);
    expect(fake.identifyCount(0)).toBe(2);

    // ---- what Discord saw: no 4xx, allowed_mentions always, refusals private; no click went unanswered, since
    // none was under way at the kill (table 2's people held their writes until B was READY)
    checkRequests(fake);
    expect(players.refusals.filter((r) => !r.ephemeral)).toEqual([]);
    const refusalTexts = new Set(players.refusals.map((r) => r.content));
    expect(publicMessages(fake).filter((m) => refusalTexts.has(m.content))).toEqual([]);
    expect(players.unanswered).toEqual([]);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 180_000);
});
