// Logs on stderr, one entry a line: JSON for a log collector (LOG_FORMAT=json), or `time level message
// key=value …` for a person (the default). Secrets registered with `redact` never appear in either.
// Not pino: the bot logs a few lines per interaction, which this writes as fast as any collector reads, and
// pino would bring a worker thread and its own redaction rules for what `scrub` already does in one place.
import type { LogFormat, LogLevel } from './config';

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

/** A value as `key=value` text shows it: bare when it has no spaces or quotes, JSON otherwise. */
function textValue(value: unknown): string {
  if (value instanceof Error) return JSON.stringify(`${value.name}: ${value.message}`);
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  if (value === undefined) return 'undefined';
  return JSON.stringify(value) ?? String(value);
}

function textLine(time: string, at: LogLevel, message: string, context: Record<string, unknown>): string {
  const fields = Object.entries(context).map(([k, v]) => `${k}=${textValue(v)}`);
  const line = [time, at.toUpperCase().padEnd(5), message, ...fields].join(' ');
  // A stack is for a person reading an error: indented under its line, so the next entry still starts a line.
  const stacks = Object.values(context)
    .filter((v): v is Error => v instanceof Error && typeof v.stack === 'string')
    .map((e) => e.stack!.split('\n').slice(1).join('\n'));
  return [line, ...stacks.filter((s) => s)].join('\n');
}

export function createLogger(
  level: LogLevel = 'info',
  write: (line: string) => void = (l) => process.stderr.write(l + '\n'),
  format: LogFormat = 'json',
): Logger {
  const log = (at: LogLevel, message: string, context: Record<string, unknown> = {}) => {
    if (ORDER[at] < ORDER[level]) return;
    const time = new Date().toISOString();
    if (format === 'text') return write(scrub(textLine(time, at, message, context)));
    const entry: Record<string, unknown> = { time, level: at, msg: message };
    for (const [k, v] of Object.entries(context)) entry[k] = describe(v);
    write(scrub(JSON.stringify(entry)));
  };
  return {
    debug: (m, c) => log('debug', m, c),
    info: (m, c) => log('info', m, c),
    warn: (m, c) => log('warn', m, c),
    error: (m, c) => log('error', m, c),
  };
}
