// `npm run build`: the production build, esbuild's options and nothing after them. Each entry point becomes an ESM
// bundle in dist/ for Node 20 with its source map, the pure-JavaScript packages it imports (discord.js, undici, pg,
// zod …) bundled in: loading them file by file through Node's CommonJS loader costs ~50 % more CPU a start (0.58 s
// to the gateway's READY against 0.39 s). Native packages stay imports of node_modules (NATIVE below). The bot runs
// as `node --enable-source-maps dist/index.js`, so its stack traces name our `.ts` lines. Code the entries share, and
// the playground (which only a start without a token loads), are chunks beside them.
//
// Every file sits directly in dist/, beside the files the code reads at run time, because those paths are resolved
// from the bundle's own folder (import.meta.url): dist/migrations/ (one folder per engine, src/db/*/migrate.ts),
// dist/static/ (the playground's page, src/playground/server.ts) and dist/dice/ (the die-face emojis that
// deploy-commands uploads, src/emoji/die-files.ts). dist/ is therefore complete on its own.
//
//   node scripts/build.mjs                    build, or fail
//   node scripts/build.mjs --or-use-existing  (npm's prestart) a production install has no esbuild: keep dist/
import { readFile } from 'node:fs/promises';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');

/** dist/<name>.js ← its source. Add a program here and it ships (and tests run it as built). */
export const ENTRIES = {
  index: 'src/app/index.ts',
  'deploy-commands': 'src/app/deploy-commands.ts',
  healthcheck: 'src/app/healthcheck.ts',
  backup: 'src/cli/backup.ts',
  'db-copy': 'src/cli/db-copy.ts',
};

/** dist/<folder> ← a folder of the project the code reads at run time. */
export const ASSETS = {
  migrations: 'migrations',
  static: 'src/playground/static',
  dice: 'assets/dice',
};

/**
 * dist/<folder>/ ← a web page for the browser (not Node): its script bundled and minified into assets/, beside its
 * stylesheet, and its index.html at the folder's root. dist/activity/ is the Activity's board, which the
 * bot's Activity server serves and Discord loads in its iframe.
 */
export const PAGES = {
  activity: {
    script: 'src/activity/page/main.ts',
    html: 'src/activity/page/index.html',
    css: 'src/activity/page/board.css',
  },
};

/** The Activity's script must stay small for phones (at most 150 kB gzipped); the build says its size. */
export const PAGE_BUDGET_GZIP = 150 * 1024;

/**
 * Packages left in node_modules, imported from there at run time: native modules (a .node file beside their code),
 * and the optional packages discord.js, ws and pg try to load and do without when absent — bundling those would
 * need them installed. The files the code finds in node_modules at run time (@fontsource's fonts, discord-api-spec's
 * source) are still read from there, so the production node_modules keeps every package.
 */
const NATIVE = [
  'better-sqlite3',
  '@napi-rs/canvas',
  'zlib-sync',
  'bufferutil',
  'utf-8-validate',
  '@discordjs/voice',
  'erlpack',
  'pg-native',
];

/**
 * The bundled packages' code left out of the source maps. Node decodes a whole map at the first stack trace through
 * its file and keeps it: with the packages in, that is 28 MB more heap for the bot's life, against 0.7 MB without,
 * and an idle keep-alive socket's timeout makes such a trace within minutes (`npm run bench -- startup`). esbuild
 * drops from its map the code of an input whose own map maps nothing (esbuild#1685): one null segment, and one at a
 * column no line reaches. A frame in a package then names the bundle's line and column.
 */
const MAPS_NOTHING = Buffer.from('{"version":3,"sources":["-"],"mappings":"A,ggggggBAAA"}').toString('base64');
const packagesOutOfTheMaps = {
  name: 'packages-out-of-the-maps',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, async ({ path }) => ({
      contents: `${await readFile(path, 'utf8')}\n//# sourceMappingURL=data:application/json;base64,${MAPS_NOTHING}\n`,
      loader: 'js',
    }));
  },
};

/** How long a code file no build makes any more is kept (see removeOthers). */
const STALE_CODE_MS = 60 * 60 * 1000;

