// `npm run backup -- <file> [--force]`: a consistent copy of the bot's database, made while the bot runs.
// The database is found as the bot finds it (DATABASE_PATH from the environment or .env, same default). On
// success one line on stdout says what was copied where; on failure one line on stderr, exit status 1 (2 for
// bad arguments). Restoring is docs/HOSTING.md's "Backup and restore". With DATABASE_URL set (PostgreSQL) it
// says to use pg_dump instead, and exits 0 without opening any file.
import dotenv from 'dotenv';
import { databasePathOf } from '../app/config';
import { redactedUrl } from '../db/postgres/connection';
import { BackupError, backupDatabase } from '../db/sqlite/backup';

const USAGE = 'usage: npm run backup -- <file> [--force] (--force replaces an existing file)';

function fail(message: string, code: number): void {
  process.stderr.write(`olathe backup: ${message.replace(/\s+/g, ' ').trim()}\n`);
  process.exitCode = code;
}

/**
 * With DATABASE_URL the bot's data is in PostgreSQL, which this command cannot copy consistently: the answer is
 * PostgreSQL's own pg_dump, and the SQLite file at DATABASE_PATH (if any is left) is not the bot's any more.
 */
function postgresAnswer(url: string): void {
  process.stdout.write(
    `The bot's database is PostgreSQL (DATABASE_URL=${redactedUrl(url)}): this command backs up SQLite only, and touched nothing.\n` +
      'Back PostgreSQL up with pg_dump while the bot runs, e.g. pg_dump --format=custom --file=olathe.dump "<DATABASE_URL>"; restore into an empty database with pg_restore --dbname="<DATABASE_URL>" olathe.dump.\n',
  );
}

async function main(argv: readonly string[]): Promise<void> {
  dotenv.config({ quiet: true });
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (databaseUrl) return postgresAnswer(databaseUrl);
  const force = argv.includes('--force');
  const rest = argv.filter((a) => a !== '--force');
  const unknown = rest.find((a) => a.startsWith('-'));
  if (unknown || rest.length !== 1) {
    return fail(unknown ? `unknown option ${unknown}; ${USAGE}` : USAGE, 2);
  }
  const done = await backupDatabase(databasePathOf(process.env), rest[0]!, { overwrite: force });
  const mb = (done.bytes / 2 ** 20).toFixed(1);
  process.stdout.write(
    `backed up ${done.source} to ${done.target} (${mb} MB, schema version ${done.schemaVersion}, ${Math.round(done.ms)} ms)\n`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof BackupError) return fail(error.message, 1);
  fail(`backup failed: ${error instanceof Error ? error.message : String(error)}`, 1);
});
