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

export class WrittenStates {
  private readonly written = new Map<number, Written>();
  private readonly uncommitted = new Map<number, Written | null>();

  /** `inTransaction`: whether a save now runs inside a transaction, whose outcome is not known yet. */
  constructor(private readonly inTransaction: () => boolean) {}

  at(id: number): Written | undefined {
    return this.written.get(id);
  }

  /** A save moved the row from `rev` to rev + 1, writing `state` (undefined: the state column was not written). */
  saved(id: number, rev: number, state: GameState | null | undefined): void {
    // A save that leaves the state as it was keeps the one remembered for it, if that was the row's state at rev.
    const known = this.written.get(id);
    const now = state === undefined ? (known?.rev === rev ? known.state : undefined) : state;
    // Inside a transaction it counts only once the transaction commits: a rolled-back save left the row at rev,
    // and another process's next save would bring it to rev + 1 with its own state.
    if (this.inTransaction()) this.uncommitted.set(id, now ? { rev: rev + 1, state: now } : null);
    else if (now) this.remember(id, rev + 1, now);
    else this.written.delete(id);
  }

  /** The transaction the saves since the last call ran in has committed: what they wrote is the rows' now. */
  committed(): void {
    for (const [id, write] of this.uncommitted) {
      if (write) this.remember(id, write.rev, write.state);
      else this.written.delete(id);
    }
    this.uncommitted.clear();
  }

  /** It rolled back: the rows are as they were, so whatever was remembered of them may no longer be. */
  rolledBack(): void {
    for (const id of this.uncommitted.keys()) this.written.delete(id);
    this.uncommitted.clear();
  }

  private remember(id: number, rev: number, state: GameState): void {
    this.written.delete(id);
    // The games played lately; one that comes back after the others pushed it out is read in full once more.
    if (this.written.size >= REMEMBERED_STATES) this.written.delete(this.written.keys().next().value!);
    this.written.set(id, { rev, state });
  }
}
