// ACTIVITY_PORT and DISCORD_CLIENT_SECRET: the board is served only when asked for, never without the secret its
// sign-in needs, and a refusal never repeats the secret.
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../src/app/config';

const good = { DISCORD_TOKEN: 'abc.def.ghi', DISCORD_CLIENT_ID: '123456789012345678' };

describe('the Activity settings', () => {
  it('reads the port and the secret', () => {
    const config = readConfig({ ...good, ACTIVITY_PORT: ' 8080 ', DISCORD_CLIENT_SECRET: 's3cret-value' });
    expect(config.activityPort).toBe(8080);
    expect(config.clientSecret).toBe('s3cret-value');
    expect(readConfig(good).activityPort).toBeNull();
  });

  it('refuses a bad port, and a port without the client secret', () => {
    for (const port of ['0', '65536', 'http', '-1'])
      expect(() => readConfig({ ...good, ACTIVITY_PORT: port, DISCORD_CLIENT_SECRET: 'x' })).toThrow(/ACTIVITY_PORT/);
    expect(() => readConfig({ ...good, ACTIVITY_PORT: '8080' })).toThrow(ConfigError);
    expect(() => readConfig({ ...good, ACTIVITY_PORT: '8080' })).toThrow(/DISCORD_CLIENT_SECRET/);
  });
});
