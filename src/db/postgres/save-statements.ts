// The UPDATEs that save a game, one per set of changed columns (a handful in practice, prepared once per
// connection and shared by every store of the process): alone, or as one statement with the move's events
// (a hold, a throw or a write is then one round trip, committed by itself). Each carries pg_notify:
// delivered when the save commits (never for one rolled back), to every host LISTENing (./game-changes.ts), with
// no round trip of its own.
import type { EventRow } from '../event-rows';
import type { MoveWrites } from '../storage';
import type { Statement } from './pool';
import { GAME_CHANGES_CHANNEL } from './game-changes';

const saves = new Map<string, Statement>();

const NOTIFY = `pg_notify('${GAME_CHANGES_CHANNEL}', id::text)`;

/** The save's UPDATE of `columns` ($3 on), guarded by the revision it was decided on ($2). */
function update(columns: readonly string[]): string {
  const sets = ['rev = rev + 1', ...columns.map((c, i) => `${c} = $${i + 3}`)].join(', ');
  return `UPDATE games SET ${sets} WHERE id = $1 AND rev = $2`;
}

/** The save of `columns`: $1 the id, $2 the revision it was decided on, then the columns' values. */
export function saveStatement(columns: readonly string[]): Statement {
  const key = columns.join(',');
  let save = saves.get(key);
  if (!save) {
    // Named by number: PostgreSQL cuts a statement's name at 63 characters, and the column list can be longer.
    save = { name: `games.save-${saves.size + 1}`, text: `${update(columns)} RETURNING messages, ${NOTIFY}` };
    saves.set(key, save);
  }
  return save;
}

/** The events' columns in the order a move binds them. */
export const EVENT_COLUMNS = 'game_id seq at type seat dice holds five col category written score die count'.split(
  ' ',
) as Array<keyof EventRow>;
// Typed where they stand: inside VALUES nothing else tells PostgreSQL what a parameter is.
const EVENT_TYPES = 'bigint int bigint text int text text int int text text int int int'.split(' ');

/**
 * The save of `columns`, the insert of `events` events and of `outbox` pieces of channel work as one statement:
 * $1 the id, $2 the revision, the columns' values, each event's columns, then each piece's kind, data and time.
 * The inserts join the saved row, so a save refused by the revision inserts nothing and the statement answers no
 * row; a seq already taken fails it whole (a lost race). The outbox ids come back in the order given.
 */
function moveText(columns: readonly string[], events: number, outbox: number): string {
  let next = columns.length + 3;
  const tuples = (count: number, types: readonly string[]) =>
    Array.from({ length: count }, () => `(${types.map((t) => `$${next++}::${t}`).join(', ')})`).join(', ');
  const names = EVENT_COLUMNS.join(', ');
  // A data-modifying WITH runs every part to its end, whatever the final SELECT reads.
  let text = `WITH saved AS (${update(columns)} RETURNING id, messages, ${NOTIFY})`;
  if (events)
    text += `, inserted AS (INSERT INTO events (${names})
      SELECT v.* FROM saved CROSS JOIN (VALUES ${tuples(events, EVENT_TYPES)}) AS v(${names}))`;
  if (outbox) {
    // Numbered so that the ids, drawn from the sequence row by row, rise in the order the work was given.
    const work = Array.from(
      { length: outbox },
      (_, n) => `(${n}, $${next++}::text, $${next++}::text, $${next++}::bigint)`,
    );
    text += `, boxed AS (INSERT INTO outbox (game_id, kind, data, at)
      SELECT saved.id, w.kind, w.data, w.at FROM saved CROSS JOIN (VALUES ${work.join(', ')}) AS w(n, kind, data, at)
      ORDER BY w.n RETURNING id)`;
  }
  return `${text}
    SELECT messages, ${outbox ? '(SELECT json_agg(id ORDER BY id) FROM boxed)' : 'NULL::json'} AS outbox FROM saved`;
}

const moves = new Map<string, Statement>();

/** One prepared statement per set of columns and counts: a handful in practice, shared by the process. */
export function moveStatement(columns: readonly string[], events: number, outbox: number): Statement {
  const key = `${columns.join(',')}/${events}/${outbox}`;
  let move = moves.get(key);
  if (!move) {
    move = { name: `games.move-${moves.size + 1}`, text: moveText(columns, events, outbox) };
    moves.set(key, move);
  }
  return move;
}

/** The values of a move's statement, in moveStatement's order. */
export function moveValues(id: number, rev: number, written: readonly unknown[], writes: MoveWrites): unknown[] {
  const values: unknown[] = [id, rev, ...written];
  for (const row of writes.events) for (const column of EVENT_COLUMNS) values.push(row[column]);
  for (const work of writes.outbox) values.push(work.kind, JSON.stringify(work), writes.at);
  return values;
}
