// PostgreSQL stopped for about 8 s in the middle of a game (`pg_ctl stop -m immediate`, then started again on
// the same data folder and port): /healthz answers 503 with its reason within 5 s, a click meanwhile gets a short
// private answer within Discord's 3 s and changes nothing, /healthz is 200 again within 20 s of the return, and
// within 15 s of it the old buttons work again and the game finishes with every cell written once.
// PostgreSQL only (vitest.config.ts): the server is the test's own, to be stopped and started.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tr } from '../../src/discord/i18n';
import type { GameState } from '../../src/game';
import { gameResults } from '../../src/game';
import type { FakeUser } from '../../src/fake-discord';
import { freePort } from '../support/ports';
import type { PostgresServer } from '../support/postgres';
import { freshDatabase, startPostgres } from '../support/postgres';
import type { World } from './harness';
import { control, ephemeralAnswer, playSimpleTurn, playToTheEnd, startWorld, waitForTurn } from './harness';

let server: PostgresServer;
let world: World;
let base: string;

beforeAll(async () => {
  // The server is killed mid-game: what the bot saw committed must still be there when it comes back.
  server = await startPostgres({ durableCommits: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  world = await startWorld({
    diceSeed: 'outage',
    env: { DATABASE_URL: await freshDatabase(server), METRICS_PORT: String(port), METRICS_HOST: '' },
  });
}, 90_000);

afterAll(async () => {
  await world?.close();
  await server?.stop();
});

/** /healthz's answer; a hang counts as no answer (null), which no assertion accepts. */
async function healthz(): Promise<{ status: number; body: string } | null> {
  try {
    const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
    return { status: res.status, body: await res.text() };
  } catch {
    return null;
  }
}

async function healthzUntil(status: number, withinMs: number): Promise<{ status: number; body: string } | null> {
  const until = Date.now() + withinMs;
  let answer = await healthz();
  while (answer?.status !== status && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    answer = await healthz();
  }
  return answer;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL out of reach for ~8 s mid-game', () => {
  it('answers 503 and private refusals meanwhile, then the old buttons finish the game, no cell lost or doubled', async () => {
    const { fake, users } = world;
    const { alice, bob } = users;
    const lobby = await fake
      .slash(alice, 'olathe', { free: 2, down: 0, up: 0, throws: 1 }, { subcommand: 'start' })
      .reply();
    await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
    await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
    await playSimpleTurn(fake, alice, await waitForTurn(fake, alice));
    const bobs = await waitForTurn(fake, bob);
    expect((await healthz())?.status).toBe(200);

    await server.crash();
    const stopped = Date.now();
    const down = await healthzUntil(503, 5000);
    expect(down?.status).toBe(503);
    expect(down!.body.trim()).not.toBe('');

    // A click meanwhile: acknowledged within Discord's 3 s (the fake rejects a later one) with a private answer.
    const during = fake.select(bob, bobs.id, control(bobs, 'declare').customId, [
      control(bobs, 'declare').options![0]!.value,
    ]);
    await during.acked();
    expect(await ephemeralAnswer(during)).toBe(tr('en')('refusal.databaseUnavailable'));

    await delay(Math.max(0, 8000 - (Date.now() - stopped)));
    await server.start();
    const back = Date.now();
    expect((await healthzUntil(200, 20_000))?.status).toBe(200);

    // Within 15 s of the return the old message's controls work again: the declare the outage refused.
    let refusal: string | null = 'none yet';
    while (refusal !== null && Date.now() - back < 15_000) {
      const again = fake.select(bob, bobs.id, control(fake.message(bobs.id)!, 'declare').customId, [
        control(bobs, 'declare').options![0]!.value,
      ]);
      await again.acked();
      const answer = await again.reply(3000);
      refusal = answer.flags & 64 ? answer.content : null;
      if (refusal !== null) await delay(500);
    }
    expect(refusal).toBeNull();
    await playSimpleTurn(fake, bob, fake.message(bobs.id)!);
    await playToTheEnd(fake, [alice, bob] as FakeUser[]);

    // The card against the events: every cell written once, by one write event each.
    const [game] = (await world.sql("SELECT id, state FROM games WHERE status = 'finished'")) as {
      id: number;
      state: string;
    }[];
    const writes = (await world.sql(
      "SELECT seat, col, category FROM events WHERE game_id = $1 AND type = 'write' ORDER BY seq",
      [game!.id],
    )) as { seat: number; col: number; category: string }[];
    expect(writes).toHaveLength(28); // 2 players × 2 columns × 7 categories
    expect(new Set(writes.map((w) => `${w.seat}:${w.col}:${w.category}`)).size).toBe(28);
    const { standings } = gameResults(JSON.parse(game!.state) as GameState);
    const filled = standings.flatMap((s) =>
      s.breakdown.columns.flatMap((c) => Object.values(c.cells).filter((v) => typeof v === 'number')),
    );
    expect(filled).toHaveLength(28);
    expect(fake.breaches).toEqual([]);
  }, 120_000);
});
