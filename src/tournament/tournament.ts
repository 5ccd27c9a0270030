// How a tournament changes: only by events, one at a time, each checked before it applies. 'signup' → 'running'
// (rounds of tables: pending → playing → finished) → 'finished', or 'cancelled'. Pure: no clock (times come in
// the events), no randomness, no I/O. An event a retry may repeat (a table's start or its results arriving again,
// a fill to the same size) changes nothing the second time and returns the very state it was given; any other
// repeat is refused. A round is finished when every table is; the next is seated only on 'next-round', so the
// service can first report who left. The last round's last result finishes the tournament.
import { TournamentError } from './errors';
import type { TournamentInput } from './options';
import { MAX_PLAYERS, editedOptions, tournamentOptions } from './options';
import { activePeople, seatRound } from './seating';
import { MIN_PEOPLE } from './tables';
import type { Round, SeatResult, Table, TournamentEdit, TournamentEvent, TournamentState } from './types';

export function newTournament(input: TournamentInput, now: number): TournamentState {
  return { options: tournamentOptions(input, now), status: 'signup', people: [], fillTo: 0, rounds: [], version: 0 };
}

/** The state after `event`, or a TournamentError; `state` itself when the event changes nothing. */
export function applyTournamentEvent(state: TournamentState, event: TournamentEvent): TournamentState {
  const next = applyRule(state, event);
  return next === state ? state : { ...next, version: state.version + 1 };
}

export function replayTournament(
  input: TournamentInput,
  now: number,
  events: readonly TournamentEvent[],
): TournamentState {
  return events.reduce(applyTournamentEvent, newTournament(input, now));
}

/** The round under way or last played; null before the start. */
export function currentRound(state: TournamentState): Round | null {
  return state.rounds[state.rounds.length - 1] ?? null;
}

function applyRule(state: TournamentState, event: TournamentEvent): TournamentState {
  switch (event.type) {
    case 'join':
      return join(state, event.userId, event.at);
    case 'leave':
      return leave(state, event.userId);
    case 'edit':
      return edit(state, event.changes, event.at);
    case 'fill':
      return fill(state, event.upTo);
    case 'start':
      return start(state, event.ratings);
    case 'table-started':
      return tableStarted(state, event.round, event.table, event.gameId);
    case 'table-finished':
      return tableFinished(state, event.round, event.table, event.results);
    case 'drop':
      return drop(state, event.userId, event.reason);
    case 'next-round':
      return nextRound(state);
    case 'end':
      betweenRounds(state);
      return { ...state, status: 'finished' };
    case 'cancel':
      if (isOver(state)) throw new TournamentError('tournament-over');
      return { ...state, status: 'cancelled' };
  }
}

function isOver(state: TournamentState): boolean {
  return state.status === 'finished' || state.status === 'cancelled';
}

function inSignup(state: TournamentState): void {
  if (isOver(state)) throw new TournamentError('tournament-over');
  if (state.status !== 'signup') throw new TournamentError('not-in-signup');
}

function running(state: TournamentState): void {
  if (isOver(state)) throw new TournamentError('tournament-over');
  if (state.status !== 'running') throw new TournamentError('not-running');
}

function join(state: TournamentState, userId: string, at: number): TournamentState {
  inSignup(state);
  if (!(typeof at === 'number' && at < state.options.startsAt)) throw new TournamentError('signup-closed');
  if (typeof userId !== 'string' || userId.length === 0 || userId.length > 100) throw new TournamentError('bad-user');
  if (state.people.some((p) => p.userId === userId)) throw new TournamentError('already-joined');
  if (state.people.length >= MAX_PLAYERS) throw new TournamentError('full', { max: MAX_PLAYERS });
  return { ...state, people: [...state.people, { userId, rating: null, seed: null, dropped: null }] };
}

function leave(state: TournamentState, userId: string): TournamentState {
  inSignup(state);
  if (!state.people.some((p) => p.userId === userId)) throw new TournamentError('not-joined');
  return { ...state, people: state.people.filter((p) => p.userId !== userId) };
}

/** The host's changes, during sign-up and before the start time only: once seated, a night keeps its options. */
function edit(state: TournamentState, changes: TournamentEdit, at: number): TournamentState {
  if (isOver(state)) throw new TournamentError('tournament-over');
  if (state.status !== 'signup' || !(typeof at === 'number' && at < state.options.startsAt))
    throw new TournamentError('edit-closed');
  const options = editedOptions(state.options, changes, at);
  return options === state.options ? state : { ...state, options };
}

function fill(state: TournamentState, upTo: number): TournamentState {
  inSignup(state);
  if (!Number.isInteger(upTo) || upTo < 0 || upTo > MAX_PLAYERS)
    throw new TournamentError('bad-fill', { max: MAX_PLAYERS });
  return upTo === state.fillTo ? state : { ...state, fillTo: upTo };
}

