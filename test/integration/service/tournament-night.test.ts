// Whole tournaments through the service on the run's engine: started by the clock at the start time, every table
// played to its end, each round seated in the transaction that ended the one before, the standings equal to a
// recount from the saved games alone; a table ended early counts as it stands, a person a timeout removed is
// dropped as a no-show, and computer players fill the seats the host asked for.
import { afterAll, describe, expect, it } from 'vitest';
import type { TournamentView } from '../../../src/service/tournament-view';
import type { GameView } from '../../../src/service/game-service';
import { SMALL, autoStep, harness, playOut, removeTempDirs, startedGame } from './helpers';
import type { Harness } from './helpers';
import {
  HOUR,
  NOT_MANAGER,
  openNight,
  people,
  playGames,
  playRound,
  roundGames,
  savedTables,
  signUp,
} from './tournament-helpers';

afterAll(removeTempDirs);

interface Recount {
  points: number;
  finalPoints: number;
  tables: number;
  opponents: string[][];
}

/** The standings worked out again from the saved games' seats alone (docs/TOURNAMENTS.md's points). */
async function recount(h: Harness, id: number): Promise<Map<string, Recount & { opponentsAverage: number }>> {
  const tally = new Map<string, Recount>();
  for (const table of await savedTables(h, id)) {
    const size = table.seats.length;
    const humans = table.seats.filter((s) => s.isBot === 0);
    for (const s of humans) {
      const sharing = table.seats.filter((o) => o.place === s.place).length;
      const t = tally.get(s.userId) ?? { points: 0, finalPoints: 0, tables: 0, opponents: [] };
      t.points += size - s.place - (sharing - 1) / 2;
      t.finalPoints += s.final;
      t.tables++;
      t.opponents.push(humans.filter((o) => o !== s).map((o) => o.userId));
      tally.set(s.userId, t);
    }
  }
  const result = new Map<string, Recount & { opponentsAverage: number }>();
  for (const [userId, t] of tally) {
    const met = t.opponents.flat();
    const sum = met.reduce((acc, o) => acc + tally.get(o)!.points, 0);
    result.set(userId, { ...t, opponentsAverage: met.length ? sum / met.length : 0 });
  }
  return result;
}

function expectStandingsOf(view: TournamentView, counted: Awaited<ReturnType<typeof recount>>): void {
  for (const row of view.standings) {
    const c = counted.get(row.userId) ?? { points: 0, finalPoints: 0, tables: 0, opponentsAverage: 0 };
    expect({ user: row.userId, points: row.points, final: row.finalPoints, tables: row.tables }).toEqual({
      user: row.userId,
      points: c.points,
      final: c.finalPoints,
      tables: c.tables,
    });
    expect(row.opponentsAverage).toBeCloseTo(c.opponentsAverage, 9);
  }
  // Best first: tournament points, then final points, then the opponents' average.
  for (let i = 1; i < view.standings.length; i++) {
    const [a, b] = [view.standings[i - 1]!, view.standings[i]!];
    const order = b.points - a.points || b.finalPoints - a.finalPoints || b.opponentsAverage - a.opponentsAverage;
    expect(order).toBeLessThanOrEqual(1e-9);
  }
}

