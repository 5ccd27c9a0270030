// The board's picture of a game: what it offers the viewer must be exactly what the card's buttons would let them
// do (the engine's legal cells, its points, the stamp the service checks), and spectators get no controls.
import { describe, expect, it } from 'vitest';
import { scoreCell, writableCells } from '../../../src/game';
import type { GameView } from '../../../src/service/game-service';
import { GameService } from '../../../src/service/game-service';
import { boardView } from '../../../src/activity/board-view';
import { openSqliteTestStorage } from '../../support/storage';
import { BALUT, OLATHE, playOut, riggedRng, startedGame } from '../../integration/service/helpers';

function setUp() {
  const rng = riggedRng();
  const service = new GameService(openSqliteTestStorage(':memory:'), { rng, now: () => 1_700_000_000_000 });
  return { rng, service };
}

/** A started game played in its channel (no thread). */
const started = (s: GameService, ids: string[], options = OLATHE): Promise<GameView> =>
  startedGame(s, ids, options, { guildId: 'g', threads: false });

describe('boardView', () => {
  it('gives the player in turn the declaration first, then the throw, and nothing to a spectator', async () => {
    const { service } = setUp();
    const game = await started(service, ['ann', 'ben']);
    const ann = boardView(game, 0);
    expect(ann.status).toBe('playing');
    expect(ann.current).toBe(0);
    expect(ann.acting).toEqual([0]);
    expect(ann.you?.acting).toBe(true);
    expect(ann.you?.declarable).toEqual([0, 1, 2, 3]);
    expect(ann.you?.canThrow).toBe(false);
    expect(ann.you?.stamp).toBe('0.0');
    expect(ann.you?.predict).toEqual({ current: null, max: 24 });
    expect(ann.you?.hint?.situation).toBe('declare');
    expect(ann.you?.hint?.choices[0]?.confirm).toBe(true);
    expect(ann.you?.hint?.expectedFinal).toBeGreaterThan(0);
    // Ben waits: he sees his card's free cells, but acts on nothing and gets no hint.
    const ben = boardView(game, 1);
    expect(ben.you?.acting).toBe(false);
    expect(ben.you?.declarable).toEqual([]);
    expect(ben.you?.hint).toBeNull();
    expect(ben.you?.free).toHaveLength(28);
    const spectator = boardView(game, null);
    expect(spectator.you).toBeNull();
    expect(spectator.viewerSeat).toBeNull();
    expect(spectator.players.map((p) => p.name)).toEqual(['ANN', 'BEN']);
  });

  it('offers exactly the cells the engine allows, each with the points the dice score there', async () => {
    const { service, rng } = setUp();
    let game = await started(service, ['ann']);
    game = (await service.declare(game.id, 'ann', 2, '0.0')).view; // a down column: fours first
    rng.push([6, 6, 6, 6, 5]);
    game = (await service.throwDice(game.id, 'ann', '0.0')).view;
    const you = boardView(game, 0).you!;
    expect(you.dice).toEqual([6, 6, 6, 6, 5]);
    expect(you.stamp).toBe('0.1');
    expect(you.canThrow).toBe(true);
    expect(you.canHold).toBe(true);
    expect(you.predict).toBeNull();
    const legal = writableCells(game.state!, 0).map((c) => `${c.column}:${c.category}`);
    expect(you.free.filter((c) => c.writable).map((c) => `${c.column}:${c.category}`)).toEqual(legal);
    for (const cell of you.free) expect(cell.points).toBe(scoreCell(cell.category, [6, 6, 6, 6, 5]));
    const fours = you.free.find((c) => c.column === 2 && c.category === 'fours')!;
    expect(fours).toMatchObject({ writable: true, points: 0, scratch: true });
    // Holding everything disables the throw, as the card's Throw button is.
    for (let die = 0; die < 5; die++) game = (await service.setHold(game.id, 'ann', die, true, '0.1')).view;
    expect(boardView(game, 0).you?.canThrow).toBe(false);
    expect(boardView(game, 0).you?.held).toEqual([true, true, true, true, true]);
  });

  it('shows a written cell, its points and the card total to everyone', async () => {
    const { service, rng } = setUp();
    let game = await started(service, ['ann', 'ben']);
    game = (await service.declare(game.id, 'ann', 0, '0.0')).view;
    rng.push([6, 6, 6, 5, 5]);
    game = (await service.throwDice(game.id, 'ann', '0.0')).view;
    game = (await service.write(game.id, 'ann', 0, 'house', '0.1')).view;
    const board = boardView(game, null);
    expect(board.players[0]!.cells).toEqual([{ column: 0, category: 'house', dice: [6, 6, 6, 5, 5], points: 28 }]);
    expect(board.players[0]!.rawTotal).toBe(28);
    expect(board.current).toBe(1);
    expect(board.version).toBe(game.state!.version);
  });

  it('names a five of a kind on the table as a shout, keyed by the throw', async () => {
    const { service, rng } = setUp();
    let game = await started(service, ['ann', 'ben'], BALUT);
    rng.push([3, 3, 3, 3, 3]);
    game = (await service.throwDice(game.id, 'ben', '0.0')).view;
    const board = boardView(game, 0);
    expect(board.shouts).toEqual([{ seat: 1, name: 'BEN', dice: [3, 3, 3, 3, 3], key: '0.1' }]);
    expect(board.current).toBeNull();
    expect(board.acting).toEqual([0, 1]);
  });

  it('ranks a finished game and offers no controls', async () => {
    const { service } = setUp();
    const game = await playOut(
      service,
      await started(service, ['ann', 'ben'], { ...OLATHE, columns: ['free', 'free'] }),
    );
    const board = boardView(game, 0);
    expect(board.status).toBe('finished');
    expect(board.you).toBeNull();
    expect(board.acting).toEqual([]);
    const standings = board.results!.standings;
    expect(standings.map((s) => s.place)).toEqual([...standings.map((s) => s.place)].sort((a, b) => a - b));
    expect(standings[0]!.final).toBe(board.players[standings[0]!.seat]!.total);
    expect(board.results!.winners).toContain(standings[0]!.seat);
    expect(JSON.parse(JSON.stringify(board))).toEqual(board);
    // The results message offers a Rematch for this game, a tournament's table none: the board says the same.
    expect(board.results!.rematch).toBe(true);
    expect(boardView({ ...game, tournamentId: 7 }, 0).results!.rematch).toBe(false);
    expect(boardView({ ...game, daily: { day: '2026-12-02' } as GameView['daily'] }, 0).results!.rematch).toBe(false);
  });

  it('carries each seat’s rating beside its name as given, and none unless given', async () => {
    const { service } = setUp();
    const game = await started(service, ['ann', 'ben']);
    expect(boardView(game, 0).players.map((p) => p.rating)).toEqual([null, null]);
    const ann = { rating: 1538, provisional: true, computer: false, change: null };
    const board = boardView(game, null, { ratings: [ann, null] });
    expect(board.players.map((p) => p.rating)).toEqual([ann, null]);
    expect(JSON.parse(JSON.stringify(board))).toEqual(board);
  });
});
