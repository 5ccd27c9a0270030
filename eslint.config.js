// Lint: typescript-eslint with the type-aware rules that catch the classic discord.js bugs (a promise nobody
// awaits, a promise where a callback is expected), and the layer rules of docs/ARCHITECTURE.md.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A layer may not import these: `patterns` are import paths as written (gitignore style), `paths` packages. */
function layer(files, why, patterns, paths = []) {
  const message = `${why} (see docs/ARCHITECTURE.md).`;
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: patterns, message }, COMMANDS_ONLY_FROM_ENTRY, ENGINE_BY_INDEX],
          paths: paths.map((name) => ({ name, message })),
        },
      ],
    },
  };
}

const DISCORD = ['discord.js', '@discordjs/builders', '@discordjs/rest'];
/** The database drivers: only their engine's folder of src/db/ (and the entry points that open it) use them. */
const ENGINES = ['better-sqlite3', 'pg'];
/** The rules engine has one way in, its index: `…/game`, never one of its files. */
const ENGINE_BY_INDEX = {
  group: ['**/game/*'],
  message: "Import the rules engine from its index ('../game'), not from one of its files.",
};
/** Slash command modules are loaded by the entry points and handed down: src/ never imports commands/. */
const COMMANDS_ONLY_FROM_ENTRY = {
  group: ['**/commands', '**/commands/*'],
  message: 'Only the entry points load commands/ (see docs/ARCHITECTURE.md).',
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'artifacts/**', 'data/**', 'dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Slash command modules are loaded by the entry points and handed down: src/ never imports commands/.
    // The layers below repeat this in their own rule, which replaces this one for their files.
    files: ['src/**/*.ts'],
    ignores: ['src/app/index.ts', 'src/app/deploy-commands.ts', 'src/playground/main.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [COMMANDS_ONLY_FROM_ENTRY, ENGINE_BY_INDEX] }],
    },
  },
  {
    files: ['bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ENGINE_BY_INDEX] }] },
  },
  layer(
    ['src/game/**/*.ts'],
    'The rules engine is pure: it imports nothing of the project',
    ['../*', '../../*'],
    [...DISCORD, 'better-sqlite3'],
  ),
  layer(
    ['src/solver/**/*.ts'],
    'The solver builds on the rules engine only',
    ['../*', '!../game', '!../game/*'],
    [...DISCORD, 'better-sqlite3'],
  ),
  layer(
    ['src/rating/**/*.ts'],
    'Ratings are pure: the OpenSkill package and the rules engine, no Discord, no SQL, no service',
    ['**/db', '**/db/*', '**/service', '**/service/*', '**/discord', '**/discord/*', '**/app/*', '**/cli/*'],
    [...DISCORD, ...ENGINES],
  ),
  layer(
    ['src/tournament/**/*.ts'],
    'Tournaments are pure like the rules engine: events applied one at a time, no Discord, no SQL, no service, no clock',
    [
      '**/db',
      '**/db/*',
      '**/service',
      '**/service/*',
      '**/discord',
      '**/discord/*',
      '**/app/*',
      '**/cli/*',
      '**/rating',
      '**/rating/*',
    ],
    [...DISCORD, ...ENGINES],
  ),
  layer(
    ['src/service/**/*.ts'],
    'The service knows nothing of Discord, and reaches the database only through the storage seam (src/db/storage.ts), whatever the engine',
    ['**/discord', '**/discord/*', '**/fake-discord', '**/fake-discord/*', '**/db/sqlite/*', '**/db/postgres/*'],
    [...DISCORD, ...ENGINES],
  ),
  layer(
    ['src/db/*.ts'],
    "The storage seam and the rows are the same for every engine: an engine's code lives in its own folder",
    ['./sqlite/*', './postgres/*'],
    [...DISCORD, ...ENGINES],
  ),
  layer(
    ['src/discord/**/*.ts', 'commands/**/*.ts'],
    'The Discord layer goes through the service, never to the database or the solver, and counts through its Metrics interface, never prom-client',
    ['**/db', '**/db/*', '**/solver', '**/solver/*'],
    ['better-sqlite3', 'prom-client'],
  ),
  layer(
    ['src/ops/**/*.ts'],
    'The operator endpoints see the bot only through the functions they are given (src/app/operations.ts wires them)',
    [
      '**/db',
      '**/db/*',
      '**/solver',
      '**/solver/*',
      '**/service',
      '**/service/*',
      '**/fake-discord',
      '**/fake-discord/*',
    ],
    [...DISCORD, 'better-sqlite3'],
  ),
  {
    // The playground's page runs in the browser, as plain JavaScript with no types to check.
    files: ['src/playground/static/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.browser } },
  },
  {
    // Plain JavaScript run by node itself (the build, the benches' yardstick bots and memory probe): no types to check.
    files: ['eslint.config.js', 'scripts/**/*.mjs', 'bench/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
