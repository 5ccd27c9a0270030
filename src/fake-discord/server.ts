// The HTTP side: every request under /api/v10 goes through the router, is logged (without headers,
// so never the bot token) and answered as Discord would; /gateway upgrades to the WebSocket fake.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FakeGateway } from './gateway';
import { API_PREFIX, DiscordErrors, DiscordHttpError, readRestRequest, writeResult } from './http';
import type { RestRequest, RestResult } from './http';
import { isObject } from './json';
import { matchRoute } from './routes';
import type { Route, RouteDeps } from './routes';

export interface HttpServerDeps extends RouteDeps {
  routes: Route[];
  gateway: FakeGateway;
  acceptsToken: (token: string) => boolean;
}

export function createFakeHttpServer(deps: HttpServerDeps): Server {
  const server = createServer((req, res) => {
    handle(deps, req, res).catch((error: unknown) => {
      // A bug in the fake itself: answer 500 and say so loudly, it is not the bot's fault.
      console.error('[fake-discord] internal error', error);
      if (!res.headersSent) writeResult(res, { status: 500, body: { message: '500: Internal Server Error', code: 0 } });
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const pathname = new URL(req.url ?? '/', 'http://fake').pathname;
    if (pathname === '/gateway' || pathname === '/gateway/') deps.gateway.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  return server;
}

async function handle(deps: HttpServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { state } = deps;
  const url = new URL(req.url ?? '/', 'http://fake');
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'GET' && url.pathname.startsWith('/attachments/')) {
    serveAttachment(deps, url, res);
    return;
  }
  let request: RestRequest | undefined;
  let result: RestResult;
  try {
    request = await readRestRequest(req, url);
    result = await route(deps, request, url);
  } catch (error) {
    if (!(error instanceof DiscordHttpError)) throw error;
    result = { status: error.status, body: error.body };
  }
  state.requests.push({ method, path: url.pathname, query: url.search, body: loggedBody(request), status: result.status, at: state.now() });
  writeResult(res, result);
  // Route handlers change records after creating messages; re-check waiters once all is settled.
  state.notify();
}

async function route(deps: HttpServerDeps, request: RestRequest, url: URL): Promise<RestResult> {
  const { state } = deps;
  const label = `${request.method} ${url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname}`;
  const match = url.pathname.startsWith(`${API_PREFIX}/`) ? matchRoute(deps.routes, request.method, request.segments) : undefined;
  if (!match) {
    state.unknownRoutes.push(`${request.method} ${url.pathname}`);
    state.breach(`unknown route ${request.method} ${url.pathname} (answered 404)`);
    throw DiscordErrors.notFound();
  }
  if (match.route.auth) checkAuthorization(deps, request, label);
  return match.route.handle({ ...deps, req: request, params: match.params, label });
}

function checkAuthorization(deps: HttpServerDeps, request: RestRequest, label: string): void {
  const header = request.authorization;
  if (!header) {
    deps.state.breach(`${label}: no Authorization header`);
    throw DiscordErrors.unauthorized();
  }
  const token = header.startsWith('Bot ') ? header.slice(4) : undefined;
  if (token === undefined || !deps.acceptsToken(token)) {
    deps.state.breach(`${label}: Authorization is not "Bot <the bot's token>"`);
    throw DiscordErrors.unauthorized();
  }
}

function loggedBody(request: RestRequest | undefined): unknown {
  if (!request) return undefined;
  if (request.files.length === 0) return request.body;
  const files = request.files.map((f) => ({ field: f.field, filename: f.filename, size: f.bytes.byteLength }));
  return isObject(request.body) ? { ...request.body, files } : { payload: request.body, files };
}

function serveAttachment(deps: HttpServerDeps, url: URL, res: ServerResponse): void {
  // /attachments/{channel}/{id}/{filename}
  const id = url.pathname.split('/')[3] ?? '';
  const upload = deps.state.uploads.get(id);
  if (!upload) {
    writeResult(res, { status: 404, body: { message: '404: Not Found', code: 0 } });
    return;
  }
  // Any origin: the browser playground shows uploaded images from here.
  res.writeHead(200, {
    'Content-Type': upload.contentType ?? 'application/octet-stream',
    'Content-Length': upload.bytes.byteLength,
    'Access-Control-Allow-Origin': '*',
  });
  res.end(Buffer.from(upload.bytes));
}
