// A tiny router: routes are "METHOD /path/:param" patterns matched on decoded path segments.
import type { RestRequest, RestResult } from './http';
import type { OAuth2Grant } from './oauth2-grants';
import type { FakeState } from './store';

export interface RouteDeps {
  state: FakeState;
  ackDeadlineMs: number;
  /** ws://host:port/gateway, known once the server listens. */
  gatewayUrl: () => string;
  /** GET /gateway/bot's `shards`. */
  recommendedShards: number;
  /** GET /gateway/bot's `session_start_limit.max_concurrency`: IDENTIFYs allowed per 5 s. */
  maxConcurrency: number;
}

export interface RouteContext extends RouteDeps {
  req: RestRequest;
  params: Record<string, string>;
  /** "PATCH /channels/1/messages/2", for breach descriptions. */
  label: string;
  /** The person behind an OAuth2 access token ("Authorization: Bearer …"), on routes that take one. */
  bearer?: OAuth2Grant;
}

export interface Route {
  method: string;
  /** Segments after /api/v10, e.g. "/channels/:channel/messages". */
  pattern: string;
  /** Needs "Authorization: Bot <token>"; interaction and webhook-token routes do not. */
  auth: boolean;
  /** Also takes "Authorization: Bearer <access token>" of a grant with this OAuth2 scope. */
  bearerScope?: string;
  /** Its answers are held to the spec's response schema too: one that breaks it is the fake's bug, a breach. */
  checksAnswer?: boolean;
  handle: (c: RouteContext) => RestResult | Promise<RestResult>;
}

export function route(method: string, pattern: string, auth: boolean, handle: Route['handle']): Route {
  return { method, pattern, auth, handle };
}

export function param(c: RouteContext, name: string): string {
  const value = c.params[name];
  if (value === undefined) throw new Error(`route ${c.label} has no parameter :${name}`);
  return value;
}

export function matchRoute(
  routes: Route[],
  method: string,
  segments: string[],
): { route: Route; params: Record<string, string> } | undefined {
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const parts = candidate.pattern.split('/').filter((p) => p !== '');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, i) => {
      const segment = segments[i] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = segment;
        return true;
      }
      return part === segment;
    });
    if (matches) return { route: candidate, params };
  }
  return undefined;
}

export const ok = (body: unknown): RestResult => ({ status: 200, body });
export const noContent = (): RestResult => ({ status: 204 });
