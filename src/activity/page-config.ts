// What the Activity's page must know before it can speak to Discord: the application's id, which the Embedded App
// SDK's constructor takes (src/activity/page/main.ts reads `api/config`, relative to the page, before anything
// else). Nothing secret: the id is public (it is in every invite link); the client secret never goes here.
//
// The Activity server mounts it beside `api/token`:  if (servePageConfig(req, res, config.clientId)) return;
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The page asks for it relative to itself: /api/config at the root Discord's proxy maps. */
export const PAGE_CONFIG_PATH = '/api/config';

export interface PageConfig {
  clientId: string;
}

export function pageConfig(clientId: string): PageConfig {
  return { clientId };
}

/** Answers `GET /api/config`; false for any other request, which the caller then handles. */
export function servePageConfig(req: IncomingMessage, res: ServerResponse, clientId: string): boolean {
  const path = new URL(req.url ?? '/', 'http://activity.invalid').pathname;
  if (req.method !== 'GET' || path !== PAGE_CONFIG_PATH) return false;
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(pageConfig(clientId)));
  return true;
}
