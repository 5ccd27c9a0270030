// An allowance of actions: `burst` at once, refilled at `perSecond`. The board's connections (a page that sends
// faster is not a person clicking but a flood) and each person's answers that cost work (user-limiter.ts) use it.
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
  }

  /** Takes one action's token; false when none is left. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until a token is there (0: one is there now). */
  waitMs(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : ((1 - this.tokens) / this.perSecond) * 1000;
  }

  /** Refilled to the brim: the same as a bucket never used, so it may be forgotten. */
  full(): boolean {
    this.refill();
    return this.tokens >= this.burst;
  }
}
