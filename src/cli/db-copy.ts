// `npm run db:copy -- <postgres-url>`: the bot's SQLite database (DATABASE_PATH from the environment or .env, as
// the bot finds it), with the bot stopped, copied into an empty PostgreSQL database (src/db/postgres/copy-from-sqlite.ts);
// the bot on DATABASE_URL then goes on with every game. Without a URL argument, DATABASE_URL is the target, so
// the password need not appear in the process list. On success a line per table and a summary line on stdout;
// on failure one line on stderr, exit status 1 (2 for bad arguments). No line shows the password.
import dotenv from 'dotenv';
import { existsSync } from 'node:fs';
import { databasePathOf } from '../app/config';
import { dailySecretPath } from '../app/daily-secret';
import { CopyError, copyToPostgres } from '../db/postgres/copy-from-sqlite';
import { redactedUrl, withoutPassword } from '../db/postgres/connection';

const USAGE =
  'usage: npm run db:copy -- postgres://USER:PASSWORD@HOST:PORT/DATABASE (an empty database; without it, DATABASE_URL)';

function fail(message: string, code: number): void {
  process.stderr.write(`olathe db:copy: ${message.replace(/\s+/g, ' ').trim()}\n`);
  process.exitCode = code;
}

async function main(argv: readonly string[]): Promise<void> {
  if (argv.length > 1 || argv.some((a) => a.startsWith('-'))) return fail(USAGE, 2);
  dotenv.config({ quiet: true });
  const url = argv[0]?.trim() || process.env.DATABASE_URL?.trim();
  if (!url) return fail(USAGE, 2);
  // Not repeated back: whatever was typed may hold a password.
  if (!/^postgres(ql)?:\/\//i.test(url) || redactedUrl(url).startsWith('('))
    return fail(`the target must be a postgres:// URL; ${USAGE}`, 2);

  const databasePath = databasePathOf(process.env);
  try {
    const done = await copyToPostgres(databasePath, url);
    const width = Math.max(...done.tables.map((t) => t.table.length));
    for (const { table, rows } of done.tables) process.stdout.write(`${table.padEnd(width)} ${rows} rows\n`);
    const rows = done.tables.reduce((sum, t) => sum + t.rows, 0);
    const games = done.ids.find((id) => id.table === 'games');
    process.stdout.write(
      `copied ${done.source} (schema version ${done.schemaVersion}) to ${done.target}: ${done.tables.length} tables, ` +
        `${rows} rows, every count checked, in ${Math.round(done.ms)} ms` +
        `${games ? `; new games are numbered from ${games.next}` : ''}.\n`,
    );
    // The daily dice come from this secret: the bot on PostgreSQL must have the same one (it cannot read the file).
    const secretFile = dailySecretPath(databasePath);
    if (!process.env.OLATHE_DAILY_SECRET?.trim() && existsSync(secretFile))
      process.stdout.write(
        `The daily challenge's secret is kept in ${secretFile}: set OLATHE_DAILY_SECRET to its contents for the bot on PostgreSQL, so the daily dice stay the same.\n`,
      );
  } catch (error) {
    if (error instanceof CopyError) return fail(error.message, 1);
    fail(withoutPassword(`copy failed: ${error instanceof Error ? error.message : String(error)}`, url), 1);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  fail(`copy failed: ${error instanceof Error ? error.message : String(error)}`, 1);
});
