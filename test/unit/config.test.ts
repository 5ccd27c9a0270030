import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATABASE_PATH, MAX_SHARDS, readConfig } from '../../src/app/config';
import { createLogger, redact } from '../../src/app/logger';

const good = { DISCORD_TOKEN: 'abc.def.ghi', DISCORD_CLIENT_ID: '123456789012345678' };

describe('readConfig', () => {
  it('reads a minimal .env with defaults', () => {
    expect(readConfig(good)).toEqual({
      token: 'abc.def.ghi',
      clientId: '123456789012345678',
      guildId: null,
      databasePath: DEFAULT_DATABASE_PATH,
      apiUrl: null,
      logLevel: 'info',
      diceSeed: null,
      botStepMs: 1200,
      reconcileMs: 60_000,
      lobbyExpiryMs: 1_800_000,
      shards: null,
      shardIds: null,
      databaseUrl: null,
      metricsPort: null,
      metricsHost: '127.0.0.1',
      logFormat: 'text',
      dailySecret: null,
      activityPort: null,
      clientSecret: null,
      clockOffsetMs: 0,
    });
  });

  it('reads the operations settings: shards, the metrics port and address, the log format', () => {
    const config = readConfig({
      ...good,
      SHARDS: 'AUTO',
      METRICS_PORT: ' 9464 ',
      METRICS_HOST: '0.0.0.0',
      LOG_FORMAT: 'JSON',
    });
    expect(config).toMatchObject({ shards: 'auto', metricsPort: 9464, metricsHost: '0.0.0.0', logFormat: 'json' });
    expect(readConfig({ ...good, SHARDS: '1' }).shards).toBe(1);
    expect(readConfig({ ...good, SHARDS: String(MAX_SHARDS) }).shards).toBe(MAX_SHARDS);
    expect(readConfig({ ...good, METRICS_PORT: '1' }).metricsPort).toBe(1);
    expect(readConfig({ ...good, METRICS_PORT: '65535' }).metricsPort).toBe(65535);
    expect(readConfig({ ...good, METRICS_HOST: '::1' }).metricsHost).toBe('::1');
    expect(readConfig({ ...good, LOG_FORMAT: 'text' }).logFormat).toBe('text');
    // Empty is unset, as everywhere in .env.
    expect(readConfig({ ...good, SHARDS: '', METRICS_PORT: '', METRICS_HOST: '', LOG_FORMAT: '' })).toMatchObject({
      shards: null,
      metricsPort: null,
      metricsHost: '127.0.0.1',
      logFormat: 'text',
      dailySecret: null,
    });
  });

  it('reads the clock offset of the tests, either way, and refuses one that is not whole milliseconds', () => {
    expect(readConfig({ ...good, OLATHE_CLOCK_OFFSET_MS: '-86400000' }).clockOffsetMs).toBe(-86_400_000);
    expect(readConfig({ ...good, OLATHE_CLOCK_OFFSET_MS: ' 5000 ' }).clockOffsetMs).toBe(5000);
    expect(readConfig({ ...good, OLATHE_CLOCK_OFFSET_MS: '' }).clockOffsetMs).toBe(0);
    for (const bad of ['soon', '1.5', '999999999999'])
      expect(() => readConfig({ ...good, OLATHE_CLOCK_OFFSET_MS: bad })).toThrow(/OLATHE_CLOCK_OFFSET_MS/);
  });

  it('reads how often the games are reconciled, and refuses a pace that would flood Discord', () => {
    expect(readConfig({ ...good, OLATHE_RECONCILE_MS: '1000' }).reconcileMs).toBe(1000);
    expect(() => readConfig({ ...good, OLATHE_RECONCILE_MS: '100' })).toThrow(/OLATHE_RECONCILE_MS.*at least 500/);
    expect(() => readConfig({ ...good, OLATHE_RECONCILE_MS: 'often' })).toThrow(/OLATHE_RECONCILE_MS/);
  });

  it('reads how long a lobby waits for its start: 30 minutes unless set, at least a second, at most a day', () => {
    expect(readConfig({ ...good, OLATHE_LOBBY_EXPIRY_MS: ' 90000 ' }).lobbyExpiryMs).toBe(90_000);
    expect(readConfig({ ...good, OLATHE_LOBBY_EXPIRY_MS: '86400000' }).lobbyExpiryMs).toBe(86_400_000);
    for (const bad of ['999', '86400001', '30m', '-1'])
      expect(() => readConfig({ ...good, OLATHE_LOBBY_EXPIRY_MS: bad })).toThrow(/^OLATHE_LOBBY_EXPIRY_MS.*1000/);
  });

  it('reads every variable', () => {
    const config = readConfig({
      ...good,
      DISCORD_GUILD_ID: '876543210987654321',
      DATABASE_PATH: '/tmp/x.sqlite',
      DISCORD_API_URL: 'http://127.0.0.1:5000/api/',
      LOG_LEVEL: 'DEBUG',
    });
    expect(config).toMatchObject({
      guildId: '876543210987654321',
      databasePath: '/tmp/x.sqlite',
      apiUrl: 'http://127.0.0.1:5000/api',
      logLevel: 'debug',
    });
  });

  it.each([
    [{}, /DISCORD_TOKEN is not set: put your bot token in \.env/],
    [{ DISCORD_TOKEN: 't' }, /DISCORD_CLIENT_ID must be your application id/],
    [{ ...good, DISCORD_CLIENT_ID: 'my-app' }, /DISCORD_CLIENT_ID/],
    [{ ...good, DISCORD_GUILD_ID: '12' }, /DISCORD_GUILD_ID, when set/],
    [{ ...good, DISCORD_API_URL: 'ftp://x' }, /DISCORD_API_URL, when set, must be an http/],
    [{ ...good, LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of debug, info, warn, error/],
    [{ ...good, OLATHE_BOT_STEP_MS: 'fast' }, /OLATHE_BOT_STEP_MS, when set, must be a whole number/],
    [{ ...good, SHARDS: '0' }, /^SHARDS, when set, must be auto .* from 1 to 64; leave it unset for one process\.$/],
    [{ ...good, SHARDS: '65' }, /^SHARDS, when set/],
    [{ ...good, SHARDS: '2.5' }, /^SHARDS, when set/],
    [{ ...good, SHARDS: 'many' }, /^SHARDS, when set/],
    [{ ...good, METRICS_PORT: '0' }, /^METRICS_PORT, when set, must be a port number from 1 to 65535 \(leave it unset/],
    [{ ...good, METRICS_PORT: '65536' }, /^METRICS_PORT, when set/],
    [{ ...good, METRICS_PORT: 'http' }, /^METRICS_PORT, when set/],
    [{ ...good, METRICS_PORT: '-1' }, /^METRICS_PORT, when set/],
    [{ ...good, METRICS_HOST: 'my host' }, /^METRICS_HOST, when set, must be an address of this machine/],
    [{ ...good, LOG_FORMAT: 'xml' }, /^LOG_FORMAT, when set, must be json .* or text \(the default\)\.$/],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
    try {
      readConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe('logger', () => {
  it('writes text lines a person can read: time, level, message, key=value', () => {
    const lines: string[] = [];
    const log = createLogger('info', (line) => lines.push(line), 'text');
    redact('another.secret.token');
    log.info('interaction', { interactionId: '17', kind: 'button', game: 4, outcome: 'ok', ackMs: 2.5, guild: null });
    log.warn('said', { reason: 'two words "quoted"', token: 'another.secret.token' });
    const error = new Error('disk I/O error');
    log.error('interaction', { outcome: 'failed', error });
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z INFO {2}interaction interactionId=17 kind=button game=4 outcome=ok ackMs=2\.5 guild=null$/,
    );
    expect(lines[1]).toMatch(/ WARN {2}said reason="two words \\"quoted\\"" token=\[redacted\]$/);
    const [first, ...stack] = lines[2]!.split('\n');
    expect(first).toMatch(/ ERROR interaction outcome=failed error="Error: disk I\/O error"$/);
    // The stack goes under its line, indented, so every entry still starts at the beginning of a line.
    expect(stack.length).toBeGreaterThan(0);
    for (const line of stack) expect(line).toMatch(/^\s+at /);
  });

  it('writes JSON lines at or above its level and never the token', () => {
    const lines: string[] = [];
    const log = createLogger('info', (line) => lines.push(line));
    redact('super.secret.token');
    log.debug('hidden');
    log.info('login with super.secret.token', {
      url: 'https://x/api/v10/interactions/123/aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4/callback',
    });
    log.error('boom', { error: new Error('bad super.secret.token') });
    expect(lines).toHaveLength(2);
    const [info, error] = lines.map((l) => JSON.parse(l));
    expect(info).toMatchObject({ level: 'info', msg: 'login with [redacted]' });
    expect(info.url).toBe('https://x/api/v10/interactions/123/[token]/callback');
    expect(error.error.message).toBe('bad [redacted]');
    expect(lines.join('')).not.toContain('super.secret.token');
  });
});
