// The Activity as the bot runs it: the server on ACTIVITY_PORT, Discord asked with the bot's settings, and — on
// PostgreSQL, where other hosts move games too — their changes heard through LISTEN (src/db/postgres/game-changes.ts).
// On SQLite with one process every move is this process's, and the service's own change listener is all there is;
// with shard processes on one SQLite file, the serving process reads its watched games twice a second as well.
import type { Config } from '../app/config';
import type { Logger } from '../app/logger';
import type { GameService } from '../service/game-service';
import type { Metrics } from '../discord/metrics';
import { listenForGameChanges } from '../db/postgres/game-changes';
import type { GameChangesListener } from '../db/postgres/game-changes';
import { discordActivityApi } from './discord-api';
import { startActivityServer } from './server';

/** Well inside the 1 s a change must take to reach the boards. */
const SQLITE_SHARDS_POLL_MS = 500;

export interface RunningActivity {
  port: number;
  close(): Promise<void>;
}

export async function startActivity(
  config: Pick<Config, 'activityPort' | 'clientSecret' | 'clientId' | 'apiUrl' | 'token' | 'databaseUrl'>,
  service: GameService,
  kick: (gameId: number) => void,
  log: Logger,
  /** One of several shard processes: on SQLite the others' moves are seen only by reading the games again. */
  sharded = false,
  metrics?: Metrics,
): Promise<RunningActivity> {
  const discord = discordActivityApi({
    apiUrl: config.apiUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret ?? '',
    botToken: config.token,
  });
  let server;
  try {
    const pollWatchedMs = sharded && config.databaseUrl === null ? SQLITE_SHARDS_POLL_MS : undefined;
    server = await startActivityServer({
      port: config.activityPort!,
      clientId: config.clientId,
      pictureKey: config.clientSecret!,
      service,
      discord,
      log,
      kick,
      pollWatchedMs,
      ...(metrics ? { metrics } : {}),
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE')
      throw new Error(
        `ACTIVITY_PORT ${config.activityPort} is already in use: stop what uses it, or pick another port.`,
      );
    throw error;
  }
  let changes: GameChangesListener | null = null;
  if (config.databaseUrl !== null) {
    changes = await listenForGameChanges(config.databaseUrl, {
      onChange: (gameId) => server.live.changed(gameId),
      onResumed: () => {
        log.info('activity hears other hosts again: every board read again');
        server.live.refreshAll();
      },
      onTrouble: (message) => log.warn('activity cannot hear other hosts', { reason: message }),
    });
  }
  return {
    port: server.port,
    async close() {
      await changes?.close();
      await server.close();
    },
  };
}
