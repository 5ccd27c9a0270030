// Running the playground from a terminal (`npm run playground`, or `npm start` without DISCORD_TOKEN):
// read PLAYGROUND_PORT and PLAYGROUND_DATABASE, start everything, print the one URL to open, stop
// cleanly on Ctrl-C.
import { ConfigError } from '../app/config';
import type { CommandMap } from '../discord/context';
import { readSettings, stopOnSignals } from '../app/process-lifecycle';
import { DEFAULT_PLAYGROUND_DATABASE, DEFAULT_PLAYGROUND_PORT, startPlayground } from './playground';

export function playgroundPort(env: NodeJS.ProcessEnv): number {
  const text = env.PLAYGROUND_PORT?.trim();
  if (!text) return DEFAULT_PLAYGROUND_PORT;
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port > 65535) {
    throw new ConfigError(`PLAYGROUND_PORT must be a port number (0–65535; 0 picks a free one), not "${text}".`);
  }
  return port;
}

/** Starts the playground and keeps it running until SIGINT/SIGTERM. Sets process.exitCode on failure. */
export async function runPlayground(env: NodeJS.ProcessEnv, commands: CommandMap): Promise<void> {
  const port = readSettings(() => playgroundPort(env));
  if (port === null) return;
  const databasePath = env.PLAYGROUND_DATABASE?.trim() || DEFAULT_PLAYGROUND_DATABASE;
  let playground;
  try {
    playground = await startPlayground({ port, databasePath, commands });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const why =
      code === 'EADDRINUSE'
        ? `port ${port} is already in use — set PLAYGROUND_PORT to another port (0 picks a free one).`
        : code === 'EACCES'
          ? `port ${port} may not be opened by this user — set PLAYGROUND_PORT to a port from 1024 up (0 picks a free one).`
          : error instanceof Error
            ? error.message
            : String(error);
    console.error(`olathe: the playground could not start: ${why}`);
    process.exitCode = 1;
    return;
  }
  // Listening before the address is printed: a pipe's write is synchronous, so whoever reads it may signal at once.
  stopOnSignals(
    () => playground.stop(),
    (error) => console.error(`olathe: unclean stop: ${error instanceof Error ? error.message : String(error)}`),
  );
  console.log(`Olathe playground: open ${playground.url}`);
}
