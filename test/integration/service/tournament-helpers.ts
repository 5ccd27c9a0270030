// Shared fixtures of the tournament tests: a night opened in a fresh channel, people signed up, and its tables
// played to the end (people by autoStep, computer players by the clock's steps).
import { seatsToAct } from '../../../src/game';
import type { TournamentInput } from '../../../src/tournament';
import type { TournamentView } from '../../../src/service/tournament-view';
import type { Harness } from './helpers';
import { SMALL, autoStep, user } from './helpers';
import { sql, sqlRow } from '../../support/storage';

export const HOUR = 60 * 60_000;
export const NOT_MANAGER = { canManage: false };

let channels = 0;

/** A tournament in sign-up an hour from now, hosted by 'host' in a fresh channel. */
export function openNight(
  h: Harness,
  options: Partial<TournamentInput> = {},
  where: { guildId?: string; channelId?: string } = {},
): Promise<TournamentView> {
  return h.service.tournaments.create({
    guildId: where.guildId ?? 'guild-1',
    channelId: where.channelId ?? `night-${++channels}`,
    host: user('host'),
    options: { name: 'Friday night', game: SMALL, startsAt: h.clock.t + HOUR, rounds: 3, tableSize: 4, ...options },
  });
}

/** `p1` … `pN`. */
export const people = (n: number): string[] => Array.from({ length: n }, (_, i) => `p${i + 1}`);

export async function signUp(h: Harness, id: number, userIds: readonly string[]): Promise<TournamentView> {
  let view: TournamentView | null = null;
  for (const u of userIds) view = await h.service.tournaments.join(id, user(u));
  return view ?? (await h.service.tournaments.tournament(id))!;
}

/** The games of the round under way. */
export function roundGames(view: TournamentView): number[] {
  const round = view.state.rounds.at(-1);
  return (round?.tables ?? []).flatMap((t) => (t.gameId === null ? [] : [Number(t.gameId)]));
}

/**
 * Plays these games to their end: each person who may act makes one legal move (autoStep), then the clock moves
 * by `stepMs` and runs the computer players' steps, until no game is in play.
 */
export async function playGames(h: Harness, gameIds: readonly number[], stepMs = 1): Promise<void> {
  for (let rounds = 0; rounds < 100_000; rounds++) {
    let playing = false;
    for (const id of gameIds) {
      const view = (await h.service.game(id))!;
      if (view.status !== 'playing') continue;
      playing = true;
      const seat = seatsToAct(view.state!).find((s) => !view.players[s]!.isBot);
      if (seat !== undefined) await autoStep(h.service, view, seat);
    }
    if (!playing) return;
    h.clock.advance(stepMs);
    await h.service.expireTurns();
  }
  throw new Error('the games never ended');
}

/** Plays the round under way to its end, and returns the tournament as it is then. */
export async function playRound(h: Harness, id: number, stepMs = 1): Promise<TournamentView> {
  const view = (await h.service.tournaments.tournament(id))!;
  await playGames(h, roundGames(view), stepMs);
  return (await h.service.tournaments.tournament(id))!;
}

/** The saved games of a tournament by round and table, with their seats' saved results. */
export async function savedTables(h: Harness, id: number) {
  const games = (await sql(
    h.storage,
    `SELECT id, tournament_round AS round, tournament_table AS "table", status FROM games
     WHERE tournament_id = $1 ORDER BY tournament_round, tournament_table`,
    [id],
  )) as Array<{ id: number; round: number; table: number; status: string }>;
  const tables = [];
  for (const g of games) {
    const seats = (await sql(
      h.storage,
      'SELECT seat, user_id AS "userId", is_bot AS "isBot", place, final_score AS "final", left_reason AS "left" FROM players WHERE game_id = $1 ORDER BY seat',
      [g.id],
    )) as Array<{ seat: number; userId: string; isBot: number; place: number; final: number; left: string | null }>;
    tables.push({ ...g, id: Number(g.id), round: Number(g.round), table: Number(g.table), seats });
  }
  return tables;
}

/** The error `run` throws: the test fails if it throws nothing. */
export async function thrown(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a refusal');
}

/** The tournament's row as stored, to show a refusal changed nothing. */
export async function rowOf(h: { storage: Parameters<typeof sqlRow>[0] }, id: number) {
  return sqlRow(h.storage, 'SELECT * FROM tournaments WHERE id = $1', [id]);
}
