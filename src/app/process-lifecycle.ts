// What the bot and the playground share as command-line programs: one clear line for a bad setting,
// and a single clean stop on SIGINT/SIGTERM.
import { ConfigError } from './config';

/** Runs `read`; a ConfigError becomes one `olathe: …` line on stderr and exit code 1, and null is returned. */
export function readSettings<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`olathe: ${error.message}`);
    process.exitCode = 1;
    return null;
  }
}

/** On the first SIGINT or SIGTERM runs `stop`, then exits 0, or 1 (after `onError`) if it failed. */
export function stopOnSignals(stop: (signal: string) => Promise<void>, onError: (error: unknown) => void): void {
  let stopping = false;
  const handle = (signal: string) => {
    if (stopping) return;
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        onError(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => handle('SIGINT'));
  process.on('SIGTERM', () => handle('SIGTERM'));
}
