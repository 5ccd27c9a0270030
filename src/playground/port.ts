// The page's port is taken before anything else starts: a playground whose port is busy (most often because
// another playground has it) then stops before it opens the database that the other one may be playing on.
import { createServer } from 'node:http';
import type { Server } from 'node:http';

/** Listens on `port` (0: any free one) and answers 503 until the page is served (startPlaygroundServer). */
export async function listenFirst(port: number, host: string): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
    res.end('The playground is starting; reload in a moment.\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** The address to open: http://127.0.0.1:PORT (an IPv6 host in brackets). */
export function pageUrl(server: Server, host: string): string {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * A port free now, for a server the playground does not create itself (the bot's Activity server, which takes
 * ACTIVITY_PORT as a setting). Another process could take it before the bot listens; the bot then stops with
 * one line naming the setting, as it would on Discord.
 */
export async function freePort(host: string): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, host, resolve);
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}
