// Bad operator input, each through the real program (`npm start`'s entry point): one plain line on stderr
// naming the variable and the fix, exit code 1, and nothing half-started — no gateway connection, no port.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';
import { spawnScript } from '../support/project';
import { botEnv } from './bot-env';
import { databaseEnvAt } from './database';

let fake: FakeDiscord;
let dir: string;

beforeAll(async () => {
  fake = await startFakeDiscord();
  dir = mkdtempSync(join(tmpdir(), 'olathe-bad-input-'));
  // Readable by anyone: the read-only case runs the bot as an unprivileged user.
  chmodSync(dir, 0o755);
});

afterAll(async () => {
  await fake?.close();
  if (dir) {
    chmodSync(dir, 0o755);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Runs the bot with these settings over a working base; resolves with its exit code and output. */
function runBot(
  settings: NodeJS.ProcessEnv,
  spawnOptions: { uid?: number; gid?: number } = {},
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const env = botEnv(fake, databaseEnvAt(dir), {
    DISCORD_GUILD_ID: fake.guildId,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'text',
    SHARDS: '',
    METRICS_PORT: '',
    METRICS_HOST: '',
    ...settings,
  });
  const child: ChildProcess = spawnScript('src/app/index.ts', [], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...spawnOptions,
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  return new Promise((resolve, reject) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stderr, stdout });
    });
  });
}

async function expectOneLine(settings: NodeJS.ProcessEnv, line: RegExp, spawnOptions = {}): Promise<string> {
  const requestsBefore = fake.requests.length;
  const run = await runBot(settings, spawnOptions);
  expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: '' });
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(line);
  // Nothing reached Discord: no gateway, no REST call.
  expect(fake.requests.length).toBe(requestsBefore);
  expect(fake.connectedBots).toBe(0);
  return lines[0]!;
}

describe('bad operator input', () => {
  it.each([
    [
      { SHARDS: 'many' },
      /^olathe: SHARDS, when set, must be auto .* or a number of shards from 1 to 64; leave it unset/,
    ],
    [{ SHARDS: '0' }, /^olathe: SHARDS, when set/],
    [{ METRICS_PORT: '70000' }, /^olathe: METRICS_PORT, when set, must be a port number from 1 to 65535/],
    [{ METRICS_PORT: '0' }, /^olathe: METRICS_PORT, when set/],
    [{ METRICS_HOST: 'my laptop' }, /^olathe: METRICS_HOST, when set, must be an address of this machine/],
    [{ LOG_FORMAT: 'yaml' }, /^olathe: LOG_FORMAT, when set, must be json .* or text/],
  ])('%o: one line naming the variable, exit code 1', async (settings, line) => {
    await expectOneLine(settings, line);
  });

  it.each([
    ['', 'one process'],
    ['2', 'the shard manager'],
  ])('a METRICS_PORT already in use (SHARDS=%s, %s): one line, exit 1, nothing reached Discord', async (shards) => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      await expectOneLine(
        { METRICS_PORT: String(port), SHARDS: shards },
        new RegExp(
          `^olathe: could not start: METRICS_PORT ${port} is already in use on 127\\.0\\.0\\.1: stop what listens there, or set METRICS_PORT to a free port\\.$`,
        ),
      );
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it.each([
    ['', 'one process'],
    ['2', 'the shard manager'],
  ])('a DATABASE_PATH in a read-only folder (SHARDS=%s, %s): one line naming it and the fix', async (shards) => {
    const readOnly = join(dir, `read-only-${shards}`);
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o555);
    // root may write anywhere: the bot then runs as nobody, as a container's unprivileged user would.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const file = join(readOnly, 'olathe.sqlite');
    await expectOneLine(
      { DATABASE_PATH: file, SHARDS: shards },
      new RegExp(
        `^olathe: could not start: DATABASE_PATH: the folder ${readOnly.replace(/[.]/g, '\\.')} is not writable; give the bot's user write access there, or point DATABASE_PATH at a file in a writable folder\\.$`,
      ),
      asNobody,
    );
    expect(existsSync(file)).toBe(false);
  });
});
