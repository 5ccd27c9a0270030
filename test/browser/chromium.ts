// Headless Chromium through playwright-core, as the browser tests launch it: the build the npm package
// @sparticuz/chromium ships (a devDependency: a headless shell, compressed in the package and unpacked here on first
// use), or the Chromium that CHROMIUM_PATH names (e.g. Debian's, /usr/bin/chromium), run as it is.
//
// The package's build is made for AWS Lambda, so two things come with it here rather than from the machine. The NSS
// libraries it links (al2023.tar.br in the package, on LD_LIBRARY_PATH; Debian has them only beside Java or Chromium).
// And fonts: a machine without fonts draws text with none, zero-width, so no element is visible to Playwright. The
// browser's fontconfig adds npm's fonts to the machine's own (which keep drawing what they cover, as before): the
// package's Open Sans for text, and Noto Color Emoji from @fontsource/noto-color-emoji (the picture renderer's
// dependency) for the bot's 🎲 and 🔒 in the screenshots, its WOFF files unwrapped to TrueType (fontconfig reads no
// WOFF). With npm's fonts alone every browser test passes too (tried).
//
// The package's own flags (`chromium.args`) are Lambda's and not used: one process (--single-process, --no-zygote),
// web security off, SwiftShader for WebGL. The tests want an ordinary browser without a GPU, as before.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, inflateSync } from 'node:zlib';
import sparticuz from '@sparticuz/chromium';
import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import { chromium } from 'playwright-core';

const OVERRIDE = process.env.CHROMIUM_PATH;

/** What the tests run: CHROMIUM_PATH, or the npm package's build. */
export const CHROMIUM = OVERRIDE ?? '@sparticuz/chromium';

const require = createRequire(import.meta.url);

/** The package's root folder (its bin/ holds the compressed browser, libraries and fonts), or null. */
function packageRoot(): string | null {
  try {
    // Its `require` entry is build/cjs/index.cjs.
    return join(dirname(require.resolve('@sparticuz/chromium')), '..', '..');
  } catch {
    return null;
  }
}

/** Why the browser tests cannot run here, or null. They are never skipped. */
export function chromiumMissing(): string | null {
  if (OVERRIDE)
    return existsSync(OVERRIDE) ? null : `CHROMIUM_PATH=${OVERRIDE} is missing: unset it to use @sparticuz/chromium`;
  // Its build is Linux x64's only.
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return `@sparticuz/chromium runs on Linux x64 only: set CHROMIUM_PATH to a Chromium for ${process.platform}-${process.arch}`;
  const root = packageRoot();
  return root && existsSync(join(root, 'bin', 'chromium.br'))
    ? null
    : '@sparticuz/chromium (a devDependency) is not installed: run npm install, or set CHROMIUM_PATH to a Chromium';
}

/** A font's WOFF (1.0) file as the TrueType/OpenType file it wraps: each table inflated, in a plain sfnt. */
function unwrapWoff(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF file');
  const count = woff.readUInt16BE(12);
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the sfnt's version (flavor)
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts = [header];
  let offset = header.length;
  for (let i = 0; i < count; i++) {
    const entry = 44 + i * 20;
    const field = (n: number): number => woff.readUInt32BE(entry + 4 * n);
    const [tag, at, compressed, length, checksum] = [field(0), field(1), field(2), field(3), field(4)];
    const stored = woff.subarray(at, at + compressed);
    const table = compressed < length ? inflateSync(stored) : stored;
    header.writeUInt32BE(tag, 12 + i * 16);
    header.writeUInt32BE(checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(table.length, 24 + i * 16);
    const padded = Buffer.alloc((table.length + 3) & ~3);
    table.copy(padded);
    parts.push(padded);
    offset += padded.length;
  }
  return Buffer.concat(parts);
}

interface Unpacked {
  executable: string;
  env: NodeJS.ProcessEnv;
}

/**
 * The package's browser, libraries and fonts unpacked into a folder of the temp folder, one per package version and
 * user (the browser is unpacked readable by its owner only). Test files start at once in several workers: each
 * unpacks into a folder of its own and renames it into place, so no browser is run half written.
 */
async function unpack(root: string): Promise<Unpacked> {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const uid = process.getuid?.() ?? 0;
  const folder = join(tmpdir(), `olathe-chromium-${version}-${uid}`);
  const unpacked = (): Unpacked => ({
    executable: join(folder, 'chromium'),
    env: {
      ...process.env,
      LD_LIBRARY_PATH: [join(folder, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_FILE: join(folder, 'fonts.conf'),
    },
  });
  if (existsSync(join(folder, 'ready')) && statSync(folder).uid === uid) return unpacked();
  const staging = mkdtempSync(join(tmpdir(), 'olathe-chromium-'));
  try {
    // executablePath() unpacks the browser, its fonts and SwiftShader into os.tmpdir(), which reads TMPDIR: set
    // for the synchronous part of the call, which names every file it writes.
    const tmp = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    let unpacking: Promise<string>;
    try {
      unpacking = sparticuz.executablePath();
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
    }
    if ((await unpacking) !== join(staging, 'chromium')) throw new Error(`@sparticuz/chromium unpacked elsewhere`);
    // The NSS libraries, as the package unpacks them on Amazon Linux 2023 (lib/…).
    execFileSync('tar', ['-x', '-C', staging], {
      input: brotliDecompressSync(readFileSync(join(root, 'bin', 'al2023.tar.br'))),
    });
    mkdirSync(join(staging, 'emoji'));
    const emoji = join(dirname(require.resolve('@fontsource/noto-color-emoji/package.json')), 'files');
    for (const file of readdirSync(emoji).filter((f) => f.endsWith('.woff')))
      writeFileSync(
        join(staging, 'emoji', file.replace(/\.woff$/, '.ttf')),
        unwrapWoff(readFileSync(join(emoji, file))),
      );
    writeFileSync(
      join(staging, 'fonts.conf'),
      [
        '<?xml version="1.0"?>',
        '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
        '<fontconfig>',
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
        `  <dir>${join(folder, 'fonts')}</dir>`,
        `  <dir>${join(folder, 'emoji')}</dir>`,
        `  <cachedir>${join(folder, 'fontconfig-cache')}</cachedir>`,
        '</fontconfig>',
        '',
      ].join('\n'),
    );
    writeFileSync(join(staging, 'ready'), '');
    renameSync(staging, folder);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Another worker's folder came first (the rename found it there), or this one failed.
    if (!existsSync(join(folder, 'ready'))) throw error;
  }
  return unpacked();
}

let browser: Promise<Unpacked> | undefined;

/** The browser to start, and its environment: CHROMIUM_PATH's in the tests' own, or the package's, unpacked. */
function chromiumBuild(): Promise<Unpacked> {
  if (OVERRIDE) return Promise.resolve({ executable: OVERRIDE, env: process.env });
  const missing = chromiumMissing();
  if (missing) return Promise.reject(new Error(missing));
  return (browser ??= unpack(packageRoot()!));
}

/** A fresh profile in `dir`; `options` set the viewport, touch and the like. */
export async function launchChromium(dir: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const { executable, env } = await chromiumBuild();
  return chromium.launchPersistentContext(join(dir, 'chromium-profile'), {
    executablePath: executable,
    env,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    ...options,
  });
}
