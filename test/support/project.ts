// Running the project's own programs from tests, exactly as `npm start` / `npm run …` do.
import { spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The production build's entry points (scripts/build.mjs): dist/<name>.js ← src/….ts. */
const { ENTRIES } = (await import(pathToFileURL(join(ROOT, 'scripts', 'build.mjs')).href)) as {
  ENTRIES: Record<string, string>;
};
const BUILT = new Map(Object.entries(ENTRIES).map(([name, source]) => [source, join('dist', `${name}.js`)]));

/** The bundle a source file ships as (built once per test run by test/support/build.ts), or null. */
export function builtFile(script: string): string | null {
  return BUILT.get(script.replace(/^\.\//, '')) ?? null;
}

/**
 * Starts `script` (a .ts file of the project) as ONE node process, as package.json's scripts do: an entry point
 * of the production build runs as its bundle (`node --enable-source-maps dist/index.js`, what ships); any other
 * script (the CLIs) with tsx's loader — the `tsx` command would start a second process, and a SIGKILL to the
 * first would leave the real program running.
 */
export function spawnScript(script: string, args: readonly string[] = [], options: SpawnOptions = {}): ChildProcess {
  const built = builtFile(script);
  const run = built ? ['--enable-source-maps', built] : ['--import', 'tsx', script];
  return spawn(process.execPath, [...run, ...args], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
    ...options,
  });
}
