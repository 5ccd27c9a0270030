// The messages column of each game as this process last read it, with the row's revision then. A move's save is
// decided on a read of the game; held back to go with its events as one statement (./lazy-transaction.ts), it must
// answer the messages the row has without asking, so it answers these and the statement checks them along with
// the revision: a row whose messages changed since (a message posted or forgotten) refuses the save as a lost race.

/** The games read lately (more would only hold memory). */
const REMEMBERED = 128;

export interface ReadMessages {
  rev: number;
  /** The column's text as stored: what the statement compares. */
  text: string;
}

export class LastReadMessages {
  private readonly read = new Map<number, ReadMessages>();

  at(id: number): ReadMessages | undefined {
    return this.read.get(id);
  }

  saw(id: number, rev: number, text: string): void {
    this.read.delete(id);
    if (this.read.size >= REMEMBERED) this.read.delete(this.read.keys().next().value!);
    this.read.set(id, { rev, text });
  }
}
