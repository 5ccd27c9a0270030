// The ratings on the board, through the Activity server against the loopback Discord with a real service: each
// seat's rating as saved (a person who finished a rated game shows the rating it left and its change, then that
// rating in the next game), a newcomer's 1500 with "?", a computer player's fixed one, read once per game and not
// again for each move, nor at a rated end, whose game carries what it saved.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../../src/fake-discord';
import { GameService } from '../../../src/service/game-service';
import type { ActivityServer } from '../../../src/activity/server';
import type { BoardRating } from '../../../src/activity/protocol';
import { COMPUTER_SKILLS, displayed } from '../../../src/rating';
import { openTestStorage } from '../../support/storage';
import { SMALL, autoStep, playOut, riggedRng, tempDbPath } from '../service/helpers';
import { openBoard, startBoardServer } from './board-client';

interface World {
  fake: FakeDiscord;
  service: GameService;
  server: ActivityServer;
  alice: FakeUser;
  bob: FakeUser;
  instanceId: string;
  /** The ratings' reads the boards made, by kind. */
  reads: string[];
}

let world: World;

beforeEach(async () => {
  const fake = await startFakeDiscord();
  const alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
  const bob = fake.addUser({ username: 'bob', globalName: 'Bob' });
  fake.enableActivities();
  const launched = fake.useEntryPoint(alice);
  if (!('instance' in launched)) throw new Error('the default entry point opens the Activity');
  fake.joinActivity(bob, launched.instance.instanceId);
  const service = new GameService(await openTestStorage(tempDbPath()), { rng: riggedRng() });
  const reads: string[] = [];
  // Counted where the boards ask: the service's reads of the ratings.
  const { of, history } = service.ratings;
  service.ratings.of = (...args) => (reads.push('of'), of.apply(service.ratings, args));
  service.ratings.history = (...args) => (reads.push('history'), history.apply(service.ratings, args));
  const server = await startBoardServer(fake, service, { membershipCheckMs: 0 });
  world = { fake, service, server, alice, bob, instanceId: launched.instance.instanceId, reads };
});

afterEach(async () => {
  await world.server.close();
  await world.service.storage.close();
  await world.fake.close();
});

async function lobbyOfAliceAndBob() {
  const { service, fake, alice, bob } = world;
  const lobby = await service.openLobby({
    guildId: fake.guildId,
    channelId: fake.channelId,
    host: { id: alice.id, name: 'Alice' },
    options: SMALL,
    threads: false,
  });
  return service.join(lobby.id, { id: bob.id, name: 'Bob' });
}

/** The rating as saved for the person, as the board should show it between games. */
async function saved(userId: string): Promise<BoardRating> {
  const stored = await world.service.ratings.of(userId, 'olathe');
  if (!stored) throw new Error(`${userId} has no saved rating`);
  return { rating: stored.rating, provisional: stored.provisional, computer: false, change: null };
}

describe('the ratings on the board', () => {
  it('shows the rating a finished game left and its change, live at the end, as rating_history saved them', async () => {
    const { fake, alice, bob, server, service, instanceId, reads } = world;
    const game = await service.start((await lobbyOfAliceAndBob()).id, alice.id);
    const board = await openBoard(fake, alice, server.port, instanceId);
    const first = await board.board();
    // Nobody has a rated game yet: where everyone starts, with "?".
    const fresh = { rating: 1500, provisional: true, computer: false, change: null };
    expect(first.players.map((p) => p.rating)).toEqual([fresh, fresh]);
    expect(reads).toEqual(['of', 'of']);
    // A few moves: the board is shown again each time, and the ratings are not read again.
    let view = game;
    for (let i = 0; i < 6; i++) view = (await autoStep(service, view, view.state!.current)).view;
    await board.board((b) => b.version === view.state!.version);
    expect(reads).toEqual(['of', 'of']);
    const over = await playOut(service, view);
    expect(over.status).toBe('finished');
    const results = await board.board((b) => b.status === 'finished');
    // The ended game's view carries what its end saved: nothing more is read.
    expect(reads).toEqual(['of', 'of']);
    for (const [seat, person] of [alice, bob].entries()) {
      const [row] = await service.ratings.history(person.id, 'olathe', 1);
      expect(row?.gameId).toBe(game.id);
      expect(results.players[seat]!.rating).toEqual({
        ...(await saved(person.id)),
        rating: row!.ratingAfter,
        change: row!.ratingAfter - row!.ratingBefore,
      });
    }
  });

  it('shows a person who finished a rated game their saved rating in the next, beside a newcomer and a computer', async () => {
    const { fake, alice, bob, server, service, instanceId } = world;
    const finished = await playOut(service, await service.start((await lobbyOfAliceAndBob()).id, alice.id));
    expect(finished.status).toBe('finished');
    // A board opened after the end shows the results with the change, from the saved history.
    const late = await openBoard(fake, bob, server.port, instanceId);
    const results = await late.board();
    const [bobsRow] = await service.ratings.history(bob.id, 'olathe', 1);
    expect(results.players[1]!.rating).toMatchObject({
      rating: bobsRow!.ratingAfter,
      change: bobsRow!.ratingAfter - bobsRow!.ratingBefore,
    });
    late.close();
    // The next game: Alice (rated once), Dan (never rated) and Hopper, the normal computer player.
    let lobby = await service.openLobby({
      guildId: fake.guildId,
      channelId: fake.channelId,
      host: { id: alice.id, name: 'Alice' },
      options: SMALL,
      threads: false,
    });
    lobby = await service.join(lobby.id, { id: '100000000000000077', name: 'Dan' });
    lobby = await service.addBot(lobby.id, alice.id, 'normal');
    const board = await openBoard(fake, alice, server.port, instanceId);
    const shown = await board.board((b) => b.gameId === lobby.id);
    expect(shown.players.map((p) => p.rating)).toEqual([
      await saved(alice.id),
      { rating: 1500, provisional: true, computer: false, change: null },
      { rating: displayed(COMPUTER_SKILLS.olathe.normal), provisional: false, computer: true, change: null },
    ]);
    expect(shown.players[0]!.rating?.rating).toBe(results.players[0]!.rating?.rating);
  });

  it('shows no ratings in a solo game, which is never rated', async () => {
    const { fake, alice, server, service, instanceId } = world;
    const lobby = await service.openLobby({
      guildId: fake.guildId,
      channelId: fake.channelId,
      host: { id: alice.id, name: 'Alice' },
      options: SMALL,
      threads: false,
    });
    await service.start(lobby.id, alice.id);
    const board = await openBoard(fake, alice, server.port, instanceId);
    expect((await board.board()).players.map((p) => p.rating)).toEqual([null]);
    expect(world.reads).toEqual([]);
  });
});
