// Rounds: tables started and finished once, results checked, the next round seated only when asked, drops,
// byes, the end.
import { describe, expect, it } from 'vitest';
import type { TournamentState } from '../../../src/tournament';
import { currentRound, standings } from '../../../src/tournament';
import { apply, ids, peopleAt, playRound, refusal, resultsOf, started } from './helpers';

const startTable = (state: TournamentState, table: number, gameId = `g${table}`) =>
  apply(state, { type: 'table-started', round: state.rounds.length, table, gameId });
const finish = (state: TournamentState, table: number, finals: number[]) => {
  const results = resultsOf(currentRound(state)!.tables[table - 1]!, finals);
  return apply(state, { type: 'table-finished', round: state.rounds.length, table, results });
};

describe('a table', () => {
  it('starts once: the same game again changes nothing, another is refused', () => {
    const state = startTable(started(ids(4)), 1, 'game-7');
    expect(currentRound(state)!.tables[0]).toMatchObject({ status: 'playing', gameId: 'game-7' });
    expect(startTable(state, 1, 'game-7')).toBe(state);
    expect(refusal(() => startTable(state, 1, 'game-8'))).toBe('table-started');
    expect(refusal(() => startTable(state, 2))).toBe('no-such-table');
    expect(refusal(() => apply(state, { type: 'table-started', round: 2, table: 1, gameId: 'x' }))).toBe(
      'no-such-table',
    );
    expect(refusal(() => startTable(started(ids(4)), 1, ''))).toBe('bad-event');
  });

  it('takes its results once: the same again changes nothing, others are refused', () => {
    let state = started(ids(8), { rounds: 2 });
    expect(refusal(() => finish(state, 1, [4, 3, 2, 1]))).toBe('table-not-started');
    state = finish(startTable(state, 1), 1, [40, 30, 20, 10]);
    const points = standings(state).map((r) => r.points);
    expect(finish(state, 1, [40, 30, 20, 10])).toBe(state);
    expect(refusal(() => finish(state, 1, [10, 20, 30, 40]))).toBe('table-finished');
    expect(standings(finish(state, 1, [40, 30, 20, 10])).map((r) => r.points)).toEqual(points);
    expect(currentRound(state)!.status).toBe('playing');
  });

  it('refuses results that do not fit its seats', () => {
    const state = startTable(started(ids(4)), 1);
    const table = currentRound(state)!.tables[0]!;
    const good = resultsOf(table, [4, 3, 2, 1]);
    const bad = (results: unknown) =>
      refusal(() => apply(state, { type: 'table-finished', round: 1, table: 1, results: results as never }));
    expect(bad(good.slice(1))).toBe('bad-results');
    expect(bad([...good, { ...good[0]!, seat: 4 }])).toBe('bad-results');
    expect(bad(good.map((r, i) => (i === 1 ? { ...r, seat: 0 } : r)))).toBe('bad-results');
    expect(bad(good.map((r, i) => (i === 0 ? { ...r, userId: 'someone-else' } : r)))).toBe('bad-results');
    // Places must be the game's: 1, 2, 3, 4, or shared ones that skip (1, 1, 3, 4).
    expect(bad(good.map((r) => ({ ...r, place: 1 })).map((r, i) => (i === 3 ? { ...r, place: 2 } : r)))).toBe(
      'bad-results',
    );
    expect(bad(good.map((r, i) => (i < 2 ? { ...r, place: 1 } : i === 2 ? { ...r, place: 2 } : r)))).toBe(
      'bad-results',
    );
    expect(bad(good.map((r, i) => (i === 0 ? { ...r, finalPoints: NaN } : r)))).toBe('bad-results');
    expect(bad(null)).toBe('bad-results');
    // In any order, as long as each seat is there once.
    const reversed = apply(state, { type: 'table-finished', round: 1, table: 1, results: [...good].reverse() });
    expect(reversed.rounds[0]!.tables[0]!.results).toEqual(good);
  });

  it('takes any id for a computer seat', () => {
    const state = startTable(started(ids(3)), 1);
    const results = resultsOf(currentRound(state)!.tables[0]!, [4, 3, 2, 1]).map((r) =>
      r.seat === 3 ? { ...r, userId: 'bot:normal:1' } : r,
    );
    expect(currentRound(apply(state, { type: 'table-finished', round: 1, table: 1, results }))!.status).toBe(
      'finished',
    );
  });
});

