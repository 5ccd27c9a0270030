// The settings of a bot on several hosts: SHARD_IDS (which shards this host runs) and DATABASE_URL (the
// PostgreSQL server the hosts agree through), and every way they are refused — one line, never the password.
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/app/config';

const good = { DISCORD_TOKEN: 'abc.def.ghi', DISCORD_CLIENT_ID: '123456789012345678' };
const SECRET = 'a-daily-secret-of-32-characters!';
const URL = 'postgres://olathe:s3cret-pw@db.example:5432/olathe';

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    readConfig({ ...good, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`not refused: ${JSON.stringify(env)}`);
}

describe('SHARD_IDS', () => {
  it('runs every shard unless set', () => {
    expect(readConfig({ ...good, SHARDS: '4' }).shardIds).toBeNull();
    expect(readConfig({ ...good, SHARDS: '4', SHARD_IDS: '  ' }).shardIds).toBeNull();
    expect(readConfig(good).shardIds).toBeNull();
  });

  it('reads one id, a list, a range and a mix, spaces tolerated, ascending and each once', () => {
    const ids = (text: string, shards = '4') => readConfig({ ...good, SHARDS: shards, SHARD_IDS: text }).shardIds;
    expect(ids('0')).toEqual([0]);
    expect(ids('1')).toEqual([1]);
    expect(ids('0,2')).toEqual([0, 2]);
    expect(ids('0-3')).toEqual([0, 1, 2, 3]);
    expect(ids(' 2 , 0 ')).toEqual([0, 2]);
    expect(ids('3, 0 - 1, 1')).toEqual([0, 1, 3]);
    expect(ids('2-2')).toEqual([2]);
    expect(ids('63', '64')).toEqual([63]);
  });

  it('is refused with SHARDS=auto, without SHARDS, or not numeric', () => {
    expect(refusal({ SHARDS: 'auto', SHARD_IDS: '0' })).toMatch(
      /^SHARD_IDS needs a fixed number of shards, not SHARDS=auto/,
    );
    expect(refusal({ SHARD_IDS: '0' })).toMatch(/^SHARD_IDS needs SHARDS set to the total number of shards/);
    expect(refusal({ SHARDS: '', SHARD_IDS: '1' })).toMatch(/^SHARD_IDS needs SHARDS/);
  });

  it('is refused when it names a shard outside 0…N-1', () => {
    expect(refusal({ SHARDS: '2', SHARD_IDS: '2' })).toBe(
      'SHARD_IDS names shard 2, but SHARDS=2 numbers the shards 0 to 1.',
    );
    expect(refusal({ SHARDS: '4', SHARD_IDS: '0-4' })).toMatch(/names shard 4, but SHARDS=4/);
    expect(refusal({ SHARDS: '1', SHARD_IDS: '0,1' })).toMatch(/names shard 1/);
  });

  it('is refused when malformed', () => {
    for (const text of ['a', '0;1', '0,,1', '-1', '1-', '3-1', '0.5', '1 2', '0x1', '1000', ','])
      expect(refusal({ SHARDS: '4', SHARD_IDS: text }), text).toMatch(
        /^SHARD_IDS must be a list such as 0, 1, 0,2 or 0-3 \(shard ids from 0 to 3\)\.$/,
      );
  });
});

describe('DATABASE_URL', () => {
  it('is null unless set, and read with postgres:// or postgresql://', () => {
    expect(readConfig(good).databaseUrl).toBeNull();
    const withSecret = { ...good, OLATHE_DAILY_SECRET: SECRET };
    expect(readConfig({ ...withSecret, DATABASE_URL: ` ${URL} ` }).databaseUrl).toBe(URL);
    const long = 'postgresql://olathe@127.0.0.1/olathe';
    expect(readConfig({ ...withSecret, DATABASE_URL: long }).databaseUrl).toBe(long);
  });

  it('is refused in another form, and the refusal never shows the password', () => {
    const base = { OLATHE_DAILY_SECRET: SECRET };
    for (const text of ['mysql://u:s3cret-pw@h/db', 'postgres//u:s3cret-pw@h/db', 's3cret-pw', 'postgres://'])
      expect(refusal({ ...base, DATABASE_URL: text }), text).toMatch(
        /^DATABASE_URL, when set, must be a PostgreSQL URL/,
      );
    expect(refusal({ ...base, DATABASE_URL: 'mysql://u:s3cret-pw@h/db' })).not.toContain('s3cret-pw');
  });

  it('needs OLATHE_DAILY_SECRET: hosts on one database would deal different daily dice', () => {
    const message = refusal({ DATABASE_URL: URL });
    expect(message).toMatch(/^OLATHE_DAILY_SECRET must be set \(the same on every host\) when DATABASE_URL is set/);
    expect(message).not.toContain('s3cret-pw');
  });
});
