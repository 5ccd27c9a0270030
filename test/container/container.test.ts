// The container image, with no docker here: the Dockerfile is carried out step by step (test/container/dockerfile.ts)
// — the build stage's `npm ci` from the lock file and `npm run build` through scripts/container-build.sh, the
// final stage's COPYs — and the result is started with the image's own CMD, environment and HEALTHCHECK against
// the loopback Discord, from a folder that holds only what the image holds. What docker alone does (the base
// images, apt-get, the `node` user, the /data volume) is not tested here; docs/HOSTING.md says so.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';
import { ROOT } from '../support/project';
import type { Image } from './dockerfile';
import { buildWithoutDocker, runShell } from './dockerfile';

const { keptFontFiles } = (await import(pathToFileURL(join(ROOT, 'scripts', 'prune-fonts.mjs')).href)) as {
  keptFontFiles: (root: string) => string[];
};

const dir = mkdtempSync(join(tmpdir(), 'olathe-image-'));
let image: Image;
let fake: FakeDiscord | undefined;
let bot: ChildProcess | undefined;

/**
 * better-sqlite3's native module as a prebuilt, made from the one this checkout's own install compiled (the same
 * version, Node.js and machine): its install script (prebuild-install) takes it from the folder this returns
 * instead of compiling the C++ again, as in a docker build it takes the one it downloads. The compile took about
 * 70 s of this file's 107 s; that it compiles here is what the project's own `npm install` shows.
 */
function betterSqlitePrebuilds(): string | null {
  const pkg = join(ROOT, 'node_modules', 'better-sqlite3');
  const binary = join(pkg, 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(binary)) return null;
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
  const folder = join(dir, 'prebuilds');
  mkdirSync(folder, { recursive: true });
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const tar = spawnSync('tar', ['-czf', join(folder, name), '-C', pkg, 'build/Release/better_sqlite3.node']);
  return tar.status === 0 ? folder : null;
}

beforeAll(async () => {
  // The npm cache has every tarball of the lock file (the project's own install put them there): no downloads.
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_prefer_offline: 'true' };
  const prebuilds = betterSqlitePrebuilds();
  if (prebuilds) env.npm_config_better_sqlite3_local_prebuilds = prebuilds;
  image = await buildWithoutDocker(ROOT, join(dir, 'layers'), (command, cwd) => runShell(command, cwd, env));
}, 600_000);

