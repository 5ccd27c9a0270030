// Discord ids are snowflakes: milliseconds since the Discord epoch in the top bits, then worker,
// process and a 12-bit counter. discord.js reads creation times from them, so they must be real ones.

/** First second of 2015, Discord's epoch. */
export const DISCORD_EPOCH_MS = 1_420_070_400_000;

const MAX_COUNTER = 0xfff;

export class SnowflakeFactory {
  private lastMs = 0;
  private counter = 0;

  constructor(private readonly now: () => number) {}

  next(): string {
    return this.mint(() => true);
  }

  /**
   * An id of a guild that lands on shard `shardId` of `shardCount`: the shard is picked by the id's
   * timestamp, so the id is stamped up to `shardCount - 1` ms ahead of the clock.
   */
  nextOnShard(shardId: number, shardCount: number): string {
    checkShard(shardId, shardCount);
    return this.mint((ms) => (ms - DISCORD_EPOCH_MS) % shardCount === shardId);
  }

  /**
   * Never goes back (a clock set back, or an id stamped ahead for a shard, would otherwise repeat ids)
   * and moves to the next millisecond once the 12-bit counter is spent.
   */
  private mint(accepts: (ms: number) => boolean): string {
    let ms = Math.max(this.now(), DISCORD_EPOCH_MS, this.lastMs);
    for (;;) {
      const counter = ms === this.lastMs ? this.counter + 1 : 0;
      if (counter <= MAX_COUNTER && accepts(ms)) {
        this.lastMs = ms;
        this.counter = counter;
        break;
      }
      ms++;
    }
    // worker 1, process 0: any fixed value works.
    const id = (BigInt(ms - DISCORD_EPOCH_MS) << 22n) | (1n << 17n) | BigInt(this.counter);
    return id.toString();
  }
}

/** Milliseconds since 1970 at which a snowflake was made. */
export function snowflakeTime(id: string): number {
  return Number(BigInt(id) >> 22n) + DISCORD_EPOCH_MS;
}

/** Which shard a guild belongs to, by Discord's formula. */
export function shardOfGuild(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** Whether `[shardId, shardCount]` is a shard Discord would accept in IDENTIFY. */
export function isShard(shardId: number, shardCount: number): boolean {
  return (
    Number.isInteger(shardId) && Number.isInteger(shardCount) && shardCount >= 1 && shardId >= 0 && shardId < shardCount
  );
}

/** Throws unless `[shardId, shardCount]` is a shard Discord would accept in IDENTIFY. */
export function checkShard(shardId: number, shardCount: number): void {
  if (!isShard(shardId, shardCount))
    throw new Error(`[${shardId}, ${shardCount}] is not a shard: the id must be 0 ≤ id < count`);
}
