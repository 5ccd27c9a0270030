import { defineConfig } from 'vitest/config';

// The tests that touch storage run twice: on SQLite and on PostgreSQL (OLATHE_TEST_ENGINE; the postgres project
// starts one throwaway server for the run, test/support/postgres-run.ts). Everything else runs once. The
// end-to-end tests run the built bot, which keeps its games in the engine's database: those whose flows differ by
// engine run on both (ENGINE_BLIND_E2E below lists the others, each with its reason).
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

// End-to-end flows that run on SQLite only: what they test does not depend on the engine, and the storage they go
// through is run on PostgreSQL elsewhere (each line says where). Kept on both engines, as storage-sensitive: games
// played to the end (olathe-game, balut-shout, stats, daily, rematch), restarts and kill -9 (crash-recovery,
// every-shout, robustness, lobby-lifecycle, dm-games, group-dm-games), SIGTERM's last writes (shutdown), shards on
// one database (shards, dm-shards), simultaneous clicks (simultaneous-seats, click-behind-edit), the Activity's
// boards, which hear of moves from the database (activity-board; activity-two-hosts is PostgreSQL's by nature); and
// the PostgreSQL outages (postgres-*). Those below took 183 s of the postgres project's 674 s of e2e files.
const ENGINE_BLIND_E2E: string[] = [
  // No run's database at all: SQLite files of their own (databaseEnvAt) or none (deploy-commands never opens one).
  // On PostgreSQL they ran the very same thing a second time.
  'test/e2e/bad-input.test.ts',
  'test/e2e/deploy-emojis.test.ts',
  'test/e2e/deploy-entry-point.test.ts',
  'test/e2e/npm-start.test.ts',
  // Rendering and Discord's own rules: the messages, their limits, buttons and pings, drawn from the saved game the
  // same way whatever saved it. The games they play are saved through the same service calls as the games kept on
  // both engines above, and the service's integration tests run every operation on both.
  'test/e2e/activity-launch.test.ts',
  'test/e2e/emoji-dice.test.ts',
  'test/e2e/languages.test.ts',
  'test/e2e/score-sheet-picture.test.ts',
  'test/e2e/server-without-bot.test.ts',
  'test/e2e/threads.test.ts',
  'test/e2e/turns-and-hints.test.ts',
  // Discord failing (5xx, 429, deleted messages and channels) and the tokens' follow-up budget: the Publisher's
  // retries and what waits for the next token. Their storage is the outbox, run on both engines by
  // test/integration/service/outbox.test.ts and end to end on PostgreSQL by crash-recovery (posts held and lost,
  // kill -9), every-shout and group-dm-games (lines shown through tokens, a kill -9).
  'test/e2e/discord-failures.test.ts',
  'test/e2e/group-dm-limits.test.ts',
  // Computer players: their seats, stored deadlines and a new process carrying on from them run on both engines in
  // test/integration/service/bots.test.ts; rematch.test.ts plays a game with a computer player to the end on both.
  'test/e2e/computer-players.test.ts',
  // /healthz and /metrics of the bot and of the shard manager: the process's view, not the database's. PostgreSQL's
  // own /healthz (503 while the server is down) is postgres-outage.test.ts; a shard killed and respawned on
  // PostgreSQL is shards.test.ts and dm-shards.test.ts.
  'test/e2e/operations.test.ts',
  'test/e2e/shard-operations.test.ts',
];

// PostgreSQL's own behaviour (its server stopped mid-game, a SQLite database copied into it, two hosts on one
// database), and the tests that choose their engines themselves: the postgres project only. activity-two-hosts keeps
// its own runIf guard too; listed here, the sqlite project does not report it as a skipped file.
const POSTGRES_ONLY = [
  'test/e2e/postgres-*.test.ts',
  'test/e2e/activity-two-hosts.test.ts',
  'test/e2e/tournament-standby.test.ts',
  'test/integration/storage/**/*.test.ts',
];

/** Run once, by the unit project, with shared modules (below). */
const UNIT_TESTS = ['test/unit/**/*.test.ts', 'test/contract/**/*.test.ts'];
/**
 * Files that need a process of their own (the isolated project): every other file shares its worker's modules
 * with the files before it (isolate: false), which spares loading them again for each file.
 */
const ISOLATED = [
  // Which font files @napi-rs/canvas has registered in the process (GlobalFonts): other files' pictures add theirs.
  'test/unit/picture/fonts.test.ts',
  // vi.mock of the solver's strategy: a module another file already loaded is not mocked again. What it tests, a
  // computer player's fallback when the solver fails, does not depend on the engine: SQLite only.
  'test/integration/service/bot-fallback.test.ts',
];

// npm run test:quick (OLATHE_TEST_QUICK=1): no PostgreSQL server, no bot process, no browser. Its command names the
// folders; this leaves out the integration tests that start PostgreSQL servers of their own.
const QUICK_SKIPS = process.env.OLATHE_TEST_QUICK
  ? ['test/integration/postgres/**', 'test/integration/**/postgres-*.test.ts']
  : [];

/** Test files at once (see maxWorkers). */
const WORKERS = 3;

export default defineConfig({
  test: {
    // The end-to-end tests run the production bundle (dist/), built once per run.
    globalSetup: ['test/support/build.ts'],
    // Every end-to-end and browser file ends with no request that breaks Discord's published spec.
    setupFiles: ['test/support/spec-conformance.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // vitest's default on 2 cores is one worker (cores − 1): every file in turn, 27 minutes. Most of an end-to-end
    // file's time is spent waiting (on the bot, its clocks, an outage's 8 s), so three files at once fit the two
    // cores; more made the timing assertions (an answer within Discord's 3 s) the machine's hostage.
    // OLATHE_TEST_WORKERS sets another number (e.g. more on a bigger machine).
    maxWorkers: Number(process.env.OLATHE_TEST_WORKERS) || WORKERS,
    projects: [
      {
        extends: true,
        test: {
          // The unit and contract tests: no database, no process of the bot. They share their workers' modules
          // (isolate: false) instead of loading them again for each file — a file's import took longer than its
          // tests. None changes a module's state for the next (vi.stubEnv is undone in the file).
          name: 'unit',
          include: UNIT_TESTS,
          exclude: ISOLATED,
          isolate: false,
          env: { OLATHE_TEST_ENGINE: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'sqlite',
          // Every other folder of test/ (a new one is added here).
          include: ['test/{integration,e2e,browser,container}/**/*.test.ts'],
          exclude: [...POSTGRES_ONLY, ...QUICK_SKIPS, ...ISOLATED],
          // Their modules loaded once per worker, not once per file: 40 s of the SQLite integration files' 92 s
          // was loading them. Each file's state is its own world, database and servers.
          isolate: false,
          env: { OLATHE_TEST_ENGINE: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ISOLATED,
          env: { OLATHE_TEST_ENGINE: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: STORAGE_TESTS,
          exclude: [...SQLITE_ONLY_INTEGRATION, ...SQLITE_ONLY_E2E, ...ENGINE_BLIND_E2E, ...ISOLATED],
          isolate: false,
          env: { OLATHE_TEST_ENGINE: 'postgres' },
          globalSetup: ['test/support/postgres-run.ts'],
        },
      },
    ],
  },
});
