// Contract of the fake's check against Discord's published OpenAPI spec (discord-api-spec, pinned in
// package.json): on every route the bot uses, a request as the bot sends it passes, and one that breaks the spec
// is a breach naming the field and the spec's operation. Such a request is still answered as Discord answers it
// (the fake's own rules decide), so a body Discord takes but the spec forbids, like an attachment id 0 as a
// number, is posted and recorded. A route of neither the spec nor the fake is refused.
import { readFileSync } from 'node:fs';
import type { Client } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { allRoutes } from '../../src/fake-discord/rest-routes';
import { loadDiscordSpec } from '../../src/fake-discord/spec-check';
import type { DiscordSpec } from '../../src/fake-discord/spec-check';
import { routeCases, send } from './spec-requests';
import { readyClient } from './support';

let fake: FakeDiscord;
let client: Client;
let alice: FakeUser;
let spec: DiscordSpec;

const ROUTES = routeCases(() => ({ fake, client, alice }));
const channel = () => `/channels/${fake.channelId}`;

beforeAll(async () => {
  fake = await startFakeDiscord();
  spec = await loadDiscordSpec();
  alice = fake.addUser({ username: 'alice' });
  client = await readyClient(fake);
});
afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

describe("requests held to Discord's published spec", () => {
  it('is the version package.json pins', () => {
    const pinned = (JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> })
      .dependencies['discord-api-spec'];
    expect(spec.version).toBe(pinned);
  });

  it.each(ROUTES.map((c) => [c.operation, c] as const))(
    '%s: as the bot sends it passes; a break is a breach',
    async (_, c) => {
      fake.clearRecords();
      const good = await send(fake, await c.good());
      expect(good.status, JSON.stringify(good.json)).toBeLessThan(300);
      expect(fake.breaches).toEqual([]);
      await send(fake, await c.bad());
      const named = fake.breaches.filter((b) => b.includes(`breaks the spec: ${c.breach}`));
      expect(named, JSON.stringify(fake.breaches)).toHaveLength(1);
      expect(named[0]).toContain(`(discord-api-spec ${spec.version}: ${c.operation})`);
      fake.clearRecords();
    },
  );

  it("answers an attachment id 0 as Discord does, posting the file, and records the spec's objection", async () => {
    const { status, json } = await send(fake, await ROUTES[0]!.bad());
    expect(status).toBe(200);
    expect(fake.message((json as { id: string }).id)!.attachments.map((a) => a.filename)).toEqual(['sheet.png']);
    expect(fake.breaches).toEqual([expect.stringContaining('attachments[0].id is number 0')]);
    fake.clearRecords();
  });

  it('names the alternative a union body came closest to: a button, not the first kind of select', async () => {
    const row = { type: 1, components: [{ type: 2, style: 1, custom_id: 'roll', label: 'l'.repeat(81) }] };
    await send(fake, { method: 'POST', path: `${channel()}/messages`, body: { components: [row] } });
    const ofSpec = fake.breaches.filter((b) => b.includes('breaks the spec'));
    expect(ofSpec).toEqual([expect.stringContaining('components[0].components[0].label exceeds 80')]);
    fake.clearRecords();
  });

  it('serves only routes the spec has', () => {
    const missing = allRoutes().filter((r) => !spec.findPattern(r.method, r.pattern));
    expect(missing.map((r) => `${r.method} ${r.pattern}`)).toEqual([]);
    // Literal segments win over parameters: @original and @me are operations of their own.
    expect(spec.find('PATCH', ['webhooks', '1', 't', 'messages', '@original'])?.path).toBe(
      '/webhooks/{webhook_id}/{webhook_token}/messages/@original',
    );
    expect(spec.find('GET', ['users', '@me'])?.path).toBe('/users/@me');
    expect(spec.check('GET', ['channels', '1', 'olathe'], new URLSearchParams(), undefined)).toBeUndefined();
  });

  it('refuses a route neither the spec nor the fake has, with 404 and a breach', async () => {
    const { status } = await send(fake, { method: 'GET', path: `${channel()}/olathe` });
    expect(status).toBe(404);
    expect(fake.breaches).toEqual([expect.stringContaining('unknown route GET')]);
    fake.clearRecords();
  });
});
