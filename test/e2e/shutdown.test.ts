// SIGTERM, as a container stop or Ctrl-C sends it: the bot stops taking interactions, finishes the ones under
// way, delivers the channel work still pending (waiting a bounded time for Discord) and exits 0. A move made
// just before the signal is saved and shown by this same process, with no restart needed to reconcile it.
import { afterEach, describe, expect, it } from 'vitest';
import { FaultRoute } from '../../src/fake-discord';
import type { FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import type { World } from './harness';
import { control, eventually, findControl, gameChannelIds, publicMessages, startWorld, waitForTurn } from './harness';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Holds every channel post and edit the bot makes until release(). */
function holdChannel(fake: FakeDiscord) {
  const faults = [FaultRoute.messageCreate, FaultRoute.messageEdit].map((route) =>
    fake.injectFault({ route, kind: 'stall', times: Infinity }),
  );
  return {
    hits: () => faults.reduce((n, f) => n + f.hits, 0),
    release: () => faults.forEach((f) => f.release()),
  };
}

/** Alice and Bob at a 2-column Olathe table; Alice's turn declared and thrown, ready for her to write. */
async function aliceAboutToWrite(w: World): Promise<{ turn: FakeMessage; gameId: number }> {
  const { fake, users } = w;
  const { alice, bob } = users;
  const lobby = await fake
    .slash(alice, 'olathe', { free: 2, down: 0, up: 0, throws: 1 }, { subcommand: 'start' })
    .reply();
  await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
  await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
  let turn = await waitForTurn(fake, alice);
  const declare = findControl(turn, 'declare');
  if (declare) {
    await fake.select(alice, turn.id, declare.customId, [declare.options![0]!.value]).acked();
    turn = fake.message(turn.id)!;
  }
  if (!findControl(turn, 'write')) {
    await fake.click(alice, turn.id, control(turn, 'throw').customId).acked();
    turn = fake.message(turn.id)!;
  }
  return { turn, gameId: control(turn, 'write').id!.gameId };
}

async function write(fake: FakeDiscord, user: FakeUser, turn: FakeMessage): Promise<void> {
  const cell = control(turn, 'write');
  await fake.select(user, turn.id, cell.customId, [cell.options![0]!.value]).acked();
}

/** The game's write events, read from the file the bot left behind. */
async function savedWrites(w: World, gameId: number): Promise<number> {
  const [row] = (await w.sql("SELECT count(*) AS n FROM events WHERE game_id = $1 AND type = 'write'", [gameId])) as {
    n: number;
  }[];
  return row!.n;
}

function bobsTurnShown(w: World): boolean {
  return publicMessages(w.fake, gameChannelIds(w.fake)).some(
    (m) => m.content.includes(`<@${w.users.bob.id}>, your turn`) && m.components.length > 0,
  );
}

describe('graceful shutdown on SIGTERM', () => {
  it("saves and shows a move made just before SIGTERM: Alice's log line and Bob's turn, then exit 0", async () => {
    world = await startWorld({ diceSeed: 'shutdown' });
    const { fake } = world;
    const { turn, gameId } = await aliceAboutToWrite(world);
    // Discord holds the channel work the move implies, so it is still pending when the signal comes.
    const held = holdChannel(fake);
    await write(fake, world.users.alice, turn);
    await fake.waitFor(() => held.hits() > 0);
    expect(bobsTurnShown(world)).toBe(false);
    world.bot.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    held.release();
    expect(await world.bot.exited).toBe(0);

    // Shown by the process that stopped, not by a restart: the turn collapsed to its log line, Bob's is up.
    const logLine = fake.message(turn.id)!;
    expect(logLine.components).toEqual([]);
    expect(logLine.content).toMatch(/^\*\*Alice\*\* wrote \d+ in /);
    expect(bobsTurnShown(world)).toBe(true);
    expect(await savedWrites(world, gameId)).toBe(1);
    const stopped = world.bot
      .log()
      .split('\n')
      .find((l) => l.includes('"msg":"stopped"'));
    expect(JSON.parse(stopped!)).toMatchObject({ unfinished: 0 });
    expect(fake.breaches).toEqual([]);
  }, 30_000);

  it('stops cleanly on a SIGTERM the moment the gateway is READY, and the next start does not wait out a fence', async () => {
    world = await startWorld({});
    // startWorld returns as the gateway sends READY: the bot is still starting (its clock, the first reconcile).
    expect(await world.bot.kill('SIGTERM')).toBe(0);
    expect(world.bot.log()).toContain('"msg":"stopped"');
    // On PostgreSQL, a process that died holding its shard's lock makes the next one wait 13 s before IDENTIFY.
    await world.restart();
    expect(world.bot.log()).not.toContain('waiting out the fence');
  }, 30_000);

  it('gives channel work waiting for its retry one last try before exiting', async () => {
    world = await startWorld({ diceSeed: 'shutdown' });
    const { fake } = world;
    const { turn, gameId } = await aliceAboutToWrite(world);
    // 500s past discord.js's own retries: the Publisher waits at least 750 ms before it tries again. Discord
    // recovers at once, and the signal comes before that retry would.
    const refused = fake.injectFault({ route: FaultRoute.messageCreate, kind: 'status', status: 500, times: Infinity });
    await write(fake, world.users.alice, turn);
    await eventually(() => world!.bot.log().includes('channel update failed; trying again'));
    refused.remove();
    expect(bobsTurnShown(world)).toBe(false);
    world.bot.child.kill('SIGTERM');
    expect(await world.bot.exited).toBe(0);
    expect(bobsTurnShown(world)).toBe(true);
    expect(await savedWrites(world, gameId)).toBe(1);
    expect(fake.breaches).toEqual([]);
  }, 30_000);

  it('waits a bounded time for a Discord that never answers, exits 0, and the next start shows the move', async () => {
    world = await startWorld({ diceSeed: 'shutdown' });
    const { fake } = world;
    const { turn, gameId } = await aliceAboutToWrite(world);
    const held = holdChannel(fake);
    await write(fake, world.users.alice, turn);
    await fake.waitFor(() => held.hits() > 0);
    const signalled = performance.now();
    world.bot.child.kill('SIGTERM');
    expect(await world.bot.exited).toBe(0);
    // The Publisher's grace is 5 s; a container gets 10 s between SIGTERM and SIGKILL.
    expect(performance.now() - signalled).toBeLessThan(8000);
    expect(await savedWrites(world, gameId)).toBe(1);
    held.release();
    await world.restart();
    // Two pieces of channel work, Bob's turn posted and Alice's turn collapsed to its log line, in either order.
    await fake.waitFor(() => bobsTurnShown(world!) && fake.message(turn.id)!.components.length === 0, 5000);
    expect(fake.message(turn.id)!.components).toEqual([]);
    expect(fake.message(turn.id)!.content).toMatch(/^\*\*Alice\*\* wrote \d+ in /);
    expect(fake.breaches).toEqual([]);
  }, 40_000);
});