describe('rounds', () => {
  it('seats the next round only when every table is finished, and only when asked', () => {
    let state = started(ids(8), { rounds: 2 });
    state = finish(startTable(state, 1), 1, [4, 3, 2, 1]);
    expect(refusal(() => apply(state, { type: 'next-round' }))).toBe('round-not-finished');
    expect(refusal(() => apply(state, { type: 'end' }))).toBe('round-not-finished');
    state = finish(startTable(state, 2), 2, [4, 3, 2, 1]);
    expect(currentRound(state)!.status).toBe('finished');
    expect(state.rounds).toHaveLength(1);
    state = apply(state, { type: 'next-round' });
    expect(state.rounds).toHaveLength(2);
    expect(currentRound(state)!.tables.every((t) => t.status === 'pending')).toBe(true);
    // The winners of both tables now share one.
    expect(peopleAt(state, 2)[0]).toEqual(['p1', 'p2', 'p3', 'p4']);
    state = playRound(state, (_, seat) => 10 - seat);
    expect(state.status).toBe('finished');
    expect(refusal(() => apply(state, { type: 'next-round' }))).toBe('tournament-over');
    // A result that arrives again after the end still changes nothing.
    expect(finish(state, 1, [10, 9, 8, 7])).toBe(state);
  });

  it('leaves a dropped person out of later rounds, with their points', () => {
    let state = started(ids(5), { rounds: 3, tableSize: 2 });
    state = apply(state, { type: 'drop', userId: 'p3', reason: 'left' });
    expect(refusal(() => apply(state, { type: 'drop', userId: 'p3', reason: 'no-show' }))).toBe('already-dropped');
    expect(refusal(() => apply(state, { type: 'drop', userId: 'nobody', reason: 'left' }))).toBe('not-joined');
    // p3 is still at their round-1 table, which finishes as usual.
    expect(peopleAt(state, 1).flat()).toContain('p3');
    state = playRound(state, (_, seat) => 10 - seat);
    state = apply(state, { type: 'drop', userId: 'p5', reason: 'no-show' }, { type: 'next-round' });
    expect(peopleAt(state, 2).flat().sort()).toEqual(['p1', 'p2', 'p4']);
    const row = standings(state).find((r) => r.userId === 'p3')!;
    expect(row).toMatchObject({ dropped: true, tables: 1 });
    expect(state.people.find((p) => p.userId === 'p5')!.dropped).toEqual({ afterRound: 1, reason: 'no-show' });
  });

  it('needs two people for a round; the host can end between rounds', () => {
    let state = started(ids(3), { rounds: 3 });
    state = apply(
      state,
      { type: 'drop', userId: 'p1', reason: 'left' },
      { type: 'drop', userId: 'p2', reason: 'left' },
    );
    state = playRound(state, () => 0);
    expect(refusal(() => apply(state, { type: 'next-round' }))).toBe('too-few-players');
    const ended = apply(state, { type: 'end' });
    expect(ended.status).toBe('finished');
    // All four seats (a computer player among them) tied: (3 + 2 + 1 + 0) / 4 each.
    expect(standings(ended).map((r) => r.points)).toEqual([1.5, 1.5, 1.5]);
  });

  it('gives byes to the lowest who have not had one', () => {
    // Six people at tables of four: two sit out each round.
    let state = started(ids(6), { rounds: 3, tableSize: 4, oddPolicy: 'bye' });
    expect(currentRound(state)!.byes).toEqual(['p6', 'p5']);
    expect(peopleAt(state, 1)).toEqual([['p1', 'p2', 'p3', 'p4']]);
    state = playRound(state, (_, seat) => 10 - seat);
    // Standings: p1 3, p2 2, p5 1.5, p6 1.5, p3 1, p4 0. The two lowest without a bye: p4, p3.
    expect(standings(state).map((r) => [r.userId, r.points])).toEqual([
      ['p1', 3],
      ['p2', 2],
      ['p5', 1.5],
      ['p6', 1.5],
      ['p3', 1],
      ['p4', 0],
    ]);
    state = apply(state, { type: 'next-round' });
    expect(currentRound(state)!.byes).toEqual(['p4', 'p3']);
    state = playRound(state, (_, seat) => 10 - seat);
    state = apply(state, { type: 'next-round' });
    // Everyone but p1 and p2 has had one: now they sit out.
    expect([...currentRound(state)!.byes].sort()).toEqual(['p1', 'p2']);
    // A bye brings no final points: p5 has only those of the one table they played.
    const p5 = standings(state).find((r) => r.userId === 'p5')!;
    const table = state.rounds[1]!.tables[0]!;
    const line = table.results!.find((r) => r.userId === 'p5')!;
    expect(p5).toMatchObject({ byes: 1, tables: 1, finalPoints: line.finalPoints });
  });

  it('counts versions: one per change, none for an event that changes nothing', () => {
    const state = startTable(started(ids(4)), 1);
    expect(state.version).toBe(6);
    expect(startTable(state, 1).version).toBe(6);
  });
});
