// For activity.bench.ts: the bot as built (dist/, npm start's node flags) with its Activity server on (ACTIVITY_PORT,
// DISCORD_CLIENT_SECRET: the loopback Discord makes its secret as it starts, so the bot is started here after it,
// not through support/bot.ts's startBot), and a board opened on a game's thread the way the page opens it.
import { spawn } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeUser } from '../../src/fake-discord';
import { freePort } from '../../test/support/ports';
import type { BoardClient } from '../../test/integration/activity/board-client';
import { is, openBoard } from '../../test/integration/activity/board-client';
import type { RunningBot } from '../support/bot';
import { benchBotEnv, builtLaunch, cpuTimes, exitOf, stopChild, workingTree } from '../support/bot';
import { HoldClicker } from '../support/hold-clicker';

export interface ActivityBot extends RunningBot {
  port: number;
}

/** The working tree's built bot with the Activity server on, against its own loopback Discord. Build it first. */
export async function startActivityBot(root: string): Promise<ActivityBot> {
  const tree = workingTree(root);
  const launch = builtLaunch(root);
  const fake = await startFakeDiscord();
  // Every game's HoldClicker watches the fake's changes: 50 listeners and more are meant.
  (fake as unknown as { state: { events: EventEmitter } }).state.events.setMaxListeners(0);
  const port = await freePort();
  const dbDir = mkdtempSync(join(tmpdir(), 'olathe-bench-activity-'));
  let child: ChildProcess | undefined;
  const stop = async () => {
    await stopChild(child);
    await fake.close();
    rmSync(dbDir, { recursive: true, force: true });
  };
  const env = benchBotEnv(fake, dbDir, { ACTIVITY_PORT: String(port), DISCORD_CLIENT_SECRET: fake.clientSecret });
  let text = '';
  const run = (script: string) => {
    const c = spawn(process.execPath, [...launch.node, script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    c.stdout!.on('data', (b: Buffer) => (text += b.toString()));
    c.stderr!.on('data', (b: Buffer) => (text += b.toString()));
    return c;
  };
  try {
    // Before the deploy: with Activities on, the command tree carries the Entry Point command.
    fake.enableActivities();
    const code = await exitOf(run(launch.deploy));
    if (code !== 0) throw new Error(`deploy-commands failed (${code}):\n${text}`);
    const ready = fake.nextReady(60_000);
    child = run(launch.bot);
    const started = child;
    await Promise.race([
      ready,
      exitOf(started).then((c) => {
        throw new Error(`the bot exited (${c}) before it was ready:\n${text}`);
      }),
    ]);
    return {
      tree,
      fake,
      port,
      child: started,
      log: () => text,
      rssMb: () => {
        const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${started.pid}/status`, 'utf8'))?.[1];
        return kb ? Number(kb) / 1024 : null;
      },
      cpuMs: () => {
        const t = cpuTimes(started.pid!);
        return t && t.user + t.system;
      },
      cpuTimes: () => cpuTimes(started.pid!),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
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
