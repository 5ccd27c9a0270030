// A deploy's migration holds `games` (an ALTER TABLE takes it whole) for 5 s while the bot runs. The shard lock's
// confirmation, which is also the turn clock's look on PostgreSQL, reads `games`: the server refuses that read
// after its lock_timeout, the refusal confirms the lock, and the clock looks through the pool instead.
// The bot keeps its shard, says so once in its log (not every 2 s), says once that the look is answered again,
// and the card's hold works after. PostgreSQL only (vitest.config.ts): the server is the test's own.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { control, eventually } from './harness';
import { ownPostgres } from './own-postgres';
import { openSoloBalut, throwOn } from './outage';

const HELD_MS = 5000;
const REFUSED = 'was refused; looking through the pool';
const ANSWERED_AGAIN = 'answers the turn clock’s look again';

const own = ownPostgres();

const times = (text: string, part: string) => text.split(part).length - 1;

describe('a migration holding the games table for 5 s, on PostgreSQL', () => {
  it('keeps the shard, logs the refused looks once and their end once, and the card holds after', async () => {
    const { world } = await own.start('migration-lock');
    const url = world.env.DATABASE_URL!;
    const card = await throwOn(world, await openSoloBalut(world));

    const migration = new pg.Client({ connectionString: url });
    await migration.connect();
    await migration.query('BEGIN');
    await migration.query('LOCK TABLE games IN ACCESS EXCLUSIVE MODE');
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    await migration.query('COMMIT');
    await migration.end();

    const { bot, fake, users } = world;
    await eventually(() => bot.log().includes(ANSWERED_AGAIN), 10_000);
    // One refusal every 2 s while it held the table: two or more, each answered by the server, logged as one.
    expect(times(bot.log(), REFUSED)).toBe(1);
    expect(times(bot.log(), ANSWERED_AGAIN)).toBe(1);
    // Still the same process: one that lost its shard exits (src/app/index.ts).
    expect(bot.child.exitCode).toBeNull();

    const ack = await fake.click(users.alice, card.id, control(card, 'hold').customId).acked();
    expect(ack.ephemeral).toBe(false);
  }, 60_000);
});
