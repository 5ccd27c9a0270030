// The bot's Activity server, on ACTIVITY_PORT: the board's page and assets, the
// OAuth2 code exchange (POST /api/token, with the client secret, which never leaves this process), the results'
// score-sheet picture (GET /api/picture/<game id>.png, picture.ts), and the live game over one WebSocket
// (/api/live, protocol.ts). Discord's proxy reaches it through the app's URL mapping; a path
// under `/.proxy/` (how the Embedded App SDK's pages used to address their own server) is served the same.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { GameService } from '../service/game-service';
import type { Logger } from '../app/logger';
import type { DiscordActivityApi } from './discord-api';
import { SignInsBusy } from './discord-api';
import { LiveGames } from './live-games';
import { Session } from './session';
import { pageDir, serveStatic } from './static-files';
import { rememberingHint } from './hint-cache';
import { servePageConfig } from './page-config';
import { picturePath, pictureServer } from './picture';
import type { SheetRenderer } from '../discord/sheet-picture';
import type { Metrics } from '../discord/metrics';
import { RefusalLog } from '../limits/refusal-log';

export interface ActivityServerOptions {
  port: number;
  host?: string;
  service: GameService;
  discord: DiscordActivityApi;
  log: Logger;
  /** The Publisher's kick: the game's channel follows a move made on the board. */
  kick(gameId: number): void;
  /** The application's id, which the page asks for at `api/config` (page-config.ts) before it can start the SDK. */
  clientId?: string;
  /** Signs the results pictures' addresses (picture.ts): the client secret, the same on every host. */
  pictureKey?: string;
  /** Where the built page is; default dist/activity/ (static-files.ts). */
  pageDirs?: readonly string[];
  /** Read each watched game this often as well (LiveGames): shard processes on one SQLite file. */
  pollWatchedMs?: number;
  /** How often a move asks Discord again whether its player is still in the instance (session.ts). */
  membershipCheckMs?: number;
  /** Draws the results' score sheet (picture.ts); renderScoreSheet unless given (tests count the drawings). */
  renderPicture?: SheetRenderer;
  /** The operator's counters: the boards' refusals are counted with kind `activity`. */
  metrics?: Metrics;
}

export interface ActivityServer {
  port: number;
  live: LiveGames;
  /** Every open board, closed; the port let go. */
  close(): Promise<void>;
}

/** A move, a hello or a token exchange is far below this; a bigger frame is not the page's. */
const MAX_FRAME_BYTES = 16 * 1024;
const MAX_BODY_BYTES = 4 * 1024;

export async function startActivityServer(options: ActivityServerOptions): Promise<ActivityServer> {
  const { service, discord, log } = options;
  const dir = pageDir(options.pageDirs);
  if (!dir) log.warn('activity page not built: the board answers 503 until npm run build makes dist/activity/');
  const live = new LiveGames(service, log, options.pollWatchedMs);
  const stopListening = service.onGameChanged((gameId) => live.changed(gameId));
  // This process's tournament changes (a table's end, a drop): their tables' boards show the new standings.
  const stopTournaments = service.tournaments.onChanged((id) => live.tournamentChanged(id));
  const pictureKey = options.pictureKey ?? randomBytes(32).toString('hex');
  const refusals = new RefusalLog({ log, ...(options.metrics ? { counter: options.metrics } : {}) });
  const deps = {
    refusals,
    picturePath: (gameId: number) => picturePath(gameId, pictureKey),
    service,
    discord,
    live,
    log,
    kick: options.kick,
    hint: rememberingHint(),
    ...(options.membershipCheckMs !== undefined ? { membershipCheckMs: options.membershipCheckMs } : {}),
  };
  const pictures = pictureServer(service, log, pictureKey, options.renderPicture);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log.error('activity request failed', { path: pathOf(req), error });
      if (!res.headersSent) reply(res, 500, { error: 'Something went wrong.' });
      else res.destroy();
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = pathOf(req);
    if (path === '/api/token') return exchange(req, res);
    // The page's first request: without the application's id its SDK cannot even say hello to Discord.
    if (options.clientId !== undefined && servePageConfig(withPath(req, path), res, options.clientId)) return;
    // The results' score-sheet picture, public as the results message that posts it (picture.ts).
    if (await pictures.serve(req, res, path)) return;
    if ((req.method === 'GET' || req.method === 'HEAD') && serveStatic(dir, path, req, res)) return;
    reply(res, 404, { error: 'Not found.' });
  };
  const exchange = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST') return reply(res, 405, { error: 'Use POST.' });
    const body = await readBody(req);
    let code: unknown;
    try {
      code = (JSON.parse(body ?? '') as { code?: unknown }).code;
    } catch {
      code = undefined;
    }
    if (typeof code !== 'string' || code.length === 0 || code.length > 200)
      return reply(res, 400, { error: 'Send {"code": …}, the code Discord gave the board.' });
    let token: string | null;
    try {
      token = await discord.exchangeCode(code);
    } catch (error) {
      if (!(error instanceof SignInsBusy)) throw error;
      return reply(res, 503, { error: 'Many boards are signing in at once. Try again in a few seconds.' });
    }
    if (!token) return reply(res, 400, { error: 'Discord refused that code. Close the board and open it again.' });
    reply(res, 200, { access_token: token });
  };

  server.on('upgrade', (req, socket, head) => {
    if (pathOf(req) !== '/api/live') return void socket.destroy();
    sockets.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });
  const attach = (ws: WebSocket) => {
    const session = new Session(
      {
        send: (message) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
        },
        close: (code, reason) => ws.close(code, reason),
      },
      deps,
    );
    ws.on('message', (data, isBinary) => {
      if (isBinary) return void session.receive('');
      session.receive(rawText(data)).catch((error: unknown) => log.error('activity message crashed', { error }));
    });
    ws.on('close', () => session.ended());
    ws.on('error', (error) => log.warn('activity socket error', { error: error.message }));
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  log.info('activity server listening', { port, page: dir !== null });
  return {
    port,
    live,
    async close() {
      stopListening();
      stopTournaments();
      live.close();
      refusals.close();
      for (const ws of sockets.clients) ws.close(1001, 'the bot is stopping');
      // A page that does not answer the closing handshake at once is not waited for: the stop has a deadline.
      await new Promise((resolve) => setTimeout(resolve, sockets.clients.size > 0 ? 200 : 0));
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The request's path without the query and without the proxy's `/.proxy` prefix. */
function pathOf(req: IncomingMessage): string {
  const path = (req.url ?? '/').split('?')[0]!;
  return path.startsWith('/.proxy/') ? path.slice('/.proxy'.length) : path;
}

/** The request as servePageConfig reads it, at the path with the proxy's prefix taken off. */
function withPath(req: IncomingMessage, path: string): IncomingMessage {
  return path === req.url ? req : Object.assign(Object.create(req) as IncomingMessage, { url: path });
}

function rawText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** The request's body, or null when it is larger than any the page sends. */
async function readBody(req: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
