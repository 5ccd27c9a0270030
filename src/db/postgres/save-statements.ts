// The UPDATEs that save a game, one per set of changed columns (a handful in practice, prepared once per
// connection and shared by every store of the process). Each carries pg_notify:
// delivered when the save commits (never for one rolled back), to every host LISTENing (./game-changes.ts), with
// no round trip of its own.
import type { Statement } from './pool';
import { GAME_CHANGES_CHANNEL } from './game-changes';

const saves = new Map<string, Statement>();

/** The save of `columns`: $1 the id, $2 the revision it was decided on, then the columns' values. */
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
