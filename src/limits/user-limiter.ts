// A token bucket per person, for the answers that cost work. The buckets are bounded: one refilled to the brim is
// the same as none and is forgotten, and past `maxPeople` the least recently seen person's goes (they start again
// with a full bucket, which only someone with that many accounts at once can use).
import { TokenBucket } from './token-bucket';

export class UserLimiter {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly maxPeople = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** 0 when `key` may go on (its token is taken); otherwise the whole seconds until it may, at least 1. */
  take(key: string): number {
    let bucket = this.buckets.get(key);
    if (bucket) this.buckets.delete(key);
    else bucket = new TokenBucket(this.burst, this.perSecond, this.now);
    this.buckets.set(key, bucket);
    const wait = bucket.take() ? 0 : Math.max(1, Math.ceil(bucket.waitMs() / 1000));
    this.forget(key);
    return wait;
  }

  /** Least recently seen first: the full buckets at the front, and whatever is over the bound; never `current`. */
  private forget(current: string): void {
    for (const [key, bucket] of this.buckets) {
      if (key === current || (this.buckets.size <= this.maxPeople && !bucket.full())) break;
      this.buckets.delete(key);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
}
