// The playground's page in front of a bot process: the board in Chromium against the production bot as the e2e
// harness spawns it (test/e2e/activity-world.ts), so a test can kill -9 that bot and start it again. The
// playground's own bot runs in the playground's process and cannot be killed alone; its page and Activity bridge
// (src/playground/server.ts, activity-bridge.ts, static/activity.js) take any loopback Discord and any Activity
// server, so here they get the world's fake and the bot's ACTIVITY_PORT. The page then plays Discord's client as in
// the playground: the iframe under /activity/ (forwarded to the bot's port, WebSocket included) and the Embedded
// App SDK's handshake, AUTHORIZE and AUTHENTICATE answered through the same fake the bot asks.
import type { World } from '../e2e/harness';
import { listenFirst } from '../../src/playground/port';
import type { PlaygroundServer } from '../../src/playground/server';
import { startPlaygroundServer } from '../../src/playground/server';

const HOST = '127.0.0.1';

/** The playground page for Alice, Bob and Carol of `world`, its /activity/ forwarded to the bot's ACTIVITY_PORT. */
export async function pageInFrontOf(world: World, activityPort: number): Promise<PlaygroundServer> {
  const { alice, bob, carol } = world.users;
  return startPlaygroundServer({
    fake: world.fake,
    users: [alice, bob, carol],
    server: await listenFirst(0, HOST),
    host: HOST,
    activityUrl: `http://${HOST}:${activityPort}`,
  });
}
