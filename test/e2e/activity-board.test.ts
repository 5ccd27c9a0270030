// The unmodified bot with ACTIVITY_PORT set, against the loopback Discord: one game, two views. A move on the board
// changes the game and the channel's card; a click on the card reaches the board within a second; a stranger and a
// spectator cannot act; a board opened again comes back to the same moment; no secret or token in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage, FakeUser } from '../../src/fake-discord';
import type { World } from './harness';
import { acked, control, findControl, threadOf, turnMessageOf } from './harness';
import { launchAndStart, startActivityWorld } from './activity-world';
import { freePort } from '../support/ports';
import type { BoardClient } from '../integration/activity/board-client';
import { is, openBoard } from '../integration/activity/board-client';

let world: World;
let port: number;
let instanceId: string;
let lobbyId: string;
const boards: BoardClient[] = [];

beforeAll(async () => {
  port = await freePort();
  world = await startActivityWorld(port, 'activity-e2e');
  ({ instanceId, lobbyId } = await launchAndStart(world, [world.users.bob]));
});

afterAll(async () => {
  for (const b of boards) b.close();
  await world?.close();
});

async function board(user: FakeUser, channelId?: string): Promise<BoardClient> {
  const b = await openBoard(world.fake, user, port, instanceId, channelId);
  boards.push(b);
  return b;
}

const card = (user: FakeUser): FakeMessage | undefined => turnMessageOf(world.fake, user);

describe('the board beside the channel, end to end', () => {
  it('plays a move made on the board, and the channel’s card follows', async () => {
    const { fake, users } = world;
    const a = await board(users.alice);
    expect(await a.next(is('welcome'))).toMatchObject({ userId: users.alice.id, seat: 0 });
    const first = await a.board();
    expect(first.players.map((p) => p.name)).toEqual(['Alice', 'Bob']);
    expect(first.you?.declarable.length).toBeGreaterThan(0);
    expect(findControl(card(users.alice)!, 'declare')).not.toBeNull();
    expect(await a.move(1, { kind: 'declare', column: 0, stamp: first.you!.stamp })).toMatchObject({ ok: true });
    // The card drops its column menu and offers the throw.
    await fake.waitFor(() => {
      const m = card(users.alice);
      return m && !findControl(m, 'declare') && control(m, 'throw').disabled === false;
    }, 3000);
    const declared = await a.board((b) => b.players[0]!.column === 0);
    expect(await a.move(2, { kind: 'throw', stamp: declared.you!.stamp })).toMatchObject({ ok: true });
    const thrown = await a.board((b) => b.players[0]!.dice !== null);
    // The card shows the same moment: its hold buttons carry the board's stamp.
    await fake.waitFor(() => {
      const hold = findControl(card(users.alice)!, 'hold');
      return hold?.id?.action === 'hold' && hold.id.stamp === thrown.you!.stamp;
    }, 3000);
  });

  it('shows a click on the card on the board within a second', async () => {
    const { fake, users } = world;
    const a = boards[0]!;
    const message = card(users.alice)!;
    const from = a.messages.length;
    const started = performance.now();
    await acked(fake.click(users.alice, message.id, control(message, 'hold', 0).customId));
    await a.next(
      (m): m is Extract<typeof m, { t: 'board' }> => m.t === 'board' && m.board.players[0]!.held[0] === true,
      1000,
      from,
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a stranger outright and a spectator’s moves, and Bob’s out of turn', async () => {
    const { fake, users } = world;
    const stranger = await board(users.carol);
    expect((await stranger.next(is('refused'))).reason).toContain('not in this Activity');
    fake.joinActivity(users.carol, instanceId);
    const spectator = await board(users.carol);
    expect((await spectator.next(is('welcome'))).seat).toBeNull();
    const watched = await spectator.board();
    expect(watched.you).toBeNull();
    const refused = await spectator.move(1, { kind: 'throw', stamp: '0.1' });
    expect(refused).toMatchObject({ ok: false, reason: 'You are not playing in this game.' });
    const bob = await board(users.bob);
    const bobs = await bob.board();
    expect(bobs.viewerSeat).toBe(1);
    const outOfTurn = await bob.move(1, { kind: 'declare', column: 0, stamp: bobs.you!.stamp });
    expect(outOfTurn).toMatchObject({ ok: false, reason: expect.stringContaining("Alice's turn") });
    // Nothing refused changed the game: Alice's newest board is still at her moment.
    const aliceNow = boards[0]!.messages.filter(is('board')).at(-1)!.board;
    expect(aliceNow.players[0]!.held[0]).toBe(true);
    expect(aliceNow.version).toBe((await bob.board()).version);
  });

  it('serves the game from its thread too, and a board opened again is at the same moment', async () => {
    const { fake, users } = world;
    const thread = threadOf(fake, lobbyId);
    expect(thread).toBeDefined();
    const inThread = fake.useEntryPoint(users.bob, { channelId: thread! });
    if (!('instance' in inThread)) throw new Error('the default entry point opens the Activity');
    const b = await openBoard(fake, users.bob, port, inThread.instance.instanceId, thread!);
    boards.push(b);
    expect((await b.board()).players[0]!.held[0]).toBe(true);
    boards[0]!.close();
    const again = await board(users.alice);
    const now = await again.board();
    expect(now.players[0]!.held[0]).toBe(true);
    expect(now.you?.stamp).toBe(boards[0]!.messages.filter(is('board')).at(-1)!.board.you!.stamp);
  });

  it('keeps the client secret and the access tokens out of the log', () => {
    const log = world.bot.log();
    expect(log).toContain('activity server listening');
    expect(log).not.toContain(world.fake.clientSecret);
    expect(log).not.toMatch(/Bearer [A-Za-z0-9]/);
  });
});
