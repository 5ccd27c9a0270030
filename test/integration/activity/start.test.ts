// Starting the Activity as the bot does: a port already in use stops the start with one line naming the setting.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startActivity } from '../../../src/activity/start';
import { GameService } from '../../../src/service/game-service';
import type { Logger } from '../../../src/app/logger';
import { openSqliteTestStorage } from '../../support/storage';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

describe('startActivity', () => {
  it('refuses a port in use in one line naming ACTIVITY_PORT', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const port = (taken.address() as AddressInfo).port;
    const service = new GameService(openSqliteTestStorage(':memory:'));
    try {
      const config = {
        activityPort: port,
        clientSecret: 'secret-of-the-test',
        clientId: '123456789012345678',
        apiUrl: 'http://127.0.0.1:9/api',
        token: 'bot-token',
        databaseUrl: null,
      };
      const error = await startActivity(config, service, () => {}, quiet).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toBe(`ACTIVITY_PORT ${port} is already in use: stop what uses it, or pick another port.`);
    } finally {
      taken.close();
      await service.storage.close();
    }
  });
});
