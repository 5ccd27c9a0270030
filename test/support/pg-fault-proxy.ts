// A TCP relay in front of a PostgreSQL server that reads the client's side of the wire protocol, so a test can
// stop a server in the middle of one chosen transaction: the first transaction to insert into `events` after
// `arm` (a move: the service's statements are named, so its Bind says `games.insert-event`), or the first move
// sent as one statement that commits by itself (its Bind says `games.move-…`: a hold, most throws and writes).
// Two moments:
//   'open'      — its INSERT is held back: the transaction is open on the server, its COMMIT never sent; a move's
//                 one statement is held back before the server: nothing is saved, the client cannot know it;
//   'committed' — its COMMIT (or its one statement) goes through and the server commits, but the answer is kept
//                 from the client.
// `arm` resolves when that moment has come; the test then stops the server, which cuts every connection.
import { createConnection, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export type FaultMoment = 'open' | 'committed';

export interface PgFaultProxy {
  port: number;
  /** Resolves once the next move's transaction has reached `moment` (held there until the connection ends). */
  arm(moment: FaultMoment): Promise<void>;
  close(): Promise<void>;
}

const INSERT_EVENT = Buffer.from('games.insert-event\0');
const ONE_STATEMENT_MOVE = Buffer.from('games.move-');
const COMMIT = Buffer.from('COMMIT\0');
const SSL_REQUEST = 80877103;

/** Splits the client's bytes into protocol messages: the untyped startup ones first, then type + length. */
class Framer {
  private buffer = Buffer.alloc(0);
  private started = false;

  push(chunk: Buffer): Buffer[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const messages: Buffer[] = [];
    for (;;) {
      const header = this.started ? 5 : 4;
      if (this.buffer.length < header) break;
      const length = this.started ? this.buffer.readInt32BE(1) + 1 : this.buffer.readInt32BE(0);
      if (this.buffer.length < length) break;
      const message = this.buffer.subarray(0, length);
      // An SSL request is answered with one byte, and the startup message follows it, still untyped.
      if (!this.started && !(length === 8 && message.readInt32BE(4) === SSL_REQUEST)) this.started = true;
      messages.push(message);
      this.buffer = this.buffer.subarray(length);
    }
    return messages;
  }
}

export async function startPgFaultProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<PgFaultProxy> {
  let armed: { moment: FaultMoment; reached: () => void } | null = null;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection(targetPort, targetHost);
    const framer = new Framer();
    let move = false; // this connection's transaction inserted an event
    let fault: { moment: FaultMoment; reached: () => void } | null = null;
    let holding = false;
    let swallowing = false;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.on('data', (chunk: Buffer) => {
      // The server's answer to the COMMIT means the commit is done; the client never hears it.
      if (swallowing) fault!.reached();
      else client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      for (const message of framer.push(chunk)) {
        if (holding) continue;
        const type = String.fromCharCode(message[0]!);
        if (type === 'B' && message.includes(ONE_STATEMENT_MOVE) && armed && !fault) {
          [fault, armed] = [armed, null];
          holding = fault.moment === 'open';
          if (holding) {
            fault.reached();
            continue;
          }
          // Committed by itself once the server has run it: its answer, after the Sync, is the one kept back.
          swallowing = true;
        }
        if (type === 'B' && message.includes(INSERT_EVENT)) {
          move = true;
          // This connection's transaction is the one: no other may take the fault.
          if (armed && !fault) [fault, armed] = [armed, null];
          if (fault?.moment === 'open') {
            holding = true;
            fault.reached();
            continue;
          }
        }
        if (type === 'Q' && move && message.subarray(5).equals(COMMIT)) {
          move = false;
          if (fault?.moment === 'committed') swallowing = true;
        }
        upstream.write(message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    arm: (moment) =>
      new Promise<void>((resolve) => {
        armed = { moment, reached: resolve };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
