// The people at the bench's Olathe tables (a tournament's, and the lone game's): each plays their turns as soon as
// they are shown, as harness's playSimpleTurn plays one (the first column offered, one throw, the first cell).
// Their open turn messages are kept from the loopback Discord's change events, not searched for, so 32 people
// waiting cost the bench nothing while the bot is measured.
import type { ChangeEvent, FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import { playSimpleTurn } from '../../test/e2e/harness';
import { sleep } from '../support/processes';

/** The English turn message's call (catalogue key turn.yourTurn); the bench's server and people are in English. */
const YOUR_TURN = /^<@(\d+)>, your turn!/;

export class People {
  /** Each person's open turn message: it names them and still has controls. */
  private readonly turnOf = new Map<string, string>();
  private readonly wake = new Map<string, () => void>();
  private readonly loops: Promise<void>[] = [];
  private stopped = false;
  turns = 0;
  failed = 0;
  /** The first few failed turns, in words. */
  readonly failures: string[] = [];

  private readonly listener = (event: ChangeEvent) => this.seen(event);

  constructor(private readonly fake: FakeDiscord) {
    fake.on('change', this.listener);
    // And the turns shown before: every thread and channel looked at once.
    for (const place of [...fake.channels, ...fake.threads()])
      for (const message of fake.messages(place.id)) this.seen({ type: 'messageCreate', channelId: place.id, message });
  }

  private seen({ type, message }: ChangeEvent): void {
    const who = YOUR_TURN.exec(message.content)?.[1];
    if (type !== 'messageDelete' && who && message.ephemeralFor === undefined && message.components.length > 0) {
      this.turnOf.set(who, message.id);
      this.wake.get(who)?.();
      return;
    }
    for (const [user, id] of this.turnOf) if (id === message.id) this.turnOf.delete(user);
  }

  /** The message a person is called to, once the channel shows one. */
  private async nextTurn(user: FakeUser): Promise<FakeMessage | null> {
    for (;;) {
      if (this.stopped) return null;
      const id = this.turnOf.get(user.id);
      const message = id === undefined ? undefined : this.fake.message(id);
      if (message && message.components.length > 0) return message;
      // Woken by the change that calls them, or every second to look at `stopped`.
      await new Promise<void>((done) => {
        const timer = setTimeout(done, 1000);
        this.wake.set(user.id, () => {
          clearTimeout(timer);
          done();
        });
      });
    }
  }

  /** Starts each person's loop: a turn played whenever one is shown, until stop(). */
  play(users: readonly FakeUser[]): void {
    for (const user of users)
      this.loops.push(
        (async () => {
          for (;;) {
            const message = await this.nextTurn(user);
            if (!message) return;
            try {
              await playSimpleTurn(this.fake, user, message);
              this.turns++;
            } catch (error) {
              // A message that moved on under the click (the next look finds the newer one): noted, not fatal.
              this.failed++;
              if (this.failures.length < 5) this.failures.push(String(error).split('\n')[0]!);
              await sleep(200);
            }
          }
        })(),
      );
  }

  /** Ends every loop after the turn it is playing. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const wake of this.wake.values()) wake();
    await Promise.all(this.loops);
    this.fake.off('change', this.listener);
  }
}
