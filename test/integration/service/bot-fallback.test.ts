// Should the solver ever fail or answer with an illegal move, the bot still makes a plain legal step (never
// a timeout, so it is never removed), the error is reported, and the clock is not stuck on that game.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type * as strategy from '../../../src/solver/strategy';
import { botEvents } from '../../../src/solver/strategy';
import { OLATHE, autoStep, harness, removeTempDirs } from './helpers';

vi.mock('../../../src/solver/strategy', async (importOriginal) => {
  const real = await importOriginal<typeof strategy>();
  return { ...real, botEvents: vi.fn(real.botEvents) };
});

afterAll(removeTempDirs);

describe('a bot whose solver fails', () => {
  it('falls back to a plain legal step and reports the error', async () => {
    const errors: Array<{ error: unknown; where: unknown }> = [];
    const { service, clock } = await harness(undefined, {
      onBotError: (error, where) => errors.push({ error, where }),
    });
    const lobby = await service.openLobby({
      guildId: 'g',
      channelId: 'fallback',
      host: { id: 'ann', name: 'Ann' },
      options: OLATHE,
    });
    await service.addBot(lobby.id, 'ann', 'expert');
    let game = await service.start(lobby.id, 'ann');
    for (let i = 0; i < 3; i++) game = (await autoStep(service, game, 0)).view;

    vi.mocked(botEvents).mockImplementationOnce(() => {
      throw new Error('solver exploded');
    });
    const [declared, ...none] = await service.expireTurns(clock.advance(60_000));
    expect(none).toEqual([]);
    expect(declared!.events).toEqual([{ type: 'declare', seat: 1, column: 0 }]); // the emptiest column, leftmost
    expect(errors).toHaveLength(1);
    expect(errors[0]!.where).toEqual({ gameId: game.id, seat: 1 });

    // An illegal answer (writing before any throw) is caught before anything is stored.
    vi.mocked(botEvents).mockImplementationOnce(() => [{ type: 'write', seat: 1, column: 0, category: 'fours' }]);
    const [thrown] = await service.expireTurns(clock.advance(60_000));
    expect(thrown!.events).toEqual([{ type: 'throw', seat: 1, dice: expect.any(Array) }]);
    expect(errors).toHaveLength(2);

    // And the solver, working again, carries on.
    const [next] = await service.expireTurns(clock.advance(60_000));
    expect(next!.events.length).toBeGreaterThan(0);
    expect(next!.events.every((e) => e.type !== 'timeout')).toBe(true);
    expect(errors).toHaveLength(2);
    expect(await service.replay(game.id)).toEqual(next!.view.state);
  });
});
