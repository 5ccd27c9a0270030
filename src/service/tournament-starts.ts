// A tournament's start, and the clock's due work on one: round 1 seated by rating at the start time (a night
// with fewer than two people is cancelled then), and a night whose retry time came carried on (tournament-round.ts).
import { MIN_PEOPLE, applyTournamentEvent } from '../tournament';
import type { PersonRating } from '../rating';
import { START_RATING, displayed } from '../rating';
import type { Stores } from '../db/storage';
import type { TournamentRow } from '../db/tournament-rows';
import type { RoundContext, TournamentWrite } from './tournament-round';
import { ADVANCE_RETRY_MS, advance, closingColumns, startPendingTables } from './tournament-round';

/** What the clock does with a tournament whose deadline came; null when it is not due (any more). */
export async function dueWrite(tx: Stores, row: TournamentRow, ctx: RoundContext): Promise<TournamentWrite | null> {
  const { now } = ctx;
  if (row.next_deadline === null || row.next_deadline > now) return null;
  if (row.state.status === 'signup') {
    if (row.state.people.length >= MIN_PEOPLE) return startWrite(tx, row, ctx);
    const state = applyTournamentEvent(row.state, { type: 'cancel' });
    return { changes: { ...closingColumns(state, now), closed_reason: 'too-few-players' }, gameIds: [] };
  }
  if (row.state.status !== 'running') return { changes: { next_deadline: null }, gameIds: [] };
  const advanced = await advance(tx, row, row.state, ctx);
  const changes = closingColumns(advanced.state, now);
  if (advanced.retry) changes.next_deadline = now + ADVANCE_RETRY_MS;
  return { changes, gameIds: advanced.gameIds };
}

/** Round 1, seated by everyone's current rating in the variant (the start of 1500 for the unrated). */
export async function startWrite(tx: Stores, row: TournamentRow, ctx: RoundContext): Promise<TournamentWrite> {
  const people = row.state.people.map((p) => p.userId);
  const stored =
    people.length > 0
      ? await tx.ratings.current(row.state.options.game.variant, people)
      : new Map<string, PersonRating>();
  const ratings: Record<string, number> = {};
  for (const userId of people) {
    const rating = stored.get(userId);
    ratings[userId] = rating ? displayed(rating) : START_RATING;
  }
  const state = applyTournamentEvent(row.state, { type: 'start', ratings });
  const started = await startPendingTables(tx, row, state, ctx);
  return { changes: closingColumns(started.state, ctx.now), gameIds: started.gameIds };
}
