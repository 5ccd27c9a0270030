// Turn timers in end-to-end tests: the deadlines the bot stored are moved into the past, as if the minutes had
// passed, and the bot's own clock (which looks at the database every second) times the turns out.
import type { World } from './harness';
import { eventually } from './harness';

/** Ends the turn of whoever is to play now through its timer; waits until the game has `count` timeouts. */
export async function expireTurn(world: World, gameId: number, count: number): Promise<void> {
  const [row] = (await world.sql('SELECT deadlines FROM games WHERE id = $1', [gameId])) as { deadlines: string }[];
  const deadlines = Object.fromEntries(Object.keys(JSON.parse(row!.deadlines) as object).map((seat) => [seat, 1]));
  await world.sql('UPDATE games SET deadlines = $1, next_deadline = 1 WHERE id = $2', [
    JSON.stringify(deadlines),
    gameId,
  ]);
  await eventually(async () => {
    const rows = await world.sql("SELECT seq FROM events WHERE game_id = $1 AND type = 'timeout'", [gameId]);
    return rows.length === count;
  }, 10_000);
}
