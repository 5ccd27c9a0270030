// The host's edit: during sign-up and before the start time only, whichever options they give (at least one),
// checked by create's own rules; the same values again change nothing, and the card options never change.
import { describe, expect, it } from 'vitest';
import type { TournamentEdit } from '../../../src/tournament';
import { MAX_LEAD_MS, newTournament } from '../../../src/tournament';
import { HOUR, NOW, apply, input, playRound, refusal, started } from './helpers';

const fresh = () => apply(newTournament(input(), NOW), { type: 'join', userId: 'a', at: NOW });
const edit = (changes: TournamentEdit, at = NOW) => ({ type: 'edit', changes, at }) as const;

describe('editing a tournament', () => {
  it('changes only what the host gives, and keeps who signed up', () => {
    const state = fresh();
    const edited = apply(state, edit({ name: '  Saturday night ', rounds: 5 }));
    expect(edited.options).toEqual({ ...state.options, name: 'Saturday night', rounds: 5 });
    expect(edited.people).toEqual(state.people);
    expect(edited.version).toBe(state.version + 1);
    const all = apply(
      state,
      edit({ startsAt: NOW + 3 * HOUR, tableSize: 3, turnTimeoutMs: 2 * 60_000, oddPolicy: 'bye' }),
    );
    expect(all.options).toMatchObject({
      startsAt: NOW + 3 * HOUR,
      tableSize: 3,
      turnTimeoutMs: 2 * 60_000,
      oddPolicy: 'bye',
      game: state.options.game,
      difficulty: state.options.difficulty,
    });
  });

  it('lets the moved start time close sign-up at the new time', () => {
    const later = apply(fresh(), edit({ startsAt: NOW + 2 * HOUR }));
    expect(apply(later, { type: 'join', userId: 'b', at: NOW + HOUR + 1 }).people).toHaveLength(2);
    const sooner = apply(fresh(), edit({ startsAt: NOW + 10 * 60_000 }));
    expect(refusal(() => apply(sooner, { type: 'join', userId: 'b', at: NOW + 10 * 60_000 }))).toBe('signup-closed');
  });

  it('refuses what create refuses, changing nothing', () => {
    const state = fresh();
    const cases: Array<[TournamentEdit, string]> = [
      [{ name: '   ' }, 'bad-name'],
      [{ name: 'two\nlines' }, 'bad-name'],
      [{ startsAt: NOW - 1 }, 'bad-start-time'],
      [{ startsAt: NOW + MAX_LEAD_MS + 1 }, 'bad-start-time'],
      [{ rounds: 0 }, 'bad-rounds'],
      [{ rounds: 8 }, 'bad-rounds'],
      [{ tableSize: 1 }, 'bad-table-size'],
      [{ tableSize: 9 }, 'bad-table-size'],
      [{ turnTimeoutMs: 30_000 }, 'bad-turn-timer'],
      [{ oddPolicy: 'skip' as never }, 'bad-odd-policy'],
      [{ name: 'Fine', rounds: 99 }, 'bad-rounds'],
    ];
    for (const [changes, code] of cases) expect(refusal(() => apply(state, edit(changes)))).toBe(code);
    expect(state.options).toEqual(fresh().options);
  });

  it('asks for at least one change, and ignores options an edit may not change', () => {
    const state = fresh();
    expect(refusal(() => apply(state, edit({})))).toBe('nothing-to-edit');
    const forged = { game: { ...state.options.game, variant: 'balut' }, difficulty: 'expert' } as TournamentEdit;
    expect(refusal(() => apply(state, edit(forged)))).toBe('nothing-to-edit');
    const named = apply(state, edit({ ...forged, name: 'New' }));
    expect(named.options.game).toEqual(state.options.game);
    expect(named.options.difficulty).toBe('normal');
  });

  it('changes nothing when every value given is the one it has (a retry)', () => {
    const state = fresh();
    const { name, rounds, startsAt } = state.options;
    expect(apply(state, edit({ name: ` ${name} `, rounds, startsAt }))).toBe(state);
  });

  it('is refused at the start time, after the start and once over', () => {
    expect(refusal(() => apply(fresh(), edit({ name: 'Late' }, NOW + HOUR)))).toBe('edit-closed');
    const running = started(['a', 'b']);
    expect(refusal(() => apply(running, edit({ name: 'Late' })))).toBe('edit-closed');
    expect(refusal(() => apply(fresh(), { type: 'cancel' }, edit({ name: 'Late' })))).toBe('tournament-over');
    const finished = playRound(started(['a', 'b'], { rounds: 1 }), (_, seat) => 100 - seat);
    expect(finished.status).toBe('finished');
    expect(refusal(() => apply(finished, edit({ name: 'Late' })))).toBe('tournament-over');
  });
});
