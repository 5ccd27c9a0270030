// A tournament's table on the board, through the Activity server against the loopback Discord with a real service:
// a night created and started through the service, whose table's board carries the night's panel (its name, the
// round and table, the standings with the viewer's row marked); another table's end shows the new standings on it,
// and so does its own table's end, with the results. The tournament is read when it changed, not per move.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../../src/fake-discord';
import { GameService } from '../../../src/service/game-service';
import type { TournamentView } from '../../../src/service/game-service';
import type { ActivityServer } from '../../../src/activity/server';
import type { BoardTournamentRow } from '../../../src/activity/protocol';
import { openTestStorage } from '../../support/storage';
import { SMALL, autoStep, playOut, riggedRng, tempDbPath } from '../service/helpers';
import { openBoard, startBoardServer } from './board-client';

interface World {
  fake: FakeDiscord;
  service: GameService;
  server: ActivityServer;
  alice: FakeUser;
  instanceId: string;
  /** The tournament reads made (the store's: a row, or which tournament a game is a table of), once cleared. */
  reads: string[];
}

let world: World;

beforeEach(async () => {
  const fake = await startFakeDiscord();
  const alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
  fake.enableActivities();
  const launched = fake.useEntryPoint(alice);
  if (!('instance' in launched)) throw new Error('the default entry point opens the Activity');
  const service = new GameService(await openTestStorage(tempDbPath()), { rng: riggedRng() });
  const reads: string[] = [];
  const store = service.storage.tournaments;
  const { get, tableOf } = store;
  store.get = (...args) => (reads.push('get'), get.apply(store, args));
  store.tableOf = (...args) => (reads.push('tableOf'), tableOf.apply(store, args));
  const server = await startBoardServer(fake, service);
  world = { fake, service, server, alice, instanceId: launched.instance.instanceId, reads };
});

afterEach(async () => {
  await world.server.close();
  await world.service.storage.close();
  await world.fake.close();
});

/** Alice, Bob, Carol and Dan at two tables of two, two rounds, started by Alice, the host. */
async function startedNight(): Promise<TournamentView> {
  const { service, fake, alice } = world;
  const night = await service.tournaments.create({
    guildId: fake.guildId,
    channelId: '100000000000000500',
    host: { id: alice.id, name: 'Alice' },
    options: { name: 'Friday <b>night</b>', game: SMALL, startsAt: Date.now() + 3_600_000, rounds: 2, tableSize: 2 },
  });
  const people = [
    { id: alice.id, name: 'Alice' },
    { id: '100000000000000077', name: 'Bob' },
    { id: '100000000000000078', name: 'Carol' },
    { id: '100000000000000079', name: 'Dan' },
  ];
  for (const person of people) await service.tournaments.join(night.id, person);
  return service.tournaments.startNow(night.id, alice.id, { canManage: false });
}

/** The panel's rows as the service's standings say they should be, for Alice. */
function expectedRows(view: TournamentView): BoardTournamentRow[] {
  return view.standings.map((s) => ({
    rank: s.rank,
    name: view.names[s.userId]!,
    points: s.points,
    finalPoints: s.finalPoints,
    dropped: s.dropped,
    you: s.userId === world.alice.id,
  }));
}

describe("a tournament's table on the board", () => {
  it('carries the standings, and shows new ones when a table finishes, reading the tournament only then', async () => {
    const { fake, alice, server, service, instanceId, reads } = world;
    const night = await startedNight();
    const tables = night.state.rounds[0]!.tables;
    expect(tables).toHaveLength(2);
    const mine = tables.find((t) => t.seats.some((s) => s.kind === 'person' && s.userId === alice.id))!;
    const other = tables.find((t) => t !== mine)!;
    // The Publisher would make each table's thread: Alice's is where her Activity runs.
    await service.setPlayChannel(Number(mine.gameId), fake.channelId);
    await service.setPlayChannel(Number(other.gameId), '100000000000000501');

    reads.length = 0;
    const board = await openBoard(fake, alice, server.port, instanceId);
    const first = await board.board();
    expect(first.gameId).toBe(Number(mine.gameId));
    expect(first.tournament).toMatchObject({
      id: night.id,
      name: 'Friday <b>night</b>',
      status: 'running',
      round: 1,
      rounds: 2,
      table: mine.number,
      skipped: 0,
      people: 4,
    });
    // Nobody has played: everyone shares first place with 0 points.
    expect(first.tournament!.rows).toEqual(expectedRows(night));
    expect(first.tournament!.rows.map((r) => r.rank)).toEqual([1, 1, 1, 1]);
    expect(first.tournament!.rows.filter((r) => r.you).map((r) => r.name)).toEqual(['Alice']);
    expect(reads).toEqual(['tableOf', 'get']);

    // Moves at Alice's table: the board is shown again each time, the tournament is not read again.
    let view = (await service.game(Number(mine.gameId)))!;
    for (let i = 0; i < 4; i++) view = (await autoStep(service, view, view.state!.current)).view;
    const moved = await board.board((b) => b.version === view.state!.version);
    expect(moved.tournament!.rows).toEqual(first.tournament!.rows);
    expect(reads).toEqual(['tableOf', 'get']);

    // The other table finishes: its winner's point reaches Alice's board, read once.
    const otherOver = await playOut(service, (await service.game(Number(other.gameId)))!);
    expect(otherOver.status).toBe('finished');
    const afterOther = (await service.tournaments.tournament(night.id))!;
    reads.splice(-1);
    expect(afterOther.standings.some((s) => s.points > 0)).toBe(true);
    const updated = await board.board((b) => b.tournament!.rows.some((r) => r.points > 0));
    expect(updated.tournament!.rows).toEqual(expectedRows(afterOther));
    expect(updated.status).toBe('playing');
    expect(reads).toEqual(['tableOf', 'get', 'get']);

    // Alice's own table finishes: her results, and the standings of the whole round, which seated round 2.
    const over = await playOut(service, (await service.game(Number(mine.gameId)))!);
    expect(over.status).toBe('finished');
    const results = await board.board((b) => b.status === 'finished');
    const afterMine = (await service.tournaments.tournament(night.id))!;
    reads.splice(-1);
    expect(afterMine.state.rounds).toHaveLength(2);
    expect(results.results).not.toBeNull();
    expect(results.tournament).toMatchObject({ round: 1, rounds: 2, table: mine.number, status: 'running' });
    expect(results.tournament!.rows).toEqual(expectedRows(afterMine));
    // Two tables of two: one point each, halves when a table was tied.
    expect(results.tournament!.rows.reduce((sum, r) => sum + r.points, 0)).toBe(2);
    expect(reads).toEqual(['tableOf', 'get', 'get', 'get']);
    board.close();
  });

  it('sends no panel for a game that is no table', async () => {
    const { fake, alice, server, service, instanceId } = world;
    const lobby = await service.openLobby({
      guildId: fake.guildId,
      channelId: fake.channelId,
      host: { id: alice.id, name: 'Alice' },
      options: SMALL,
      threads: false,
    });
    await service.start(lobby.id, alice.id);
    world.reads.length = 0;
    const board = await openBoard(fake, alice, server.port, instanceId);
    expect((await board.board()).tournament).toBeUndefined();
    expect(world.reads).toEqual(['tableOf']);
    board.close();
  });
});
