import { defineConfig } from 'vitest/config';

// The tests that touch storage run twice: on SQLite and on PostgreSQL (OLATHE_TEST_ENGINE; the postgres project
// starts one throwaway server for the run, test/support/postgres-run.ts). Everything else runs once. The
// end-to-end tests run the built bot, which keeps its games in the engine's database: all of them run on both.
const STORAGE_TESTS = [
  'test/integration/service/**/*.test.ts',
  // The store contract tests run each test on both engines themselves: here, where the run has its server.
  'test/integration/storage/**/*.test.ts',
  'test/e2e/**/*.test.ts',
];

// Tests of SQLite itself, or already explicit about their engines: not run a second time on PostgreSQL. Each
// line says why.
const SQLITE_ONLY_INTEGRATION: string[] = [
  // SQLite's migrations, its file format and the start-up refusals of a bad file.
  'test/integration/service/migrations.test.ts',
  // Rows written before SQLite migrations 0005, 0009 and 0010, migrated: PostgreSQL's schema never had them.
  'test/integration/service/sqlite-migrated-rows.test.ts',
  'test/integration/service/stats-migration.test.ts',
  // Counts better-sqlite3's statements per click.
  'test/integration/service/statements.test.ts',
  // SQLite's one writer: transactions queue in order and reads wait (storage-transactions.test.ts runs on both).
  'test/integration/service/sqlite-storage.test.ts',
];
const SQLITE_ONLY_E2E: string[] = [
  // Shard ownership across hosts: PostgreSQL by nature, each test starts its own server.
  'test/e2e/standby*.test.ts',
  'test/e2e/cluster-refusals.test.ts',
  // SQLite's file locked by another process; PostgreSQL's outages are postgres-outage*.test.ts.
  'test/e2e/sqlite-outage-balut.test.ts',
];

// PostgreSQL's own behaviour (its server stopped mid-game, a SQLite database copied into it), and the tests that
// choose their engines themselves: the postgres project only.
const POSTGRES_ONLY = ['test/e2e/postgres-*.test.ts', 'test/integration/storage/**/*.test.ts'];

export default defineConfig({
  test: {
    // The end-to-end tests run the production bundle (dist/), built once per run.
    globalSetup: ['test/support/build.ts'],
    // Every end-to-end and browser file ends with no request that breaks Discord's published spec.
    setupFiles: ['test/support/spec-conformance.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts'],
          exclude: POSTGRES_ONLY,
          env: { OLATHE_TEST_ENGINE: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: STORAGE_TESTS,
          exclude: [...SQLITE_ONLY_INTEGRATION, ...SQLITE_ONLY_E2E],
          env: { OLATHE_TEST_ENGINE: 'postgres' },
          globalSetup: ['test/support/postgres-run.ts'],
        },
      },
    ],
  },
});