describe('a tournament night', () => {
  it('plays 16 people over 3 rounds of tables of 4 to the end, each round seated as the last one ends', async () => {
    const h = await harness();
    // Two of them have a rating already: round 1 is seated by it, everyone else starts at 1500.
    await playOut(h.service, await startedGame(h.service, ['p16', 'p1'], SMALL));
    const rated = new Map<string, number>();
    for (const u of ['p16', 'p1']) rated.set(u, (await h.service.ratings.of(u, 'olathe'))!.rating);
    const told: number[] = [];
    h.service.tournaments.onChanged((id) => told.push(id));
    const night = await openNight(h);
    await signUp(h, night.id, people(16));
    h.clock.advance(HOUR);
    const [started] = await h.service.tournaments.startDueTournaments();
    expect(started).toMatchObject({ id: night.id });
    expect(started!.gameIds).toHaveLength(4);
    let view = (await h.service.tournaments.tournament(night.id))!;
    for (const p of view.state.people) expect(p.rating).toBe(rated.get(p.userId) ?? 1500);

    for (let round = 1; round <= 3; round++) {
      expect(view.state.rounds).toHaveLength(round);
      expect(view.state.status).toBe('running');
      const before = told.length;
      view = await playRound(h, night.id);
      // Each table's end was told once its game's commit was.
      expect(told.slice(before)).toEqual([night.id, night.id, night.id, night.id]);
      if (round < 3) expect(roundGames(view)).toHaveLength(4);
    }
    expect(view.state.status).toBe('finished');
    const ends = await Promise.all(roundGames(view).map(async (id) => (await h.service.game(id))!.finishedAt!));
    expect(view.finishedAt).toBe(Math.max(...ends));
    expect(view.wantedEvent).toBe('completed');
    const tables = await savedTables(h, night.id);
    expect(tables).toHaveLength(12);
    expect(tables.every((t) => t.status === 'finished')).toBe(true);
    expect(view.standings).toHaveLength(16);
    expect(view.standings.every((r) => r.tables === 3)).toBe(true);
    expectStandingsOf(view, await recount(h, night.id));
    // The whole night's points: each table of 4 hands out 3 + 2 + 1 + 0.
    expect(view.standings.reduce((sum, r) => sum + r.points, 0)).toBe(12 * 6);
    expect(await h.service.tournaments.openInChannel(night.channelId)).toBeNull();
    expect(await h.service.tournaments.toSync()).toContain(night.id);
  });

  it('counts a table ended early as it stands, and seats the next round', async () => {
    const h = await harness();
    const night = await openNight(h, { rounds: 2, tableSize: 2 });
    await signUp(h, night.id, people(4));
    let view = await h.service.tournaments.startNow(night.id, 'host', NOT_MANAGER);
    const [first, second] = roundGames(view);
    await playGames(h, [first!]);
    // The host stops the other table a few moves in: /olathe end.
    let game = (await h.service.game(second!))!;
    for (let i = 0; i < 5; i++) game = (await playOneMove(h, game)).view;
    const ended = await h.service.end(second!, 'host', NOT_MANAGER);
    expect(ended.view.status).toBe('ended');
    view = (await h.service.tournaments.tournament(night.id))!;
    const table = view.state.rounds[0]!.tables[1]!;
    expect(table.status).toBe('finished');
    const seats = (await savedTables(h, night.id)).find((t) => t.id === second)!.seats;
    expect(table.results!.map((r) => [r.userId, r.place, r.finalPoints])).toEqual(
      seats.map((s) => [s.userId, s.place, s.final]),
    );
    expect(view.state.rounds).toHaveLength(2);
    view = await playRound(h, night.id);
    expect(view.state.status).toBe('finished');
    expectStandingsOf(view, await recount(h, night.id));
  });

  it('drops a person a timeout removed as a no-show, and seats a computer player in their place', async () => {
    const h = await harness(undefined, { botStepMs: 1 });
    const night = await openNight(h, { rounds: 2, tableSize: 2, turnTimeoutMs: 60_000 });
    await signUp(h, night.id, people(4));
    let view = await h.service.tournaments.startNow(night.id, 'host', NOT_MANAGER);
    const [idle, other] = roundGames(view);
    const idler = (await h.service.game(idle!))!.players[0]!.userId;
    // Three turns in a row timed out: removed from the game, which the other person plays to its end.
    for (let turns = 0; turns < 3; turns++) {
      h.clock.advance(60_000);
      await h.service.expireTurns();
      let g = (await h.service.game(idle!))!;
      while (!g.players[0]!.left && g.state!.current !== 0) g = (await playOneMove(h, g)).view;
    }
    await playGames(h, [idle!, other!]);
    view = (await h.service.tournaments.tournament(night.id))!;
    expect((await h.service.game(idle!))!.players[0]!.left).toBe('removed');
    expect(view.state.people.find((p) => p.userId === idler)!.dropped).toEqual({ afterRound: 1, reason: 'no-show' });
    const round2 = view.state.rounds[1]!;
    const seated = round2.tables.flatMap((t) => t.seats);
    expect(seated.filter((s) => s.kind === 'person').map((s) => s.kind === 'person' && s.userId)).not.toContain(idler);
    expect(seated.filter((s) => s.kind === 'computer')).toHaveLength(1);
    const computerGame = (await h.service.game(Number(round2.tables[1]!.gameId)))!;
    expect(computerGame.players.map((p) => p.isBot)).toEqual([false, true]);
    expect(computerGame.players[1]!.userId).toBe('bot:normal:1');
    view = await playRound(h, night.id);
    expect(view.state.status).toBe('finished');
    expectStandingsOf(view, await recount(h, night.id));
  });

  it('fills the field with computer players the host asked for', async () => {
    const h = await harness(undefined, { botStepMs: 1 });
    const night = await openNight(h, { rounds: 1, tableSize: 4, difficulty: 'easy' });
    await signUp(h, night.id, people(5));
    await h.service.tournaments.fill(night.id, 'host', 8, NOT_MANAGER);
    let view = await h.service.tournaments.startNow(night.id, 'host', NOT_MANAGER);
    const games = await Promise.all(roundGames(view).map(async (id) => (await h.service.game(id))!));
    expect(games.map((g) => g.players.map((p) => (p.isBot ? p.userId : 'person')))).toEqual([
      ['person', 'person', 'person', 'bot:easy:1'],
      ['person', 'person', 'bot:easy:1', 'bot:easy:2'],
    ]);
    view = await playRound(h, night.id);
    expect(view.state.status).toBe('finished');
    expectStandingsOf(view, await recount(h, night.id));
  });
});

/** One legal move of the seat whose turn it is, as autoStep makes it. */
function playOneMove(h: Harness, game: GameView) {
  return autoStep(h.service, game, game.state!.current);
}
