// Discord's rate limits as a relay in front of the loopback Discord, which enforces none of its own (its 429s are
// only the faults a test injects). The bot is pointed at the relay (DISCORD_API_URL); the relay forwards each
// request, or answers 429 as Discord does, and gives every answer Discord's X-RateLimit-* headers, from which
// discord.js paces itself. What it models, from Discord's "Rate Limits" topic:
// - the global limit, 50 requests a second a bot, which interaction endpoints (callbacks, and follow-ups through
//   an interaction's token) are not bound by;
// - per-route buckets, each route per top-level resource (its channel, guild or webhook with token): `limit`
//   requests a `windowMs`. Discord publishes no per-route numbers, only that the headers carry them; the default,
//   5 a 5 s, is what its headers report for posting messages in a channel. Routes without a top-level resource
//   (the application's commands, the gateway) are bound only by the global limit.
// `enabled = false` forwards everything untouched: the loopback Discord as it is.
import { createServer, request as httpRequest, Agent } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';

export interface RateLimitModel {
  /** Requests a bucket takes in one window. */
  limit: number;
  windowMs: number;
  /** Requests a second under the global limit. */
  globalPerSecond: number;
}

export const DISCORD_MODEL: RateLimitModel = { limit: 5, windowMs: 5000, globalPerSecond: 50 };

/** One 429 the relay answered: when, the route, and whether the global limit or a bucket refused it. */
export interface Refusal {
  at: number;
  route: string;
  global: boolean;
}

export interface RateLimitedDiscord {
  /** The bot's DISCORD_API_URL: the relay's address with the loopback Discord's path (…/api). */
  apiUrl: string;
  enabled: boolean;
  /** Requests the bot sent so far, and when it sent the last (epoch ms). */
  seen: number;
  lastAt: number;
  readonly refusals: Refusal[];
  close(): Promise<void>;
}

/** "POST /channels/:id/messages": the path after /api/v10, its ids and tokens named. */
export function routeOf(method: string, path: string): string {
  const tail = path.replace(/^\/api(\/v\d+)?/, '').split('?')[0]!;
  const named = tail
    .replace(/^\/(interactions|webhooks)\/(\d+)\/[^/]+/, '/$1/:id/:token')
    .replace(/\/reactions\/[^/]+/, '/reactions/:emoji')
    .replace(/\d{16,20}/g, ':id');
  return `${method} ${named}`;
}

/** The route's top-level resource (as discord.js and Discord key buckets), or null for none. */
function majorOf(path: string): string | null {
  const tail = path.replace(/^\/api(\/v\d+)?/, '');
  return /^\/(?:channels|guilds)\/\d+|^\/webhooks\/\d+\/[^/?]+/.exec(tail)?.[0] ?? null;
}

const isCallback = (route: string) => / \/interactions\//.test(route);
/** An interaction's endpoints: its callback, and the follow-ups and edits through its token. */
const isInteraction = (route: string) => isCallback(route) || / \/webhooks\/:id\/:token/.test(route);

interface Window {
  start: number;
  used: number;
}

export async function startRateLimitedDiscord(
  target: string,
  model: RateLimitModel = DISCORD_MODEL,
): Promise<RateLimitedDiscord> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const buckets = new Map<string, Window>();
  let global: Window = { start: 0, used: 0 };
  const refusals: Refusal[] = [];
  const relay: RateLimitedDiscord = { apiUrl: '', enabled: true, seen: 0, lastAt: 0, refusals, close: async () => {} };

  /** Counts the request in its window; the window's state after it, or the wait when it is over the limit. */
  const take = (w: Window, limit: number, windowMs: number, now: number) => {
    if (now >= w.start + windowMs) Object.assign(w, { start: now, used: 0 });
    const resetMs = w.start + windowMs - now;
    if (w.used >= limit) return { refused: true, remaining: 0, resetMs };
    w.used++;
    return { refused: false, remaining: limit - w.used, resetMs };
  };

  const refuse = (res: ServerResponse, route: string, isGlobal: boolean, waitMs: number, extra = {}) => {
    refusals.push({ at: Date.now(), route, global: isGlobal });
    const seconds = waitMs / 1000;
    const body = JSON.stringify({ message: 'You are being rate limited.', retry_after: seconds, global: isGlobal });
    res.writeHead(429, {
      'Content-Type': 'application/json',
      'Retry-After': String(Math.ceil(seconds)),
      'X-RateLimit-Scope': isGlobal ? 'global' : 'user',
      ...(isGlobal ? { 'X-RateLimit-Global': 'true' } : {}),
      ...extra,
    });
    res.end(body);
  };

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, headers: Record<string, string>) => {
    const out = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...headers });
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    out.end(body);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const route = routeOf(method, path);
    relay.seen++;
    relay.lastAt = Date.now();
    // An interaction's callback has no bucket of its own either.
    if (!relay.enabled || isCallback(route)) return forward(req, res, body, {});
    const now = Date.now();
    if (!isInteraction(route)) {
      if (now >= global.start + 1000) global = { start: now, used: 0 };
      if (global.used >= model.globalPerSecond) return refuse(res, route, true, global.start + 1000 - now);
      global.used++;
    }
    const major = majorOf(path);
    if (major === null) return forward(req, res, body, {});
    const key = `${route} ${major}`;
    let w = buckets.get(key);
    if (!w) buckets.set(key, (w = { start: 0, used: 0 }));
    const state = take(w, model.limit, model.windowMs, now);
    const headers = {
      'X-RateLimit-Limit': String(model.limit),
      'X-RateLimit-Remaining': String(state.remaining),
      'X-RateLimit-Reset': ((now + state.resetMs) / 1000).toFixed(3),
      'X-RateLimit-Reset-After': (state.resetMs / 1000).toFixed(3),
      'X-RateLimit-Bucket': createHash('sha1').update(route).digest('hex').slice(0, 16),
    };
    if (state.refused) return refuse(res, route, false, state.resetMs, headers);
    forward(req, res, body, headers);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  relay.apiUrl = `http://127.0.0.1:${port}${upstream.pathname}`;
  relay.close = () =>
    new Promise<void>((done) => {
      agent.destroy();
      server.closeAllConnections();
      server.close(() => done());
    });
  return relay;
}
