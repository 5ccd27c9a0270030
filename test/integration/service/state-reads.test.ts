// A click reads the state the click before it wrote: GameStore hands that state out again instead of fetching
// and parsing it, for as long as the row is at the revision that write gave it — and reads the row in full as
// soon as anything else (another process, another connection, SQL that is not the store's on its own
// connection) has moved the game on, or a save's transaction rolled back.
import { afterAll, describe, expect, it } from 'vitest';
import { GameService, turnStamp } from '../../../src/service/game-service';
import type { GameView } from '../../../src/service/game-service';
import { BALUT, harness, removeTempDirs, riggedRng, startedGame } from './helpers';
import { sql, sqlRow } from '../../support/storage';
import type { Storage } from '../../../src/db/storage';

afterAll(removeTempDirs);

const stampOf = (view: GameView) => turnStamp(view.state!.players[0]!);
const savedState = async (storage: Storage, id: number) =>
  JSON.parse(
    (await sqlRow<{ state: string }>(storage, 'SELECT state FROM games WHERE id = $1', [id]))!.state,
  ) as unknown;

describe('reading back what was written', () => {
  it('is the state the database holds, handed out again while nothing else wrote the game', async () => {
    const { service, storage, rng } = await harness();
    let view = await startedGame(service, ['ann'], BALUT);
    rng.push([1, 2, 3, 4, 5]);
    view = (await service.throwDice(view.id, 'ann', stampOf(view))).view;
    const held = (await service.setHold(view.id, 'ann', 2, true, stampOf(view))).view;
    const read = (await service.game(view.id))!;
    expect(read.state).toEqual(await savedState(storage, view.id));
    expect(read.state!.players[0]!.turn.held).toEqual([false, false, true, false, false]);
    // Not parsed again: the very value the hold produced.
    expect(read.state).toBe(held.state);
  });

  it('follows a move made through another connection, and one made after it again', async () => {
    const first = await harness();
    let view = await startedGame(first.service, ['ann'], BALUT);
    first.rng.push([6, 6, 6, 1, 2]);
    view = (await first.service.throwDice(view.id, 'ann', stampOf(view))).view;
    await first.service.setHold(view.id, 'ann', 0, true, stampOf(view));
    // Another process (a second shard, a standby) holds another die of the same game.
    const second = await harness(first.file);
    await second.service.setHold(view.id, 'ann', 1, true, stampOf(view));
    const seen = (await first.service.game(view.id))!;
    expect(seen.state!.players[0]!.turn.held).toEqual([true, true, false, false, false]);
    expect(seen.state).toEqual(await savedState(first.storage, view.id));
    // The first process acts on what it read, and reads its own write back.
    await first.service.setHold(view.id, 'ann', 2, true, stampOf(seen));
    expect((await first.service.game(view.id))!.state!.players[0]!.turn.held).toEqual([true, true, true, false, false]);
    expect((await second.service.game(view.id))!.state!.players[0]!.turn.held).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('forgets a save whose transaction rolled back, though another process then brings the row to that revision', async () => {
    const first = await harness();
    let view = await startedGame(first.service, ['ann'], BALUT);
    first.rng.push([6, 6, 6, 1, 2]);
    view = (await first.service.throwDice(view.id, 'ann', stampOf(view))).view;
    // The same process and database, cut off right after its save of the game row: the transaction rolls back.
    const cut = new GameService(first.storage, {
      rng: riggedRng(),
      hooks: {
        afterStatement: (label) => {
          if (label === 'save game') throw new Error('power cut after the save');
        },
      },
    });
    await expect(cut.setHold(view.id, 'ann', 0, true, stampOf(view))).rejects.toThrow(/power cut/);
    // Another process holds die 5 instead: the row reaches the revision the rolled-back save would have given it.
    const other = await harness(first.file);
    await other.service.setHold(view.id, 'ann', 4, true, stampOf(view));
    const seen = (await cut.game(view.id))!;
    expect(seen.state!.players[0]!.turn.held).toEqual([false, false, false, false, true]);
    expect(seen.state).toEqual(await savedState(first.storage, view.id));
  });

  it("sees SQL that is not the store's, on the same connection too: a deadline, a seat's name, the messages", async () => {
    const { service, storage, rng } = await harness();
    let view = await startedGame(service, ['ann', 'ben'], BALUT);
    rng.push([1, 2, 3, 4, 5]);
    view = (await service.throwDice(view.id, 'ann', stampOf(view))).view;
    view = (await service.setHold(view.id, 'ann', 2, true, stampOf(view))).view;
    await sql(storage, `UPDATE games SET deadlines = '{"0": 77}', next_deadline = 77 WHERE id = $1`, [view.id]);
    await sql(storage, `UPDATE players SET name = 'Zed' WHERE game_id = $1 AND seat = 1`, [view.id]);
    let read = (await service.game(view.id))!;
    expect(read.deadlines).toEqual({ 0: 77 });
    expect(read.players[1]!.name).toBe('Zed');
    expect(read.state!.players[0]!.turn.held).toEqual([false, false, true, false, false]);
    // The next save starts from what was read, and the read after it is that save.
    view = (await service.setHold(view.id, 'ann', 3, true, stampOf(read))).view;
    await storage.games.setShown(view.id, 'card:0', '555', 'digest');
    read = (await service.game(view.id))!;
    expect(read.messages['card:0']).toBe('555');
    expect(read.players[1]!.name).toBe('Zed');
    expect(read.state!.players[0]!.turn.held).toEqual([false, false, true, true, false]);
    expect(read.state).toEqual(await savedState(storage, view.id));
  });

  it('forgets, in the same process, a save whose transaction rolled back', async () => {
    const { service, storage, rng } = await harness();
    let view = await startedGame(service, ['ann'], BALUT);
    rng.push([6, 6, 6, 1, 2]);
    view = (await service.throwDice(view.id, 'ann', stampOf(view))).view;
    const cut = new GameService(storage, {
      rng: riggedRng(),
      hooks: {
        afterStatement: (label) => {
          if (label === 'insert hold') throw new Error('power cut after the event');
        },
      },
    });
    await expect(cut.setHold(view.id, 'ann', 0, true, stampOf(view))).rejects.toThrow(/power cut/);
    const revOf = async () =>
      (await sqlRow<{ rev: number }>(storage, 'SELECT rev FROM games WHERE id = $1', [view.id]))!.rev;
    const rev = await revOf();
    for (const reader of [cut, service]) {
      const read = (await reader.game(view.id))!;
      expect(read.state!.players[0]!.turn.held).toEqual([false, false, false, false, false]);
      expect(read.state).toEqual(await savedState(storage, view.id));
    }
    // And the click made again counts once: the row's guard was the revision the rolled-back save started from.
    await service.setHold(view.id, 'ann', 0, true, stampOf(view));
    expect(await revOf()).toBe(rev + 1);
    const read = (await service.game(view.id))!;
    expect(read.state!.players[0]!.turn.held).toEqual([true, false, false, false, false]);
    expect(read.state).toEqual(await savedState(storage, view.id));
  });

  it("acts on a click that only another process's move made possible, though this process wrote the game last before it", async () => {
    const first = await harness();
    let view = await startedGame(first.service, ['ann'], BALUT);
    first.rng.push([6, 6, 6, 1, 2]);
    view = (await first.service.throwDice(view.id, 'ann', stampOf(view))).view;
    view = (await first.service.setHold(view.id, 'ann', 0, true, stampOf(view))).view;
    // Another process throws again: the dice, and the stamp on the buttons, are new.
    const second = await harness(first.file);
    second.rng.push([6, 6, 3, 3, 3]);
    const thrown = (await second.service.throwDice(view.id, 'ann', stampOf(view))).view;
    // The click on the new buttons reaches this process, whose own last write was the game before that throw.
    const held = (await first.service.setHold(view.id, 'ann', 1, true, stampOf(thrown))).view;
    expect(held.state!.players[0]!.turn.dice).toEqual([6, 6, 6, 3, 3]);
    expect(held.state!.players[0]!.turn.held).toEqual([true, true, false, false, false]);
    expect(held.state).toEqual(await savedState(first.storage, view.id));
    // And a click with the old stamp is refused on the game as it is now.
    await expect(first.service.setHold(view.id, 'ann', 2, true, stampOf(view))).rejects.toThrow(/earlier moment/);
  });
});
