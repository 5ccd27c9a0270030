// Turn deadlines (RULES.md "Turn timeout"): stored with the game, enforced after a restart, three in a row
// remove a player whose card still scores.
import { afterAll, describe, expect, it } from 'vitest';
import { scoreCard } from '../../../src/game';
import { GameService } from '../../../src/service/game-service';
import { openTestStorage, sql, sqlRow } from '../../support/storage';
import {
  BALUT,
  Clock,
  OLATHE,
  SMALL,
  autoStep,
  harness,
  playOut,
  removeTempDirs,
  riggedRng,
  startedGame,
} from './helpers';

afterAll(removeTempDirs);

const TEN_MINUTES = 600_000;

describe('a turn past its deadline', () => {
  it('is ended for the player: declare the emptiest column, throw once, write the lowest-scoring cell', async () => {
    const { service, clock, rng, storage } = await harness();
    const view = await startedGame(service, ['ann', 'ben']);
    const deadline = clock.t + TEN_MINUTES;
    expect(await service.nextDeadline()).toBe(deadline);
    expect(await service.expireTurns(deadline - 1)).toEqual([]);
    rng.push([6, 6, 5, 5, 2]);
    clock.t = deadline + 5;
    const [result, ...more] = await service.expireTurns();
    expect(more).toEqual([]);
    expect(result!.events).toEqual([{ type: 'timeout', seat: 0, dice: [6, 6, 5, 5, 2] }]);
    expect(result!.turnEnded).toBe(true);
    const card = result!.view.state!.players[0]!.card;
    expect(card.columns[0]!.cells.fours).toEqual([6, 6, 5, 5, 2]); // Free 1, topmost of the zero-scoring cells
    expect(result!.view.state!.players[0]!.consecutiveTimeouts).toBe(1);
    expect(result!.view.deadlines).toEqual({ 1: clock.t + TEN_MINUTES });
    expect(await service.nextDeadline()).toBe(clock.t + TEN_MINUTES);
    expect(
      await sqlRow(
        storage,
        "SELECT type, dice, col, category, written, score FROM events WHERE game_id = $1 AND type = 'timeout'",
        [view.id],
      ),
    ).toEqual({
      type: 'timeout',
      dice: '[6,6,5,5,2]',
      col: 0,
      category: 'fours',
      written: '[6,6,5,5,2]',
      score: 0,
    });
    expect(await service.expireTurns()).toEqual([]); // nothing else is due
    expect(await service.replay(view.id)).toEqual(result!.view.state);
  });

  it('keeps the dice already thrown, and shouts a five of a kind the clock throws', async () => {
    const { service, clock, rng } = await harness();
    const view = await startedGame(service, ['ann']);
    await service.declare(view.id, 'ann', 3); // the Up column: Olathe first
    rng.push([2, 2, 2, 2, 2]);
    const thrown = await service.throwDice(view.id, 'ann');
    expect(thrown.shouts).toHaveLength(1);
    const [result] = await service.expireTurns(clock.advance(TEN_MINUTES));
    expect(result!.events).toEqual([{ type: 'timeout', seat: 0, dice: null }]);
    expect(result!.shouts).toEqual([]);
    expect(result!.view.state!.players[0]!.card.columns[3]!.cells.olathe).toEqual([2, 2, 2, 2, 2]);

    rng.push([5, 5, 5, 5, 5]);
    const [next] = await service.expireTurns(clock.advance(TEN_MINUTES));
    expect(next!.shouts).toEqual([{ seat: 0, userId: 'ann', dice: [5, 5, 5, 5, 5] }]);
  });

  it('removes a player after three timed-out turns in a row; their card still scores', async () => {
    const { service, clock, storage } = await harness();
    let view = await startedGame(service, ['ann', 'ben'], SMALL);
    for (let round = 0; round < 3; round++) {
      view = (await service.expireTurns(clock.advance(TEN_MINUTES)))[0]!.view; // ann times out
      view = (await autoStep(service, view, 1)).view; // ben plays: declare
      view = (await autoStep(service, view, 1)).view; // throw
      view = (await autoStep(service, view, 1)).view; // write
    }
    expect(view.players[0]!.left).toBe('removed');
    expect(view.state!.players[0]!.left).toBe(true);
    expect(view.state!.current).toBe(1);
    expect(await sqlRow(storage, 'SELECT left_reason FROM players WHERE game_id = $1 AND seat = 0', [view.id])).toEqual(
      {
        left_reason: 'removed',
      },
    );
    view = await playOut(service, view);
    expect(view.status).toBe('finished');
    const rows = await sql(storage, 'SELECT seat, final_score, won FROM players WHERE game_id = $1 ORDER BY seat', [
      view.id,
    ]);
    expect(rows).toEqual([
      { seat: 0, final_score: scoreCard(view.state!.players[0]!.card).final, won: 0 },
      { seat: 1, final_score: scoreCard(view.state!.players[1]!.card).final, won: 1 },
    ]);
  });

  it('a turn played in time resets the count', async () => {
    const { service, clock } = await harness();
    let view = await startedGame(service, ['ann'], SMALL);
    view = (await service.expireTurns(clock.advance(TEN_MINUTES)))[0]!.view;
    view = (await service.expireTurns(clock.advance(TEN_MINUTES)))[0]!.view;
    for (let i = 0; i < 3; i++) view = (await autoStep(service, view, 0)).view;
    view = (await service.expireTurns(clock.advance(TEN_MINUTES)))[0]!.view;
    view = (await service.expireTurns(clock.advance(TEN_MINUTES)))[0]!.view;
    expect(view.state!.players[0]!.consecutiveTimeouts).toBe(2);
    expect(view.players[0]!.left).toBeNull();
  });

  it('Balut: every player past their own deadline is timed out in one result', async () => {
    const { service, clock } = await harness();
    let view = await startedGame(service, ['ann', 'ben', 'cy'], BALUT, { turnTimeoutMs: 60_000 });
    clock.advance(30_000);
    view = (await service.throwDice(view.id, 'cy')).view;
    await service.write(view.id, 'cy', 0, 'choice'); // cy's clock restarts
    clock.advance(30_000);
    const results = await service.expireTurns();
    expect(results).toHaveLength(1);
    expect(results[0]!.events.map((e) => e.type === 'timeout' && e.seat)).toEqual([0, 1]);
    expect(results[0]!.view.deadlines).toEqual({ 0: clock.t + 60_000, 1: clock.t + 60_000, 2: clock.t + 30_000 });
  });

  it('the finished game has no deadline left', async () => {
    const { service } = await harness();
    const view = await playOut(service, await startedGame(service, ['ann'], SMALL));
    expect(view.deadlines).toEqual({});
    expect(await service.nextDeadline()).toBeNull();
  });
});

