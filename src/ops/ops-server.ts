// The operator's port (METRICS_PORT): GET /healthz and GET /metrics on one small node:http server, bound to
// METRICS_HOST (loopback by default, since neither page is meant for the internet). It knows nothing of
// Discord or SQLite: the bot hands it a health check and a metrics text.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Healthy but not serving: a standby waiting for its shard. Answered 200, with this line as the body. */
export interface StandingBy {
  standingBy: string;
}

/** Null when healthy; a StandingBy; otherwise why not, in one line (the 503's body). */
export type Health = string | null | StandingBy;

export interface OpsServerOptions {
  port: number;
  host: string;
  health(): Health | Promise<Health>;
  /** Prometheus' text format. */
  metrics(): Promise<string>;
  contentType: string;
}

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

/** Why the port could not be opened, as one line naming the setting to change. */
export class OpsListenError extends Error {
  override readonly name = 'OpsListenError';
}

function listenProblem(error: NodeJS.ErrnoException, port: number, host: string): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `METRICS_PORT ${port} is already in use on ${host}: stop what listens there, or set METRICS_PORT to a free port.`;
    case 'EACCES':
      return `METRICS_PORT ${port} on ${host} needs privileges this user lacks: set METRICS_PORT to a port above 1023.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `METRICS_HOST ${host} is not an address of this machine: set METRICS_HOST to 127.0.0.1 (the default) or 0.0.0.0.`;
    default:
      return `METRICS_PORT ${port} on ${host} cannot be opened (${error.code ?? error.message}): set METRICS_PORT or METRICS_HOST to another value.`;
  }
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

async function answer(req: IncomingMessage, res: ServerResponse, options: OpsServerOptions): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (path !== '/healthz' && path !== '/metrics') return send(res, 404, 'not found: GET /healthz or /metrics\n');
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed: use GET\n');
  if (path === '/healthz') {
    const problem = await options.health();
    if (problem !== null && typeof problem === 'object') return send(res, 200, `${problem.standingBy}\n`);
    return send(res, problem === null ? 200 : 503, `${problem ?? 'ok'}\n`);
  }
  send(res, 200, await options.metrics(), options.contentType);
}

/** Listens, or throws an OpsListenError (port in use, say) with nothing left open. */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const server = createServer((req, res) => {
    answer(req, res, options).catch((error: unknown) => {
      const text = error instanceof Error ? error.message : String(error);
      if (!res.headersSent) send(res, 500, `error: ${text.replace(/\s+/g, ' ')}\n`);
      else res.destroy();
    });
  });
  // Scrapers keep their connection open; a stopping bot must not wait for them.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new OpsListenError(listenProblem(error, options.port, options.host))),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
