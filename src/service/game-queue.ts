// The moves of one game, one at a time inside this process: as in boardgame.io's master, a move is decided on the
// state the move before it left, so seats clicking at the same instant never race each other for the game's row
// (only another process can, and the service reads again and decides again then). Games do not wait for each
// other: each has its own queue, dropped when it empties.

export class GameQueue {
  /** Per game, the promise of the last operation queued: the next one starts when it settles. */
  private readonly tails = new Map<number, Promise<unknown>>();

  /** Runs `work` after every operation queued before it for `gameId` has settled, fulfilled or not. */
  run<T>(gameId: number, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(gameId);
    const result = before ? before.then(work, work) : work();
    // The tail never rejects: one operation's failure is its caller's, not the next operation's.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(gameId, tail);
    void tail.then(() => {
      if (this.tails.get(gameId) === tail) this.tails.delete(gameId);
    });
    return result;
  }

  /** How many games have an operation running or waiting (for tests: an empty queue leaves nothing behind). */
  get size(): number {
    return this.tails.size;
  }
}
