// End-to-end harness: the loopback Discord, and the real bot (`src/app/index.ts`, the production entry point, run
// as its built bundle dist/index.js the way `npm start` runs it) spawned as a child process against it, with
// its own database in a temp folder.
import { spawnScript } from '../support/project';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIMessageTopLevelComponent } from 'discord.js';
import { PERMISSIONS, startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeInteraction, FakeMessage, FakeUser } from '../../src/fake-discord';
import type { ComponentId } from '../../src/discord/custom-id';
import { parseCustomId } from '../../src/discord/custom-id';
import { LANGUAGES, tr } from '../../src/discord/i18n';
import type { TestEngine } from './database';
import { botEnv } from './bot-env';
import { databaseEnv, databaseSql, forgetKilledHolder } from './database';
import { readConfig } from '../../src/app/config';
import { deployCommands as deployCommandsOf } from '../../src/app/deploy';
import { commands } from '../../commands';

export interface World {
  fake: FakeDiscord;
  users: { alice: FakeUser; bob: FakeUser; carol: FakeUser; mod: FakeUser };
  env: NodeJS.ProcessEnv;
  bot: BotProcess;
  /** Runs the test's own SQL on the bot's database, on either engine ($1, $2 … placeholders). */
  sql(text: string, values?: unknown[]): Promise<unknown[]>;
  /**
   * Starts the bot again on the same database (after `bot.kill()`). After a kill -9 on PostgreSQL the new process
   * skips the fence wait (forgetKilledHolder in ./database.ts), unless `fence` is true.
   */
  restart(options?: { fence?: boolean }): Promise<BotProcess>;
  close(): Promise<void>;
}

