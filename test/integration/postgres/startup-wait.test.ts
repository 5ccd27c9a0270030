// A starting bot waits a bounded time for PostgreSQL (src/db/postgres/connection.ts: waitForPostgres): a server
// still starting is waited for, one nobody runs is given up on with one line, and a refused login at once —
// never with the password in the message.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseStartupError } from '../../../src/db/errors';
import { waitForPostgres } from '../../../src/db/postgres/connection';
import { freePort } from '../../support/ports';
import type { PostgresServer } from '../../support/postgres';
import { startPostgres } from '../../support/postgres';

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

describe('waiting for PostgreSQL at start', () => {
  it('gives up on a server nobody runs after the wait, in one line without the password', async () => {
    const url = `postgres://olathe:hunter2-secret@127.0.0.1:${await freePort()}/olathe`;
    const started = performance.now();
    const error = await waitForPostgres(url, 2_500).then(
      () => null,
      (e: unknown) => e,
    );
    const waited = performance.now() - started;
    expect(error).toBeInstanceOf(DatabaseStartupError);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^Cannot connect to PostgreSQL at postgres:\/\/olathe:\*\*\*@127\.0\.0\.1:\d+\/olathe: .* \(waited 3 s\)$/,
    );
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('\n');
    // It tried for the wait, not once.
    expect(waited).toBeGreaterThanOrEqual(1_500);
  });

  it('waits for a server that starts listening during the wait', async () => {
    // A relay on a free port that only starts forwarding to the real server after a while, as a server
    // still starting up does.
    const port = await freePort();
    const url = new URL(server.url);
    url.port = String(port);
    const relay = net.createServer((socket) => {
      const upstream = net.connect(server.port, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    const opening = new Promise<void>((resolve) => setTimeout(() => relay.listen(port, '127.0.0.1', resolve), 1_500));
    try {
      await expect(waitForPostgres(url.toString(), 10_000)).resolves.toBeUndefined();
      await opening;
    } finally {
      await opening;
      await new Promise((resolve) => relay.close(resolve));
    }
  });

  it('does not wait when the server refuses the login', async () => {
    const url = new URL(server.url);
    url.password = 'not-the-password';
    const started = performance.now();
    const error = await waitForPostgres(url.toString(), 20_000).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatabaseStartupError);
    expect((error as Error).message).toContain('(28P01)');
    expect((error as Error).message).not.toContain('not-the-password');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
