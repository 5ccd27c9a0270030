// How a move is decided: on the game as this process may remember it, and which columns its save writes. Apart
// from service-core.ts, which runs it, so that file stays about its transaction and its races.
import type { GameChanges, GameRow, PlayerRow } from '../db/rows';
import type { GameStore } from '../db/storage';
import type { Deadlines } from './deadlines';
import { MESSAGES, ServiceError } from './errors';
import type { Commit, Loaded } from './operation';

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

/**
 * Plans on the game as this process may remember it (GameStore.gameToChange: no read), which the save's `rev`
 * guards. A refusal, or nothing to do, decided on a remembered game is decided again on a read: another process
 * may have moved the game on to where the move is possible (the same click, its newer stamp).
 */
export async function decideOnKnown<T>(
  store: GameStore,
  gameId: number,
  plan: (g: Loaded) => Commit<T> | null,
  load: (gameId: number) => Promise<Loaded | null>,
): Promise<Commit<T> | null> {
  const found = Number.isSafeInteger(gameId) ? await store.gameToChange(gameId) : undefined;
  if (!found) throw new ServiceError('no-game', MESSAGES.noGame);
  if (!found.remembered) return plan(loadedOf(found));
  try {
    const commit = plan(loadedOf(found));
    if (commit) return commit;
  } catch {
    // Decided again below, on the game as it is now.
  }
  const g = await load(gameId);
  if (!g) throw new ServiceError('no-game', MESSAGES.noGame);
  return plan(g);
}

/** A game's row and seats as a move is decided on them: its state and deadlines are the row's. */
export function loadedOf({ row, players }: { row: GameRow; players: PlayerRow[] }): Loaded {
  return { row, players, state: row.state, deadlines: row.deadlines };
}