describe('a deadline for a seat that cannot act', () => {
  it('is dropped by the clock instead of being due forever', async () => {
    const { service, clock, storage } = await harness();
    const view = await startedGame(service, ['ann', 'ben']);
    await sql(storage, `UPDATE games SET deadlines = '{"1": 5}', next_deadline = 5 WHERE id = $1`, [view.id]); // ben is not in a turn
    expect(await service.expireTurns()).toEqual([]);
    expect((await service.game(view.id))!.deadlines).toEqual({ 0: clock.t + TEN_MINUTES });
    expect(await service.nextDeadline()).toBe(clock.t + TEN_MINUTES);
  });
});

describe('after a restart', () => {
  it('a new process still enforces the stored deadline', async () => {
    const first = await harness();
    const view = await startedGame(first.service, ['ann', 'ben'], OLATHE, { turnTimeoutMs: 90_000 });
    const deadline = first.clock.t + 90_000;
    await first.storage.close();

    const db = await openTestStorage(first.file);
    const service = new GameService(db, { rng: riggedRng(), now: new Clock(deadline + 1).now });
    expect(await service.nextDeadline()).toBe(deadline);
    const results = await service.expireTurns();
    expect(results.map((r) => r.view.id)).toEqual([view.id]);
    expect(results[0]!.view.state!.current).toBe(1);
    await db.close();
  });
});
