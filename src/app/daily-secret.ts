// The key of the daily challenge's dice. OLATHE_DAILY_SECRET when the operator sets it; otherwise a random one
// made on the first start and kept in a file beside the database (`<DATABASE_PATH>.daily-secret`, mode 0600),
// never in the database, so a copy of the database (a backup, a bug report) cannot tell anyone tomorrow's
// dice. Every process on the same database — each shard, a restart — reads the same file, so everyone on the
// bot plays the same dice. Nothing here logs the key or puts it in an error message.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, MIN_DAILY_SECRET_LENGTH } from './config';

export function dailySecretPath(databasePath: string): string {
  return `${path.resolve(databasePath)}.daily-secret`;
}

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

function readSecret(file: string): string {
  const text = fs.readFileSync(file, 'utf8').trim();
  if (text.length < MIN_DAILY_SECRET_LENGTH)
    throw new ConfigError(
      `${file} holds no daily-challenge secret (or a short one): delete it to have one made, or set OLATHE_DAILY_SECRET.`,
    );
  return text;
}

/**
 * The secret: `configured` (OLATHE_DAILY_SECRET) when set, else the file's, made first if there is none. Two
 * processes starting at once make one file between them: each writes its own temporary file and links it
 * into place, which only the first does; both then read what is there.
 */
export function loadDailySecret(configured: string | null, databasePath: string): string {
  if (configured !== null) return configured;
  const file = dailySecretPath(databasePath);
  try {
    return readSecret(file);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return readSecret(file);
}
