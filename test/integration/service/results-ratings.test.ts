// What the results show of the ratings comes from what the game's end saved, not from the action: the view of a
// rated game that is over (GameService.game and the Publisher's channelState) carries each person's change exactly
// as the end returned it, a season's first game included, and stays so after later games; computer players come
// with their fixed rating; a solo game, a game in play and a lobby carry none.
import { afterAll, describe, expect, it } from 'vitest';
import type { ActionResult, GameView, RatingChange } from '../../../src/service/game-service';
import type { GameService } from '../../../src/service/game-service';
import { COMPUTER_SKILLS, displayed } from '../../../src/rating';
import type { Clock } from './helpers';
import { SMALL, autoStep, harness, removeTempDirs, startedGame } from './helpers';

afterAll(removeTempDirs);

const DAY = 24 * 3600 * 1000;
const bySeat = (changes: readonly RatingChange[]) => [...changes].sort((a, b) => a.seat - b.seat);

/** Plays to the end, the computer players' steps as the clock brings them; the action that ended the game. */
async function playToEnd(service: GameService, view: GameView, clock: Clock): Promise<ActionResult> {
  for (let steps = 0; steps < 1_000; steps++) {
    const seat = view.state!.current;
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

describe('the ratings of a game that is over, as saved', () => {
  it('are each person’s change as the end returned it, a season’s first game too, and stay so', async () => {
    const { service, clock } = await harness();
    const first = await playToEnd(service, await startedGame(service, ['ann', 'ben'], SMALL), clock);
    expect(first.ratings).toHaveLength(2);
    const view = (await service.game(first.view.id))!;
    expect(view.ratings).toEqual({ people: bySeat(first.ratings), computers: [] });
    expect(view.ratings!.people.every((c) => c.first && c.games === 1 && c.before.provisional)).toBe(true);
    expect((await service.channelState(first.view.id))!.game.ratings).toEqual(view.ratings);

    // A month on, a new season: the change is measured from the soft reset, the season left named.
    clock.advance(31 * DAY);
    const second = await playToEnd(service, await startedGame(service, ['ben', 'ann'], SMALL), clock);
    const again = (await service.game(second.view.id))!.ratings!;
    expect(again.people).toEqual(bySeat(second.ratings));
    for (const change of again.people) {
      expect(change).toMatchObject({ games: 2, first: false });
      expect(change.seasonReset).not.toBeNull();
      const before = first.ratings.find((c) => c.userId === change.userId)!;
      expect(change.seasonReset!.rating).toBe(before.after.rating);
    }
    // The first game's lines do not move with the games after it.
    expect((await service.game(first.view.id))!.ratings).toEqual(view.ratings);
  });

  it('name the computer players’ fixed rating beside the person’s change', async () => {
    const { service, clock } = await harness();
    let lobby = await service.openLobby({
      guildId: 'guild-1',
      channelId: 'bots',
      host: { id: 'ann', name: 'Ann' },
      options: SMALL,
    });
    lobby = await service.addBot(lobby.id, 'ann', 'expert');
    const end = await playToEnd(service, await service.start(lobby.id, 'ann'), clock);
    const ratings = (await service.game(end.view.id))!.ratings!;
    expect(ratings.people).toEqual(end.ratings);
    expect(ratings.computers).toEqual([
      { seat: 1, name: end.view.players[1]!.name, rating: displayed(COMPUTER_SKILLS.olathe.expert) },
    ]);
  });

  it('are absent for a solo game, a game in play and a lobby', async () => {
    const { service, clock } = await harness();
    const solo = await playToEnd(service, await startedGame(service, ['ann'], SMALL), clock);
    expect(solo.finished).toBe(true);
    expect((await service.game(solo.view.id))!.ratings).toBeUndefined();
    const playing = await startedGame(service, ['ann', 'ben'], SMALL);
    expect((await service.game(playing.id))!.ratings).toBeUndefined();
    const lobby = await service.openLobby({
      guildId: 'guild-1',
      channelId: 'c',
      host: { id: 'cid', name: 'Cid' },
      options: SMALL,
    });
    expect((await service.game(lobby.id))!.ratings).toBeUndefined();
  });
});
