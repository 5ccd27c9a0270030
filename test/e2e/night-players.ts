// The people of a tournament night in an end-to-end test: each plays every turn the channel shows them, as a
// person would, one click at a time (declare the first column offered, throw, write the cell that scores most),
// all tables at once. A click the bot refuses (the database out of reach) is tried again a moment later; a click
// that gets no answer (the bot killed, Discord down) is noted, so the test can hold its breaches to the clicks its
// own failures left unanswered.
import type { FakeDiscord, FakeInteraction, FakeMessage, FakeUser } from '../../src/fake-discord';
import { tr } from '../../src/discord/i18n';
import type { Control } from './harness';
import { findControl } from './harness';

/** A click's answer other than the message it was made on: a refusal, which must be the clicker's alone. */
export interface Refusal {
  userId: string;
  content: string;
  ephemeral: boolean;
}

/** A click the bot never answered (or that no bot session was there to receive). */
export interface Unanswered {
  userId: string;
  at: number;
  error: string;
}

export type Outcome = 'updated' | 'refused' | 'silent';

/** Told of each write before it is clicked and once it was answered (or not): a test times its failures by them. */
export interface WriteHooks {
  before?(user: FakeUser, message: FakeMessage, write: Control): Promise<void>;
  after?(user: FakeUser, message: FakeMessage, write: Control, outcome: Outcome): Promise<void>;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The cell that scores most now ("Choice (Free 1) — 21 pts"; "— scratch" scores 0), the first of equals. */
function bestCell(options: readonly { label: string; value: string }[]): string {
  const points = (label: string) => Number(/— (\d+) pts?$/.exec(label)?.[1] ?? 0);
  return options.reduce((best, o) => (points(o.label) > points(best.label) ? o : best)).value;
}

export class NightPlayers {
  readonly refusals: Refusal[] = [];
  readonly unanswered: Unanswered[] = [];
  /** Clicks answered by their message, updated. */
  clicks = 0;
  private readonly busy = new Map<string, Promise<void>>();
  private readonly resting = new Map<string, number>();
  private stopped = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly fake: FakeDiscord,
    private readonly people: readonly FakeUser[],
    /** The channels to look for turns in: the current round's threads. */
    private readonly channels: () => string[],
    private readonly writes: WriteHooks = {},
  ) {}

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
    await Promise.allSettled([...this.busy.values()]);
  }

  /** Each person's open turn message: it names them and still has controls. */
  private openTurns(): Map<string, FakeMessage> {
    const open = new Map<string, FakeMessage>();
    const cues = new Map(this.people.map((p) => [tr('en')('turn.yourTurn', { userId: p.id }), p.id]));
    for (const channelId of this.channels())
      for (const m of this.fake.messages(channelId)) {
        if (m.components.length === 0 || m.ephemeralFor) continue;
        for (const [cue, userId] of cues) if (m.content.includes(cue)) open.set(userId, m);
      }
    return open;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const open = this.openTurns();
      for (const person of this.people) {
        const message = open.get(person.id);
        if (!message || this.busy.has(person.id) || (this.resting.get(person.id) ?? 0) > Date.now()) continue;
        const turn = this.playTurn(person, message).finally(() => this.busy.delete(person.id));
        this.busy.set(person.id, turn);
      }
      await delay(100);
    }
  }

  /** One turn, a click at a time on the message as it shows now; stops at the first refusal or silence. */
  private async playTurn(user: FakeUser, start: FakeMessage): Promise<void> {
    for (let step = 0; step < 6; step++) {
      const message = this.fake.message(start.id);
      if (!message || message.components.length === 0) return;
      const declare = findControl(message, 'declare');
      const write = findControl(message, 'write');
      const thrown = findControl(message, 'throw');
      if (!declare && !write && (!thrown || thrown.disabled)) return;
      if (!declare && write) await this.writes.before?.(user, message, write);
      const outcome = await this.answerOf(user, message.id, () => {
        if (declare) return this.fake.select(user, message.id, declare.customId, [declare.options![0]!.value]);
        if (write) return this.fake.select(user, message.id, write.customId, [bestCell(write.options!)]);
        return this.fake.click(user, message.id, thrown!.customId);
      });
      if (!declare && write) await this.writes.after?.(user, message, write, outcome);
      if (outcome !== 'updated') {
        this.resting.set(user.id, Date.now() + 300);
        return;
      }
      this.clicks++;
      if (!declare && write) return;
    }
  }

  private async answerOf(user: FakeUser, messageId: string, send: () => FakeInteraction): Promise<Outcome> {
    try {
      const click = send();
      await click.acked();
      const answer = await click.reply();
      if (answer.id === messageId) return 'updated';
      this.refusals.push({ userId: user.id, content: answer.content, ephemeral: (answer.flags & 64) !== 0 });
      return 'refused';
    } catch (error) {
      // Unacknowledged, or no bot on the gateway at all (it is down): the person tries again in a moment.
      this.unanswered.push({ userId: user.id, at: Date.now(), error: (error as Error).message.split('\n')[0]! });
      return 'silent';
    }
  }
}
