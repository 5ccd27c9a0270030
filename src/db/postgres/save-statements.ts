// The UPDATEs that save a game, one per set of changed columns (a handful in practice, prepared once per
// connection and shared by every store of the process): alone, or as the one statement of a move that also inserts
// its events (./lazy-transaction.ts). Each carries pg_notify: delivered when the save commits (never for one rolled
// back), to every host LISTENing (./game-changes.ts), with no round trip of its own.
import type { EventRow } from '../event-rows';
import type { Statement } from './pool';
import { GAME_CHANGES_CHANNEL } from './game-changes';

const saves = new Map<string, Statement>();

/** The save of `columns` alone: $1 the id, $2 the revision read, then the columns' values. */
export function saveStatement(columns: readonly string[]): Statement {
  const key = columns.join(',');
  let save = saves.get(key);
  if (!save) {
    const sets = ['rev = rev + 1', ...columns.map((c, i) => `${c} = $${i + 3}`)].join(', ');
    // Named by number: PostgreSQL cuts a statement's name at 63 characters, and the column list can be longer.
    save = {
      name: `games.save-${saves.size + 1}`,
      text: `UPDATE games SET ${sets} WHERE id = $1 AND rev = $2 RETURNING messages, pg_notify('${GAME_CHANGES_CHANNEL}', id::text)`,
    };
    saves.set(key, save);
  }
  return save;
}

/** The events' columns in the order the one statement binds them. */
export const EVENT_COLUMNS = 'game_id seq at type seat dice holds five col category written score die count'.split(
  ' ',
) as Array<keyof EventRow>;
// Typed where they stand: inside VALUES nothing else tells PostgreSQL what a parameter is.
const EVENT_TYPES = 'bigint int bigint text int text text int int text text int int int'.split(' ');

/** The one statement of a save and `events` events; the same text for the same columns and count. */
export function oneStatementText(columns: readonly string[], events: number): string {
  const sets = ['rev = rev + 1', ...columns.map((c, i) => `${c} = $${i + 4}`)].join(', ');
  let next = columns.length + 4;
  const rows: string[] = [];
  for (let e = 0; e < events; e++) rows.push(`(${EVENT_TYPES.map((t) => `$${next++}::${t}`).join(', ')})`);
  // A data-modifying WITH runs every part once, whatever the final SELECT reads; the events join the saved row,
  // so a refused save inserts none.
  const insert = events
    ? `, inserted AS (INSERT INTO events (${EVENT_COLUMNS.join(', ')})
         SELECT v.* FROM saved CROSS JOIN (VALUES ${rows.join(', ')}) AS v(${EVENT_COLUMNS.join(', ')}))`
    : '';
  return `WITH saved AS (UPDATE games SET ${sets} WHERE id = $1 AND rev = $2 AND messages = $3
      RETURNING id, pg_notify('${GAME_CHANGES_CHANNEL}', id::text))${insert}
    SELECT id FROM saved`;
}

/** One prepared statement per set of columns and count of events: a handful in practice, shared by the process. */
const prepared = new Map<string, Statement>();

export function oneStatement(columns: readonly string[], events: number): Statement {
  const key = `${columns.join(',')}/${events}`;
  let statement = prepared.get(key);
  if (!statement) {
    // Named by number: PostgreSQL cuts a statement's name at 63 characters, and the column list can be longer.
    statement = { name: `games.move-${prepared.size + 1}`, text: oneStatementText(columns, events) };
    prepared.set(key, statement);
  }
  return statement;
}
