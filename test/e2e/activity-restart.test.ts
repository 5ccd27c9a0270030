// kill -9 of the bot mid-game: the boards lose their sockets, the bot is started again on the same
// database, and each board — reconnecting as the page does (live.ts: the same hello, same access token, after a
// pause) — is back at the same moment, and the game goes on from the board and reaches the channel's card.
// Here the boards are spoken to in the page's protocol (src/activity/protocol.ts) from Node; the page itself, in
// Chromium, reconnecting across the same kill -9 is test/browser/activity-kill.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../../src/fake-discord';
import type { BoardView, ClientMessage } from '../../src/activity/protocol';
import type { World } from './harness';
import { findControl, turnMessageOf, waitForTurn } from './harness';
import { launchAndStart, startActivityWorld } from './activity-world';
import { freePort } from '../support/ports';
import type { BoardClient } from '../integration/activity/board-client';
import { connectBoard, is, signIn } from '../integration/activity/board-client';

let world: World;
let port: number;
let instanceId: string;
const boards: BoardClient[] = [];

beforeAll(async () => {
  port = await freePort();
  world = await startActivityWorld(port, 'activity-restart');
  ({ instanceId } = await launchAndStart(world, [world.users.bob, world.users.carol]));
}, 60_000);

afterAll(async () => {
  for (const b of boards) b.close();
  await world?.close();
});

/** A board as the page keeps it: one hello, sent again on every connection. */
interface Page {
  hello: ClientMessage;
  client: BoardClient;
}

async function open(user: FakeUser): Promise<Page> {
  const accessToken = await signIn(world.fake, user, port);
  const hello: ClientMessage = {
    t: 'hello',
    accessToken,
    instanceId,
    channelId: world.fake.channelId,
    guildId: world.fake.guildId,
  };
  return { hello, client: await connect(hello) };
}

/** Connects and says hello, trying again every 250 ms (the page's backoff is longer) until the server answers. */
async function connect(hello: ClientMessage, timeoutMs = 20_000): Promise<BoardClient> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const client = await connectBoard(port);
      boards.push(client);
      client.send(hello);
      return client;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The newest board the client has received, once one passes `check`. */
async function newest(client: BoardClient, check: (b: BoardView) => boolean = () => true): Promise<BoardView> {
  await client.board(check, 5000);
  const all = client.messages.flatMap((m) => (m.t === 'board' ? [m.board] : []));
  return all.filter(check).at(-1)!;
}

describe('the board across a kill -9 of the bot', () => {
  it('reconnects to the same moment and the game goes on', async () => {
    const { fake, users } = world;
    const alice = await open(users.alice);
    const bob = await open(users.bob);
    const carol = await open(users.carol);
    expect(await carol.client.next(is('welcome'))).toMatchObject({ seat: null });

    // Alice declares and throws on the board.
    const first = await newest(alice.client, (b) => b.you?.acting === true);
    expect(await alice.client.move(1, { kind: 'declare', column: 0, stamp: first.you!.stamp })).toMatchObject({
      ok: true,
    });
    const declared = await newest(alice.client, (b) => b.players[0]!.column === 0);
    expect(await alice.client.move(2, { kind: 'throw', stamp: declared.you!.stamp })).toMatchObject({ ok: true });
    const thrown = await newest(alice.client, (b) => b.you?.dice !== null && b.you?.dice !== undefined);
    await newest(carol.client, (b) => String(b.players[0]!.dice) === String(thrown.players[0]!.dice));

    // kill -9: every board's socket drops.
    expect(await world.bot.kill('SIGKILL')).toBeNull();
    expect(world.bot.child.signalCode).toBe('SIGKILL');
    await Promise.all([alice.client.closed, bob.client.closed, carol.client.closed]);

    await world.restart();
    const again = {
      alice: await connect(alice.hello),
      bob: await connect(bob.hello),
      carol: await connect(carol.hello),
    };
    // The same moment: the same dice, the same stamp, for the player, the other player and the spectator.
    const back = await newest(again.alice);
    expect(back.you!.stamp).toBe(thrown.you!.stamp);
    expect(back.you!.dice).toEqual(thrown.you!.dice);
    expect(back.version).toBe(thrown.version);
    expect((await newest(again.bob)).players[0]!.dice).toEqual(thrown.players[0]!.dice);
    expect((await newest(again.carol)).viewerSeat).toBeNull();

    // The game goes on from the board: Alice writes, the card passes the turn to Bob, every board follows.
    const cell = back.you!.free.find((c) => c.writable)!;
    const write = { kind: 'write' as const, column: cell.column, category: cell.category, stamp: back.you!.stamp };
    expect(await again.alice.move(3, write)).toMatchObject({ ok: true });
    await waitForTurn(fake, users.bob);
    const bobsTurn = await newest(again.bob, (b) => b.you?.acting === true);
    expect(bobsTurn.players[0]!.cells.length).toBe(1);
    await newest(again.carol, (b) => b.current === 1);
    // Bob plays on from his board too; his card follows.
    expect(await again.bob.move(1, { kind: 'declare', column: 0, stamp: bobsTurn.you!.stamp })).toMatchObject({
      ok: true,
    });
    await fake.waitFor(() => {
      const card = turnMessageOf(fake, users.bob);
      return card && !findControl(card, 'declare') && findControl(card, 'throw') !== null;
    }, 5000);
  }, 90_000);
});
