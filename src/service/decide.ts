// Which columns a move's save writes: apart from service-core.ts, which runs the move, so that file stays about
// its transaction and its races.
import type { GameChanges, GameRow } from '../db/rows';
import type { Deadlines } from './deadlines';

function sameDeadlines(a: Deadlines, b: Deadlines): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[Number(k)] === b[Number(k)]);
}

/** The columns of `next` that differ from the row: all an UPDATE needs to SET. */
export function changedColumns(row: GameRow, next: Partial<GameChanges>): Partial<GameChanges> {
  const changed: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(next)) {
    const old = row[column as keyof GameChanges];
    // Deadlines are rebuilt by each action; unchanged ones are not written (see GameStore.saveGame).
    const same = column === 'deadlines' ? sameDeadlines(old as Deadlines, value as Deadlines) : old === value;
    if (!same) changed[column] = value;
  }
  return changed as Partial<GameChanges>;
}
