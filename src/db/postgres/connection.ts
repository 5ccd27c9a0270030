// A DATABASE_URL carries the password. Everything this folder says about a connection (log lines, errors)
// goes through here, so the password never leaves the process in a message.
import pg from 'pg';
import { DatabaseStartupError, oneLine } from '../errors';

/** The URL as it may be shown: the password replaced by `***`; an unparseable URL is not shown at all. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a DATABASE_URL that is not a valid URL)';
  }
}

/** Every form the password may take in a message: as written in the URL, and decoded. */
function secrets(url: string): string[] {
  let raw: string;
  try {
    raw = new URL(url).password;
  } catch {
    // Unparseable: hide whatever sits between "user:" and "@", the usual place of a password.
    raw = /^[a-z]+:\/\/[^:/@]*:([^@]*)@/i.exec(url)?.[1] ?? '';
  }
  if (!raw) return [];
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // keep the raw form only
  }
  return [...new Set([raw, decoded])].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
}

/** `text` with every occurrence of the URL's password replaced. */
export function withoutPassword(text: string, url: string): string {
  return secrets(url).reduce((out, secret) => out.split(secret).join('***'), text);
}

/**
 * A new error for `error` that says what failed in one line, without the password. The original is not kept
 * as its cause: pg's and Node's errors may carry the connection string in their properties (a URL error's
 * `input`), which a logger printing the whole object would show.
 */
export function safeError(what: string, error: unknown, url: string): DatabaseStartupError {
  const code = (error as { code?: unknown } | null)?.code;
  const detail = oneLine(error) + (typeof code === 'string' && code ? ` (${code})` : '');
  return new DatabaseStartupError(withoutPassword(`${what} at ${redactedUrl(url)}: ${detail}`, url));
}

/** A connected client for `url`, or a DatabaseStartupError without the password. */
export async function connectClient(url: string, connectTimeoutMs = 10_000): Promise<pg.Client> {
  let client: pg.Client;
  try {
    client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  } catch (error) {
    throw safeError('Cannot use the PostgreSQL database', error, url);
  }
  // A connection lost while idle is reported as an event; without a listener it would end the process.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw safeError('Cannot connect to PostgreSQL', error, url);
  }
  return client;
}

/** How long a starting bot waits for PostgreSQL to accept connections (it may be starting too, e.g. in compose). */
export const STARTUP_WAIT_MS = 30_000;
const STARTUP_RETRY_MS = 1_000;
// The server answered, and said no: waiting would not change its answer (bad password, no such database or role).
const FINAL_REFUSALS = new Set(['28P01', '28000', '3D000', '42501']);

/**
 * Resolves once the server at `url` accepts a connection; retries what may pass (refused, unreachable, starting
 * up) for up to `waitMs`, then throws a DatabaseStartupError naming the last reason, without the password.
 */
export async function waitForPostgres(url: string, waitMs = STARTUP_WAIT_MS): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const client = await connectClient(url, Math.max(1_000, Math.min(10_000, deadline - Date.now())));
      await client.end().catch(() => {});
      return;
    } catch (error) {
      const code = /\((\w{5})\)$/.exec((error as Error).message)?.[1];
      if ((code && FINAL_REFUSALS.has(code)) || Date.now() + STARTUP_RETRY_MS > deadline) {
        throw new DatabaseStartupError(`${(error as Error).message} (waited ${Math.round(waitMs / 1000)} s)`);
      }
      await new Promise((resolve) => setTimeout(resolve, STARTUP_RETRY_MS));
    }
  }
}
