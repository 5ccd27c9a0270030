// What the operator's health check and metrics ask of the database. Apart from GameService: none of it is a
// player's action, and a health check must not wait behind one.
import type { OpsStore, Storage } from '../db/storage';
import { oneLine } from '../db/errors';

export class OpsService {
  private readonly store: OpsStore;

  constructor(
    storage: Storage,
    /** This process's gateway shard: each process proves its own connection can write. */
    private readonly shard = 0,
    private readonly now: () => number = Date.now,
  ) {
    this.store = storage.ops;
  }

  /** Null when the database took a real write just now; otherwise why not, in one line. */
  async writeProblem(): Promise<string | null> {
    try {
      await this.store.touchHealth(this.shard, this.now());
      return null;
    } catch (error) {
      return `database: cannot write (${oneLine(error)})`;
    }
  }

  gamesInPlay(): Promise<number> {
    return this.store.gamesInPlay();
  }

  /** Outbox rows: channel work saved with an action that Discord does not have yet. */
  pendingChannelWork(): Promise<number> {
    return this.store.pendingOutbox();
  }
}
