// The durable outbox and the channel bookkeeping the Publisher relies on: what each action saves for the
// channel, in the action's own transaction, and where and whether a game is shown. Real database files.
import { afterAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../../src/game';
import { CATEGORIES, scoreCell } from '../../../src/game';
import type { ActionResult, GameView, LogWork } from '../../../src/service/game-service';
import {
  OLATHE,
  SMALL,
  autoStep,
  harness,
  playOut,
  refusal,
  removeTempDirs,
  snapshotOf,
  startedGame,
  user,
} from './helpers';
import { sql, sqlRow, testEngine } from '../../support/storage';

afterAll(removeTempDirs);

const TEN_MINUTES = 600_000;

/** The one cell `seat` has in `after` and not in `before`: what a log item must describe. */
function newCell(before: GameState, after: GameState, seat: number) {
  const found = after.players[seat]!.card.columns.flatMap((col, column) =>
    CATEGORIES.flatMap((category) =>
      col.cells[category] && !before.players[seat]!.card.columns[column]!.cells[category]
        ? [{ column, category, dice: col.cells[category]! }]
        : [],
    ),
  );
  expect(found).toHaveLength(1);
  return found[0]!;
}

function logs(result: ActionResult): LogWork[] {
  return result.outbox.flatMap((i) => (i.work.kind === 'log' ? [i.work] : []));
}

describe('what an action saves for the channel', () => {
  it('a write saves one log item for the ended turn: seat, turn, cell, dice and score as on the card', async () => {
    const { service, rng } = await harness();
    const view = await startedGame(service, ['ann', 'ben']);
    await service.declare(view.id, 'ann', 0);
    rng.push([5, 5, 4, 6, 4]);
    const thrown = await service.throwDice(view.id, 'ann');
    const written = await service.write(view.id, 'ann', 0, 'choice');
    const after = written.view.state!;
    const cell = newCell(thrown.view.state!, after, 0);
    expect(written.outbox).toHaveLength(1);
    expect(written.outbox[0]!.gameId).toBe(view.id);
    expect(written.outbox[0]!.work).toEqual({
      kind: 'log',
      seat: 0,
      turn: 0,
      what: 'write',
      ...cell,
      score: scoreCell(cell.category, cell.dice),
      seq: after.version,
    });
    expect(await service.pendingChannelWork(view.id)).toEqual(written.outbox);

    // ben's first turn is turn 0 of seat 1; ann's next one is turn 1 of seat 0.
    let v = written.view;
    for (let i = 0; i < 3; i++) v = (await autoStep(service, v, 1)).view;
    for (let i = 0; i < 2; i++) v = (await autoStep(service, v, 0)).view;
    const second = await autoStep(service, v, 0);
    expect(logs(second).map((l) => [l.seat, l.turn])).toEqual([[0, 1]]);
    const pendingLogs = (await service.pendingChannelWork(view.id)).flatMap((i) =>
      i.work.kind === 'log' ? [[i.work.seat, i.work.turn]] : [],
    );
    expect(pendingLogs).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
    ]);
  });

  it('a throw of five of a kind saves one shout with its seq and turn; the turn goes on, so no log', async () => {
    const { service, rng, storage } = await harness();
    const view = await startedGame(service, ['ann', 'ben']);
    await service.declare(view.id, 'ann', 3);
    rng.push([2, 2, 2, 2, 2]);
    const thrown = await service.throwDice(view.id, 'ann');
    const seq = thrown.view.state!.version;
    expect(thrown.outbox.map((i) => i.work)).toEqual([{ kind: 'shout', seat: 0, turn: 0, dice: [2, 2, 2, 2, 2], seq }]);
    expect(
      await sqlRow(storage, 'SELECT type, five FROM events WHERE game_id = $1 AND seq = $2', [view.id, seq]),
    ).toEqual({
      type: 'throw',
      five: 1,
    });
    expect(await service.pendingChannelWork(view.id)).toEqual(thrown.outbox);
  });

  it('a declare, a hold and a throw that ends nothing save nothing', async () => {
    const { service, rng } = await harness();
    const view = await startedGame(service, ['ann', 'ben']);
    const results = [await service.declare(view.id, 'ann', 0)];
    rng.push([1, 2, 3, 4, 6]);
    results.push(await service.throwDice(view.id, 'ann'));
    results.push(await service.toggleHold(view.id, 'ann', 4));
    rng.push([6, 6, 6, 5]); // four new dice besides the held six
    results.push(await service.throwDice(view.id, 'ann'));
    expect(results[3]!.view.state!.players[0]!.turn.dice).toEqual([6, 6, 6, 5, 6]);
    expect(results.map((r) => r.outbox)).toEqual([[], [], [], []]);
    expect(await service.pendingChannelWork(view.id)).toEqual([]);
  });

  it('a timed-out turn saves a timeout item; the third in a row says the player was removed', async () => {
    const { service, clock, rng } = await harness();
    let view = await startedGame(service, ['ann', 'ben'], SMALL);
    const timeouts: LogWork[] = [];
    for (let round = 0; round < 3; round++) {
      rng.push([6, 6, 5, 5, 2]);
      const before = view.state!;
      const [result] = await service.expireTurns(clock.advance(TEN_MINUTES + 1));
      expect(result!.outbox).toHaveLength(1);
      const [log] = logs(result!);
      const cell = newCell(before, result!.view.state!, 0);
      expect(log).toMatchObject({
        seat: 0,
        turn: round,
        what: 'timeout',
        ...cell,
        score: scoreCell(cell.category, cell.dice),
        seq: result!.view.state!.version,
      });
      timeouts.push(log!);
      view = result!.view;
      for (let i = 0; i < 3; i++) view = (await autoStep(service, view, 1)).view; // ben plays his turn
    }
    expect(timeouts.map((t) => t.removed ?? false)).toEqual([false, false, true]);
    expect(view.players[0]!.left).toBe('removed');
  });

  it('a player leaving a game in play saves a leave item', async () => {
    const { service } = await harness();
    const view = await startedGame(service, ['ann', 'ben', 'cy']);
    const left = await service.quit(view.id, 'ben');
    expect(left.outbox.map((i) => i.work)).toEqual([
      { kind: 'log', seat: 1, turn: 0, what: 'leave', seq: left.view.state!.version },
    ]);
  });

  it('items come back oldest first and each is done exactly once', async () => {
    const { service, rng } = await harness();
    let view = await startedGame(service, ['ann', 'ben']);
    const saved = [];
    for (const [seat, column] of [
      [0, 3],
      [1, 3],
      [0, 0],
    ] as const) {
      view = (await service.declare(view.id, view.players[seat]!.userId, column)).view;
      rng.push([seat + 1, seat + 1, seat + 1, seat + 1, seat + 1]);
      const thrown = await service.throwDice(view.id, view.players[seat]!.userId);
      const written = await service.write(view.id, view.players[seat]!.userId, column, 'olathe');
      saved.push(...thrown.outbox, ...written.outbox);
      view = written.view;
    }
    expect(saved.map((i) => i.work.kind)).toEqual(['shout', 'log', 'shout', 'log', 'shout', 'log']);
    const pending = await service.pendingChannelWork(view.id);
    expect(pending).toEqual(saved);
    expect(pending.map((i) => i.id)).toEqual([...pending.map((i) => i.id)].sort((a, b) => a - b));
    expect(await service.channelWorkDone(pending[2]!.id)).toBe(true);
    expect(await service.pendingChannelWork(view.id)).toEqual(saved.filter((_, i) => i !== 2));
    for (const item of pending) expect(await service.channelWorkDone(item.id)).toBe(item !== pending[2]);
    const again: boolean[] = [];
    for (const item of pending) again.push(await service.channelWorkDone(item.id));
    expect(again).toEqual(pending.map(() => false));
    expect(await service.pendingChannelWork(view.id)).toEqual([]);
  });

  it("is written in the move's transaction: a failure after the outbox insert leaves neither move nor item", async () => {
    let armed = false;
    const { service, storage } = await harness(undefined, {
      hooks: {
        afterStatement: (label) => {
          if (armed && label === 'insert outbox') throw new Error('power cut');
        },
      },
    });
    const view = await startedGame(service, ['ann', 'ben']);
    await service.declare(view.id, 'ann', 0);
    await service.throwDice(view.id, 'ann');
    const before = await snapshotOf(storage, view.id);
    armed = true;
    await expect(service.write(view.id, 'ann', 0, 'choice')).rejects.toThrow(/power cut/);
    expect(await snapshotOf(storage, view.id)).toEqual(before);
    expect(await service.pendingChannelWork(view.id)).toEqual([]);
    armed = false;
    expect((await service.write(view.id, 'ann', 0, 'choice')).outbox).toHaveLength(1);
  });
});

