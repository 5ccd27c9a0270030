// `npm run bench -- reconcile`: a restart with 100 games in play, against the loopback Discord. The games are
// started while Discord holds every post and edit the bot makes (so none has its thread, turn messages or
// progress yet), the bot is killed, Discord comes back, and a new process must bring all 100 channels in line:
// goal ≤ 10 s from the gateway READY. Then a plain restart, where nothing is missing, for scale.
import { FaultRoute } from '../../src/fake-discord';
import type { FakeUser, SlashOptionValue } from '../../src/fake-discord';
import type { World } from '../../test/e2e/harness';
import { control, eventually, gameChannelIds, publicMessages, startWorld } from '../../test/e2e/harness';
import { fmt, verdict } from '../support/figures';

const GAMES = 100;
const GOAL_MS = 10_000;

interface Table {
  channelId: string;
  players: FakeUser[];
}

/** Every seat that may act has its open turn message or card in the game's thread (or channel). */
function shown(world: World, table: Table): boolean {
  const messages = publicMessages(world.fake, gameChannelIds(world.fake, table.channelId));
  return table.players.every((p) =>
    messages.some((m) => m.content.includes(`<@${p.id}>, your turn`) && m.components.length > 0),
  );
}

async function restartAndWait(world: World, tables: Table[]): Promise<{ ms: number; reconcileMs: number | null }> {
  await world.restart();
  const ready = performance.now();
  await world.fake.waitFor(() => tables.every((t) => shown(world, t)), 60_000);
  const ms = performance.now() - ready;
  const line = () =>
    world.bot
      .log()
      .split('\n')
      .find((l) => l.includes('"msg":"reconciled"'));
  await eventually(() => line() !== undefined, 30_000).catch(() => undefined);
  const found = line();
  return { ms, reconcileMs: found ? (JSON.parse(found) as { ms: number }).ms : null };
}

export async function run(): Promise<void> {
  const world = await startWorld({ diceSeed: 'reconcile-bench', reconcileMs: 60_000 });
  try {
    const { fake, users } = world;
    const held = [FaultRoute.messageCreate, FaultRoute.messageEdit, FaultRoute.threadCreate].map((route) =>
      fake.injectFault({ route, kind: 'stall', times: Infinity }),
    );
    const tables: Table[] = [];
    for (let i = 0; i < GAMES; i++) {
      const channelId = fake.addChannel(`table-${i}`).id;
      // Half two-player Olathe (one turn message), half two-player Balut (two cards and a progress message).
      const options: Record<string, SlashOptionValue> =
        i % 2 === 0 ? { free: 2, down: 0, up: 0 } : { variant: 'balut' };
      const lobby = await fake.slash(users.alice, 'olathe', options, { subcommand: 'start', channelId }).reply();
      await fake.click(users.bob, lobby.id, control(lobby, 'join').customId).acked();
      await fake.click(users.alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
      tables.push({ channelId, players: i % 2 === 0 ? [users.alice] : [users.alice, users.bob] });
    }
    await world.bot.kill('SIGKILL');
    for (const h of held) h.remove();
    const before = fake.requests.length;
    const healed = await restartAndWait(world, tables);
    const requests = fake.requests.slice(before).filter((r) => r.path.includes('/channels/')).length;
    console.log(
      `restart with ${GAMES} games in play whose channels show nothing yet (threads, turn messages, cards, progress): ` +
        `all shown ${fmt(healed.ms)} ms after READY (${fmt(requests)} channel requests; discord.js sends at most 50 a second) — goal ≤ ${fmt(GOAL_MS)} ms: ${verdict(healed.ms <= GOAL_MS)}`,
    );
    if (healed.reconcileMs !== null)
      console.log(`  the bot's own log: first reconcile over ${GAMES} games took ${fmt(healed.reconcileMs)} ms`);

    await world.bot.kill('SIGKILL');
    const quiet = fake.requests.length;
    const plain = await restartAndWait(world, tables);
    console.log(
      `a plain restart with the same ${GAMES} games, nothing missing: reconcile ${plain.reconcileMs === null ? '?' : fmt(plain.reconcileMs)} ms, ` +
        `${fmt(fake.requests.slice(quiet).filter((r) => r.path.includes('/channels/')).length)} channel requests`,
    );
  } finally {
    await world.close();
  }
}
