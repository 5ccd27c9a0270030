// A relay in front of a PostgreSQL server that counts the round trips its clients make: each simple Query ('Q')
// and each Sync ('S', which ends an extended-protocol statement: Parse/Bind/Execute go out together and wait for
// its answer) is one wait for the server. The store tests and the click bench count a move's round trips with it.
import { createConnection, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface RoundTripRelay {
  port: number;
  /** Round trips since the relay started (or since `reset`), over every connection. */
  readonly count: number;
  reset(): void;
  /**
   * The last wait for the server on a timed connection, on this process's clock (performance.now()): when the
   * statement's last message (its Sync, or a Query) reached the relay, and when the server's answer's first
   * bytes did (null until they do). The click bench splits a click's time with it.
   */
  readonly lastWait: { sent: number; answered: number | null } | null;
  /** `url` with its host and port made the relay's. */
  via(url: string): string;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;

/**
 * `skip`: connections not to count, told by their startup message's text (its user, database and
 * application_name): the bench leaves out the shard lock's, whose confirmations are not a click's. `timed`:
 * the connections whose waits lastWait follows, told the same way.
 */
export async function startRoundTripRelay(
  targetPort: number,
  skip: (startup: string) => boolean = () => false,
  timed: (startup: string) => boolean = () => false,
): Promise<RoundTripRelay> {
  const targetHost = '127.0.0.1';
  let count = 0;
  let lastWait: { sent: number; answered: number | null } | null = null;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection(targetPort, targetHost);
    let buffer = Buffer.alloc(0);
    let started = false;
    let counted = true;
    let timing = false;
    /** This connection's wait under way, answered or not. */
    let wait: { sent: number; answered: number | null } | null = null;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.on('data', (chunk: Buffer) => {
      if (wait && wait.answered === null) wait.answered = performance.now();
      client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      const arrived = performance.now();
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        // The startup messages (and an SSL request before them) carry no type byte.
        const header = started ? 5 : 4;
        if (buffer.length < header) break;
        const length = started ? buffer.readInt32BE(1) + 1 : buffer.readInt32BE(0);
        if (buffer.length < length) break;
        if (!started) {
          started = !(length === 8 && buffer.readInt32BE(4) === SSL_REQUEST);
          const startup = started ? buffer.subarray(8, length).toString('utf8') : '';
          if (started) [counted, timing] = [!skip(startup), timed(startup)];
        } else if (buffer[0] === 0x51 || buffer[0] === 0x53) {
          if (counted) count++;
          if (timing) lastWait = wait = { sent: arrived, answered: null };
        }
        buffer = buffer.subarray(length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    get count() {
      return count;
    },
    reset: () => (count = 0),
    get lastWait() {
      return lastWait;
    },
    via(url) {
      const relayed = new URL(url);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(port);
      return relayed.toString();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
