// Flooders cost nothing, end to end on the real bot: accounts repeating every command in a channel beside a game, in
// a second channel, a DM and a group DM; strangers clicking the game's buttons; forged custom_ids. Each person gets
// at most one public answer per command and channel a minute, the rest privately; past their allowance they are told
// to slow down and for how long. During the flood nothing public moves, nothing is written to the database, Discord
// refuses nothing, the log writes one line per person and kind a minute, and /metrics counts each refusal by reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeChannel, FakeInteraction, FakeMessage, FakeUser } from '../../src/fake-discord';
import { tr } from '../../src/discord/i18n';
import { ANSWER_BURST, ANSWERS_PER_SECOND } from '../../src/discord/flood-guard';
import { freePort } from '../support/ports';
import type { World } from './harness';
import { control, controlsOf, quiet, startWorld, waitForTurn } from './harness';
import { floodDigest, logEntries, publicSnapshot, sample } from './flood-world';

const en = tr('en');
const COMMANDS = ['leaderboard', 'stats', 'help', 'hint', 'daily', 'start'] as const;
type Command = (typeof COMMANDS)[number];
const ROUNDS = 12;

let world: World;
let metricsAt: string;
beforeAll(async () => {
  const port = await freePort();
  metricsAt = `http://127.0.0.1:${port}/metrics`;
  // Registered globally, for the DM and the group DM; the log at info, as an operator runs it.
  world = await startWorld({
    diceSeed: 'floods',
    env: { DISCORD_GUILD_ID: '', LOG_LEVEL: 'info', METRICS_PORT: String(port) },
  });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

interface Place {
  user: FakeUser;
  channelId: string;
  commands: readonly Command[];
}
interface Answered {
  user: FakeUser;
  channelId: string;
  what: string;
  kind: 'command' | 'button' | 'select';
  answer: FakeMessage;
}

const link = (guild: string, channel: string, message: string) =>
  `https://discord.com/channels/${guild}/${channel}/${message}`;
const slowDown = /^Slow down: try again in (\d+) s\.$/;

async function answered(send: () => FakeInteraction, a: Omit<Answered, 'answer'>): Promise<Answered> {
  return { ...a, answer: await send().reply(15_000) };
}

describe('people who flood the bot', () => {
  it('get one public answer per command a minute, are told to slow down, and move nothing', async () => {
    const { fake, users } = world;
    const { alice, bob, carol, mod } = users;
    const dave = fake.addUser({ username: 'dave', globalName: 'Dave' });
    const erin = fake.addUser({ username: 'erin', globalName: 'Erin' });
    const frank = fake.addUser({ username: 'frank', globalName: 'Frank', guildIds: [] });
    const grace = fake.addUser({ username: 'grace', globalName: 'Grace', guildIds: [] });
    const heidi = fake.addUser({ username: 'heidi', globalName: 'Heidi', guildIds: [] });
    for (const u of [frank, grace, heidi]) fake.installApp(u);
    const side: FakeChannel = fake.addChannel('side');
    const dm = fake.addDm(frank);
    const group = fake.addGroupDm([grace, heidi], 'spam');

    // The game beside which they flood: Alice and Bob, Alice's turn.
    const lobby = await fake.slash(alice, 'olathe', {}, { subcommand: 'start' }).reply();
    await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
    await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
    const turn = await waitForTurn(fake, alice);

    const places: Place[] = [
      ...[carol, mod, dave, erin].map((user) => ({ user, channelId: fake.channelId, commands: COMMANDS })),
      { user: dave, channelId: side.id, commands: ['leaderboard', 'start'] },
      // In the DM a daily game would take the DM itself: the lobby first.
      { user: frank, channelId: dm.id, commands: ['start', 'leaderboard', 'stats', 'help', 'hint', 'daily'] },
      { user: grace, channelId: group.id, commands: ['start', 'stats', 'help', 'hint'] },
      { user: heidi, channelId: group.id, commands: ['start', 'stats', 'help', 'hint'] },
    ];
    const all: Answered[] = [];
    const ask = (p: Place, command: Command) =>
      answered(() => fake.slash(p.user, 'olathe', {}, { subcommand: command, channelId: p.channelId }), {
        user: p.user,
        channelId: p.channelId,
        what: command,
        kind: 'command',
      });

    // Each asks each thing once: the public answers a command legitimately gives (a leaderboard, a lobby, a daily).
    for (const p of places) for (const command of p.commands) all.push(await ask(p, command));
    const firstOf = (user: FakeUser, channelId: string, what: string) =>
      all.find((a) => a.user === user && a.channelId === channelId && a.what === what)!.answer;
    const sideLobby = firstOf(dave, side.id, 'start');
    const dmLobby = firstOf(frank, dm.id, 'start');
    const groupLobby = firstOf(grace, group.id, 'start');
    for (const m of [sideLobby, dmLobby, groupLobby]) expect(m.ephemeralFor, m.content).toBeUndefined();
    const board = firstOf(carol, fake.channelId, 'leaderboard');
    expect(board.ephemeralFor).toBeUndefined();
    const lobbyGame = (m: FakeMessage) => controlsOf(m).find((c) => c.id)!.id!.gameId;
    // A second /olathe start says where the channel's game is.
    expect(firstOf(mod, fake.channelId, 'start').content).toBe(
      en('reply.channelHasGame', { link: link(fake.guildId, fake.channelId, lobby.id) }),
    );
    expect(firstOf(heidi, group.id, 'start').content).toBe(
      en('reply.channelHasGame', { link: link('@me', group.id, groupLobby.id) }),
    );
    await quiet(world);

    // The flood.
    const channels = [fake.channelId, side.id, dm.id, group.id];
    const before = { shown: publicSnapshot(fake, channels), db: await floodDigest(world), log: world.bot.log().length };
    const requestsBefore = fake.requests.length;
    const started = Date.now();
    const hint = control(turn, 'hint').customId;
    const declare = control(turn, 'declare');
    const forged = (round: number): string[] => [
      'z'.repeat(150 + round),
      `o1:${'q'.repeat(round * 13)}`,
      hint.slice(0, 3 + round),
      `o1:throw:${lobbyGame(groupLobby)}:0:0.0`,
      `o1:join:${lobbyGame(dmLobby)}`,
    ];
    const flood: Answered[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const clicks = [
        ...forged(round).map((id) =>
          answered(() => fake.click(erin, round % 2 ? board.id : turn.id, id, { unchecked: true }), {
            user: erin,
            channelId: turn.channelId,
            what: id,
            kind: 'button',
          }),
        ),
        answered(() => fake.click(carol, turn.id, hint), {
          user: carol,
          channelId: turn.channelId,
          what: 'hint',
          kind: 'button',
        }),
        answered(() => fake.select(mod, turn.id, declare.customId, [declare.options![0]!.value]), {
          user: mod,
          channelId: turn.channelId,
          what: 'declare',
          kind: 'select',
        }),
      ];
      const commands = places.flatMap((p) => p.commands.map((command) => ask(p, command)));
      flood.push(...(await Promise.all([...clicks, ...commands])));
    }
    const elapsedMs = Date.now() - started;
    all.push(...flood);

    // Every answer of the flood is private, for the one who asked.
    for (const a of flood) expect({ what: a.what, to: a.answer.ephemeralFor }).toEqual({ what: a.what, to: a.user.id });
    // At most one public answer per person, channel and command, in all.
    const publicCount = new Map<string, number>();
    for (const a of all.filter((x) => x.answer.ephemeralFor === undefined)) {
      const key = `${a.user.id} ${a.channelId} ${a.what}`;
      publicCount.set(key, (publicCount.get(key) ?? 0) + 1);
    }
    expect([...publicCount].filter(([, n]) => n > 1)).toEqual([]);
    // A repeated leaderboard points to the one still in the channel.
    const repeats = flood.filter(
      (a) => a.user === carol && a.what === 'leaderboard' && !slowDown.test(a.answer.content),
    );
    expect(repeats.length).toBeGreaterThan(0);
    for (const r of repeats) expect(r.answer.content).toContain(link(fake.guildId, fake.channelId, board.id));
    // Past their allowance, each who asks for work is told to slow down and for how long.
    const waits = all.flatMap((a) =>
      slowDown.exec(a.answer.content) ? [{ a, s: Number(slowDown.exec(a.answer.content)![1]) }] : [],
    );
    for (const p of places)
      expect(
        waits.some((w) => w.a.user === p.user),
        p.user.username,
      ).toBe(true);
    for (const { s } of waits) expect(s >= 1 && s <= Math.ceil(1 / ANSWERS_PER_SECOND)).toBe(true);
    // The forger never is: forged ids cost nothing to refuse.
    expect(waits.some((w) => w.a.user === erin && w.a.kind === 'button')).toBe(false);

    // Nothing public moved, nothing was written, Discord refused nothing.
    expect(publicSnapshot(fake, channels)).toEqual(before.shown);
    expect(await floodDigest(world)).toEqual(before.db);
    expect(fake.requests.slice(requestsBefore).filter((r) => r.status >= 400)).toEqual([]);

    // The log: one line per person and kind a minute for the refusals, a line per answer given, a few others.
    const lines = logEntries(world.bot.log().slice(before.log));
    const perMinute = 1 + Math.floor(elapsedMs / 60_000);
    const refusedLines = new Map<string, number>();
    for (const l of lines.filter((x) => x.msg === 'refused'))
      refusedLines.set(`${l.user} ${l.kind}`, (refusedLines.get(`${l.user} ${l.kind}`) ?? 0) + 1);
    for (const [key, n] of refusedLines) expect({ key, n: Math.min(n, perMinute) }).toEqual({ key, n });
    const allowance = ANSWER_BURST + Math.ceil((elapsedMs / 1000) * ANSWERS_PER_SECOND);
    const okLines = lines.filter((l) => l.msg === 'interaction');
    for (const l of okLines) expect(l.outcome).toBe('ok');
    for (const p of places) expect(okLines.filter((l) => l.user === p.user.id).length).toBeLessThanOrEqual(allowance);
    const others = lines.filter((l) => l.msg !== 'refused' && l.msg !== 'interaction');
    expect(others.map((l) => l.msg).length, JSON.stringify(others)).toBeLessThanOrEqual(3);
    expect(world.bot.log()).not.toContain('z'.repeat(101));

    // /metrics counts each refusal by kind and reason.
    const scrape = await (await fetch(metricsAt)).text();
    const count = (kind: string, test: (a: Answered) => boolean) =>
      all.filter((a) => a.kind === kind && test(a)).length;
    const said = (text: string) => (a: Answered) => a.answer.content === text;
    // "You asked for this …": the same leaderboard again, answered with a link or "just above".
    const askedBefore = en('reply.justShown', { seconds: 0, link: '' }).split('0')[0]!;
    expect(sample(scrape, 'olathe_refusals_total{kind="command",reason="rate-limited"}')).toBe(
      count('command', (a) => slowDown.test(a.answer.content)),
    );
    expect(sample(scrape, 'olathe_refusals_total{kind="button",reason="rate-limited"}')).toBe(
      count('button', (a) => slowDown.test(a.answer.content)),
    );
    expect(sample(scrape, 'olathe_refusals_total{kind="command",reason="repeat"}')).toBe(
      count('command', (a) => a.answer.content.startsWith(askedBefore)),
    );
    expect(sample(scrape, 'olathe_refusals_total{kind="button",reason="unknown-control"}')).toBe(
      count('button', said(en('refusal.unknownControl'))),
    );
    expect(sample(scrape, 'olathe_refusals_total{kind="button",reason="not-on-this-message"}')).toBe(
      count('button', said(en('refusal.notOnThisMessage'))),
    );
    expect(sample(scrape, 'olathe_refusals_total{kind="select",reason="not-your-card"}')).toBe(ROUNDS);
    // The forger's ids: unknown ones, and known ones the clicked message does not show.
    const forgedRefused = (a: Answered) =>
      a.answer.content === en('refusal.unknownControl') || a.answer.content === en('refusal.notOnThisMessage');
    expect(count('button', forgedRefused)).toBeGreaterThanOrEqual(ROUNDS * 4);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 120_000);
});