function start(state: TournamentState, ratings: Readonly<Record<string, number>>): TournamentState {
  inSignup(state);
  if (state.people.length < MIN_PEOPLE) throw new TournamentError('too-few-players', { min: MIN_PEOPLE });
  const rated = state.people.map((person, join) => {
    const rating = ratings && Object.hasOwn(ratings, person.userId) ? ratings[person.userId] : undefined;
    if (typeof rating !== 'number' || !Number.isFinite(rating)) throw new TournamentError('missing-rating');
    return { person, join, rating };
  });
  const order = [...rated].sort((a, b) => b.rating - a.rating || a.join - b.join);
  const people = rated.map(({ person, rating }) => ({
    ...person,
    rating,
    seed: order.findIndex((o) => o.person === person),
  }));
  const started: TournamentState = { ...state, status: 'running', people };
  return { ...started, rounds: [seatRound(started)] };
}

/** The table an event names, and its round's index. */
function tableOf(state: TournamentState, round: number, table: number): { index: number; table: Table } {
  const found =
    Number.isInteger(round) && Number.isInteger(table) ? state.rounds[round - 1]?.tables[table - 1] : undefined;
  if (!found) throw new TournamentError(state.status === 'signup' ? 'not-running' : 'no-such-table');
  return { index: round - 1, table: found };
}

function withTable(state: TournamentState, index: number, table: Table): TournamentState {
  const round = state.rounds[index]!;
  const tables = round.tables.map((t) => (t.number === table.number ? table : t));
  const status: Round['status'] = tables.every((t) => t.status === 'finished') ? 'finished' : 'playing';
  const rounds = state.rounds.map((r, i) => (i === index ? { ...round, tables, status } : r));
  const last = status === 'finished' && index === state.options.rounds - 1;
  return { ...state, rounds, ...(last ? { status: 'finished' as const } : {}) };
}

function tableStarted(state: TournamentState, round: number, number: number, gameId: string): TournamentState {
  const { index, table } = tableOf(state, round, number);
  if (table.gameId !== null && table.gameId === gameId) return state;
  running(state);
  if (table.status !== 'pending') throw new TournamentError('table-started');
  if (typeof gameId !== 'string' || gameId.length === 0) throw new TournamentError('bad-event');
  return withTable(state, index, { ...table, status: 'playing', gameId });
}

function tableFinished(
  state: TournamentState,
  round: number,
  number: number,
  results: readonly SeatResult[],
): TournamentState {
  const { index, table } = tableOf(state, round, number);
  const normal = checkedResults(table, results);
  if (table.results) {
    if (sameResults(table.results, normal)) return state;
    throw new TournamentError('table-finished');
  }
  running(state);
  if (table.status === 'pending') throw new TournamentError('table-not-started');
  return withTable(state, index, { ...table, status: 'finished', results: normal });
}

/** The results in seat order with only their known fields, or 'bad-results' if they do not fit the table. */
function checkedResults(table: Table, results: readonly SeatResult[]): SeatResult[] {
  const bad = () => new TournamentError('bad-results');
  if (!Array.isArray(results) || results.length !== table.seats.length) throw bad();
  const bySeat: SeatResult[] = [];
  for (const r of results as readonly SeatResult[]) {
    const seat = r?.seat;
    const expected = Number.isInteger(seat) ? table.seats[seat] : undefined;
    if (!expected || bySeat[seat]) throw bad();
    if (typeof r.userId !== 'string' || r.userId.length === 0) throw bad();
    if (expected.kind === 'person' && r.userId !== expected.userId) throw bad();
    if (!Number.isInteger(r.place) || r.place < 1 || r.place > results.length) throw bad();
    if (typeof r.finalPoints !== 'number' || !Number.isFinite(r.finalPoints) || typeof r.left !== 'boolean')
      throw bad();
    bySeat[seat] = { seat, userId: r.userId, place: r.place, finalPoints: r.finalPoints, left: r.left };
  }
  // Places as the game's standings give them: equal results share one, the next skips (1, 1, 3).
  for (const r of bySeat) {
    if (r.place !== 1 + bySeat.filter((o) => o.place < r.place).length) throw bad();
  }
  return bySeat;
}

function sameResults(a: readonly SeatResult[], b: readonly SeatResult[]): boolean {
  return (
    a.length === b.length &&
    a.every((r, i) => {
      const o = b[i]!;
      return (
        r.seat === o.seat &&
        r.userId === o.userId &&
        r.place === o.place &&
        r.finalPoints === o.finalPoints &&
        r.left === o.left
      );
    })
  );
}

function drop(state: TournamentState, userId: string, reason: 'left' | 'no-show'): TournamentState {
  running(state);
  const person = state.people.find((p) => p.userId === userId);
  if (!person) throw new TournamentError('not-joined');
  if (person.dropped) throw new TournamentError('already-dropped');
  if (reason !== 'left' && reason !== 'no-show') throw new TournamentError('bad-event');
  const dropped = { afterRound: state.rounds.length, reason };
  return { ...state, people: state.people.map((p) => (p === person ? { ...p, dropped } : p)) };
}

function betweenRounds(state: TournamentState): void {
  running(state);
  if (currentRound(state)?.status !== 'finished') throw new TournamentError('round-not-finished');
}

function nextRound(state: TournamentState): TournamentState {
  betweenRounds(state);
  if (state.rounds.length >= state.options.rounds) throw new TournamentError('no-rounds-left');
  if (activePeople(state).length < MIN_PEOPLE) throw new TournamentError('too-few-players', { min: MIN_PEOPLE });
  return { ...state, rounds: [...state.rounds, seatRound(state)] };
}
