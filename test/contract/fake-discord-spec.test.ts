// Contract of the fake's check against Discord's published OpenAPI spec (discord-api-spec, pinned in
// package.json): on every route the bot uses, a request as the bot sends it passes, and one that breaks the spec
// is a breach naming the field and the spec's operation. Such a request is still answered as Discord answers it
// (the fake's own rules decide), so a body Discord takes but the spec forbids, like an attachment id 0 as a
// number, is posted and recorded. A route of neither the spec nor the fake is refused.
import { readFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { Client, Events } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { allRoutes } from '../../src/fake-discord/rest-routes';
import { loadDiscordSpec } from '../../src/fake-discord/spec-check';
import type { DiscordSpec } from '../../src/fake-discord/spec-check';
import { OLATHE_EVERYWHERE, nextCommand } from './support';

let fake: FakeDiscord;
let client: Client;
let alice: FakeUser;
let spec: DiscordSpec;

const PNG = (() => {
  const canvas = createCanvas(16, 16);
  canvas.getContext('2d').fillRect(0, 0, 16, 16);
  return canvas.toBuffer('image/png');
})();
const PNG_URI = `data:image/png;base64,${PNG.toString('base64')}`;

/** /olathe as a JSON body, as the bot registers it. */
const OLATHE_JSON = {
  name: 'olathe',
  description: 'Play dice',
  type: 1,
  integration_types: [0, 1],
  contexts: [0, 1, 2],
};

interface Sent {
  method: string;
  path: string;
  body?: unknown;
  /** Sends `body` as multipart: payload_json and this PNG as files[0], as discord.js sends files. */
  file?: string;
  auth?: boolean;
}

/** One request to the fake's REST API (path after /api/v10); its status and parsed answer. */
async function send({ method, path, body, file, auth = true }: Sent): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = auth ? { Authorization: `Bot ${fake.botToken}` } : {};
  let payload: string | FormData | undefined;
  if (file !== undefined) {
    payload = new FormData();
    payload.append('payload_json', JSON.stringify(body));
    payload.append('files[0]', new Blob([PNG], { type: 'image/png' }), file);
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${fake.apiUrl}/v10${path}`, { method, headers, body: payload });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A message of the bot's in the channel; its id. */
async function botMessage(content = 'a message'): Promise<string> {
  const { json } = await send({ method: 'POST', path: `/channels/${fake.channelId}/messages`, body: { content } });
  return (json as { id: string }).id;
}

/** A fresh /olathe interaction the test answers itself: its id and token. */
async function interaction(): Promise<{ id: string; token: string }> {
  const got = nextCommand(client);
  fake.slash(alice, 'olathe');
  const { id, token } = await got;
  return { id, token };
}

/** A follow-up posted with an interaction's token (`webhook`, from answered()): its id. */
async function followUp(webhook: string): Promise<string> {
  const { json } = await send({ method: 'POST', path: `${webhook}?wait=true`, body: { content: 'a' }, auth: false });
  return (json as { id: string }).id;
}

/** An interaction answered with a message (type 4): the webhook path of its token. */
async function answered(): Promise<string> {
  const { id, token } = await interaction();
  await send({
    method: 'POST',
    path: `/interactions/${id}/${token}/callback`,
    body: { type: 4, data: { content: 'hi' } },
  });
  return `/webhooks/${fake.applicationId}/${token}`;
}

interface RouteCase {
  /** The spec's operation. */
  operation: string;
  good: () => Promise<Sent>;
  bad: () => Promise<Sent>;
  /** What the bad request's breach says. */
  breach: string;
}

const channel = () => `/channels/${fake.channelId}`;
const app = () => `/applications/${fake.applicationId}`;

const ROUTES: RouteCase[] = [
  {
    operation: 'POST /channels/{channel_id}/messages',
    good: async () => ({
      method: 'POST',
      path: `${channel()}/messages`,
      body: { content: 'results', attachments: [{ id: '0', filename: 'sheet.png' }] },
      file: 'sheet.png',
    }),
    bad: async () => ({
      method: 'POST',
      path: `${channel()}/messages`,
      body: { content: 'results', attachments: [{ id: 0, filename: 'sheet.png' }] },
      file: 'sheet.png',
    }),
    breach: 'attachments[0].id is number 0, the spec wants string',
  },
  {
    operation: 'PATCH /channels/{channel_id}/messages/{message_id}',
    good: async () => ({
      method: 'PATCH',
      path: `${channel()}/messages/${await botMessage()}`,
      body: { content: 'ok' },
    }),
    bad: async () => ({
      method: 'PATCH',
      path: `${channel()}/messages/${await botMessage()}`,
      body: { embeds: [{ title: 'Card', color: 'blurple' }] },
    }),
    breach: 'embeds[0].color is string "blurple"',
  },
  {
    operation: 'GET /channels/{channel_id}/messages/{message_id}',
    good: async () => ({ method: 'GET', path: `${channel()}/messages/${await botMessage()}` }),
    bad: async () => ({ method: 'GET', path: `${channel()}/messages/latest` }),
    breach: 'path parameter message_id is "latest", not a snowflake',
  },
  {
    operation: 'DELETE /channels/{channel_id}/messages/{message_id}',
    good: async () => ({ method: 'DELETE', path: `${channel()}/messages/${await botMessage()}` }),
    bad: async () => ({ method: 'DELETE', path: `${channel()}/messages/${await botMessage()}`, body: { reason: 'x' } }),
    breach: 'a body where the spec takes none',
  },
  {
    operation: 'PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me',
    good: async () => ({
      method: 'PUT',
      path: `${channel()}/messages/${await botMessage()}/reactions/%F0%9F%8E%89/@me`,
    }),
    bad: async () => ({
      method: 'PUT',
      path: `${channel()}/messages/${await botMessage()}/reactions/%F0%9F%8E%89/@me`,
      body: { emoji: '🎉' },
    }),
    breach: 'a body where the spec takes none',
  },
  {
    operation: 'POST /channels/{channel_id}/messages/{message_id}/threads',
    good: async () => ({
      method: 'POST',
      path: `${channel()}/messages/${await botMessage()}/threads`,
      body: { name: 'Game 1', auto_archive_duration: 1440 },
    }),
    bad: async () => ({
      method: 'POST',
      path: `${channel()}/messages/${await botMessage()}/threads`,
      body: { name: 'Game 2', auto_archive_duration: 30 },
    }),
    breach: 'auto_archive_duration is number 30, not one of [60,1440,4320,10080]',
  },
  {
    operation: 'POST /interactions/{interaction_id}/{interaction_token}/callback',
    good: async () => {
      const { id, token } = await interaction();
      return {
        method: 'POST',
        path: `/interactions/${id}/${token}/callback?with_response=false`,
        body: { type: 4, data: { content: 'hi', flags: 64 } },
        auth: false,
      };
    },
    bad: async () => {
      const { id, token } = await interaction();
      return {
        method: 'POST',
        path: `/interactions/${id}/${token}/callback`,
        body: { type: 4, data: { content: 'hi', flags: 'ephemeral' } },
        auth: false,
      };
    },
    breach: 'data.flags is string "ephemeral"',
  },
  {
    operation: 'POST /webhooks/{webhook_id}/{webhook_token}',
    good: async () => ({
      method: 'POST',
      path: `${await answered()}?wait=true`,
      body: { content: 'more' },
      auth: false,
    }),
    bad: async () => ({ method: 'POST', path: `${await answered()}?wait=true`, body: { content: 7 }, auth: false }),
    breach: 'content is number 7, the spec wants string',
  },
  {
    operation: 'PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original',
    good: async () => ({
      method: 'PATCH',
      path: `${await answered()}/messages/@original`,
      body: { content: 'edited' },
      auth: false,
    }),
    bad: async () => ({
      method: 'PATCH',
      path: `${await answered()}/messages/@original`,
      body: { embeds: 'none' },
      auth: false,
    }),
    breach: 'embeds is string "none", the spec wants array',
  },
  {
    operation: 'PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}',
    good: async () => {
      const webhook = await answered();
      return {
        method: 'PATCH',
        path: `${webhook}/messages/${await followUp(webhook)}`,
        body: { content: 'b' },
        auth: false,
      };
    },
    bad: async () => {
      const webhook = await answered();
      const path = `${webhook}/messages/${await followUp(webhook)}`;
      return { method: 'PATCH', path, body: { components: [{ type: 1, components: [] }] }, auth: false };
    },
    breach: 'components[0].components is under 1',
  },
  {
    operation: 'GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}',
    good: async () => {
      const webhook = await answered();
      return { method: 'GET', path: `${webhook}/messages/${await followUp(webhook)}`, auth: false };
    },
    bad: async () => {
      const webhook = await answered();
      return { method: 'GET', path: `${webhook}/messages/${await followUp(webhook)}?thread_id=main`, auth: false };
    },
    breach: 'query parameter thread_id=main does not fit its type',
  },
  {
    operation: 'DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original',
    good: async () => ({ method: 'DELETE', path: `${await answered()}/messages/@original`, auth: false }),
    bad: async () => ({ method: 'DELETE', path: `${await answered()}/messages/@original`, body: {}, auth: false }),
    breach: 'a body where the spec takes none',
  },
  {
    operation: 'PUT /applications/{application_id}/commands',
    good: async () => ({ method: 'PUT', path: `${app()}/commands`, body: [OLATHE_JSON] }),
    bad: async () => ({ method: 'PUT', path: `${app()}/commands`, body: [{ ...OLATHE_JSON, description: 42 }] }),
    breach: '[0].description is number 42, the spec wants string',
  },
  {
    operation: 'PUT /applications/{application_id}/guilds/{guild_id}/commands',
    good: async () => ({ method: 'PUT', path: `${app()}/guilds/${fake.guildId}/commands`, body: [] }),
    bad: async () => ({ method: 'PUT', path: `${app()}/guilds/${fake.guildId}/commands`, body: { commands: [] } }),
    breach: 'the body is object {"commands":[]}, the spec wants array',
  },
  {
    operation: 'GET /applications/{application_id}/emojis',
    good: async () => ({ method: 'GET', path: `${app()}/emojis` }),
    bad: async () => ({ method: 'GET', path: `${app()}/emojis?limit=5` }),
    breach: 'query parameter limit is not one the spec takes',
  },
  {
    operation: 'POST /applications/{application_id}/emojis',
    good: async () => ({ method: 'POST', path: `${app()}/emojis`, body: { name: 'die_1', image: PNG_URI } }),
    bad: async () => ({ method: 'POST', path: `${app()}/emojis`, body: { name: 'die_2' } }),
    breach: 'image is missing',
  },
  {
    operation: 'DELETE /applications/{application_id}/emojis/{emoji_id}',
    good: async () => ({ method: 'DELETE', path: `${app()}/emojis/${fake.addApplicationEmoji('die_3', PNG_URI).id}` }),
    bad: async () => ({
      method: 'DELETE',
      path: `${app()}/emojis/${fake.addApplicationEmoji('die_4', PNG_URI).id}`,
      body: { name: 'die_4' },
    }),
    breach: 'a body where the spec takes none',
  },
  {
    operation: 'GET /gateway/bot',
    good: async () => ({ method: 'GET', path: '/gateway/bot' }),
    bad: async () => ({ method: 'GET', path: '/gateway/bot?encoding=json' }),
    breach: 'query parameter encoding is not one the spec takes',
  },
];

beforeAll(async () => {
  fake = await startFakeDiscord();
  spec = await loadDiscordSpec();
  alice = fake.addUser({ username: 'alice' });
  client = new Client({ intents: [], rest: { api: fake.apiUrl } });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(fake.botToken);
  await ready;
  await client.application!.commands.set([OLATHE_EVERYWHERE]);
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
      const good = await send(await c.good());
      expect(good.status, JSON.stringify(good.json)).toBeLessThan(300);
      expect(fake.breaches).toEqual([]);
      await send(await c.bad());
      const named = fake.breaches.filter((b) => b.includes(`breaks the spec: ${c.breach}`));
      expect(named, JSON.stringify(fake.breaches)).toHaveLength(1);
      expect(named[0]).toContain(`(discord-api-spec ${spec.version}: ${c.operation})`);
      fake.clearRecords();
    },
  );

  it("answers an attachment id 0 as Discord does, posting the file, and records the spec's objection", async () => {
    const { status, json } = await send((await ROUTES[0]!.bad()) as Sent);
    expect(status).toBe(200);
    expect(fake.message((json as { id: string }).id)!.attachments.map((a) => a.filename)).toEqual(['sheet.png']);
    expect(fake.breaches).toEqual([expect.stringContaining('attachments[0].id is number 0')]);
    fake.clearRecords();
  });

  it('names the alternative a union body came closest to: a button, not the first kind of select', async () => {
    const row = { type: 1, components: [{ type: 2, style: 1, custom_id: 'roll', label: 'l'.repeat(81) }] };
    await send({ method: 'POST', path: `${channel()}/messages`, body: { components: [row] } });
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
    const { status } = await send({ method: 'GET', path: `${channel()}/olathe` });
    expect(status).toBe(404);
    expect(fake.breaches).toEqual([expect.stringContaining('unknown route GET')]);
    fake.clearRecords();
  });
});
