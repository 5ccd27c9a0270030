// The HTTP side: every request under /api/v10 goes through the router, is logged (without headers,
// so never the bot token) and answered as Discord would, unless an injected fault answers instead;
// /gateway upgrades to the WebSocket fake.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { emojiImage } from './app-emojis';
import { serveFaulted } from './faults';
import type { FaultInjector } from './faults';
import type { FakeGateway } from './gateway';
import { API_PREFIX, DiscordErrors, DiscordHttpError, readRestRequest, writeResult } from './http';
import type { RestRequest, RestResult } from './http';
import { isObject } from './json';
import { isTokenUrl, oauth2Token } from './oauth2-token';
import { matchRoute } from './routes';
import type { Route, RouteContext, RouteDeps } from './routes';
import type { DiscordSpec } from './spec-check';
import { SPEC_BREACHES } from './spec-breaches';
import type { LoggedRequest } from './types';

export interface HttpServerDeps extends RouteDeps {
  routes: Route[];
  gateway: FakeGateway;
  acceptsToken: (token: string) => boolean;
  faults: FaultInjector;
  spec: DiscordSpec;
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
  if (method === 'GET' && url.pathname.startsWith('/emojis/')) {
    serveEmojiImage(deps, url, res);
    return;
  }
  const entry: LoggedRequest = {
    method,
    path: url.pathname,
    query: url.search,
    body: undefined,
    status: 0,
    at: state.now(),
  };
  let request: RestRequest | undefined;
  let unreadable: RestResult | undefined;
  try {
    request = await readRestRequest(req, url);
  } catch (error) {
    unreadable = refusalResult(error);
  }
  entry.body = loggedBody(request);
  const label = `${method} ${isTokenUrl(url.pathname) ? '/oauth2/token' : url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname}`;
  const answer = async (): Promise<RestResult> =>
    request ? routeOrRefuse(deps, request, url, label) : (unreadable ?? { status: 400 });
  let logged = false;
  const log = (status: number): void => {
    // A stalled request is logged on arrival (status 0) and gets its status once answered.
    entry.status = status;
    if (!logged) state.requests.push(entry);
    logged = true;
    state.notify();
  };
  const send = (result: RestResult): void => {
    writeResult(res, result);
    // Route handlers change records after creating messages; re-check waiters once all is settled.
    state.notify();
  };
  const fault = deps.faults.take(method, label);
  if (fault) {
    entry.fault = fault.rule.kind;
    await serveFaulted(fault, { label, now: state.now, answer, send, log, drop: () => req.socket.destroy() });
    return;
  }
  const result = await answer();
  log(result.status);
  send(result);
}

function refusalResult(error: unknown): RestResult {
  if (!(error instanceof DiscordHttpError)) throw error;
  return { status: error.status, body: error.body };
}

async function routeOrRefuse(deps: HttpServerDeps, request: RestRequest, url: URL, label: string): Promise<RestResult> {
  try {
    return await route(deps, request, url, label);
  } catch (error) {
    return refusalResult(error);
  }
}

async function route(deps: HttpServerDeps, request: RestRequest, url: URL, label: string): Promise<RestResult> {
  const { state } = deps;
  // OAuth2's token URL answers in OAuth2's words and takes a form, not JSON (oauth2-token.ts).
  if (request.method === 'POST' && isTokenUrl(url.pathname)) return oauth2Token(state, request);
  // Every other route reads JSON, as before forms were read at all.
  if (request.form) throw DiscordErrors.invalidJson();
  const match = url.pathname.startsWith(`${API_PREFIX}/`)
    ? matchRoute(deps.routes, request.method, request.segments)
    : undefined;
  if (!match) {
    state.unknownRoutes.push(`${request.method} ${url.pathname}`);
    state.breach(`unknown route ${request.method} ${url.pathname} (answered 404)`);
    throw DiscordErrors.notFound();
  }
  const context: RouteContext = { ...deps, req: request, params: match.params, label };
  if (match.route.auth) {
    const bearer = request.authorization?.startsWith('Bearer ') ? request.authorization.slice(7) : undefined;
    if (bearer !== undefined && match.route.bearerScope) context.bearer = bearerGrant(deps, bearer, match.route);
    else checkAuthorization(deps, request, label);
  }
  conformToSpec(deps, request, label);
  const result = await match.route.handle(context);
  if (match.route.checksAnswer) answerToSpec(deps, request, label, result);
  return result;
}

/** Holds an answer of the fake to the spec's response schema; a mismatch is the fake's bug, recorded loudly. */
function answerToSpec(deps: HttpServerDeps, request: RestRequest, label: string, result: RestResult): void {
  const { spec, state } = deps;
  const status = result.status === 200 && result.body === undefined ? 204 : result.status;
  for (const v of spec.checkResponse(request.method, request.segments, status, result.body)) {
    const description = `${label}: the fake's own answer breaks the spec: ${v.rule}`;
    state.breach(description);
    if (SPEC_BREACHES.length < 100) SPEC_BREACHES.push(description);
  }
}

/**
 * An OAuth2 access token on a route that takes one, for a grant with the route's scope (topics/oauth2: "identify
 * allows /users/@me without email"). A bad, expired or narrow token is 401 and no breach: the server holding it
 * cannot tell it is bad before Discord says so.
 */
function bearerGrant(deps: HttpServerDeps, token: string, route: Route): RouteContext['bearer'] {
  const grant = deps.state.oauth2.accessGrant(token);
  if (!grant || !route.bearerScope || !grant.scopes.includes(route.bearerScope)) throw DiscordErrors.unauthorized();
  return grant;
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

/**
 * Holds the request to Discord's published spec (spec-check.ts). A route the spec lacks is refused. A body, query
 * or path the spec forbids is a breach, but the answer stays the fake's own, that is Discord's: Discord accepts
 * some of what the spec forbids (an attachment id 0 as a number), and its own refusals name its own rules.
 */
function conformToSpec(deps: HttpServerDeps, request: RestRequest, label: string): void {
  const { spec, state } = deps;
  const verdict = spec.check(request.method, request.segments, request.query, request.body);
  const breach = (description: string) => {
    state.breach(description);
    // Bounded: a playground left running must not grow it for ever; a test needs only to see one.
    if (SPEC_BREACHES.length < 100) SPEC_BREACHES.push(description);
  };
  if (!verdict) {
    breach(`${label}: not a route of Discord's OpenAPI spec (discord-api-spec ${spec.version}; answered 404)`);
    throw DiscordErrors.notFound();
  }
  for (const v of verdict.violations) breach(`${label}: breaks the spec: ${v.rule}`);
}

function loggedBody(request: RestRequest | undefined): unknown {
  if (!request) return undefined;
  // Like the bot token, the app's client secret is never kept.
  if (request.form)
    return Object.fromEntries([...request.form].map(([k, v]) => [k, k === 'client_secret' ? '[secret]' : v]));
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

function serveEmojiImage(deps: HttpServerDeps, url: URL, res: ServerResponse): void {
  // /emojis/{id}.png, as Discord's CDN serves application and guild emojis.
  const emoji = emojiImage(deps.state, url.pathname.slice('/emojis/'.length));
  if (!emoji) {
    writeResult(res, { status: 404, body: { message: '404: Not Found', code: 0 } });
    return;
  }
  res.writeHead(200, {
    'Content-Type': emoji.contentType,
    'Content-Length': emoji.bytes.byteLength,
    'Access-Control-Allow-Origin': '*',
  });
  res.end(Buffer.from(emoji.bytes));
}
