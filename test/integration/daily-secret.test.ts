// Where the daily challenge's key comes from: OLATHE_DAILY_SECRET, or a file beside the database made once on
// the first start (mode 0600) and read by every later start and every shard; a bad value is one line that
// does not repeat it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/app/config';
import { dailySecretPath, loadDailySecret } from '../../src/app/daily-secret';
import { removeTempDirs, tempDir } from './service/helpers';

afterAll(removeTempDirs);

const good = { DISCORD_TOKEN: 'abc.def.ghi', DISCORD_CLIENT_ID: '123456789012345678' };

describe('the daily secret', () => {
  it('is OLATHE_DAILY_SECRET when set, and then no file is made', () => {
    const db = path.join(tempDir(), 'olathe.sqlite');
    const secret = readConfig({ ...good, OLATHE_DAILY_SECRET: '  a-secret-of-twenty-chars ' }).dailySecret;
    expect(secret).toBe('a-secret-of-twenty-chars');
    expect(loadDailySecret(secret, db)).toBe('a-secret-of-twenty-chars');
    expect(fs.existsSync(dailySecretPath(db))).toBe(false);
    expect(readConfig({ ...good, OLATHE_DAILY_SECRET: '' }).dailySecret).toBeNull();
  });

  it('refuses a short OLATHE_DAILY_SECRET without repeating it', () => {
    expect(() => readConfig({ ...good, OLATHE_DAILY_SECRET: 'hunter2' })).toThrow(ConfigError);
    expect(() => readConfig({ ...good, OLATHE_DAILY_SECRET: 'hunter2' })).toThrow(/at least 16 characters/);
    try {
      readConfig({ ...good, OLATHE_DAILY_SECRET: 'hunter2' });
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });

  it('is made once beside the database when unset, readable by its owner only, and read again after', () => {
    const db = path.join(tempDir(), 'nested', 'olathe.sqlite');
    const first = loadDailySecret(null, db);
    const file = dailySecretPath(db);
    expect(file).toBe(`${path.resolve(db)}.daily-secret`);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadDailySecret(null, db)).toBe(first);
    // A second database has a secret of its own; no temporary files are left behind.
    expect(loadDailySecret(null, path.join(tempDir(), 'other.sqlite'))).not.toBe(first);
    expect(fs.readdirSync(path.dirname(file)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps a file that is there, and says so plainly when it holds none', () => {
    const db = path.join(tempDir(), 'olathe.sqlite');
    fs.writeFileSync(dailySecretPath(db), 'an-operator-made-secret-value\n');
    expect(loadDailySecret(null, db)).toBe('an-operator-made-secret-value');
    fs.writeFileSync(dailySecretPath(db), '\n');
    expect(() => loadDailySecret(null, db)).toThrow(/holds no daily-challenge secret/);
  });
});
