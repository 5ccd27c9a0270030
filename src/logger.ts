// Structured logs: one JSON object a line on stderr. Secrets registered with `redact` never appear.
import type { LogLevel } from './config';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, context?: Record<string, unknown>): void;
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
}

const secrets: string[] = [];

/** Hides `secret` (the bot token) from every later log line. */
export function redact(secret: string): void {
  if (secret && !secrets.includes(secret)) secrets.push(secret);
}

function scrub(text: string): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('[redacted]');
  // Interaction and webhook tokens inside URLs are secrets too.
  return out.replace(/(\/(?:interactions\/\d+|webhooks\/\d+)\/)[\w.-]{20,}/g, '$1[token]');
}

function describe(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export function createLogger(
  level: LogLevel = 'info',
  write: (line: string) => void = (l) => process.stderr.write(l + '\n'),
): Logger {
  const log = (at: LogLevel, message: string, context?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level: at, msg: message };
    for (const [k, v] of Object.entries(context ?? {})) entry[k] = describe(v);
    write(scrub(JSON.stringify(entry)));
  };
  return {
    debug: (m, c) => log('debug', m, c),
    info: (m, c) => log('info', m, c),
    warn: (m, c) => log('warn', m, c),
    error: (m, c) => log('error', m, c),
  };
}
