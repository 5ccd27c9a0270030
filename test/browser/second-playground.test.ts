// Two playgrounds, one database. A playground ends the open games it finds (leftovers of dead runs, whose fake
// Discord is gone), so a second one must stop before it touches a database that a live playground plays on:
// on a busy port, before anything at all (one line naming PLAYGROUND_PORT); on a free port, at the database (one
// line naming PLAYGROUND_DATABASE and where the first one is). Once the first is killed with kill -9, the next
// one starts and ends its games. Each is the real program, spawned as `npm start` or `npm run playground` run it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStorage } from '../support/storage';
import { GameService } from '../../src/service/game-service';
import { spawnScript } from '../support/project';

const dir = mkdtempSync(join(tmpdir(), 'olathe-second-'));
const database = join(dir, 'playground.sqlite');

interface Run {
  pid: number;
  running(): boolean;
  exited: Promise<number | null>;
  out(): string;
  err(): string;
  kill(signal: NodeJS.Signals): void;
}

/** Every program started, so that none outlives the tests (a playground that should have stopped, say). */
const runs: Run[] = [];

/** `npm start` without a token (src/app/index.ts, as built) or `npm run playground` (src/playground/main.ts). */
function start(script: 'src/app/index.ts' | 'src/playground/main.ts', env: NodeJS.ProcessEnv): Run {
  const full: NodeJS.ProcessEnv = { ...process.env, PLAYGROUND_PORT: '0', PLAYGROUND_DATABASE: database, ...env };
  full.DISCORD_TOKEN = '';
  delete full.LOG_LEVEL;
  const child = spawnScript(script, [], { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const run: Run = {
    pid: child.pid!,
    running: () => child.exitCode === null && child.signalCode === null,
    exited,
    out: () => stdout,
    err: () => stderr,
    kill: (signal) => child.kill(signal),
  };
  runs.push(run);
  return run;
}

/** Its exit code, or 'still running' (and then killed) after 20 s. */
async function exitOf(run: Run): Promise<number | null | 'still running'> {
  const timeout = new Promise<'still running'>((resolve) => setTimeout(resolve, 20_000, 'still running'));
  const code = await Promise.race([run.exited, timeout]);
  if (code === 'still running') run.kill('SIGKILL');
  return code;
}

/** The address the playground prints once it serves the page. */
async function addressOf(run: Run): Promise<string> {
  const deadline = Date.now() + 30_000;
  let exited = false;
  void run.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    const url = /Olathe playground: open (http:\/\/127\.0\.0\.1:\d+)\n/.exec(run.out())?.[1];
    if (url) return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no address printed\nstdout: ${run.out()}\nstderr: ${run.err()}`);
}

/** Reads the database as the playground's bot does. */
async function withService<T>(read: (service: GameService) => T | Promise<T>): Promise<T> {
  const storage = await openTestStorage(database);
  try {
    return await read(new GameService(storage));
  } finally {
    await storage.close();
  }
}
const statuses = (ids: number[]) =>
  withService(async (service) => {
    const seen: Array<string | undefined> = [];
    for (const id of ids) seen.push((await service.game(id))?.status);
    return seen;
  });

async function api<T>(url: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: body ? 'POST' : 'GET',
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

interface PageMessage {
  id: string;
  components: Array<{ components?: Array<{ custom_id?: string }> }>;
}

/** Alice opens a game on the first playground's page, Bob joins, Alice starts it: a game in play. */
async function playAGame(url: string): Promise<void> {
  const state = await api<{ channel: { id: string }; users: Array<{ id: string; username: string }> }>(
    url,
    '/api/state',
  );
  const [alice, bob] = state.users;
  await api(url, '/api/command', { user: alice!.id, text: '/olathe start' });
  const click = async (who: string, action: string) => {
    const { messages } = await api<{ messages: PageMessage[] }>(
      url,
      `/api/messages?user=${alice!.id}&channel=${state.channel.id}`,
    );
    for (const m of messages) {
      const ids = m.components.flatMap((row) => row.components ?? []).map((c) => c.custom_id ?? '');
      const customId = ids.find((id) => id.startsWith(`o1:${action}:`));
      if (customId) return api(url, '/api/click', { user: who, messageId: m.id, customId });
    }
    throw new Error(`no ${action} button in the channel`);
  };
  await click(bob!.id, 'join');
  await click(alice!.id, 'start');
}

let first: Run | undefined;
let firstUrl = '';
/** The first playground's game, in play. */
let ids: number[] = [];

beforeAll(async () => {
  first = start('src/app/index.ts', {});
  firstUrl = await addressOf(first);
  await playAGame(firstUrl);
  ids = await withService((service) => service.openGameIds());
}, 60_000);

afterAll(async () => {
  for (const run of runs.filter((r) => r.running())) {
    run.kill('SIGKILL');
    await run.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('a second playground on the same database', () => {
  it('on the busy port: stops with one line naming PLAYGROUND_PORT, before touching anything', async () => {
    expect(await statuses(ids)).toEqual(['playing']);
    const port = new URL(firstUrl).port;
    for (const db of [database, join(dir, 'fresh', 'playground.sqlite')]) {
      const second = start('src/playground/main.ts', { PLAYGROUND_PORT: port, PLAYGROUND_DATABASE: db });
      expect(await exitOf(second)).toBe(1);
      expect(second.err()).toBe(
        `olathe: the playground could not start: port ${port} is already in use — set PLAYGROUND_PORT to another port (0 picks a free one).\n`,
      );
      expect(second.out()).toBe('');
    }
    // Not even the folder of a new database was made; the first playground's game plays on.
    expect(existsSync(join(dir, 'fresh'))).toBe(false);
    expect(await statuses(ids)).toEqual(['playing']);
    expect((await fetch(`${firstUrl}/api/state`)).status).toBe(200);
  }, 60_000);

  it('on a free port: refuses the database in use, naming where the first one is', async () => {
    const second = start('src/app/index.ts', { PLAYGROUND_PORT: '0' });
    expect(await exitOf(second)).toBe(1);
    const lines = second.err().trim().split('\n');
    expect(lines.at(-1)).toBe(
      `olathe: the playground could not start: PLAYGROUND_DATABASE ${database} is in use by another playground (pid ${first!.pid}, open ${firstUrl}) — use that one, stop it first, or set PLAYGROUND_DATABASE to another file.`,
    );
    expect(second.out()).toBe('');
    // Its bot never ran, so none reconciled the first one's channels away (Unknown Channel ends a game).
    expect(await statuses(ids)).toEqual(['playing']);
  }, 60_000);

  it("after the first is killed with kill -9: the next one starts, and ends the dead run's games", async () => {
    first!.kill('SIGKILL');
    await first!.exited;
    const next = start('src/playground/main.ts', {});
    await addressOf(next);
    expect(await statuses(ids)).toEqual(['ended']);
    next.kill('SIGINT');
    expect(await exitOf(next)).toBe(0);
    // A clean stop leaves the database free at once.
    const again = start('src/app/index.ts', {});
    await addressOf(again);
    again.kill('SIGINT');
    expect(await exitOf(again)).toBe(0);
  }, 90_000);
});