export interface BotProcess {
  child: ChildProcess;
  /** Everything the bot wrote to stderr (its JSON log). */
  log(): string;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startWorld(
  options: {
    diceSeed?: string;
    botStepMs?: number;
    reconcileMs?: number;
    env?: NodeJS.ProcessEnv;
    /** The engine of the bot's database; the run's (OLATHE_TEST_ENGINE) unless given. */
    engine?: TestEngine;
  } = {},
): Promise<World> {
  const fake = await startFakeDiscord();
  const dir = mkdtempSync(join(tmpdir(), 'olathe-e2e-'));
  const users = {
    alice: fake.addUser({ username: 'alice', globalName: 'Alice' }),
    bob: fake.addUser({ username: 'bob', globalName: 'Bob' }),
    carol: fake.addUser({ username: 'carol', globalName: 'Carol' }),
    mod: fake.addUser({ username: 'mod', globalName: 'Mod', permissions: PERMISSIONS.moderator }),
  };
  const env = botEnv(fake, await databaseEnv(dir, options.env?.OLATHE_DAILY_SECRET, options.engine), {
    DISCORD_GUILD_ID: fake.guildId,
    LOG_LEVEL: 'debug',
    OLATHE_DICE_SEED: options.diceSeed ?? '',
    OLATHE_BOT_STEP_MS: String(options.botStepMs ?? 40),
    OLATHE_RECONCILE_MS: String(options.reconcileMs ?? 60_000),
    ...options.env,
  });
  await deployCommands(env);
  let bot = await spawnBot(fake, env);
  return {
    fake,
    users,
    env,
    get bot() {
      return bot;
    },
    sql: (text, values) => databaseSql(env, text, values),
    async restart({ fence = false } = {}) {
      if (!fence && bot.child.signalCode === 'SIGKILL') await forgetKilledHolder(env);
      bot = await spawnBot(fake, env);
      return bot;
    },
    async close() {
      if (bot.child.exitCode === null) await bot.kill('SIGTERM');
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a project script to its end. Never spawnSync: the fake Discord lives in this process and must keep answering. */
export function runScript(
  script: string,
  env: NodeJS.ProcessEnv,
  input?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnScript(script, [], { env });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin!.end(input ?? '');
  });
}

/**
 * What `npm run deploy-commands` does, run in this process: the same code (src/app/deploy.ts) with the world's
 * settings, without a Node.js process of its own to start and load discord.js into for each world (about a second
 * of the machine each). The script itself is run as a process by the deploy-* tests.
 */
export async function deployCommands(env: NodeJS.ProcessEnv): Promise<string> {
  const lines: string[] = [];
  await deployCommandsOf(readConfig(env), commands, (line) => lines.push(line));
  return lines.join('\n');
}

async function spawnBot(fake: FakeDiscord, env: NodeJS.ProcessEnv): Promise<BotProcess> {
  const ready = fake.nextReady(20_000);
  const child = spawnScript('src/app/index.ts', [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await Promise.race([
    ready,
    exited.then((code) => {
      throw new Error(`the bot exited (${code}) before it was ready:\n${log}`);
    }),
  ]);
  return {
    child,
    log: () => log,
    exited,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      child.kill(signal);
      return exited;
    },
  };
}

/** Polls `predicate` (for things the fake is not told of, such as the bot's log) until it holds. */
export async function eventually(predicate: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error(`not true within ${timeoutMs} ms: ${predicate.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the bot has sent nothing to the loopback Discord for 300 ms (its channel work is done). */
export async function quiet(world: World): Promise<void> {
  for (let seen = -1; seen !== world.fake.requests.length;) {
    seen = world.fake.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

// ---------- reading the channel ----------

export interface Control {
  customId: string;
  id: ComponentId | null;
  type: number;
  label?: string;
  /** A button's emoji: the die emoji (`die_4`, `die_4_held`) on a hold button when the app has them. */
  emoji?: { id?: string; name?: string };
  disabled?: boolean;
  options?: { label: string; value: string }[];
}

export function controlsOf(message: FakeMessage): Control[] {
  const rows = message.components as Array<APIMessageTopLevelComponent & { components?: unknown[] }>;
  return rows.flatMap((row) =>
    ((row.components ?? []) as Array<Record<string, unknown>>).map((c) => ({
      customId: String(c.custom_id),
      id: parseCustomId(String(c.custom_id)),
      type: Number(c.type),
      label: c.label as string | undefined,
      emoji: c.emoji as Control['emoji'],
      disabled: c.disabled as boolean | undefined,
      options: c.options as Control['options'],
    })),
  );
}

export function control(message: FakeMessage, action: ComponentId['action'], die?: number): Control {
  const found = controlsOf(message).find(
    (c) => c.id?.action === action && (die === undefined || (c.id.action === 'hold' && c.id.die === die)),
  );
  if (!found)
    throw new Error(
      `no ${action} control on message ${message.id}: ${controlsOf(message)
        .map((c) => c.customId)
        .join(', ')}`,
    );
  return found;
}

/** The default channel and the threads started in it: where the games of a test are shown. */
export function gameChannelIds(fake: FakeDiscord, parentId = fake.channelId): string[] {
  return [parentId, ...fake.threads(parentId).map((c) => c.id)];
}

/** Public messages (not ephemeral) of the default channel and its threads, oldest first. */
export function publicMessages(fake: FakeDiscord, channelIds = gameChannelIds(fake)): FakeMessage[] {
  return channelIds
    .flatMap((id) => fake.messages(id))
    .filter((m) => !m.ephemeralFor && !m.deleted)
    .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

/** The thread a game plays in (started from its lobby message), if it has one. */
export function threadOf(fake: FakeDiscord, lobbyId: string): string | undefined {
  return fake.threads().find((c) => c.id === lobbyId)?.id;
}

/** The open turn message (or Balut card) of a user: it names them and still has controls. */
export function turnMessageOf(fake: FakeDiscord, user: FakeUser): FakeMessage | undefined {
  const cues = LANGUAGES.map((language) => tr(language)('turn.yourTurn', { userId: user.id }));
  return publicMessages(fake).find((m) => cues.some((cue) => m.content.includes(cue)) && m.components.length > 0);
}

/** Shouts of five of a kind; in a thread game each is also posted in the parent channel. */
export function shouts(fake: FakeDiscord, channelIds?: string[]): FakeMessage[] {
  return publicMessages(fake, channelIds).filter((m) => /Ba-lut!|O-la-the!/.test(m.content));
}

export async function waitForTurn(fake: FakeDiscord, user: FakeUser, timeoutMs = 8000): Promise<FakeMessage> {
  return fake.waitFor(() => turnMessageOf(fake, user), timeoutMs);
}

/** Clicks and waits until the bot has acknowledged and finished (the message reflects the click). */
export async function acked(interaction: FakeInteraction): Promise<FakeInteraction> {
  await interaction.acked();
  return interaction;
}

export function embedText(message: FakeMessage): string {
  return message.embeds
    .map(
      (e) =>
        `${e.title ?? ''}\n${e.description ?? ''}\n${(e.fields ?? []).map((f) => `${f.name}: ${f.value}`).join('\n')}`,
    )
    .join('\n');
}

export function findControl(message: FakeMessage, action: ComponentId['action']): Control | null {
  return controlsOf(message).find((c) => c.id?.action === action) ?? null;
}

/** Plays one whole turn from a turn message: declare the first column offered, throw once, write the first cell offered. */
export async function playSimpleTurn(fake: FakeDiscord, user: FakeUser, message: FakeMessage): Promise<void> {
  let current = message;
  const declare = findControl(current, 'declare');
  if (declare) {
    await fake.select(user, current.id, declare.customId, [declare.options![0]!.value]).acked();
    current = fake.message(current.id)!;
  }
  if (!findControl(current, 'write')) {
    await fake.click(user, current.id, control(current, 'throw').customId).acked();
    current = fake.message(current.id)!;
  }
  const write = control(current, 'write');
  await fake.select(user, current.id, write.customId, [write.options![0]!.value]).acked();
}

/** What every language's results title says after the variant: " — game over", " — spillet er slut", … */
const GAME_OVER = LANGUAGES.map(
  (language) => tr(language)('results.title', { variant: '\0', early: '' }).split('\0')[1]!,
);

export function resultsMessages(fake: FakeDiscord): FakeMessage[] {
  return publicMessages(fake).filter((m) => GAME_OVER.some((cue) => (m.embeds[0]?.title ?? '').includes(cue)));
}

/** The newest results message. */
export function resultsMessage(fake: FakeDiscord): FakeMessage | undefined {
  return resultsMessages(fake).at(-1);
}

/**
 * Plays simple turns for these users until the results are posted. Returns the number of turns. `afterTurn`
 * (given the turns played so far) may wait for the channel to show a turn before the next one.
 */
export async function playToTheEnd(
  fake: FakeDiscord,
  users: FakeUser[],
  afterTurn?: (turns: number) => Promise<unknown>,
): Promise<number> {
  const resultsBefore = resultsMessages(fake).length;
  let turns = 0;
  for (;;) {
    const next = await fake.waitFor(() => {
      if (resultsMessages(fake).length > resultsBefore) return 'done' as const;
      for (const u of users) {
        const m = turnMessageOf(fake, u);
        if (m) return [u, m] as const;
      }
      return undefined;
    }, 20_000);
    if (next === 'done') return turns;
    await playSimpleTurn(fake, next[0], next[1]);
    turns++;
    await afterTurn?.(turns);
  }
}

/** The ephemeral answer an interaction got (reply or follow-up). */
export async function ephemeralAnswer(interaction: FakeInteraction): Promise<string> {
  const answer = await interaction.reply();
  if (!(answer.flags & 64)) throw new Error(`expected an ephemeral answer, got: ${answer.content}`);
  return answer.content;
}
