// A tournament's rounds as writes of one transaction: a round's tables become games in play (with the core's
// `table-started` events), and a table's end (its game's end transaction) records its results and, when that
// ends the round, drops the no-shows and seats the next round in the same transaction. A crash leaves either
// nothing or all of it; the unique index on a game's (tournament, round, table) refuses a table's second game.
import type { Results } from '../game';
import type { TournamentEvent, TournamentState, Table, SeatResult } from '../tournament';
import { applyTournamentEvent, currentRound, isTournamentError } from '../tournament';
import type { PlayerRow } from '../db/rows';
import type { Stores } from '../db/storage';
import type { TournamentChanges, TournamentRow } from '../db/tournament-rows';
import { botName, botUserId, nextBotNumber } from './bots';
import { startChanges } from './game-start';
import type { Loaded } from './operation';
import { Conflict } from './service-core';

/** What a round's writes need besides the stores: the moment, the computer players' pace, the test hooks. */
export interface RoundContext {
  now: number;
  botStepMs: number;
  step(label: string): void;
}

/** A change decided on a tournament's row: its columns, and the games it started. */
export interface TournamentWrite {
  changes: Partial<TournamentChanges>;
  gameIds: number[];
}

/** The columns that follow from a state: closed once it is over, no deadline while a round plays. */
export function closingColumns(state: TournamentState, now: number): Partial<TournamentChanges> {
  const over = state.status === 'finished' || state.status === 'cancelled';
  return over ? { state, next_deadline: null, finished_at: now } : { state, next_deadline: null };
}

/**
 * Carries a running tournament on from `state`: once its round is over, the people a timeout removed from their
 * table in it are dropped as no-shows, then the next round is seated (or, with too few people left, the night
 * ends); every table still pending gets its game. `state` as it was when there is nothing to do.
 */
export async function advance(
  tx: Stores,
  row: TournamentRow,
  state: TournamentState,
  ctx: RoundContext,
): Promise<{ state: TournamentState; gameIds: number[]; retry: boolean }> {
  let next = state;
  const round = currentRound(next);
  if (next.status === 'running' && round?.status === 'finished') {
    const removed = await noShows(tx, round.tables);
    try {
      for (const userId of removed) next = apply(next, { type: 'drop', userId, reason: 'no-show' });
      if (next.status === 'running') next = nextRoundOrEnd(next);
    } catch {
      // Never expected: the table's end still counts, and the clock tries the next round again later.
      return { state, gameIds: [], retry: true };
    }
  }
  return { ...(await startPendingTables(tx, row, next, ctx)), retry: false };
}

/** How long after a failed attempt to carry a tournament on the clock tries again. */
export const ADVANCE_RETRY_MS = 60_000;

function nextRoundOrEnd(state: TournamentState): TournamentState {
  try {
    return applyTournamentEvent(state, { type: 'next-round' });
  } catch (error) {
    // The last round was played (the core finished the night already), or too few people are left to seat one.
    if (isTournamentError(error) && error.code === 'too-few-players') return apply(state, { type: 'end' });
    if (isTournamentError(error) && error.code === 'no-rounds-left') return state;
    throw error;
  }
}

function apply(state: TournamentState, event: TournamentEvent): TournamentState {
  return applyTournamentEvent(state, event);
}

/** People a timeout removed from their table's game (a computer player never times out). */
async function noShows(tx: Stores, tables: readonly Table[]): Promise<string[]> {
  const removed: string[] = [];
  for (const table of tables) {
    const gameId = Number(table.gameId);
    const game = Number.isSafeInteger(gameId) ? await tx.games.gameWithPlayers(gameId) : undefined;
    for (const p of game?.players ?? []) {
      const person = table.seats[p.seat]?.kind === 'person';
      if (person && p.is_bot === 0 && p.left_reason === 'removed') removed.push(p.user_id);
    }
  }
  return removed;
}

/** Every pending table of the round under way gets its game, in play at once, and its `table-started`. */
export async function startPendingTables(
  tx: Stores,
  row: TournamentRow,
  state: TournamentState,
  ctx: RoundContext,
): Promise<{ state: TournamentState; gameIds: number[] }> {
  const round = currentRound(state);
  if (state.status !== 'running' || !round || !round.tables.some((t) => t.status === 'pending'))
    return { state, gameIds: [] };
  let next = state;
  const gameIds: number[] = [];
  for (const table of round.tables) {
    if (table.status !== 'pending') continue;
    const gameId = await insertTableGame(tx, row, state, round.number, table, ctx);
    next = apply(next, { type: 'table-started', round: round.number, table: table.number, gameId: String(gameId) });
    gameIds.push(gameId);
  }
  return { state: next, gameIds };
}

