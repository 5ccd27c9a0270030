// The board's page and its assets, as the build left them in dist/activity/ (scripts/build.mjs): served as files,
// whatever is there. The asset names carry no content hash, so a browser keeps each file but asks whether it changed
// (ETag, answered 304): a new build is never mixed with an old one. No bundle: a plain 503 saying so.
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/activity/ beside the running bundle (dist/*.js), or from the source tree (src/activity/). */
export const PAGE_DIRS = [
  fileURLToPath(new URL('./activity/', import.meta.url)),
  fileURLToPath(new URL('../../dist/activity/', import.meta.url)),
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Where the built page is: the first of `dirs` holding an index.html; null when none does. */
export function pageDir(dirs: readonly string[] = PAGE_DIRS): string | null {
  return dirs.find((dir) => existsSync(join(dir, 'index.html'))) ?? null;
}

/** Serves GET/HEAD of `/` and `/assets/…` from `dir`; false when the path is not the page's. */
export function serveStatic(dir: string | null, path: string, req: IncomingMessage, res: ServerResponse): boolean {
  const page = path === '/' || path === '/index.html';
  if (!page && !path.startsWith('/assets/')) return false;
  if (!dir) {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('The board has not been built: run npm run build.\n');
    return true;
  }
  let relative: string;
  try {
    relative = normalize(decodeURIComponent(page ? '/index.html' : path));
  } catch {
    return notFound(res);
  }
  const file = join(dir, relative);
  // normalize() resolves `..`: anything that still leaves the folder is not one of the page's files.
  if (!file.startsWith(dir.endsWith(sep) ? dir : dir + sep)) return notFound(res);
  let size: number;
  let etag: string;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return notFound(res);
    size = stat.size;
    etag = `"${size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  } catch {
    return notFound(res);
  }
  const headers = { ETag: etag, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  res.writeHead(200, {
    ...headers,
    'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': size,
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
  return true;
}

function notFound(res: ServerResponse): true {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('Not found.\n');
  return true;
}
