// One pass at a time per game (or tournament): a kick while a pass runs asks for one more after it, never a second
// pass beside it, so what a pass reads is never older than the last kick and two passes never post the same message.

interface Running {
  again: boolean;
  done: Promise<void>;
}

export class Passes {
  private readonly running = new Map<number, Running>();

  /**
   * @param pass brings `id` in line; resolves true when it wants to run again at once (more work came in).
   * @param stopped asked before each further pass: a stopping process runs no more.
   */
  constructor(
    private readonly pass: (id: number) => Promise<boolean | void>,
    private readonly stopped: () => boolean,
  ) {}

  /** Runs a pass for `id` soon; resolves when the passes this kick asked for are over. */
  kick(id: number): Promise<void> {
    if (this.stopped()) return Promise.resolve();
    const running = this.running.get(id);
    if (running) {
      running.again = true;
      return running.done;
    }
    const entry: Running = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      do {
        entry.again = false;
        if ((await this.pass(id)) === true) entry.again = true;
      } while (entry.again && !this.stopped());
      this.running.delete(id);
    })();
    this.running.set(id, entry);
    return entry.done;
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves once no pass runs, those kicked meanwhile included. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }
}
