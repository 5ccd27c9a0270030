// The Activity's end-to-end worlds: the unmodified bot with ACTIVITY_PORT set, and a two-player game under way in
// an Activity instance Alice launched. Shared by the board, restart and two-hosts tests.
import type { FakeUser } from '../../src/fake-discord';
import type { World } from './harness';
import { acked, control, startWorld, waitForTurn } from './harness';

/** A world whose bot serves the Activity on `port` and knows the loopback Discord's client secret. */
export async function startActivityWorld(port: number, diceSeed?: string): Promise<World> {
  const world = await startWorld({
    ...(diceSeed === undefined ? {} : { diceSeed }),
    env: { ACTIVITY_PORT: String(port), DISCORD_CLIENT_SECRET: 'not-known-until-the-fake-runs' },
  });
  // The loopback Discord makes its client secret as it starts: the bot learns it on a second start.
  world.env.DISCORD_CLIENT_SECRET = world.fake.clientSecret;
  await world.bot.kill('SIGTERM');
  await world.restart();
  return world;
}

/**
 * Alice launches the Activity in the channel (the default entry point), `watchers` join its instance, and Alice
 * and Bob start a two-player game there; resolves on Alice's first turn.
 */
export async function launchAndStart(
  world: World,
  watchers: readonly FakeUser[],
): Promise<{ instanceId: string; lobbyId: string }> {
  const { fake, users } = world;
  fake.enableActivities();
  const launched = fake.useEntryPoint(users.alice);
  if (!('instance' in launched)) throw new Error('the default entry point opens the Activity');
  const instanceId = launched.instance.instanceId;
  for (const user of watchers) fake.joinActivity(user, instanceId);
  const lobby = await fake.slash(users.alice, 'olathe', {}, { subcommand: 'start' }).reply();
  await acked(fake.click(users.bob, lobby.id, control(lobby, 'join').customId));
  await acked(fake.click(users.alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId));
  await waitForTurn(fake, users.alice);
  return { instanceId, lobbyId: lobby.id };
}
