// Running the project's own programs from tests, exactly as `npm start` / `npm run …` do.
import { spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Starts `script` (a .ts file of the project) as ONE node process with tsx's loader, as package.json's
 * scripts do: the `tsx` command would start a second process, and a SIGKILL to the first would leave the
 * real program running.
 */
export function spawnScript(script: string, args: readonly string[] = [], options: SpawnOptions = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
    ...options,
  });
}
