// A tournament's row as both engines read and write it: the columns as they come from the database (JSON as
// text) made into a TournamentRow, and which columns a save may write and how.
import type { TournamentState } from '../tournament';
import type { EventProblem, TournamentChanges, TournamentClosedReason, TournamentRow } from './tournament-rows';

/** The row as a SELECT of every column gives it: JSON columns still text. */
export interface TournamentColumns {
  id: number;
  guild_id: string;
  channel_id: string;
  host_id: string;
  status: TournamentRow['status'];
  state: string;
  names: string;
  rev: number;
  next_deadline: number | null;
  locale: string;
  created_at: number;
  finished_at: number | null;
  closed_reason: TournamentClosedReason | null;
  messages: string;
  shown: string;
  event_id: string | null;
  event_shown: string | null;
  event_problem: EventProblem | null;
}

export function tournamentFromColumns(c: TournamentColumns): TournamentRow {
  return {
    ...c,
    state: JSON.parse(c.state) as TournamentState,
    names: JSON.parse(c.names) as Record<string, string>,
    messages: JSON.parse(c.messages) as Record<string, string>,
    shown: JSON.parse(c.shown) as Record<string, string>,
  };
}

// The columns a save may write: also the guard that keeps anything else out of its SQL text.
const SAVABLE = new Set<keyof TournamentChanges>(['state', 'names', 'next_deadline', 'finished_at', 'closed_reason']);

/**
 * The columns of `changes` a save writes, in a fixed order, and their values; a new state brings its status,
 * so the column the unique index reads never disagrees with the state.
 */
export function tournamentSaved(changes: Partial<TournamentChanges>): { columns: string[]; values: unknown[] } {
  const keys = (Object.keys(changes) as Array<keyof TournamentChanges>).filter((c) => SAVABLE.has(c)).sort();
  const columns: string[] = [];
  const values: unknown[] = [];
  for (const key of keys) {
    const value = changes[key];
    columns.push(key);
    values.push(key === 'state' || key === 'names' ? JSON.stringify(value) : value);
    if (key === 'state') {
      columns.push('status');
      values.push((value as TournamentState).status);
    }
  }
  return { columns, values };
}
