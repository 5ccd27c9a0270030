// The host's edit of a tournament through the service, on the run's engine: whichever options are given change,
// a moved start time moves the clock's deadline with it (the night starts at the new time, not the old), and
// every refusal (not the host, bad values, nothing given, after the start) changes nothing in the row.
import { afterAll, describe, expect, it } from 'vitest';
import { TournamentError } from '../../../src/tournament';
import type { ServiceError } from '../../../src/service/game-service';
import { Clock, harness, removeTempDirs, user } from './helpers';
import { HOUR, NOT_MANAGER, openNight, people, rowOf, signUp, thrown } from './tournament-helpers';

afterAll(removeTempDirs);

describe('editing a tournament', () => {
  it('changes what the host gives, moves the deadline with the start, and the night starts at the new time', async () => {
    const h = await harness();
    const night = await openNight(h);
    await signUp(h, night.id, people(4));
    const later = h.clock.t + 3 * HOUR;
    const view = await h.service.tournaments.edit(night.id, 'host', NOT_MANAGER, {
      name: 'Saturday night',
      startsAt: later,
      rounds: 2,
      tableSize: 2,
      turnTimeoutMs: 5 * 60_000,
      oddPolicy: 'bye',
    });
    expect(view.state.options).toMatchObject({
      name: 'Saturday night',
      startsAt: later,
      rounds: 2,
      tableSize: 2,
      turnTimeoutMs: 5 * 60_000,
      oddPolicy: 'bye',
    });
    expect(view.state.people.map((p) => p.userId)).toEqual(people(4));
    const row = await rowOf(h, night.id);
    expect(Number(row!.next_deadline)).toBe(later);
    expect(await h.service.tournaments.tournament(night.id)).toMatchObject({ state: view.state });
    // The old start time passes without a start; the new one starts it.
    h.clock.advance(HOUR);
    expect(await h.service.tournaments.startDueTournaments()).toEqual([]);
    expect((await h.service.tournaments.tournament(night.id))!.state.status).toBe('signup');
    h.clock.advance(2 * HOUR);
    const [started] = await h.service.tournaments.startDueTournaments();
    expect(started?.gameIds).toHaveLength(2);
    const game = (await h.service.game(started!.gameIds[0]!))!;
    expect(game.turnTimeoutMs).toBe(5 * 60_000);
  });

  it('lets a manager edit, keeps the deadline when the start stays, and writes nothing for the same values', async () => {
    const h = await harness();
    const night = await openNight(h);
    const renamed = await h.service.tournaments.edit(night.id, 'mod', { canManage: true }, { name: 'Renamed' });
    expect(renamed.state.options.name).toBe('Renamed');
    const row = await rowOf(h, night.id);
    expect(Number(row!.next_deadline)).toBe(night.state.options.startsAt);
    await h.service.tournaments.edit(night.id, 'host', NOT_MANAGER, { name: ' Renamed ', rounds: 3 });
    expect(await rowOf(h, night.id)).toEqual(row);
  });

  it('refuses a non-host, bad values, nothing to change and an edit after the start, changing nothing', async () => {
    const h = await harness();
    const night = await openNight(h);
    await signUp(h, night.id, people(2));
    const before = await rowOf(h, night.id);
    const edit = (by: string, changes: Parameters<typeof h.service.tournaments.edit>[3]) =>
      thrown(() => h.service.tournaments.edit(night.id, by, NOT_MANAGER, changes));
    expect(((await edit('p1', { name: 'Mine' })) as ServiceError).code).toBe('not-host');
    const codes = [];
    for (const changes of [
      { name: '' },
      { startsAt: h.clock.t - 1 },
      { rounds: 8 },
      { tableSize: 9 },
      { turnTimeoutMs: 0 },
      {},
    ]) {
      const error = await edit('host', changes);
      expect(error).toBeInstanceOf(TournamentError);
      codes.push((error as TournamentError).code);
    }
    expect(codes).toEqual([
      'bad-name',
      'bad-start-time',
      'bad-rounds',
      'bad-table-size',
      'bad-turn-timer',
      'nothing-to-edit',
    ]);
    const gone = await thrown(() => h.service.tournaments.edit(night.id + 100, 'host', NOT_MANAGER, { name: 'X' }));
    expect((gone as ServiceError).code).toBe('no-tournament');
    expect(await rowOf(h, night.id)).toEqual(before);
    // At the start time, even before the clock has started it, and after the start.
    h.clock.advance(HOUR);
    expect(((await edit('host', { name: 'Late' })) as TournamentError).code).toBe('edit-closed');
    expect(await rowOf(h, night.id)).toEqual(before);
    await h.service.tournaments.startDueTournaments();
    const started = await rowOf(h, night.id);
    expect(((await edit('host', { startsAt: h.clock.t + HOUR })) as TournamentError).code).toBe('edit-closed');
    expect(await rowOf(h, night.id)).toEqual(started);
  });

  it('lands edits and joins made at once from two processes', async () => {
    const clock = new Clock();
    const a = await harness(undefined, { clock });
    const b = await harness(a.file, { clock });
    const night = await openNight(a);
    for (let i = 1; i <= 4; i++) {
      await Promise.all([
        a.service.tournaments.edit(night.id, 'host', NOT_MANAGER, { rounds: i }),
        b.service.tournaments.join(night.id, user(`b${i}`)),
      ]);
    }
    const view = (await b.service.tournaments.tournament(night.id))!;
    expect(view.state.options.rounds).toBe(4);
    expect(view.state.people.map((p) => p.userId)).toEqual(['b1', 'b2', 'b3', 'b4']);
    expect(view.state.version).toBe(8);
  });
});
