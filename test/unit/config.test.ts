import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATABASE_PATH, readConfig } from '../../src/config';
import { createLogger, redact } from '../../src/logger';

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
    });
  });

  it('reads how often the games are reconciled, and refuses a pace that would flood Discord', () => {
    expect(readConfig({ ...good, OLATHE_RECONCILE_MS: '1000' }).reconcileMs).toBe(1000);
    expect(() => readConfig({ ...good, OLATHE_RECONCILE_MS: '100' })).toThrow(/OLATHE_RECONCILE_MS.*at least 500/);
    expect(() => readConfig({ ...good, OLATHE_RECONCILE_MS: 'often' })).toThrow(/OLATHE_RECONCILE_MS/);
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
