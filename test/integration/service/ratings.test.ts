// A rated game's end: its rating changes are decided and written in the transaction that ends it, returned in
// the action's result, and stored once — a failed commit leaves none, a repeated click counts nothing twice,
// and two games sharing a person ending at once on two connections both count (PostgreSQL: FOR UPDATE).
import { afterAll, describe, expect, it } from 'vitest';
import type { GameView } from '../../../src/service/game-service';
import { GameService } from '../../../src/service/game-service';
import { gameResults } from '../../../src/game';
import { COMPUTER_SKILLS, displayed, newSkill, rateRanking } from '../../../src/rating';
import { openTestStorage, sql } from '../../support/storage';
import { Clock, SMALL, autoStep, gate, harness, removeTempDirs, riggedRng, startedGame } from './helpers';

afterAll(removeTempDirs);

const empty = (view: GameView) =>
  view.state!.players.reduce(
    (n, p) =>
      n +
      (p.left ? 0 : p.card.columns.reduce((m, c) => m + Object.values(c.cells).filter((d) => d === null).length, 0)),
    0,
  );

/** Plays until the next action is the game's last write: one empty cell left, its dice thrown. */
async function toLastWrite(service: GameService, view: GameView): Promise<GameView> {
  for (let steps = 0; steps < 1_000; steps++) {
    if (empty(view) === 1 && view.state!.players[view.state!.current]!.turn.dice !== null) return view;
    view = (await autoStep(service, view, view.state!.current)).view;
  }
  throw new Error('no last write');
}

const lastWrite = (service: GameService, view: GameView) => autoStep(service, view, view.state!.current);

type Stored = { user_id: string; games: number; mu: number; sigma: number; rating: number };
const ratings = (where: Parameters<typeof sql>[0]) =>
  sql<Stored>(where, 'SELECT user_id, games, mu, sigma, rating FROM ratings ORDER BY user_id');