/** A table's game: people in the table's seat order, computer players after them as a lobby names them. */
async function insertTableGame(
  tx: Stores,
  row: TournamentRow,
  state: TournamentState,
  round: number,
  table: Table,
  ctx: RoundContext,
): Promise<number> {
  const { game: options, turnTimeoutMs, difficulty } = state.options;
  const { now } = ctx;
  const seats: PlayerRow[] = [];
  for (const seat of table.seats) {
    const base = { seat: seats.length, prediction: null, left_reason: null };
    if (seat.kind === 'person') {
      const name = row.names[seat.userId] ?? seat.userId;
      seats.push({ ...base, user_id: seat.userId, name, is_bot: 0 });
    } else {
      const k = nextBotNumber(
        seats.map((s) => s.user_id),
        difficulty,
      );
      seats.push({ ...base, user_id: botUserId(difficulty, k), name: botName(difficulty, k), is_bot: 1 });
    }
  }
  const started = startChanges(options, seats, now, turnTimeoutMs, ctx.botStepMs);
  const gameId = await tx.games.insertGame({
    guild_id: row.guild_id,
    channel_id: row.channel_id,
    variant: options.variant,
    options,
    turn_timeout_ms: turnTimeoutMs,
    // The tournament's host may end a table early (/olathe end), as a lobby's host may end its game.
    host_id: row.host_id,
    created_at: now,
    next_deadline: started.changes.next_deadline ?? now,
    // Always a thread, whatever the server's setting for its ordinary games: a night's tables play at once, and
    // sixteen games in one channel could not be followed. A thread Discord refuses plays in the channel, as ever.
    thread_mode: 1,
    locale: row.locale,
    tournament: { tournamentId: row.id, round, table: table.number },
  });
  ctx.step('insert table game');
  for (const s of seats)
    await tx.games.insertPlayer({
      game_id: gameId,
      seat: s.seat,
      user_id: s.user_id,
      name: s.name,
      is_bot: s.is_bot,
      joined_at: now,
    });
  ctx.step('insert table players');
  // The thread's id is known once the Publisher has made it.
  if ((await tx.games.saveGame(gameId, 0, { ...started.changes, play_channel_id: null })) === null)
    throw new Conflict();
  ctx.step('start table game');
  return gameId;
}

/** A table's results for the core, from the same standings the game's results message shows. */
export function seatResults(g: Loaded, results: Results): SeatResult[] {
  return results.standings.map((s) => ({
    seat: s.seat,
    userId: g.players[s.seat]?.user_id ?? '',
    place: s.place,
    finalPoints: s.breakdown.final,
    left: s.left,
  }));
}

/**
 * In a game's end transaction: a tournament table's results go into its tournament (locked until the end of
 * the transaction), which carries on as `advance` says. The tournament's id when it changed; null for any other
 * game, or one its tournament no longer takes (cancelled, or its results already in).
 */
export async function tableEnded(tx: Stores, g: Loaded, results: Results, ctx: RoundContext): Promise<number | null> {
  const tournamentId = g.row.tournament_id;
  if (tournamentId === null) return null;
  const row = await tx.tournaments.lock(tournamentId);
  if (!row) return null;
  const gameId = String(g.row.id);
  let round = 0;
  let table = 0;
  for (const r of row.state.rounds)
    for (const t of r.tables)
      if (t.gameId === gameId) {
        round = r.number;
        table = t.number;
      }
  if (round === 0) return null;
  let state: TournamentState;
  try {
    state = applyTournamentEvent(row.state, { type: 'table-finished', round, table, results: seatResults(g, results) });
  } catch (error) {
    // Cancelled meanwhile: the game stands as an ordinary game; the game's end must not fail for it.
    if (isTournamentError(error)) return null;
    throw error;
  }
  if (state === row.state) return null;
  const advanced = await advance(tx, row, state, ctx);
  const changes = closingColumns(advanced.state, ctx.now);
  if (advanced.retry) changes.next_deadline = ctx.now + ADVANCE_RETRY_MS;
  if (!(await tx.tournaments.save(row.id, row.rev, changes))) throw new Conflict();
  ctx.step('save tournament');
  return row.id;
}
