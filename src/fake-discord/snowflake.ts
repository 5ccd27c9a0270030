// Discord ids are snowflakes: milliseconds since the Discord epoch in the top bits, then worker,
// process and a 12-bit counter. discord.js reads creation times from them, so they must be real ones.

/** First second of 2015, Discord's epoch. */
export const DISCORD_EPOCH_MS = 1_420_070_400_000;

export class SnowflakeFactory {
  private lastMs = 0;
  private counter = 0;

  constructor(private readonly now: () => number) {}

  next(): string {
    const ms = Math.max(this.now(), DISCORD_EPOCH_MS);
    if (ms === this.lastMs) this.counter = (this.counter + 1) & 0xfff;
    else {
      this.lastMs = ms;
      this.counter = 0;
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