afterAll(async () => {
  if (bot && bot.exitCode === null && bot.signalCode === null) bot.kill('SIGKILL');
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function run(command: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(command[0]!, command.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

function finished(child: ChildProcess): Promise<{ code: number | null; out: string }> {
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

describe('the container image (Dockerfile), built and started without docker', () => {
  it('is built by scripts/container-build.sh and holds the built bot with production dependencies only', () => {
    // The RUN steps left to docker: if one is added, decide whether it belongs in scripts/container-build.sh.
    expect(image.skipped).toEqual([
      expect.stringMatching(/^apt-get update && apt-get install -y --no-install-recommends python3 make g\+\+/),
      'mkdir -p /data && chown node:node /data',
    ]);
    // The container runs the bot exactly as `npm start` does (same node flags), minus npm.
    const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
      .scripts.start;
    const [settings, command] = start.split(' exec ') as [string, string];
    expect(image.cmd).toEqual(command.split(' '));
    // …and with the same malloc settings, which npm start sets before its exec.
    for (const setting of settings.split(' ')) {
      const [name, value] = setting.split('=');
      expect(image.env[name!], name).toBe(value);
    }
    expect(image.cmd).toContain('dist/index.js');
    expect(image.healthcheck).toEqual(['node', 'dist/healthcheck.js']);
    expect(image.user).toBe('node');
    expect(image.stopSignal).toBe('SIGTERM');
    expect(image.volumes).toEqual(['/data']);
    expect(image.env).toMatchObject({ DATABASE_PATH: '/data/olathe.sqlite', METRICS_PORT: '9464' });
    expect(readdirSync(image.workdir).sort()).toEqual(['dist', 'node_modules', 'package.json']);
    expect(existsSync(join(image.workdir, 'dist', 'migrations', 'sqlite', '0001_init.sql'))).toBe(true);
    // (esbuild is not among them while tsx, which needs it, is a dependency rather than a dev dependency.)
    for (const dev of ['typescript', 'tsx', 'esbuild', 'vitest', 'eslint', 'playwright-core', 'fast-check'])
      expect(existsSync(join(image.workdir, 'node_modules', dev)), dev).toBe(false);
    // The pictures' renderer loads: its native binary comes in an optional dependency, which the image keeps.
    const canvas = spawnSync(process.execPath, ['-e', "require('@napi-rs/canvas').createCanvas(1, 1)"], {
      cwd: image.workdir,
      encoding: 'utf8',
    });
    expect(canvas.status, canvas.stderr).toBe(0);
  });

  it('keeps exactly the font files the picture loads, and draws a picture of names in every script there', () => {
    // scripts/prune-fonts.mjs: the woff2 files of src/picture/fonts.json, nothing else of @fontsource's ~165 MB.
    const fontsource = join(image.workdir, 'node_modules', '@fontsource');
    const kept = keptFontFiles(ROOT);
    expect(kept.length).toBeGreaterThan(400);
    const inImage = readdirSync(fontsource).flatMap((pkg) =>
      readdirSync(join(fontsource, pkg, 'files')).map((name) => `@fontsource/${pkg}/files/${name}`),
    );
    expect(inImage.sort()).toEqual([...kept].sort());
    const bytes = inImage.reduce((sum, file) => sum + statSync(join(image.workdir, 'node_modules', file)).size, 0);
    expect(bytes).toBeLessThan(20 * 2 ** 20);

    // The built painter (a chunk of its own: the bot imports it at the first picture), run with what the image has.
    const painter = readdirSync(join(image.workdir, 'dist')).filter((f) => /^paint-[\w-]+\.js$/.test(f));
    expect(painter).toHaveLength(1);
    const script = `
      const { paintPng } = await import('./dist/${painter[0]}');
      const { GlobalFonts } = await import('@napi-rs/canvas');
      const text = (t) => ({ kind: 'text', x: 8, y: 40, text: t, size: 24, bold: true, color: '#000', align: 'left' });
      const png = (t) => paintPng({ width: 640, height: 60, background: '#fff', steps: [text(t)] });
      const names = await png('王小明 さくら 김민준 محمد שלום สมชาย 🎲');
      const boxes = await png('\u{10FFFD}'.repeat(28));
      const families = GlobalFonts.families.map((f) => f.family).filter((f) => f.startsWith('Olathe')).sort();
      console.log(JSON.stringify({ width: names.readUInt32BE(16), differs: !names.equals(boxes), families }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: image.workdir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, ...image.env },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      width: 640,
      differs: true,
      families: [
        'Olathe Arabic',
        'Olathe CJK',
        'Olathe Emoji',
        'Olathe Hebrew',
        'Olathe Korean',
        'Olathe Sans',
        'Olathe Thai',
      ],
    });
  });

  it('starts with its CMD: READY on the loopback Discord, answers a command, healthy, stops on SIGTERM', async () => {
    fake = await startFakeDiscord();
    const user = fake.addUser({ username: 'alice', globalName: 'Alice' });
    // Only what the container has: the image's ENV, and what compose.yaml and .env add.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      ...image.env,
      DATABASE_PATH: join(dir, 'data', 'olathe.sqlite'),
      METRICS_PORT: String(await freePort()),
      DISCORD_TOKEN: fake.botToken,
      DISCORD_CLIENT_ID: fake.applicationId,
      DISCORD_GUILD_ID: fake.guildId,
      DISCORD_API_URL: fake.apiUrl,
    };
    // As `docker compose run --rm bot node dist/deploy-commands.js`.
    const deployed = await finished(run(['node', 'dist/deploy-commands.js'], image.workdir, env));
    expect(deployed.code, deployed.out).toBe(0);

    const ready = fake.nextReady(30_000);
    bot = run(image.cmd, image.workdir, env);
    const exited = finished(bot);
    await Promise.race([
      ready,
      exited.then(({ code, out }) => {
        throw new Error(`the image's CMD exited (${code}) before READY:\n${out}`);
      }),
    ]);
    const help = await fake.slash(user, 'olathe', {}, { subcommand: 'help' }).reply();
    expect(help.content + JSON.stringify(help.embeds)).toMatch(/Olathe/);

    const health = await finished(run(image.healthcheck!, image.workdir, env));
    expect(health, health.out).toMatchObject({ code: 0, out: expect.stringMatching(/^200\b/) });

    // Docker's stop: STOPSIGNAL, then SIGKILL after 10 s.
    const started = Date.now();
    bot.kill('SIGTERM');
    const { code, out } = await exited;
    expect(code, out).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 60_000);
});
