// A world whose bot runs on a PostgreSQL server of the test's own, to crash, stop, start or lock as the test
// needs; both are closed after each test. For the postgres-*.test.ts files that test PostgreSQL's own behaviour.
import { afterEach } from 'vitest';
import type { PostgresOptions, PostgresServer } from '../support/postgres';
import { freshDatabase, startPostgres } from '../support/postgres';
import type { World } from './harness';
import { startWorld } from './harness';

export interface OwnPostgres {
  /** A new server with `options`, and a world whose bot uses a fresh database on it (dice from `diceSeed`). */
  start(diceSeed: string, options?: PostgresOptions): Promise<{ server: PostgresServer; world: World }>;
}

export function ownPostgres(): OwnPostgres {
  let server: PostgresServer | undefined;
  let world: World | undefined;
  afterEach(async () => {
    await world?.close();
    await server?.stop();
    world = server = undefined;
  });
  return {
    async start(diceSeed, options = {}) {
      server = await startPostgres(options);
      world = await startWorld({ diceSeed, env: { DATABASE_URL: await freshDatabase(server) } });
      return { server, world };
    },
  };
}
