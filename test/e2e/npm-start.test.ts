// `npm start` is the README's way to run the bot, and what a process supervisor stops with SIGTERM. npm runs a
// script through `sh -c`, and Debian's sh (dash) neither passes SIGTERM on nor replaces itself with node: the
// shell died and the bot ran on, orphaned. The script now `exec`s node, so npm's signal reaches the bot.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Proc } from '../support/processes';
import { alive, descendants } from '../support/processes';
import { ROOT } from '../support/project';

const dir = mkdtempSync(join(tmpdir(), 'olathe-npm-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm start', () => {
  it('leaves no node process running after SIGTERM to npm', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DISCORD_TOKEN: '',
      PLAYGROUND_PORT: '0',
      PLAYGROUND_DATABASE: join(dir, 'playground.sqlite'),
    };
    const npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    npm.stdout.on('data', (c: Buffer) => (out += c.toString()));
    npm.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
    const tree: Proc[] = [];
    try {
      const deadline = Date.now() + 60_000;
      while (!/Olathe playground: open http:\/\/127\.0\.0\.1:\d+/.test(out)) {
        if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      tree.push(...descendants(npm.pid!));
      // What runs is the build, not the sources through tsx.
      expect(tree.map((p) => p.command)).toContainEqual(expect.stringMatching(/node .*dist\/index\.js/));
      expect(
        tree.some((p) => /tsx/.test(p.command)),
        tree.map((p) => p.command).join('\n'),
      ).toBe(false);
      // …with glibc's malloc settings (docs/HOSTING.md, "In a container"), as the image runs it.
      const bot = tree.find((p) => /dist\/index\.js/.test(p.command))!;
      const environ = readFileSync(`/proc/${bot.pid}/environ`, 'utf8').split('\0');
      expect(environ).toEqual(expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=131072']));

      npm.kill('SIGTERM');
      const until = Date.now() + 5000;
      while (tree.some((p) => alive(p.pid)) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const left = tree.filter((p) => alive(p.pid));
      expect(left.map((p) => `${p.pid} ${p.command}`)).toEqual([]);
      await exited;
    } finally {
      for (const p of [...tree, { pid: npm.pid! }]) if (alive(p.pid)) process.kill(p.pid, 'SIGKILL');
    }
  }, 90_000);
});
