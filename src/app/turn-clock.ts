// The turn clock: sleeps until the earliest stored deadline (a turn timer, a computer player's next step, a lobby's
// expiry), handles everything due, and sleeps again. Deadlines live in the database, so a restart loses none; the
// sleep is capped so deadlines set by another process are seen too, and a deadline this process writes wakes it
// at once (GameService.onDeadlineSet) — a computer player answers a person's move after its step, not after the
// rest of the clock's sleep. A wake that only the cap caused reads the next deadline alone, and handles turns only
// if one is due: an idle clock makes one round trip a second, not two, each costing an idle bot CPU. On PostgreSQL
// even that round trip is the shard lock's: its confirmation every 2 s is the clock's look (`heard`), and the
// clock's own looks are a minute apart (FED_CLOCK_SLEEP_MS). A deadline another host writes is then seen within
// 2 s, not 1.
import type { GameService } from '../service/game-service';
import type { Logger } from './logger';

/** The longest the clock sleeps before looking at the stored deadlines again. */
export const MAX_CLOCK_SLEEP_MS = 1000;
/** The same, for a clock told every few seconds what the deadlines are (`heard`): a safety net, not the pace. */
export const FED_CLOCK_SLEEP_MS = 60_000;

export interface TurnClockHooks {
  /** A timed-out turn, an expired lobby or a computer player's step was saved: show it. */
  changed(gameId: number): void;
  /** The database answered after failing (a look at the deadlines failed, then one worked). */
  databaseBack(): void;
}

export class TurnClock {
  private timer: NodeJS.Timeout | undefined;
  /** When the pending sleep ends (ms since the epoch); Infinity while a run or a look is under way. */
  private wakeAt = Infinity;
  /** The earliest deadline known (the last look's, or one written since); Infinity when none. */
  private dueAt = Infinity;
  /** The run under way (or the look at the deadlines): a stop waits for it. */
  private run: Promise<void> = Promise.resolve();
  private running = false;
  /** The earliest deadline written while a run or a look was under way, which it may not have seen. */
  private missed = Infinity;
  private started = false;
  private stopped = false;
  /** What saw the database lost, until it answers again: the clock's own look (the pool), a confirmation. */
  private lostBy = { look: false, confirmation: false };
  private unsubscribe = () => {};

  constructor(
    private readonly service: GameService,
    private readonly hooks: TurnClockHooks,
    private readonly log: Logger,
    private readonly maxSleepMs = MAX_CLOCK_SLEEP_MS,
    /** The service's clock: deadlines are its times (OLATHE_CLOCK_OFFSET_MS moves both in tests). */
    private readonly now: () => number = () => Date.now(),
  ) {}

  start(): void {
    this.started = true;
    this.unsubscribe = this.service.onDeadlineSet((at) => this.wake(at));
    this.run = this.schedule();
  }

  /** No more runs; resolves once the one under way has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    clearTimeout(this.timer);
    await this.run;
    clearTimeout(this.timer);
  }

  /**
   * What a look at the deadlines asked by another part of the process found (the shard lock's confirmation):
   * the database answers, and the clock wakes for the earliest deadline as if this process had written it.
   */
  heard(next: number | null): void {
    if (!this.started || this.stopped) return;
    // Lost through the pool, the database is back once the pool answers: the clock looks through it now.
    if (this.lostBy.look) this.lookNow();
    else if (this.lostBy.confirmation) {
      this.lostBy.confirmation = false;
      this.hooks.databaseBack();
    }
    if (next !== null) this.wake(next);
  }

  /** That look failed: the database counts as lost until a look answers, which then reconciles every game. */
  unheard(): void {
    this.lostBy.confirmation = true;
  }

  /** That look was refused (the server answered it with an error, a timeout of its own): the clock looks itself. */
  lookNow(): void {
    if (!this.started || this.stopped || this.running) return;
    clearTimeout(this.timer);
    this.wakeAt = Infinity;
    this.run = this.schedule();
  }

  /** A deadline at `at` was written: sleep no longer than until then. A run under way looks again when it ends. */
  private wake(at: number): void {
    if (this.stopped) return;
    if (this.running) {
      this.missed = Math.min(this.missed, at);
      return;
    }
    this.dueAt = Math.min(this.dueAt, at);
    if (at >= this.wakeAt) return;
    clearTimeout(this.timer);
    this.sleep(Math.max(0, at - this.now()));
  }

  private sleep(ms: number): void {
    this.wakeAt = this.now() + ms;
    this.timer = setTimeout(() => {
      this.wakeAt = Infinity;
      this.run = this.now() >= this.dueAt ? this.handleDue() : this.schedule();
    }, ms);
  }

  private async schedule(): Promise<void> {
    if (this.stopped) return;
    this.running = true;
    this.missed = Infinity;
    let next: number | null = null; // on a failed read, look again after the longest sleep
    try {
      next = await this.service.nextDeadline();
      this.answered();
    } catch (error) {
      this.failed(error);
    }
    this.running = false;
    if (this.stopped) return;
    const due = Math.min(next ?? Infinity, this.missed);
    this.dueAt = due;
    this.sleep(Math.min(this.maxSleepMs, Math.max(0, due - this.now())));
  }

  // What a timed-out turn or a computer player's step shows was saved with it; the Publisher shows it. The next
  // sleep starts when this run has finished, so two runs of the clock never overlap.
  private async handleDue(): Promise<void> {
    this.running = true;
    try {
      for (const result of await this.service.expireTurns()) {
        const timedOut = result.events.some((e) => e.type === 'timeout');
        if (timedOut) this.log.info('turn timed out', { gameId: result.view.id });
        else if (result.view.status === 'cancelled') this.log.info('lobby expired', { gameId: result.view.id });
        else this.log.debug('computer player moved', { gameId: result.view.id });
        this.hooks.changed(result.view.id);
      }
    } catch (error) {
      this.failed(error);
    }
    // A tournament's start time is due work too: its first round's games start (the Publisher shows them).
    try {
      for (const started of await this.service.tournaments.startDueTournaments()) {
        this.log.info('tournament carried on', { tournamentId: started.id, games: started.gameIds.length });
        for (const gameId of started.gameIds) this.hooks.changed(gameId);
      }
    } catch (error) {
      this.failed(error);
    }
    await this.schedule();
  }

  // The clock reads the database every second or two (itself, or through `heard`), so it is the first to see it
  // come back after an outage.
  // An outage fails every look: it is logged once when it starts and once when it ends, not every second.
  private failed(error: unknown): void {
    const unavailable = this.service.storage.isUnavailable(error);
    if (unavailable && this.lostBy.look) return this.log.debug('deadline check failed', { error });
    if (unavailable) this.lostBy.look = true;
    this.log.error('deadline check failed', { error });
  }

  private answered(): void {
    if (!this.lostBy.look && !this.lostBy.confirmation) return;
    if (this.lostBy.look) this.log.info('deadline checks answered again');
    this.lostBy = { look: false, confirmation: false };
    this.hooks.databaseBack();
  }
}
