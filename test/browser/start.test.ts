// `npm start` without DISCORD_TOKEN starts the playground instead of stopping: it prints the one address to
// open, serves the page, and stops cleanly on Ctrl-C (SIGINT). A malformed setting is still one clear line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnScript } from '../support/project';

const dir = mkdtempSync(join(tmpdir(), 'olathe-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(extra: NodeJS.ProcessEnv) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PLAYGROUND_PORT: '0',
    PLAYGROUND_DATABASE: join(dir, 'playground.sqlite'),
  };
  delete env.DISCORD_TOKEN;
  delete env.LOG_LEVEL;
  Object.assign(env, extra);
  const child = spawnScript('src/app/index.ts', [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('npm start without DISCORD_TOKEN', () => {
  it('starts the playground, prints its address, and stops cleanly on SIGINT', async () => {
    // Run from the project folder, so a developer's .env could set a token: an empty one counts as unset.
    const run = start({ DISCORD_TOKEN: '' });
    const deadline = Date.now() + 30_000;
    while (
      !/open http:\/\/127\.0\.0\.1:\d+\n/.test(run.out()) &&
      run.child.exitCode === null &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const url = /Olathe playground: open (http:\/\/127\.0\.0\.1:\d+)\n/.exec(run.out())?.[1];
    expect(url, `stdout: ${run.out()}\nstderr: ${run.err()}`).toBeDefined();
    expect(run.out().trim().split('\n')).toHaveLength(1);
    const page = await fetch(url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>');
    // Every module the page imports, followed from client.js, is served as JavaScript; nothing else of the disk is.
    const seen = new Set<string>();
    const toFetch = ['/client.js'];
    while (toFetch.length > 0) {
      const path = toFetch.pop()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const module = await fetch(url + path);
      expect([path, module.status, module.headers.get('content-type')]).toEqual([
        path,
        200,
        'text/javascript; charset=utf-8',
      ]);
      for (const [, imported] of (await module.text()).matchAll(/from '\.(\/[\w-]+\.js)'/g)) toFetch.push(imported!);
    }
    expect(seen.size).toBeGreaterThan(10);
    for (const path of ['/index.html', '/server.js', '/static/client.js', '/%2e%2e/package.json', '/client.js.map'])
      expect([path, (await fetch(url + path)).status]).toEqual([path, 404]);
    const state = (await (await fetch(`${url}/api/state`)).json()) as { users: Array<{ name: string }> };
    expect(state.users.map((u) => u.name)).toEqual(['Alice', 'Bob', 'Carol', 'Dana']);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  }, 60_000);

  it('still stops on a malformed setting with one clear line', async () => {
    const run = start({ DISCORD_TOKEN: '', PLAYGROUND_PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.err()).toContain('olathe: PLAYGROUND_PORT must be a port number');
    expect(run.out()).toBe('');
  }, 30_000);
});
