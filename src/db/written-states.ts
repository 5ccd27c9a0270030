// The state this process last wrote for each game, and the revision the row had after that write. Only a save
// writes a state, and every save moves the revision on, so while the row is at that revision it holds that
// state: the next read neither fetches nor parses it (a click reads what the click before it wrote; the state is
// a game's largest column). The engine never changes a state it was given, so it can be handed out again.
// Both engines' game stores keep one.
import type { GameState } from '../game';

/** The games clicked lately (more would only hold memory). */
const REMEMBERED_STATES = 128;

interface Written {
  rev: number;
  state: GameState;
}

/** The saves of one transaction, remembered only once it commits. */
export type PendingWrites = Map<number, Written | null>;

export class WrittenStates {
  private readonly written = new Map<number, Written>();

  at(id: number): Written | undefined {
    return this.written.get(id);
  }

  /**
   * A save moved the row from `rev` to rev + 1, writing `state` (undefined: the state column was not written).
   * `pending`: the saves of the transaction it ran in, or null when it committed by itself.
   */
  saved(id: number, rev: number, state: GameState | null | undefined, pending: PendingWrites | null): void {
    // A save that leaves the state as it was keeps the one remembered for it, if that was the row's state at rev.
    const known = this.written.get(id);
    const now = state === undefined ? (known?.rev === rev ? known.state : undefined) : state;
    // Inside a transaction it counts only once the transaction commits: a rolled-back save left the row at rev,
    // and another process's next save would bring it to rev + 1 with its own state.
    if (pending) pending.set(id, now ? { rev: rev + 1, state: now } : null);
    else if (now) this.remember(id, rev + 1, now);
    else this.written.delete(id);
  }

  /** The transaction of `pending` has committed: what it wrote is the rows' now. */
  committed(pending: PendingWrites): void {
    for (const [id, write] of pending) {
      if (write) this.remember(id, write.rev, write.state);
      else this.written.delete(id);
    }
  }

  /** It rolled back: the rows are as they were, so whatever was remembered of them may no longer be. */
  rolledBack(pending: PendingWrites): void {
    for (const id of pending.keys()) this.written.delete(id);
  }

  private remember(id: number, rev: number, state: GameState): void {
    this.written.delete(id);
    // The games played lately; one that comes back after the others pushed it out is read in full once more.
    if (this.written.size >= REMEMBERED_STATES) this.written.delete(this.written.keys().next().value!);
    this.written.set(id, { rev, state });
  }
}
