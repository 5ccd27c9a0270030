// The board's page as the Activity server serves it: whatever the build left, with its content type and an ETag a
// browser revalidates; a 503 saying so when there is no build; nothing outside the page's folder; /.proxy/ paths too.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GameService } from '../../../src/service/game-service';
import type { ActivityServer } from '../../../src/activity/server';
import { startActivityServer } from '../../../src/activity/server';
import type { DiscordActivityApi } from '../../../src/activity/discord-api';
import type { Logger } from '../../../src/app/logger';
import { openSqliteTestStorage } from '../../support/storage';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const nobody: DiscordActivityApi = {
  exchangeCode: async () => null,
  userOf: async () => null,
  instance: async () => null,
};
let server: ActivityServer | null = null;
let service: GameService | null = null;
const dirs: string[] = [];

afterEach(async () => {
  await server?.close();
  await service?.storage.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function serve(pageDirs: string[]): Promise<string> {
  service = new GameService(openSqliteTestStorage(':memory:'));
  server = await startActivityServer({
    port: 0,
    host: '127.0.0.1',
    service,
    discord: nobody,
    log: quiet,
    kick() {},
    pageDirs,
  });
  return `http://127.0.0.1:${server.port}`;
}

describe('the page and its assets', () => {
  it('serves the build with content types and ETags, and nothing outside its folder', async () => {
    const dir = (mkdirSync('/tmp/h35a', { recursive: true }), mkdtempSync('/tmp/h35a/page-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>board</title>');
    writeFileSync(join(dir, 'assets', 'main.js'), 'console.log(1)');
    writeFileSync(join(dir, '..', 'h35a-secret.txt'), 'not the page');
    const base = await serve([dir]);
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>board</title>');
    const script = await fetch(`${base}/.proxy/assets/main.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const etag = script.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await fetch(`${base}/assets/main.js`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await fetch(`${base}/assets/..%2F..%2Fh35a-secret.txt`)).status).toBe(404);
    expect((await fetch(`${base}/assets/nothing.js`)).status).toBe(404);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    rmSync(join(dir, '..', 'h35a-secret.txt'));
  });

  it('answers a plain 503 when the page was never built', async () => {
    const base = await serve(['/tmp/h35a/no-such-build']);
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toContain('text/plain');
    expect(await page.text()).toContain('npm run build');
  });
});
