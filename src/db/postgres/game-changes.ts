// Games changed by any host, heard on PostgreSQL's LISTEN/NOTIFY: every commit that saves a game notifies
// `olathe_game` with the game's id (game-store.ts's saveGame, inside the move's own transaction, so a rolled-back
// move notifies nobody). A host that serves the Activity listens on one dedicated connection — never a pooled one,
// whose session the pool hands to other queries — and opens it again after the connection or the server is lost,
// then says so (`onResumed`): notifications sent meanwhile are lost, so its live views must read their games again.
import pg from 'pg';
import { withoutPassword } from './connection';

export const GAME_CHANGES_CHANNEL = 'olathe_game';

/** Between attempts to listen again after the connection was lost. */
const RELISTEN_MS = 1_000;

export interface GameChangesListener {
  close(): Promise<void>;
}

export interface GameChangesOptions {
  onChange(gameId: number): void;
  /** Listening again after a loss: changes may have been missed. */
  onResumed?(): void;
  /** A failure to connect or a lost connection, in words without the password. */
  onTrouble?(message: string): void;
  relistenMs?: number;
}

/** Starts listening (retrying in the background until it can); resolves at the first attempt's outcome. */
export async function listenForGameChanges(url: string, options: GameChangesOptions): Promise<GameChangesListener> {
  const relistenMs = options.relistenMs ?? RELISTEN_MS;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let everListened = false;

  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, relistenMs);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    client = c;
    let lost = false;
    const lose = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      void c.end().catch(() => {});
      if (closed) return;
      options.onTrouble?.(withoutPassword(`game changes: ${describe(error)}`, url));
      again();
    };
    // A connection lost while idle is reported as an event; unheard, it would end the process.
    c.on('error', lose);
    c.on('end', () => lose(new Error('the connection ended')));
    c.on('notification', (message) => {
      if (message.channel !== GAME_CHANGES_CHANNEL) return;
      const gameId = Number(message.payload);
      if (Number.isSafeInteger(gameId)) options.onChange(gameId);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${GAME_CHANGES_CHANNEL}`);
    } catch (error) {
      return lose(error);
    }
    if (closed) return void c.end().catch(() => {});
    if (everListened) options.onResumed?.();
    everListened = true;
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      if (c) await Promise.race([c.end().catch(() => {}), new Promise((r) => setTimeout(r, 200).unref())]);
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0]!;
  return 'lost';
}
