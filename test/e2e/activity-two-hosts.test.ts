// Two bot processes on one PostgreSQL database, each serving the Activity: A holds the shard (the gateway, the
// clicks), B stands by for it and serves boards all the same. A click on A's card reaches a board on B, and a move
// on B's board reaches the channel's card and a board on A — through LISTEN/NOTIFY, within a second.
// PostgreSQL's by nature (SQLite has no second host): the postgres project runs it.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { World } from './harness';
import { acked, control, eventually, findControl, turnMessageOf } from './harness';
import { testEngine } from './database';
import { launchAndStart, startActivityWorld } from './activity-world';
import { freePort } from '../support/ports';
import { spawnScript } from '../support/project';
import type { BoardClient } from '../integration/activity/board-client';
import { is, openBoard } from '../integration/activity/board-client';

const onPostgres = testEngine() === 'postgres';

describe.runIf(onPostgres)('the board on one host, the move on the other', () => {
  let world: World;
  let hostB: ChildProcess;
  let logB = '';
  let portA: number;
  let portB: number;
  let instanceId: string;
  const boards: BoardClient[] = [];

  beforeAll(async () => {
    [portA, portB] = [await freePort(), await freePort()];
    // Host B is started with A's environment, the client secret A learnt included.
    world = await startActivityWorld(portA);
    hostB = spawnScript('src/app/index.ts', [], {
      env: { ...world.env, ACTIVITY_PORT: String(portB) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    hostB.stderr!.on('data', (c: Buffer) => (logB += c.toString()));
    await eventually(() => logB.includes('activity server listening') && logB.includes('standing by'), 30_000);
    ({ instanceId } = await launchAndStart(world, [world.users.bob]));
  }, 90_000);

  afterAll(async () => {
    for (const b of boards) b.close();
    if (hostB && hostB.exitCode === null && hostB.signalCode === null) {
      const exited = new Promise((resolve) => hostB.once('exit', resolve));
      hostB.kill('SIGTERM');
      await exited;
    }
    await world?.close();
  });

  it('shows a click on host A’s card on a board served by host B within a second', async () => {
    const { fake, users } = world;
    const onB = await openBoard(fake, users.alice, portB, instanceId);
    boards.push(onB);
    expect((await onB.next(is('welcome'))).seat).toBe(0);
    await onB.board();
    const card = turnMessageOf(fake, users.alice)!;
    const declare = control(card, 'declare');
    const started = performance.now();
    await acked(fake.select(users.alice, card.id, declare.customId, [declare.options![0]!.value]));
    await onB.board((b) => b.players[0]!.column !== null, 1000);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('plays a move made on host B’s board: the card follows, and a board on host A shows it', async () => {
    const { fake, users } = world;
    const onA = await openBoard(fake, users.bob, portA, instanceId);
    boards.push(onA);
    await onA.board();
    const onB = boards[0]!;
    const now = onB.messages.filter(is('board')).at(-1)!.board;
    const started = performance.now();
    expect(await onB.move(1, { kind: 'throw', stamp: now.you!.stamp })).toMatchObject({ ok: true });
    await onA.board((b) => b.players[0]!.dice !== null, 1000);
    expect(performance.now() - started).toBeLessThan(1000);
    await fake.waitFor(() => {
      const hold = findControl(turnMessageOf(fake, users.alice)!, 'hold');
      return hold?.id?.action === 'hold' && hold.id.stamp !== now.you!.stamp;
    }, 3000);
  });

  it('lets host B go with boards open: they are cut, for the page to reconnect elsewhere', async () => {
    // A standby stops on SIGTERM as it always has (it has nothing of its own to finish); its boards' sockets close.
    const exited = new Promise((resolve) => hostB.once('exit', resolve));
    hostB.kill('SIGTERM');
    await exited;
    expect(await boards[0]!.closed).toBeGreaterThan(1000);
    expect(logB).not.toContain(world.fake.clientSecret);
  });
});
