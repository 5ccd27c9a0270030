// Kill -9 at each write point, with the bot's channel work caught in flight: the loopback Discord holds every
// message post and edit the bot makes (the click's own answer still goes through), the bot is killed, and a
// new process on the same database must show the right turn message or results within 5 s of READY, with no
// message posted twice. 'lost': Discord never got the held requests; 'applied': it carried them out but the
// answers never came back (the case message nonces exist for).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultRoute } from '../../src/fake-discord';
import type { FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import type { World } from './harness';
import { dieOfButton, isHeld } from './dice-text';
import { control, embedText, gameChannelIds, playSimpleTurn, publicMessages, quiet, startWorld } from './harness';
import { fiveOfAKindSeed } from './seeds';

const RECOVERY_MS = 5000;

/** Holds every message post and edit the bot makes until the returned release() — or forever. */
function freezeChannel(fake: FakeDiscord, apply: 'before' | 'after') {
  const routes = [FaultRoute.messageCreate, FaultRoute.messageEdit, FaultRoute.threadCreate];
  const faults = routes.map((route) => fake.injectFault({ route, kind: 'stall', times: Infinity, apply }));
  return {
    hits: () => faults.reduce((n, f) => n + f.hits, 0),
    /** New requests pass again; the ones held stay unanswered (their sender is dead). */
    thaw: () => faults.forEach((f) => f.remove()),
  };
}

/** Kills the bot the moment `act` was acknowledged and its channel work is held, then starts a new one. */
async function crashAfter(
  world: World,
  apply: 'before' | 'after',
  act: () => Promise<unknown>,
  expectWork = true,
): Promise<void> {
  // Channel work left from the moves before (a lobby redrawn, say) must not be what gets held: only the act's.
  await quiet(world);
  const frozen = freezeChannel(world.fake, apply);
  await act();
  if (expectWork) await world.fake.waitFor(() => frozen.hits() > 0);
  expect(await world.bot.kill('SIGKILL')).toBeNull();
  frozen.thaw();
  await world.restart();
}

interface Table {
  channelId: string;
  lobby: FakeMessage;
  gameId: number;
  messages(): FakeMessage[];
  turnOf(user: FakeUser): FakeMessage | undefined;
}

/** An Olathe game on a 2-column card (14 turns) in a channel of its own, started. */
async function olatheTable(world: World, name: string, players: FakeUser[]): Promise<Table> {
  const { fake } = world;
  const channelId = fake.addChannel(name).id;
  const [host, ...others] = players;
  const lobby = await fake
    .slash(host!, 'olathe', { free: 2, down: 0, up: 0, throws: 2 }, { subcommand: 'start', channelId })
    .reply();
  for (const p of others) await fake.click(p, lobby.id, control(lobby, 'join').customId).acked();
  await fake.click(host!, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
  const messages = () => publicMessages(fake, gameChannelIds(fake, channelId));
  const turnOf = (user: FakeUser) =>
    messages().find((m) => m.content.includes(`<@${user.id}>, your turn`) && m.components.length > 0);
  const first = await fake.waitFor(() => turnOf(host!));
  return { channelId, lobby, gameId: control(first, 'throw').id!.gameId, messages, turnOf };
}

const openTurns = (table: Table, user: FakeUser) =>
  table.messages().filter((m) => m.content.includes(`<@${user.id}>, your turn`) && m.components.length > 0);

/** Every message the bot created in the game's channels carries its own nonce: none was posted twice. */
function expectNoRepeats(table: Table): void {
  const nonces = table.messages().flatMap((m) => (m.nonce === undefined ? [] : [String(m.nonce)]));
  expect(new Set(nonces).size).toBe(nonces.length);
}

let world: World;
beforeAll(async () => {
  world = await startWorld({ diceSeed: 'crash' });
});
afterAll(async () => {
  await world?.close();
});

describe('kill -9 at each write point, then a restart on the same database', () => {
  for (const apply of ['before', 'after'] as const) {
    it(`right after a cell is written and acknowledged (${apply === 'before' ? 'posts lost' : 'posts made, answers lost'})`, async () => {
      const { fake, users } = world;
      const { alice, bob } = users;
      const table = await olatheTable(world, `write-${apply}`, [alice, bob]);
      let turn = table.turnOf(alice)!;
      await fake.select(alice, turn.id, control(turn, 'declare').customId, ['0']).acked();
      await fake.click(alice, turn.id, control(fake.message(turn.id)!, 'throw').customId).acked();
      turn = fake.message(turn.id)!;
      const write = control(turn, 'write');
      await crashAfter(world, apply, () =>
        fake.select(alice, turn.id, write.customId, [write.options![0]!.value]).acked(),
      );
      const ready = performance.now();
      const next = await fake.waitFor(() => table.turnOf(bob), RECOVERY_MS);
      expect(performance.now() - ready).toBeLessThan(RECOVERY_MS);
      expect(fake.message(turn.id)!.content).toMatch(/^\*\*Alice\*\* wrote \d+ in /);
      // Discord made Bob's turn message before the crash: the new process's post of it is answered with it.
      if (apply === 'after')
        await fake.waitFor(() => fake.deduplicatedCreates.some((d) => d.messageId === next.id), RECOVERY_MS);
      expect(openTurns(table, bob)).toHaveLength(1);
      // The redrawn turn is a live one: Bob plays it.
      await playSimpleTurn(fake, bob, next);
      await fake.waitFor(() => table.turnOf(alice));
      expect(openTurns(table, alice)).toHaveLength(1);
      expectNoRepeats(table);
    }, 60_000);
  }

  it('after a throw and after a hold: the turn message still shows them and plays on', async () => {
    const { fake, users } = world;
    const { alice, bob } = users;
    const table = await olatheTable(world, 'throw-hold', [alice, bob]);
    const turn = table.turnOf(alice)!;
    await fake.select(alice, turn.id, control(turn, 'declare').customId, ['1']).acked();
    await crashAfter(
      world,
      'before',
      () => fake.click(alice, turn.id, control(fake.message(turn.id)!, 'throw').customId).acked(),
      false,
    );
    await fake.waitFor(() => embedText(fake.message(turn.id)!).includes('Throw 1 of 2'), RECOVERY_MS);
    const { face } = dieOfButton(control(fake.message(turn.id)!, 'hold', 0));
    await crashAfter(
      world,
      'after',
      () => fake.click(alice, turn.id, control(fake.message(turn.id)!, 'hold', 0).customId).acked(),
      false,
    );
    await fake.waitFor(() => isHeld(fake.message(turn.id)!, 0), RECOVERY_MS);
    await fake.click(alice, turn.id, control(fake.message(turn.id)!, 'throw').customId).acked();
    expect(dieOfButton(control(fake.message(turn.id)!, 'hold', 0))).toEqual({ face, held: true });
    expect(openTurns(table, alice)).toHaveLength(1);
    expectNoRepeats(table);
  }, 60_000);

  it('right after the last cell of the game: the results appear once', async () => {
    const { fake, users } = world;
    const { carol } = users;
    const table = await olatheTable(world, 'last-cell', [carol]);
    for (let n = 0; n < 13; n++) await playSimpleTurn(fake, carol, await fake.waitFor(() => table.turnOf(carol)));
    let last = await fake.waitFor(() => table.turnOf(carol));
    await fake
      .select(carol, last.id, control(last, 'declare').customId, [control(last, 'declare').options![0]!.value])
      .acked();
    await fake.click(carol, last.id, control(fake.message(last.id)!, 'throw').customId).acked();
    last = fake.message(last.id)!;
    const write = control(last, 'write');
    await crashAfter(world, 'after', () =>
      fake.select(carol, last.id, write.customId, [write.options![0]!.value]).acked(),
    );
    const isResults = (m: FakeMessage) => (m.embeds[0]?.title ?? '').includes('game over');
    const results = await fake.waitFor(() => table.messages().find(isResults), RECOVERY_MS);
    expect(embedText(results)).toMatch(/Carol/);
    await fake.waitFor(() => embedText(fake.message(table.lobby.id)!).includes('game is over'), RECOVERY_MS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(table.messages().filter(isResults)).toHaveLength(1);
    expectNoRepeats(table);
  }, 90_000);

  it('right after a turn timer fires: the timed-out turn gets its log line, the next turn its message', async () => {
    const { fake, users } = world;
    const { alice, bob } = users;
    const table = await olatheTable(world, 'timer', [alice, bob]);
    await playSimpleTurn(fake, alice, table.turnOf(alice)!);
    const bobs = await fake.waitFor(() => table.turnOf(bob));
    await crashAfter(world, 'before', async () => {
      // Bob's ten minutes pass: the deadline the bot stored for him is moved into the past.
      const [row] = (await world.sql('SELECT deadlines FROM games WHERE id = $1', [table.gameId])) as {
        deadlines: string;
      }[];
      const deadlines = { ...(JSON.parse(row!.deadlines) as Record<string, number>), 1: 1 };
      await world.sql('UPDATE games SET deadlines = $1, next_deadline = 1 WHERE id = $2', [
        JSON.stringify(deadlines),
        table.gameId,
      ]);
    });
    await fake.waitFor(() => table.turnOf(alice), RECOVERY_MS);
    await fake.waitFor(
      () => /^\*\*Bob\*\* ran out of time — the bot wrote \d+ in /.test(fake.message(bobs.id)!.content),
      RECOVERY_MS,
    );
    expect(openTurns(table, alice)).toHaveLength(1);
    expect(openTurns(table, bob)).toHaveLength(0);
    expectNoRepeats(table);
    expect(fake.breaches).toEqual([]);
  }, 60_000);
});

describe('kill -9 right after a five of a kind is thrown', () => {
  let shoutWorld: World;
  beforeAll(async () => {
    shoutWorld = await startWorld({ diceSeed: fiveOfAKindSeed() });
  });
  afterAll(async () => {
    await shoutWorld?.close();
  });

  it('shouts once in the thread and once in the channel after the restart', async () => {
    const { fake, users } = shoutWorld;
    const { alice } = users;
    const lobby = await fake.slash(alice, 'olathe', { variant: 'balut' }, { subcommand: 'start' }).reply();
    await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();
    const card = await fake.waitFor(() =>
      publicMessages(fake).find((m) => m.content.includes(`<@${alice.id}>, your turn`) && m.components.length > 0),
    );
    await crashAfter(shoutWorld, 'before', () => fake.click(alice, card.id, control(card, 'throw').customId).acked());
    const isShout = (m: FakeMessage) => m.content.includes('Ba-lut!');
    await fake.waitFor(
      () => fake.messages(card.channelId).some(isShout) && fake.messages(fake.channelId).some(isShout),
      RECOVERY_MS,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.messages(card.channelId).filter(isShout)).toHaveLength(1);
    expect(fake.messages(fake.channelId).filter(isShout)).toHaveLength(1);
    expect(embedText(fake.message(card.id)!)).toContain('Throw 1 of 3');
  }, 60_000);
});
