// Playing: every turn operation, its refusals (nothing written), stale clicks, quitting, ending, finishing.
import { afterAll, describe, expect, it } from 'vitest';
import {
  GameError,
  scoreCard,
  seededRng,
  writableCells,
  declarableColumns,
  seatsToAct,
  isFiveOfAKind,
} from '../../../src/game';
import type { Category } from '../../../src/game';
import type { GameView } from '../../../src/service/game-service';
import { GameService, ServiceError, turnStamp } from '../../../src/service/game-service';
import { BALUT, OLATHE, SMALL, autoStep, harness, playOut, removeTempDirs, snapshotOf, startedGame } from './helpers';
import { sql, sqlRow } from '../../support/storage';

afterAll(removeTempDirs);

async function thrown(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

const stampOf = (view: GameView, seat: number) => turnStamp(view.state!.players[seat]!);

describe('an Olathe turn', () => {
  it('holds a die once however often the same hold is asked for (a double click), and releases it', async () => {
    const { service, storage, rng } = await harness();
    const view = await startedGame(service, ['ann', 'ben']);
    await service.declare(view.id, 'ann', 0, '0.0');
    rng.push([6, 6, 1, 2, 3]);
    await service.throwDice(view.id, 'ann', '0.0');
    let r = await service.setHold(view.id, 'ann', 1, true, '0.1');
    expect(r.events).toEqual([{ type: 'hold', seat: 0, die: 1 }]);
    const eventsOf = async () => ((await snapshotOf(storage, view.id)) as { events: unknown[] }).events;
    const once = await eventsOf();
    r = await service.setHold(view.id, 'ann', 1, true, '0.1');
    expect(r.events).toEqual([]);
    expect(r.view.state!.players[0]!.turn.held).toEqual([false, true, false, false, false]);
    expect(await eventsOf()).toEqual(once);
    r = await service.setHold(view.id, 'ann', 1, false, '0.1');
    expect(r.events).toEqual([{ type: 'hold', seat: 0, die: 1 }]);
    expect(r.view.state!.players[0]!.turn.held).toEqual([false, false, false, false, false]);
    expect((await service.setHold(view.id, 'ann', 1, false, '0.1')).events).toEqual([]);
  });

  it('declare, throw, hold, throw, write: stored as typed events, the turn passes on the clock', async () => {
    const { service, storage, clock, rng } = await harness();
    let view = await startedGame(service, ['ann', 'ben']);
    const id = view.id;
    expect(stampOf(view, 0)).toBe('0.0');

    let r = await service.declare(id, 'ann', 2, '0.0'); // the Down column: Fours first
    expect(r).toMatchObject({
      events: [{ type: 'declare', seat: 0, column: 2 }],
      shouts: [],
      turnEnded: false,
      finished: false,
    });
    expect(r.before!.players[0]!.turn.column).toBeNull();
    clock.advance(1000);
    rng.push([4, 4, 1, 2, 3]);
    r = await service.throwDice(id, 'ann', '0.0');
    expect(r.events).toEqual([{ type: 'throw', seat: 0, dice: [4, 4, 1, 2, 3] }]);
    r = await service.toggleHold(id, 'ann', 0, '0.1');
    r = await service.toggleHold(id, 'ann', 1, '0.1');
    expect(r.view.state!.players[0]!.turn.held).toEqual([true, true, false, false, false]);
    rng.push([4, 6, 4]);
    r = await service.throwDice(id, 'ann', '0.1');
    expect(r.view.state!.players[0]!.turn.dice).toEqual([4, 4, 4, 6, 4]);
    const deadlineBefore = r.view.deadlines[0];
    expect(deadlineBefore).toBe(clock.t - 1000 + 600_000); // unchanged within the turn
    clock.advance(1000);
    r = await service.write(id, 'ann', 2, 'fours', '0.2');
    expect(r.turnEnded).toBe(true);
    expect(r.view.state!.players[0]!.card.columns[2]!.cells.fours).toEqual([4, 4, 4, 6, 4]);
    expect(r.view.state!.current).toBe(1);
    expect(r.view.deadlines).toEqual({ 1: clock.t + 600_000 });
    expect(await service.nextDeadline()).toBe(clock.t + 600_000);
    view = (await service.game(id))!;
    expect(view).toEqual(r.view);

    const events = await sql(
      storage,
      'SELECT seq, type, seat, dice, holds, five, col, category, written, score, die FROM events WHERE game_id = $1 ORDER BY seq',
      [id],
    );
    expect(events).toEqual([
      {
        seq: 1,
        type: 'declare',
        seat: 0,
        dice: null,
        holds: null,
        five: 0,
        col: 2,
        category: null,
        written: null,
        score: null,
        die: null,
      },
      {
        seq: 2,
        type: 'throw',
        seat: 0,
        dice: '[4,4,1,2,3]',
        holds: '[false,false,false,false,false]',
        five: 0,
        col: null,
        category: null,
        written: null,
        score: null,
        die: null,
      },
      {
        seq: 3,
        type: 'hold',
        seat: 0,
        dice: null,
        holds: '[true,false,false,false,false]',
        five: 0,
        col: null,
        category: null,
        written: null,
        score: null,
        die: 0,
      },
      {
        seq: 4,
        type: 'hold',
        seat: 0,
        dice: null,
        holds: '[true,true,false,false,false]',
        five: 0,
        col: null,
        category: null,
        written: null,
        score: null,
        die: 1,
      },
      {
        seq: 5,
        type: 'throw',
        seat: 0,
        dice: '[4,4,4,6,4]',
        holds: '[true,true,false,false,false]',
        five: 0,
        col: null,
        category: null,
        written: null,
        score: null,
        die: null,
      },
      {
        seq: 6,
        type: 'write',
        seat: 0,
        dice: null,
        holds: null,
        five: 0,
        col: 2,
        category: 'fours',
        written: '[4,4,4,6,4]',
        score: 16,
        die: null,
      },
    ]);
    expect(await service.replay(id)).toEqual(view.state);
  });

  it('a double click throws once: the second click carries an old stamp and is stale', async () => {
    const { service, storage } = await harness();
    const view = await startedGame(service, ['ann', 'ben']);
    await service.declare(view.id, 'ann', 0, '0.0');
    await service.throwDice(view.id, 'ann', '0.0');
    const before = await snapshotOf(storage, view.id);
    const error = await thrown(() => service.throwDice(view.id, 'ann', '0.0'));
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('stale');
    expect(error.message).toMatch(/earlier moment/);
    expect(await snapshotOf(storage, view.id)).toEqual(before);
    expect((await service.game(view.id))!.state!.players[0]!.turn.throwsUsed).toBe(1);
  });

  it('a click on an old turn message is stale, even when the move would be legal now', async () => {
    const { service } = await harness();
    let view = await startedGame(service, ['solo'], SMALL);
    view = (await autoStep(service, view, 0)).view; // declare
    view = (await autoStep(service, view, 0)).view; // throw
    view = (await autoStep(service, view, 0)).view; // write: turn 2 starts
    expect(stampOf(view, 0)).toBe('1.0');
    expect(((await thrown(() => service.declare(view.id, 'solo', 1, '0.0'))) as ServiceError).code).toBe('stale');
    expect((await service.declare(view.id, 'solo', 1, '1.0')).view.state!.players[0]!.turn.column).toBe(1);
  });

  it('engine refusals pass through unchanged and write nothing', async () => {
    const { service, storage } = await harness();
    const view = await startedGame(service, ['ann', 'ben']);
    const before = await snapshotOf(storage, view.id);
    const cases: Array<[() => unknown, string]> = [
      [() => service.throwDice(view.id, 'ben'), 'not-your-turn'],
      [() => service.throwDice(view.id, 'ann'), 'not-declared'],
      [() => service.toggleHold(view.id, 'ann', 0), 'nothing-thrown'],
      [() => service.setHold(view.id, 'ann', 0, false), 'nothing-thrown'],
      [() => service.declare(view.id, 'ann', 9), 'no-such-column'],
      [() => service.write(view.id, 'ann', 0, 'fours'), 'nothing-thrown'],
    ];
    for (const [run, code] of cases) {
      const error = await thrown(run);
      expect(error).toBeInstanceOf(GameError);
      expect((error as GameError).code).toBe(code);
    }
    await service.declare(view.id, 'ann', 2);
    await service.throwDice(view.id, 'ann');
    const mid = await snapshotOf(storage, view.id);
    expect(((await thrown(() => service.write(view.id, 'ann', 2, 'olathe'))) as GameError).code).toBe(
      'cell-out-of-order',
    );
    expect(((await thrown(() => service.write(view.id, 'ann', 0, 'fours'))) as GameError).code).toBe('wrong-column');
    expect(((await thrown(() => service.write(view.id, 'ann', 2, 'nonsense' as Category))) as GameError).code).toBe(
      'no-such-cell',
    );
    expect(await snapshotOf(storage, view.id)).toEqual(mid);
    expect(before).not.toEqual(mid);
  });

  it('refuses someone who is not in the game, and a game that does not exist', async () => {
    const { service } = await harness();
    const view = await startedGame(service, ['ann']);
    expect(((await thrown(() => service.throwDice(view.id, 'zed'))) as ServiceError).code).toBe('not-a-player');
    expect(((await thrown(() => service.throwDice(123456, 'ann'))) as ServiceError).code).toBe('no-game');
    expect(await service.game(123456)).toBeNull();
  });

  it('shouts every five of a kind, scored or not', async () => {
    const { service, rng } = await harness();
    const view = await startedGame(service, ['ann', 'ben']);
    await service.declare(view.id, 'ann', 0);
    rng.push([3, 3, 3, 3, 3]);
    const r = await service.throwDice(view.id, 'ann');
    expect(r.shouts).toEqual([{ seat: 0, userId: 'ann', dice: [3, 3, 3, 3, 3] }]);
    const w = await service.write(view.id, 'ann', 0, 'choice');
    expect(w.shouts).toEqual([]);
  });
});

describe('predictions', () => {
  it('are taken before a player first throws, stored on the seat, and closed after', async () => {
    const { service, storage } = await harness();
    const view = await startedGame(service, ['ann', 'ben']);
    expect((await service.predict(view.id, 'ben', 2)).view.state!.players[1]!.prediction).toBe(2);
    expect((await service.predict(view.id, 'ann', 1)).events).toEqual([{ type: 'predict', seat: 0, count: 1 }]);
    expect(
      await sql(storage, 'SELECT seat, prediction FROM players WHERE game_id = $1 ORDER BY seat', [view.id]),
    ).toEqual([
      { seat: 0, prediction: 1 },
      { seat: 1, prediction: 2 },
    ]);
    await service.declare(view.id, 'ann', 0);
    await service.throwDice(view.id, 'ann');
    expect(((await thrown(() => service.predict(view.id, 'ann', 3))) as GameError).code).toBe('prediction-closed');
    expect(((await thrown(() => service.predict(view.id, 'ben', -1))) as GameError).code).toBe('bad-prediction');
    const off = await startedGame(service, ['cy'], BALUT);
    expect(((await thrown(() => service.predict(off.id, 'cy', 1))) as GameError).code).toBe('predictions-off');
  });
});

describe('quitting and ending', () => {
  it('a player who quits keeps their card; the turn moves on; when everyone has quit the game ends', async () => {
    const { service, storage } = await harness();
    const view = await startedGame(service, ['ann', 'ben', 'cy']);
    let r = await service.quit(view.id, 'ann'); // in their turn
    expect(r.turnEnded).toBe(true);
    expect(r.view.state!.current).toBe(1);
    expect(r.view.players[0]!.left).toBe('quit');
    expect(Object.keys(r.view.deadlines)).toEqual(['1']);
    expect(((await thrown(() => service.quit(view.id, 'ann'))) as GameError).code).toBe('player-left');
    r = await service.quit(view.id, 'cy'); // not in their turn
    expect(r.turnEnded).toBe(false);
    expect(r.view.state!.current).toBe(1);
    r = await service.quit(view.id, 'ben');
    expect(r).toMatchObject({ finished: true, turnEnded: true });
    expect(r.view.status).toBe('ended');
    expect(r.view.deadlines).toEqual({});
    expect(
      await sql(storage, 'SELECT left_reason, won, place FROM players WHERE game_id = $1 ORDER BY seat', [view.id]),
    ).toEqual([
      { left_reason: 'quit', won: 0, place: 1 },
      { left_reason: 'quit', won: 0, place: 1 },
      { left_reason: 'quit', won: 0, place: 1 },
    ]);
    expect(await service.nextDeadline()).toBeNull();
  });

  it('only the host or a manager ends a game; afterwards every action is refused and the channel is free', async () => {
    const { service, storage, clock } = await harness();
    const view = await startedGame(service, ['ann', 'ben'], OLATHE, { channelId: 'here' });
    expect(((await thrown(() => service.end(view.id, 'ben', { canManage: false }))) as ServiceError).code).toBe(
      'not-host',
    );
    const r = await service.end(view.id, 'mod', { canManage: true });
    expect(r).toMatchObject({ events: [{ type: 'end' }], finished: true, turnEnded: true });
    expect(r.view).toMatchObject({ status: 'ended', finishedAt: clock.t, deadlines: {} });
    const stored = await sqlRow(storage, 'SELECT status, next_deadline, finished_at FROM games WHERE id = $1', [
      view.id,
    ]);
    expect(stored).toEqual({ status: 'ended', next_deadline: null, finished_at: clock.t });
    for (const run of [
      () => service.throwDice(view.id, 'ann'),
      () => service.end(view.id, 'ann', { canManage: false }),
      () => service.quit(view.id, 'ben'),
    ]) {
      expect(((await thrown(run)) as ServiceError).code).toBe('game-over');
    }
    expect(await service.openGameInChannel('here')).toBeNull();
    expect(
      (await service.openLobby({ guildId: 'g', channelId: 'here', host: { id: 'ann', name: 'Ann' }, options: OLATHE }))
        .status,
    ).toBe('lobby');
  });
});

describe('a whole game', () => {
  it('finishes when every card is full, stores results, and replays from its events', async () => {
    const { service, storage } = await harness();
    const view = await playOut(service, await startedGame(service, ['ann', 'ben'], OLATHE), 3);
    expect(view.status).toBe('finished');
    expect(view.finishedAt).not.toBeNull();
    expect(await service.replay(view.id)).toEqual(view.state);
    const rows = (await sql(
      storage,
      'SELECT seat, final_score, raw_total, won, olathes_scored FROM players WHERE game_id = $1 ORDER BY seat',
      [view.id],
    )) as Array<Record<string, number>>;
    view.state!.players.forEach((p, seat) => {
      const b = scoreCard(p.card);
      expect(rows[seat]).toMatchObject({ seat, final_score: b.final, raw_total: b.rawTotal });
    });
    expect(rows.some((r) => r.won === 1)).toBe(true);
    expect(
      await sqlRow(storage, "SELECT COUNT(*) AS n FROM events WHERE game_id = $1 AND type = 'write'", [view.id]),
    ).toEqual({
      n: 56,
    });
    expect(((await thrown(() => service.throwDice(view.id, 'ann'))) as ServiceError).code).toBe('game-over');
  });

  it('Balut: players act at their own pace; each one has a clock reset when they write', async () => {
    const { service, clock } = await harness();
    let view = await startedGame(service, ['ann', 'ben'], BALUT, { turnTimeoutMs: 60_000 });
    const start = clock.t;
    expect(((await thrown(() => service.declare(view.id, 'ann', 0))) as GameError).code).toBe('declare-not-in-balut');
    clock.advance(5000);
    view = (await service.throwDice(view.id, 'ben')).view;
    view = (await service.throwDice(view.id, 'ann')).view;
    expect(view.deadlines).toEqual({ 0: start + 60_000, 1: start + 60_000 });
    view = (await service.write(view.id, 'ben', 3, 'choice')).view;
    expect(view.deadlines).toEqual({ 0: start + 60_000, 1: clock.t + 60_000 });
    expect(seatsToAct(view.state!)).toEqual([0, 1]);
    view = await playOut(service, view);
    expect(view.status).toBe('finished');
    expect(await service.replay(view.id)).toEqual(view.state);
  });

  it('random games of every kind replay exactly from their events, and their rows agree with the state', async () => {
    const { service, storage } = await harness();
    const pick = seededRng('random games');
    const roll = (n: number) => (pick.face() * 7919 + pick.face()) % n;
    for (let g = 0; g < 12; g++) {
      const options = [
        OLATHE,
        BALUT,
        SMALL,
        { ...OLATHE, columns: ['free', 'free', 'free', 'free', 'down', 'up'] as const, throwsPerTurn: 5 },
      ][g % 4]!;
      const ids = ['a', 'b', 'c', 'd', 'e'].slice(0, 1 + (g % 5));
      let view = await startedGame(service, ids, { ...options, columns: [...options.columns] });
      while (view.status === 'playing') {
        const state = view.state!;
        const acting = seatsToAct(state);
        const seat = acting[roll(acting.length)]!;
        const player = state.players[seat]!;
        const userId = view.players[seat]!.userId;
        const left = state.options.throwsPerTurn - player.turn.throwsUsed;
        const choice = roll(10);
        if (choice === 0 && roll(20) === 0) view = (await service.quit(view.id, userId)).view;
        else if (state.options.variant === 'olathe' && player.turn.column === null) {
          const cols = declarableColumns(state, seat);
          view = (await service.declare(view.id, userId, cols[roll(cols.length)]!)).view;
        } else if (player.turn.dice === null || (left > 0 && choice < 5 && !player.turn.held.every(Boolean))) {
          view = (await service.throwDice(view.id, userId)).view;
        } else if (left > 0 && choice < 8) view = (await service.toggleHold(view.id, userId, roll(5))).view;
        else {
          const cells = writableCells(state, seat);
          const cell = cells[roll(cells.length)]!;
          view = (await service.write(view.id, userId, cell.column, cell.category)).view;
        }
      }
      expect(await service.replay(view.id)).toEqual(view.state);
      const written = (await sqlRow(
        storage,
        'SELECT COUNT(*) AS n FROM events WHERE game_id = $1 AND category IS NOT NULL',
        [view.id],
      )) as { n: number };
      const filled = view.state!.players.reduce(
        (n, p) => n + p.card.columns.reduce((m, c) => m + Object.values(c.cells).filter(Boolean).length, 0),
        0,
      );
      expect(written.n).toBe(filled);
      const fives = (await sql(storage, 'SELECT dice, five FROM events WHERE game_id = $1 AND dice IS NOT NULL', [
        view.id,
      ])) as Array<{ dice: string; five: number }>;
      for (const f of fives) expect(f.five).toBe(isFiveOfAKind(JSON.parse(f.dice)) ? 1 : 0);
      expect(await sqlRow(storage, 'SELECT MAX(seq) AS v FROM events WHERE game_id = $1', [view.id])).toEqual({
        v: view.state!.version,
      });
    }
  });
});

describe('reading', () => {
  it('card(): a player card with its breakdown and the stamp buttons should carry', async () => {
    const { service } = await harness();
    const view = await startedGame(service, ['ann', 'ben']);
    await service.declare(view.id, 'ann', 0);
    const card = (await service.card(view.id, 'ann'))!;
    expect(card).toMatchObject({
      gameId: view.id,
      seat: 0,
      userId: 'ann',
      name: 'ANN',
      variant: 'olathe',
      stamp: '0.0',
      left: null,
    });
    expect(card.turn.column).toBe(0);
    expect(card.breakdown.rawTotal).toBe(0);
    expect(await service.card(view.id, 'zed')).toBeNull();
  });

  it("lastGameOf(): the game in play in the channel, else the player's latest finished game in the guild", async () => {
    const { service } = await harness(undefined, {});
    const finished = await playOut(
      service,
      await startedGame(service, ['ann'], SMALL, { guildId: 'g1', channelId: 'c1' }),
    );
    expect((await service.lastGameOf('g1', 'c2', 'ann'))!.id).toBe(finished.id);
    expect(await service.lastGameOf('g2', 'c2', 'ann')).toBeNull();
    const playing = await startedGame(service, ['ann', 'ben'], OLATHE, { guildId: 'g1', channelId: 'c2' });
    expect((await service.lastGameOf('g1', 'c2', 'ann'))!.id).toBe(playing.id);
    expect((await service.lastGameOf('g1', 'c1', 'ann'))!.id).toBe(finished.id);
    expect(await service.lastGameOf('g1', 'c2', 'cy')).toBeNull();
  });

  it('a user may play in games in several channels at once', async () => {
    const { service } = await harness();
    const one = await startedGame(service, ['ann', 'ben'], OLATHE, { channelId: 'x1' });
    const two = await startedGame(service, ['ann'], OLATHE, { channelId: 'x2' });
    expect((await service.declare(one.id, 'ann', 0)).view.id).toBe(one.id);
    expect((await service.declare(two.id, 'ann', 1)).view.id).toBe(two.id);
    expect((await new GameService(service.storage).game(two.id))!.state!.players[0]!.turn.column).toBe(1);
  });
});
