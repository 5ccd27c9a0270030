// Sign-up: join and leave before the start, each person once, computer fill-ins, and the start itself.
import { describe, expect, it } from 'vitest';
import { MAX_PLAYERS, activePeople, newTournament, nextMultipleFill, fillIns } from '../../../src/tournament';
import { HOUR, NOW, apply, ids, input, peopleAt, refusal, started } from './helpers';

const fresh = () => newTournament(input(), NOW);
const join = (userId: string, at = NOW) => ({ type: 'join', userId, at }) as const;

describe('sign-up', () => {
  it('takes each person once, in join order, and lets them leave', () => {
    let state = apply(fresh(), join('a'), join('b'), join('c'));
    expect(activePeople(state)).toEqual(['a', 'b', 'c']);
    expect(refusal(() => apply(state, join('b')))).toBe('already-joined');
    state = apply(state, { type: 'leave', userId: 'b' });
    expect(activePeople(state)).toEqual(['a', 'c']);
    expect(refusal(() => apply(state, { type: 'leave', userId: 'b' }))).toBe('not-joined');
    // Having left, they may sign up again.
    expect(activePeople(apply(state, join('b')))).toEqual(['a', 'c', 'b']);
    expect(state.version).toBe(4);
  });

  it('refuses a join at or after the start time, and after the start', () => {
    const state = fresh();
    expect(apply(state, join('a', NOW + HOUR - 1)).people).toHaveLength(1);
    expect(refusal(() => apply(state, join('a', NOW + HOUR)))).toBe('signup-closed');
    const running = started(['a', 'b']);
    expect(refusal(() => apply(running, join('c', NOW)))).toBe('not-in-signup');
    expect(refusal(() => apply(running, { type: 'leave', userId: 'a' }))).toBe('not-in-signup');
  });

  it('refuses someone who is not a person it can seat, and a full list', () => {
    expect(refusal(() => apply(fresh(), join('')))).toBe('bad-user');
    let state = fresh();
    for (const userId of ids(MAX_PLAYERS)) state = apply(state, join(userId));
    expect(refusal(() => apply(state, join('one-more')))).toBe('full');
  });

  it('fills up to the field the host asks for, adapting to who joins', () => {
    let state = apply(fresh(), join('a'), join('b'), join('c'), join('d'), join('e'));
    expect(nextMultipleFill(state)).toBe(8);
    state = apply(state, { type: 'fill', upTo: nextMultipleFill(state) });
    expect(fillIns(state)).toBe(3);
    state = apply(state, join('f'));
    expect(fillIns(state)).toBe(2);
    // The same fill again changes nothing (a retry).
    expect(apply(state, { type: 'fill', upTo: 8 })).toBe(state);
    expect(fillIns(apply(state, { type: 'fill', upTo: 0 }))).toBe(0);
    expect(refusal(() => apply(state, { type: 'fill', upTo: MAX_PLAYERS + 1 }))).toBe('bad-fill');
    expect(refusal(() => apply(state, { type: 'fill', upTo: 2.5 }))).toBe('bad-fill');
  });

  it('seats the fill-ins as computer players in the empty places', () => {
    const state = started(ids(6), { tableSize: 4, oddPolicy: 'bye' }, undefined, 8);
    const round = state.rounds[0]!;
    expect(round.byes).toEqual([]);
    expect(round.tables.map((t) => t.seats.map((s) => s.kind))).toEqual([
      ['person', 'person', 'person', 'computer'],
      ['person', 'person', 'person', 'computer'],
    ]);
  });

  it('starts with two people or more, each with a rating', () => {
    const one = apply(fresh(), join('a'));
    expect(refusal(() => apply(one, { type: 'start', ratings: { a: 1500 } }))).toBe('too-few-players');
    const two = apply(one, join('b'));
    expect(refusal(() => apply(two, { type: 'start', ratings: { a: 1500 } }))).toBe('missing-rating');
    expect(refusal(() => apply(two, { type: 'start', ratings: { a: 1500, b: NaN } }))).toBe('missing-rating');
    // An inherited property is no rating.
    const proto = apply(fresh(), join('toString'), join('b'));
    expect(refusal(() => apply(proto, { type: 'start', ratings: { b: 1 } }))).toBe('missing-rating');
    const running = apply(two, { type: 'start', ratings: { a: 1400, b: 1600 } });
    expect(running.status).toBe('running');
    expect(running.people.map((p) => [p.userId, p.rating, p.seed])).toEqual([
      ['a', 1400, 1],
      ['b', 1600, 0],
    ]);
    expect(peopleAt(running, 1)).toEqual([['b', 'a']]);
    expect(refusal(() => apply(running, { type: 'start', ratings: { a: 1, b: 2 } }))).toBe('not-in-signup');
  });

  it('cancels from sign-up or while running, and nothing after', () => {
    const cancelled = apply(fresh(), { type: 'cancel' });
    expect(cancelled.status).toBe('cancelled');
    expect(refusal(() => apply(cancelled, join('a')))).toBe('tournament-over');
    expect(refusal(() => apply(cancelled, { type: 'cancel' }))).toBe('tournament-over');
    expect(apply(started(['a', 'b']), { type: 'cancel' }).status).toBe('cancelled');
  });
});
