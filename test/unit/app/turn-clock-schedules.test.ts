// The turn clock fed by the shard lock's confirmations (on PostgreSQL its look at the deadlines is the
// lock's confirmation, every 2 s), under random schedules (fast-check) of deadlines written by this process and by
// another host, database outages (whole, or the pool's alone) and reads the server refuses, on fake time. Invariants: every deadline is handled, never before it is due
// and within a confirmation of being due with the database up; no two runs overlap; and "the database is back" is
// said after each failure the clock saw, once, and never while the database is down.
import fc from 'fast-check';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createLogger } from '../../../src/app/logger';
import { FED_CLOCK_SLEEP_MS, TurnClock } from '../../../src/app/turn-clock';
import type { GameService } from '../../../src/service/game-service';

const CONFIRM_EVERY_MS = 2000;
const down = new Error('database unavailable');

/** The database as the clock sees it through its service: deadlines by game, and whether it answers. */
class FakeDatabase {
  readonly deadlines = new Map<number, number>();
  up = true;
  /** The pool's connections alone (max_connections reached, say): the lock's session still answers. */
  poolUp = true;
  private readonly listeners: Array<(at: number) => void> = [];
  readonly handled: Array<{ gameId: number; due: number; at: number }> = [];
  running = 0;
  overlapped = false;
  /** Failures the clock was shown since it last said the database is back: refused statements, failed confirmations. */
  failures = 0;
  /** Of them, the pool's. */
  poolFailures = 0;

  service(): GameService {
    const answer = async <T>(value: () => T): Promise<T> => {
      await Promise.resolve();
      if (!this.up || !this.poolUp) {
        this.failures++;
        if (this.up) this.poolFailures++;
        throw down;
      }
      return value();
    };
    const service = {
      storage: { isUnavailable: (error: unknown) => error === down },
      onDeadlineSet: (listener: (at: number) => void) => {
        this.listeners.push(listener);
        return () => {};
      },
      nextDeadline: () => answer(() => this.next()),
      tournaments: { startDueTournaments: () => answer(() => []) },
      expireTurns: async () => {
        if (++this.running > 1) this.overlapped = true;
        try {
          return await answer(() => {
            const now = Date.now();
            const due = [...this.deadlines].filter(([, at]) => at <= now);
            for (const [gameId, at] of due) {
              this.deadlines.delete(gameId);
              this.handled.push({ gameId, due: at, at: now });
            }
            return due.map(([gameId]) => ({ events: [], view: { id: gameId, status: 'playing' } }));
          });
        } finally {
          this.running--;
        }
      },
    };
    return service as unknown as GameService;
  }

  next(): number | null {
    return this.deadlines.size ? Math.min(...this.deadlines.values()) : null;
  }

  /** A move saved here: its deadline written, and this process's clock told (GameService.onDeadlineSet). */
  write(gameId: number, at: number, here: boolean): void {
    this.deadlines.set(gameId, at);
    if (here) for (const listener of this.listeners) listener(at);
  }
}

type Step =
  | { kind: 'write'; gameId: number; inMs: number; here: boolean }
  | { kind: 'outage'; forMs: number; poolOnly: boolean }
  | { kind: 'wait'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('write' as const),
    gameId: fc.integer({ min: 1, max: 4 }),
    inMs: fc.integer({ min: 0, max: 8000 }),
    here: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('outage' as const),
    forMs: fc.integer({ min: 100, max: 9000 }),
    poolOnly: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 5000 }) }),
);

beforeEach(() => void vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => void vi.useRealTimers());

it('handles every deadline on time and says the database is back after each outage it saw, whatever the schedule', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(step, { minLength: 1, maxLength: 12 }),
      fc.integer({ min: 2, max: 6 }),
      async (steps, refuseEvery) => {
        const db = new FakeDatabase();
        const wrong: string[] = [];
        const errors: string[] = [];
        const clock = new TurnClock(
          db.service(),
          {
            changed: () => {},
            // Said once the database answers after a failure the clock saw: never while it is down, never twice.
            databaseBack: () => {
              if (!db.up) wrong.push('back while the database is down');
              if (db.failures === 0) wrong.push('back without a failure since the last');
              if (!db.poolUp && db.poolFailures > 0) wrong.push('back while the pool that failed is still down');
              db.failures = db.poolFailures = 0;
            },
          },
          createLogger('error', (line) => errors.push(line)),
          FED_CLOCK_SLEEP_MS,
        );
        // The shard lock's confirmations: the look at the deadlines, told to the clock, or the failure.
        // Now and then the server refuses the read (a table locked by a migration): the clock looks by itself.
        let confirmation = 0;
        const confirmations = setInterval(() => {
          if (!db.up) {
            db.failures++;
            return clock.unheard();
          }
          if (++confirmation % refuseEvery === 0) return clock.lookNow();
          clock.heard(db.next());
        }, CONFIRM_EVERY_MS);
        clock.start();
        // When the database last came back: a deadline due while it was down is owed only from then.
        let upSince = Date.now();
        const late = wrong;
        const check = () => {
          for (const h of db.handled.splice(0)) {
            if (h.at < h.due) late.push(`game ${h.gameId} handled ${h.due - h.at} ms early`);
            const owed = Math.max(h.due, upSince);
            // A refused confirmation makes the clock look itself, so at most two confirmations go by unheard.
            if (h.at - owed > 2 * CONFIRM_EVERY_MS + 50) late.push(`game ${h.gameId} handled ${h.at - owed} ms late`);
          }
        };
        for (const s of steps) {
          if (s.kind === 'write') db.write(s.gameId, Date.now() + s.inMs, s.here);
          else if (s.kind === 'wait') await vi.advanceTimersByTimeAsync(s.ms);
          else {
            if (s.poolOnly) db.poolUp = false;
            else db.up = false;
            await vi.advanceTimersByTimeAsync(s.forMs);
            db.up = db.poolUp = true;
            upSince = Date.now();
          }
          check();
        }
        // Long enough for every deadline written (at most 8 s ahead) and one more confirmation.
        await vi.advanceTimersByTimeAsync(8000 + 2 * CONFIRM_EVERY_MS);
        check();
        clearInterval(confirmations);
        await clock.stop();
        expect(wrong).toEqual([]);
        expect(db.deadlines.size).toBe(0);
        expect(db.overlapped).toBe(false);
        // Every failure it saw was followed by its "back".
        expect(db.failures).toBe(0);
        // An outage is one error line, however many looks it failed.
        expect(errors.length).toBeLessThanOrEqual(steps.filter((s) => s.kind === 'outage').length);
      },
    ),
    { numRuns: 150 },
  );
});
