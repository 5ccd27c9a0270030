// For activity.bench.ts: the bot as built (dist/, npm start's node flags) with its Activity server on (ACTIVITY_PORT,
// DISCORD_CLIENT_SECRET, which the loopback Discord makes as it starts), and a board opened on a game's thread the
// way the page opens it.
import type { EventEmitter } from 'node:events';
import type { FakeUser } from '../../src/fake-discord';
import { freePort } from '../../test/support/ports';
import type { BoardClient } from '../../test/integration/activity/board-client';
import { is, openBoard } from '../../test/integration/activity/board-client';
import type { RunningBot } from '../support/bot';
import { builtLaunch, startBot } from '../support/bot';
import { HoldClicker } from '../support/hold-clicker';
import { workingTree } from '../support/tree';

export interface ActivityBot extends RunningBot {
  port: number;
}

/** The working tree's built bot with the Activity server on, against its own loopback Discord. Build it first. */
export async function startActivityBot(root: string): Promise<ActivityBot> {
  let port = 0;
  // npm start's node flags but not its environment (glibc's malloc settings): the figures so far were measured so.
  const launch = { ...builtLaunch(root), env: {} };
  const bot = await startBot(workingTree(root), launch, async (fake) => {
    // Every game's HoldClicker watches the fake's changes: 50 listeners and more are meant.
    (fake as unknown as { state: { events: EventEmitter } }).state.events.setMaxListeners(0);
    port = await freePort();
    // Before the deploy: with Activities on, the command tree carries the Entry Point command.
    fake.enableActivities();
    return { ACTIVITY_PORT: String(port), DISCORD_CLIENT_SECRET: fake.clientSecret };
  });
  return { ...bot, port };
}

/**
 * A solo Balut game in its thread, as HoldClicker plays it, started in a channel of its own (a channel has one game
 * at a time), and who plays it.
 */
export class GameClicker extends HoldClicker {
  constructor(
    bot: RunningBot,
    private readonly channelId: string,
  ) {
    super(bot);
  }

  override async setUp(): Promise<void> {
    const { fake } = this.bot;
    const [board, user, channelId] = [this['board'], this['user'], this.channelId];
    const ack = await fake.slash(user, 'olathe', { variant: 'balut' }, { subcommand: 'start', channelId }).acked();
    if (ack.ephemeral) throw new Error(`/olathe start was refused:\n${fake.describe()}`);
    // The newest lobby: games are set up one after another.
    const lobby = await fake.waitFor(() => board.latest((id) => id.action === 'start'), 10_000);
    this['gameId'] = lobby.controls[0]!.id.gameId;
    await fake.click(user, lobby.message.id, lobby.controls[0]!.customId).acked();
    const card = await fake.waitFor(() => this['controls']('throw'), 10_000);
    await fake.click(user, card.messageId, card.controls[0]!.customId).acked();
    await fake.waitFor(() => this['controls']('hold'), 10_000);
  }

  get player(): FakeUser {
    return this['user'];
  }
  get thread(): string {
    return this.card().channelId;
  }
  get id(): number {
    return this['gameId'];
  }
}

/**
 * The Activity opened in the game's thread by its player, and joined by a watcher: each signs in (the token
 * exchange) and says hello on a board of their own. Resolves once both have their first board.
 */
export async function openBoards(bot: ActivityBot, game: GameClicker, watcher: FakeUser): Promise<BoardClient[]> {
  const { fake, port } = bot;
  const launched = fake.useEntryPoint(game.player, { channelId: game.thread });
  if (!('instance' in launched)) throw new Error('the default entry point opens the Activity');
  const { instanceId } = launched.instance;
  fake.joinActivity(watcher, instanceId);
  const boards = [
    await openBoard(fake, game.player, port, instanceId, game.thread),
    await openBoard(fake, watcher, port, instanceId, game.thread),
  ];
  for (const b of boards) {
    const refused = b.messages.find(is('refused'));
    if (refused) throw new Error(`a board was refused: ${refused.reason}`);
    await b.board(() => true, 10_000);
  }
  return boards;
}
