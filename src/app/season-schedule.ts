// When the season podiums are looked at (src/discord/season-publisher.ts): at start-up, at each season's first
// moment by the bot's clock (a UTC month's start), and every OLATHE_RECONCILE_MS while posts wait for Discord.
// A pass that finds everything done reads nothing until the next season, so an idle bot pays nothing for it.
import { nextSeasonStart } from '../service/game-service';

/** A moment past the season's start, so the clock reads the new month for certain. */
const PAST_START_MS = 1000;

export class SeasonSchedule {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private run: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly publisher: { pass(): Promise<unknown> },
    /** The bot's clock (the service's). */
    private readonly now: () => number,
    private readonly everyMs: number,
  ) {}

  start(): void {
    this.tick();
  }

  /** No more passes; resolves once the one under way has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.run;
  }

  private tick(): void {
    if (this.stopped) return;
    this.run = this.publisher.pass().finally(() => this.schedule());
  }

  private schedule(): void {
    if (this.stopped) return;
    const now = this.now();
    const wait = Math.min(this.everyMs, Math.max(0, nextSeasonStart(now) - now + PAST_START_MS));
    this.timer = setTimeout(() => this.tick(), wait);
  }
}
