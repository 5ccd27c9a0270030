// The channel's ledger as the Publisher reads and writes it, now that a click, the clock and a pass can run
// between each other's calls: what belongs together is written, or read, at once.
import { afterAll, describe, expect, it } from 'vitest';
import { OLATHE, BALUT, harness, removeTempDirs, startedGame } from './helpers';

afterAll(removeTempDirs);

describe("a turn's log line taking its turn message's place", () => {
  it('removes the outbox item and forgets the message in one go', async () => {
    const { service } = await harness();
    const view = await startedGame(service, ['ann', 'ben'], OLATHE);
    await service.recordShown(view.id, 'turn:0:0', '111', 'digest');
    await service.declare(view.id, 'ann', 0);
    await service.throwDice(view.id, 'ann');
    const written = await service.write(view.id, 'ann', 0, 'choice');
    const log = written.outbox.find((i) => i.work.kind === 'log')!;
    expect(await service.logLineShown(view.id, log.id, 'turn:0:0', true)).toBe(true);
    expect(await service.pendingChannelWork(view.id)).toEqual([]);
    const game = (await service.game(view.id))!;
    expect(game.messages['turn:0:0']).toBeUndefined();
    expect(game.shown['turn:0:0']).toBeUndefined();
  });

  it("after a click's answer, leaves the message alone when a pass delivered the line first", async () => {
    const { service } = await harness();
    const view = await startedGame(service, ['ann', 'ben'], OLATHE);
    await service.declare(view.id, 'ann', 0);
    await service.throwDice(view.id, 'ann');
    const log = (await service.write(view.id, 'ann', 0, 'choice')).outbox.find((i) => i.work.kind === 'log')!;
    expect(await service.channelWorkDone(log.id)).toBe(true); // the pass's delivery
    await service.recordShown(view.id, 'turn:0:0', '222', 'posted again');
    expect(await service.logLineShown(view.id, log.id, 'turn:0:0', true)).toBe(false);
    expect((await service.game(view.id))!.messages['turn:0:0']).toBe('222');
    // A pass that edited the message into the line forgets it whoever removed the item.
    expect(await service.logLineShown(view.id, log.id, 'turn:0:0', false)).toBe(false);
    expect((await service.game(view.id))!.messages['turn:0:0']).toBeUndefined();
  });
});

describe("the Publisher's read of a game", () => {
  it('is the game, its pending work and (Balut) the last written cells, read together', async () => {
    const { service } = await harness();
    const view = await startedGame(service, ['ann', 'ben'], BALUT);
    await service.throwDice(view.id, 'ann');
    const written = await service.write(view.id, 'ann', 0, 'choice');
    const seen = (await service.channelState(view.id))!;
    expect(seen.game).toEqual(await service.game(view.id));
    expect(seen.work).toEqual(await service.pendingChannelWork(view.id));
    expect(seen.lastWrites).toEqual(await service.lastWrites(view.id));
    expect(seen.lastWrites.get(0)?.category).toBe('choice');
    expect(seen.game.state).toEqual(written.view.state);
    expect(await service.channelState(424242)).toBeNull();
  });
});
