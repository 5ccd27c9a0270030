// A free TCP port for a program under test that must be told its port (METRICS_PORT refuses 0).
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A port nothing listens on right now: the kernel picks it, and it is released at once for the caller. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