describe('a rated game’s end', () => {
  it('returns each person’s change and stores exactly it, in the end’s transaction', async () => {
    const { service, storage } = await harness();
    const view = await toLastWrite(service, await startedGame(service, ['ann', 'ben'], SMALL));
    expect(await ratings(storage)).toEqual([]);
    const end = await lastWrite(service, view);
    expect(end.finished).toBe(true);
    expect(end.ratings.map((c) => c.userId).sort()).toEqual(['ann', 'ben']);
    for (const change of end.ratings) {
      expect(change.before).toMatchObject({ mu: 25, rating: 1500, provisional: true });
      expect(change.delta).toBe(change.after.rating - 1500);
      expect(change).toMatchObject({ games: 1, first: true, seasonReset: null });
    }
    const stored = await ratings(storage);
    expect(stored).toEqual(
      end.ratings
        .map((c) => ({ user_id: c.userId, games: 1, mu: c.after.mu, sigma: c.after.sigma, rating: c.after.rating }))
        .sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
    // The service's reads, for the Discord layer: the board ranked, a person's rating, the season's board.
    const board = await service.ratings.board('guild-1', 'olathe');
    expect(board.map((r) => r.userId)).toEqual(
      [...end.ratings]
        .sort((a, b) => b.after.rating - a.after.rating || a.userId.localeCompare(b.userId))
        .map((c) => c.userId),
    );
    expect(board[0]!.rank).toBe(1);
    expect(board[1]!.rank).toBe(board[1]!.rating === board[0]!.rating ? 1 : 2);
    const ann = end.ratings.find((c) => c.userId === 'ann')!;
    expect(await service.ratings.of('ann', 'olathe')).toMatchObject({ ...ann.after, games: 1, best: ann.after.rating });
    expect(await service.ratings.of('ann', 'balut')).toBeNull();
    expect((await service.ratings.season('guild-1', 'olathe')).map((r) => r.userId).sort()).toEqual(['ann', 'ben']);
    expect((await storage.ratings.history('ann', 'olathe', 5)).map((h) => h.gameId)).toEqual([view.id]);
  });

  it('a failed commit stores no rating; the click again rates the game once, and once more changes nothing', async () => {
    let crash = true;
    const { service, storage } = await harness(undefined, {
      hooks: {
        afterStatement(label) {
          if (crash && label === 'save results') throw new Error('crash before the commit');
        },
      },
    });
    const view = await toLastWrite(service, await startedGame(service, ['ann', 'ben'], SMALL));
    await expect(lastWrite(service, view)).rejects.toThrow('crash before the commit');
    expect(await ratings(storage)).toEqual([]);
    expect(await sql(storage, 'SELECT COUNT(*) AS n FROM rating_history')).toEqual([{ n: 0 }]);
    crash = false;
    const end = await lastWrite(service, view);
    expect(end.ratings).toHaveLength(2);
    await expect(lastWrite(service, view)).rejects.toMatchObject({ code: 'game-over' });
    expect((await ratings(storage)).map((r) => r.games)).toEqual([1, 1]);
    expect(await sql(storage, 'SELECT COUNT(*) AS n FROM rating_history')).toEqual([{ n: 2 }]);
  });

  it('a person alone against a computer player is rated against its fixed skill; the computer player is not stored', async () => {
    const { service, storage, clock } = await harness();
    let view = await service.openLobby({
      guildId: 'guild-1',
      channelId: 'bots',
      host: { id: 'ann', name: 'Ann' },
      options: SMALL,
    });
    view = await service.addBot(view.id, 'ann', 'expert');
    view = await service.start(view.id, 'ann');
    const ended = await playToEnd(service, view, clock);
    expect(ended.ratings.map((c) => c.userId)).toEqual(['ann']);
    expect((await ratings(storage)).map((r) => r.user_id)).toEqual(['ann']);
    const places = new Map(gameResults(ended.view.state!).standings.map((s) => [s.seat, s.place]));
    const expected = rateRanking(
      [
        { skill: newSkill(), fixed: false },
        { skill: COMPUTER_SKILLS.olathe.expert, fixed: true },
      ],
      [places.get(0)!, places.get(1)!],
    )[0]!;
    expect(ended.ratings[0]!.after).toMatchObject({ ...expected, rating: displayed(expected) });
  });

  it('a solo game changes nothing', async () => {
    const { service, storage } = await harness();
    const view = await toLastWrite(service, await startedGame(service, ['ann'], SMALL));
    const end = await lastWrite(service, view);
    expect(end.finished).toBe(true);
    expect(end.ratings).toEqual([]);
    expect(await ratings(storage)).toEqual([]);
  });

  it('two games sharing a person, ending at once on two connections, both count', async () => {
    const clock = new Clock();
    const first = await harness(undefined, { clock });
    // ann is rated once already: both ends update her stored row (no first insert to collide on).
    await lastWrite(
      first.service,
      await toLastWrite(first.service, await startedGame(first.service, ['ann', 'ben'], SMALL)),
    );
    // The two last writes start their transactions together.
    const both = gate();
    let waiting: number | null = null;
    const hooks = {
      async beforeWrite() {
        if (waiting === null) return;
        if (++waiting === 2) both.open();
        await both.opened;
      },
    };
    const a = new GameService(first.storage, { rng: riggedRng(3), now: clock.now, hooks });
    const otherStorage = await openTestStorage(first.file);
    const b = new GameService(otherStorage, { rng: riggedRng(4), now: clock.now, hooks });
    const ga = await toLastWrite(a, await startedGame(a, ['ann', 'cid'], SMALL));
    const gb = await toLastWrite(b, await startedGame(b, ['ann', 'dan'], SMALL));
    waiting = 0;
    const [ea, eb] = await Promise.all([lastWrite(a, ga), lastWrite(b, gb)]);
    const annA = ea.ratings.find((c) => c.userId === 'ann')!;
    const annB = eb.ratings.find((c) => c.userId === 'ann')!;
    // One started from the other's result, whichever committed first.
    expect([annA.games, annB.games].sort()).toEqual([2, 3]);
    const [earlier, later] = annA.games === 2 ? [annA, annB] : [annB, annA];
    expect(later.before.mu).toBe(earlier.after.mu);
    expect(later.before.sigma).toBe(earlier.after.sigma);
    const ann = (await ratings(first.storage)).find((r) => r.user_id === 'ann')!;
    expect(ann).toMatchObject({ games: 3, mu: later.after.mu, sigma: later.after.sigma });
    expect(await sql(first.storage, "SELECT COUNT(*) AS n FROM rating_history WHERE user_id = 'ann'")).toEqual([
      { n: 3 },
    ]);
  });
});

/** Plays a game with computer players to its end: the person's moves, and the bots' steps as the clock has them. */
async function playToEnd(service: GameService, view: GameView, clock: Clock) {
  for (let steps = 0; steps < 1_000; steps++) {
    const state = view.state!;
    const seat = state.current;
    if (view.players[seat]!.isBot) {
      const [step] = await service.expireTurns(clock.advance(5_000));
      if (step?.finished) return step;
      view = step ? step.view : view;
      continue;
    }
    const result = await autoStep(service, view, seat);
    if (result.finished) return result;
    view = result.view;
  }
  throw new Error('the game did not end');
}
