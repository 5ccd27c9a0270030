// Why the bot cannot start on this database, in one line a server admin can act on.
export class DatabaseStartupError extends Error {
  override readonly name = 'DatabaseStartupError';
}

export function isDatabaseStartupError(error: unknown): error is DatabaseStartupError {
  return error instanceof DatabaseStartupError;
}

/** The message of anything thrown, on one line. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim();
}