/** Builds dist/; returns what it wrote, in bytes per file. Files that did not change are left untouched. */
export async function build() {
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    entryPoints: Object.entries(ENTRIES).map(([out, entry]) => ({ out, in: join(ROOT, entry) })),
    outdir: DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: NATIVE,
    // The bundled CommonJS packages call require() for Node.js's own modules (and for the optional ones they probe);
    // an ES module has none, so each output file makes one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // The playground and the fake Discord in it (40 % of the code) in a chunk the bot on Discord never loads.
    splitting: true,
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    // Stack traces need the mappings only; the sources are in the repository (and in the image's build stage).
    sourcesContent: false,
    plugins: [packagesOutOfTheMaps],
    // Bundling renames clashing top-level names (two `Conflict` classes become Conflict2); logs print `.name`.
    keepNames: true,
    // No indentation or line breaks: V8 keeps each file's source, and Node.js keeps an entry per line of it for the
    // source maps. Names stay (keepNames), and stack traces still name our `.ts` lines through the maps.
    minifyWhitespace: true,
    // The packages' license notes go to <file>.LEGAL.txt beside each bundle: left in, their non-ASCII characters
    // would make V8 keep the whole file's source at two bytes a character.
    legalComments: 'external',
    logLevel: 'warning',
    write: false,
  });
  const wanted = new Map(result.outputFiles.map((f) => [f.path, Buffer.from(f.contents)]));
  for (const [folder, from] of Object.entries(ASSETS)) {
    for (const file of readdirSync(join(ROOT, from), { recursive: true, withFileTypes: true })) {
      if (!file.isFile()) continue;
      // parentPath is Node ≥ 20.12; `path` before that.
      const source = join(file.parentPath ?? file.path, file.name);
      wanted.set(join(DIST, folder, relative(join(ROOT, from), source)), readFileSync(source));
    }
  }
  for (const [path, contents] of await buildPages(esbuild)) wanted.set(path, contents);
  for (const [path, contents] of wanted) writeIfChanged(path, contents);
  removeOthers(DIST, new Set(wanted.keys()));
  return new Map([...wanted].map(([path, contents]) => [relative(ROOT, path), contents.length]));
}

/** Each page of PAGES, for browsers: dist/<folder>/index.html, assets/board.js (+ its map) and assets/board.css. */
async function buildPages(esbuild) {
  const files = new Map();
  for (const [folder, page] of Object.entries(PAGES)) {
    const assets = join(DIST, folder, 'assets');
    const result = await esbuild({
      entryPoints: [{ out: 'board', in: join(ROOT, page.script) }],
      outdir: assets,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: ['chrome110', 'safari16', 'firefox115'],
      minify: true,
      sourcemap: 'linked',
      sourcesContent: false,
      // The catalogues the page words itself with import the rules engine's names, and its index also exports the
      // server's dice (node:crypto); the page never calls them, so that module is an empty one here.
      alias: { 'node:crypto': join(ROOT, 'src/activity/page/no-node-crypto.ts') },
      logLevel: 'warning',
      write: false,
    });
    for (const f of result.outputFiles) files.set(f.path, Buffer.from(f.contents));
    files.set(join(DIST, folder, 'index.html'), readFileSync(join(ROOT, page.html)));
    files.set(join(assets, 'board.css'), readFileSync(join(ROOT, page.css)));
  }
  return files;
}

/** The gzipped size of each page's script, and whether it is within PAGE_BUDGET_GZIP. */
export function pageSizes() {
  return Object.keys(PAGES).map((folder) => {
    const path = join(DIST, folder, 'assets', 'board.js');
    const gzipped = existsSync(path) ? gzipSync(readFileSync(path), { level: 9 }).length : 0;
    return { path: relative(ROOT, path), gzipped, within: gzipped > 0 && gzipped <= PAGE_BUDGET_GZIP };
  });
}

/**
 * Tests and benches build while other processes may be running an earlier dist/: a file is replaced by a
 * rename, never rewritten in place, so no process ever reads half a bundle.
 */
function writeIfChanged(path, contents) {
  if (existsSync(path) && readFileSync(path).equals(contents)) return;
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/**
 * A file no longer built would otherwise ship. Code files (chunk names carry a hash of their content) wait an hour:
 * a bot started from the previous build may still be loading its chunks. A stale asset goes at once — an old
 * migration must never be applied.
 */
function removeOthers(dir, keep) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) {
      removeOthers(path, keep);
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
    } else if (!keep.has(path) && !name.endsWith('.tmp')) {
      const code = dirname(path) === DIST && /\.js(\.map)?$/.test(name);
      if (!code || Date.now() - stat.mtimeMs > STALE_CODE_MS) rmSync(path);
    }
  }
}

async function main() {
  const started = performance.now();
  let written;
  try {
    written = await build();
  } catch (error) {
    const missing = error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes("'esbuild'");
    if (missing && process.argv.includes('--or-use-existing') && existsSync(join(DIST, 'index.js'))) {
      console.error('build: esbuild is not installed (a production install): starting the existing dist/.');
      return;
    }
    if (missing) throw new Error('esbuild is not installed: run `npm install` (it is a devDependency) first.');
    throw error;
  }
  const kB = (path) => Math.round((written.get(path) ?? 0) / 1024);
  const entries = Object.keys(ENTRIES).map((name) => join('dist', `${name}.js`));
  const chunks = [...written.keys()].filter((path) => /^dist\/[^/]+\.js$/.test(path) && !entries.includes(path));
  const chunkKB = chunks.reduce((sum, path) => sum + kB(path), 0);
  const summary = `${entries.map((path) => `${path} ${kB(path)} kB`).join(', ')}; ${chunks.length} shared chunks ${chunkKB} kB`;
  const pages = pageSizes()
    .map((p) => `${p.path} ${(p.gzipped / 1024).toFixed(1)} kB gzipped${p.within ? '' : ' (over its 150 kB budget!)'}`)
    .join(', ');
  console.error(`build: ${summary}; ${pages} (${Math.round(performance.now() - started)} ms)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    // esbuild has already printed the errors with their places; one line says what failed.
    console.error(`build: failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    process.exitCode = 1;
  });
}