describe('what the channel shows and where', () => {
  it('recordShown stores a message id with its digest; null forgets both', async () => {
    const { service } = await harness();
    const view = await startedGame(service, ['ann']);
    await service.recordShown(view.id, 'turn:0:0', '111', 'digest-a');
    await service.recordShown(view.id, 'scoreboard', '222', null);
    let g = (await service.game(view.id))!;
    expect(g.messages).toEqual({ 'turn:0:0': '111', scoreboard: '222' });
    expect(g.shown).toEqual({ 'turn:0:0': 'digest-a' });
    await service.recordShown(view.id, 'turn:0:0', null, 'ignored');
    g = (await service.game(view.id))!;
    expect(g.messages).toEqual({ scoreboard: '222' });
    expect(g.shown).toEqual({});
    // Several at once (what clicks showed, written out together), and a move does not touch them.
    await service.recordShownAll([
      { gameId: view.id, key: 'turn:0:0', messageId: '333', digest: 'digest-b' },
      { gameId: view.id, key: 'card:0', messageId: '444', digest: 'digest-c' },
    ]);
    await service.declare(view.id, 'ann', 0);
    g = (await service.game(view.id))!;
    expect(g.messages).toEqual({ scoreboard: '222', 'turn:0:0': '333', 'card:0': '444' });
    expect(g.shown).toEqual({ 'turn:0:0': 'digest-b', 'card:0': 'digest-c' });
    expect((await refusal(() => service.recordShown(view.id, 'bad key!', '1', 'x'))).code).toBe('bad-message-key');
    expect((await refusal(() => service.recordShown(view.id + 1000, 'results', '1', 'x'))).code).toBe('no-game');
  });

  it("openLobby's threads overrides the server's setting; the default follows setThreadsIn", async () => {
    const { service } = await harness();
    const open = async (channelId: string, threads?: boolean) =>
      (
        await service.openLobby({
          guildId: 'g',
          channelId,
          host: user('ann'),
          options: OLATHE,
          ...(threads === undefined ? {} : { threads }),
        })
      ).threadMode;
    expect(await service.threadsIn('g')).toBe(true);
    expect(await open('c1')).toBe(true);
    await service.setThreadsIn('g', false);
    expect(await service.threadsIn('g')).toBe(false);
    expect(await service.threadsIn('other')).toBe(true);
    expect(await open('c2')).toBe(false);
    expect(await open('c3', true)).toBe(true);
    await service.setThreadsIn('g', true);
    expect(await open('c4')).toBe(true);
    expect(await open('c5', false)).toBe(false);
  });

  it('start plays in the channel without a thread, or waits for the thread to be set once', async () => {
    const { service } = await harness();
    const lobby = (channelId: string, threads: boolean) =>
      service.openLobby({ guildId: 'g', channelId, host: user('ann'), options: OLATHE, threads });
    const refused = await service.start((await lobby('c1', true)).id, 'ann', { threadAllowed: false });
    expect(refused.playChannelId).toBe('c1');
    const off = await service.start((await lobby('c2', false)).id, 'ann');
    expect(off.playChannelId).toBe('c2');
    expect(await service.setPlayChannel(off.id, 'thread-x')).toBe(false);
    expect((await service.game(off.id))!.playChannelId).toBe('c2');

    const threaded = await service.start((await lobby('c3', true)).id, 'ann');
    expect(threaded.threadMode).toBe(true);
    expect(threaded.playChannelId).toBeNull();
    expect(await service.openGameInChannel('t-3')).toBeNull();
    expect(await service.setPlayChannel(threaded.id, 't-3')).toBe(true);
    expect(await service.setPlayChannel(threaded.id, 't-4')).toBe(false);
    expect((await service.game(threaded.id))!.playChannelId).toBe('t-3');
    expect((await service.openGameInChannel('t-3'))!.id).toBe(threaded.id);
    expect((await service.openGameInChannel('c3'))!.id).toBe(threaded.id);
    expect(await service.openGameInChannel('t-4')).toBeNull();
  });

  it('channelLost ends a game in play and empties its outbox, once; it cancels a lobby', async () => {
    const { service } = await harness();
    let view = await startedGame(service, ['ann', 'ben']);
    for (let i = 0; i < 3; i++) view = (await autoStep(service, view, 0)).view;
    expect(await service.pendingChannelWork(view.id)).toHaveLength(1);
    const lost = (await service.channelLost(view.id))!;
    expect(lost.view).toMatchObject({ status: 'ended', channelGone: true });
    expect(lost.finished).toBe(true);
    expect(await service.game(view.id)).toMatchObject({ status: 'ended', channelGone: true });
    expect(await service.pendingChannelWork(view.id)).toEqual([]);
    expect(await service.channelLost(view.id)).toBeNull();
    expect((await service.game(view.id))!.status).toBe('ended');

    const lobby = await service.openLobby({ guildId: 'g', channelId: 'lobby-1', host: user('cy'), options: OLATHE });
    expect((await service.channelLost(lobby.id))!.view).toMatchObject({ status: 'cancelled', channelGone: true });
    expect(await service.channelLost(lobby.id)).toBeNull();
    expect(await service.openGameInChannel('lobby-1')).toBeNull();
  });

  it('channelLost ends the game and empties its outbox in one transaction: a crash in between leaves neither done', async () => {
    const { service, storage } = await harness();
    let view = await startedGame(service, ['ann', 'ben']);
    for (let i = 0; i < 3; i++) view = (await autoStep(service, view, 0)).view;
    expect(await service.pendingChannelWork(view.id)).toHaveLength(1);
    // The process dies (here: the DELETE fails) right after the game was marked gone.
    if (testEngine() === 'postgres')
      await sql(
        storage,
        `CREATE FUNCTION cut() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'power cut'; END $$;
         CREATE TRIGGER cut BEFORE DELETE ON outbox FOR EACH ROW EXECUTE FUNCTION cut()`,
      );
    else
      await sql(storage, "CREATE TEMP TRIGGER cut BEFORE DELETE ON outbox BEGIN SELECT RAISE(ABORT, 'power cut'); END");
    try {
      await service.channelLost(view.id);
    } catch {
      // the crash
    }
    await sql(storage, testEngine() === 'postgres' ? 'DROP TRIGGER cut ON outbox' : 'DROP TRIGGER cut');
    expect(await service.game(view.id)).toMatchObject({ status: 'playing', channelGone: false });
    expect(await service.pendingChannelWork(view.id)).toHaveLength(1);
    expect(await service.channelLost(view.id)).not.toBeNull(); // the Publisher hears "channel gone" again
    expect(await service.game(view.id)).toMatchObject({ status: 'ended', channelGone: true });
    expect(await service.pendingChannelWork(view.id)).toEqual([]);
    expect(await service.gamesToReconcile()).not.toContain(view.id);
  });

  it('gamesToReconcile: games in play and recent finished ones not shown, nothing cancelled or gone', async () => {
    const { service, clock } = await harness();
    const drain = async (id: number) => {
      for (const item of await service.pendingChannelWork(id)) await service.channelWorkDone(item.id);
    };
    const playing = await startedGame(service, ['ann', 'ben']);
    const finished = await playOut(service, await startedGame(service, ['ann'], SMALL));
    expect(finished.status).toBe('finished');
    const shown = await playOut(service, await startedGame(service, ['ann'], SMALL));
    await service.recordShown(shown.id, 'results', '999', 'd');
    expect(await service.gamesToReconcile()).toContain(shown.id); // its last log line is still to be delivered
    await drain(shown.id);
    const cancelled = await service.openLobby({
      guildId: 'guild-1',
      channelId: 'cancel-me',
      host: user('cy'),
      options: OLATHE,
    });
    await service.cancel(cancelled.id, 'cy');
    const lobby = await service.openLobby({
      guildId: 'guild-1',
      channelId: 'open-lobby',
      host: user('cy'),
      options: OLATHE,
    });
    const gone = await startedGame(service, ['dan', 'eve']);
    await service.channelLost(gone.id);
    const ended = (await service.end((await startedGame(service, ['fay'])).id, 'fay', { canManage: false })).view;
    expect(ended.status).toBe('ended');

    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(sorted(await service.gamesToReconcile())).toEqual(sorted([playing.id, finished.id, ended.id]));
    expect(await service.gamesToReconcile()).not.toContain(lobby.id);
    // A day later a finished game is looked at only while it has work left to deliver; one in play always is.
    const dayLater = clock.t + 25 * 60 * 60_000;
    expect(sorted(await service.gamesToReconcile(dayLater))).toEqual(sorted([playing.id, finished.id]));
    await drain(finished.id);
    expect(sorted(await service.gamesToReconcile(dayLater))).toEqual([playing.id]);
  });

  it("lastWrites gives each seat's latest written cell, a timed-out one marked", async () => {
    const { service, clock } = await harness();
    let view: GameView = await startedGame(service, ['ann', 'ben', 'cy'], SMALL);
    const last = new Map<number, LogWork>();
    const step = async (seat: number) => {
      const result = await autoStep(service, view, seat);
      for (const l of logs(result)) last.set(l.seat, l);
      view = result.view;
    };
    for (const seat of [0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0]) await step(seat);
    const [timedOut] = await service.expireTurns(clock.advance(TEN_MINUTES + 1)); // ben's turn runs out
    for (const l of logs(timedOut!)) last.set(l.seat, l);
    const card = (seat: number, l: LogWork) =>
      timedOut!.view.state!.players[seat]!.card.columns[l.column!]!.cells[l.category!];

    const writes = await service.lastWrites(view.id);
    expect([...writes.keys()].sort()).toEqual([0, 1, 2]);
    for (const [seat, l] of last) {
      expect(writes.get(seat)).toEqual({
        seat,
        timedOut: l.what === 'timeout',
        column: l.column,
        category: l.category,
        dice: card(seat, l),
        score: l.score,
      });
    }
    expect(writes.get(1)!.timedOut).toBe(true);
    expect(last.get(0)!.turn).toBe(1);
    expect(await service.lastWrites((await startedGame(service, ['zed'])).id)).toEqual(new Map());
  });
});
