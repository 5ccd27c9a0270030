// Running the playground from a terminal (`npm run playground`, or `npm start` without DISCORD_TOKEN):
// read PLAYGROUND_PORT and PLAYGROUND_DATABASE, start everything, print the one URL to open, stop
// cleanly on Ctrl-C.
import { ConfigError } from '../config';
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
export async function runPlayground(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let port: number;
  try {
    port = playgroundPort(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`olathe: ${error.message}`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  const databasePath = env.PLAYGROUND_DATABASE?.trim() || DEFAULT_PLAYGROUND_DATABASE;
  let playground;
  try {
    playground = await startPlayground({ port, databasePath });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const why =
      code === 'EADDRINUSE'
        ? `port ${port} is already in use — set PLAYGROUND_PORT to another port (0 picks a free one).`
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(`olathe: the playground could not start: ${why}`);
    process.exitCode = 1;
    return;
  }
  console.log(`Olathe playground: open ${playground.url}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    playground.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(`olathe: unclean stop: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
