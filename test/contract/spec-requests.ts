// The requests of the contract test of the fake's spec check (fake-discord-spec.test.ts): for each route the bot
// uses, a request as the bot sends it and one that breaks Discord's published spec, with what its breach says.
import { createCanvas } from '@napi-rs/canvas';
import type { Client } from 'discord.js';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { nextCommand } from './support';

/** What the requests are made in, known once the test's beforeAll has run. */
export interface SpecWorld {
  fake: FakeDiscord;
  /** A discord.js client logged in to `fake`, with /olathe registered. */
  client: Client;
  alice: FakeUser;
}

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

export interface Sent {
  method: string;
  path: string;
  body?: unknown;
  /** Sends `body` as multipart: payload_json and this PNG as files[0], as discord.js sends files. */
  file?: string;
  auth?: boolean;
}

/** One request to the fake's REST API (path after /api/v10); its status and parsed answer. */
export async function send(
  fake: FakeDiscord,
  { method, path, body, file, auth = true }: Sent,
): Promise<{ status: number; json: unknown }> {
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

export interface RouteCase {
  /** The spec's operation. */
  operation: string;
  good: () => Promise<Sent>;
  bad: () => Promise<Sent>;
  /** What the bad request's breach says. */
  breach: string;
}

/** The cases, one per route; `world` is read when a request is made. */
export function routeCases(world: () => SpecWorld): RouteCase[] {
  const fake = (): FakeDiscord => world().fake;

  /** A message of the bot's in the channel; its id. */
  async function botMessage(): Promise<string> {
    const { json } = await send(fake(), {
      method: 'POST',
      path: `/channels/${fake().channelId}/messages`,
      body: { content: 'a message' },
    });
    return (json as { id: string }).id;
  }

  /** A fresh /olathe interaction the test answers itself: its id and token. */
  async function interaction(): Promise<{ id: string; token: string }> {
    const got = nextCommand(world().client);
    fake().slash(world().alice, 'olathe');
    const { id, token } = await got;
    return { id, token };
  }

  /** A follow-up posted with an interaction's token (`webhook`, from answered()): its id. */
  async function followUp(webhook: string): Promise<string> {
    const { json } = await send(fake(), {
      method: 'POST',
      path: `${webhook}?wait=true`,
      body: { content: 'a' },
      auth: false,
    });
    return (json as { id: string }).id;
  }

  /** An interaction answered with a message (type 4): the webhook path of its token. */
  async function answered(): Promise<string> {
    const { id, token } = await interaction();
    await send(fake(), {
      method: 'POST',
      path: `/interactions/${id}/${token}/callback`,
      body: { type: 4, data: { content: 'hi' } },
      auth: false,
    });
    return `/webhooks/${fake().applicationId}/${token}`;
  }

  const channel = () => `/channels/${fake().channelId}`;
  const app = () => `/applications/${fake().applicationId}`;
  /** The path of a new message of the bot's. */
  const message = async () => `${channel()}/messages/${await botMessage()}`;
  /** The callback path of a new interaction. */
  const callback = async () => {
    const { id, token } = await interaction();
    return `/interactions/${id}/${token}/callback`;
  };
  /** The webhook path of a new follow-up. */
  const followUpPath = async () => {
    const webhook = await answered();
    return `${webhook}/messages/${await followUp(webhook)}`;
  };

  return [
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
      good: async () => ({ method: 'PATCH', path: await message(), body: { content: 'ok' } }),
      bad: async () => ({
        method: 'PATCH',
        path: await message(),
        body: { embeds: [{ title: 'Card', color: 'blurple' }] },
      }),
      breach: 'embeds[0].color is string "blurple"',
    },
    {
      operation: 'GET /channels/{channel_id}/messages/{message_id}',
      good: async () => ({ method: 'GET', path: await message() }),
      bad: async () => ({ method: 'GET', path: `${channel()}/messages/latest` }),
      breach: 'path parameter message_id is "latest", not a snowflake',
    },
    {
      operation: 'DELETE /channels/{channel_id}/messages/{message_id}',
      good: async () => ({ method: 'DELETE', path: await message() }),
      bad: async () => ({ method: 'DELETE', path: await message(), body: { reason: 'x' } }),
      breach: 'a body where the spec takes none',
    },
    {
      operation: 'PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me',
      good: async () => ({ method: 'PUT', path: `${await message()}/reactions/%F0%9F%8E%89/@me` }),
      bad: async () => ({
        method: 'PUT',
        path: `${await message()}/reactions/%F0%9F%8E%89/@me`,
        body: { emoji: '🎉' },
      }),
      breach: 'a body where the spec takes none',
    },
    {
      operation: 'POST /channels/{channel_id}/messages/{message_id}/threads',
      good: async () => ({
        method: 'POST',
        path: `${await message()}/threads`,
        body: { name: 'Game 1', auto_archive_duration: 1440 },
      }),
      bad: async () => ({
        method: 'POST',
        path: `${await message()}/threads`,
        body: { name: 'Game 2', auto_archive_duration: 30 },
      }),
      breach: 'auto_archive_duration is number 30, not one of [60,1440,4320,10080]',
    },
    {
      operation: 'POST /interactions/{interaction_id}/{interaction_token}/callback',
      good: async () => ({
        method: 'POST',
        path: `${await callback()}?with_response=false`,
        body: { type: 4, data: { content: 'hi', flags: 64 } },
        auth: false,
      }),
      bad: async () => ({
        method: 'POST',
        path: await callback(),
        body: { type: 4, data: { content: 'hi', flags: 'ephemeral' } },
        auth: false,
      }),
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
      good: async () => ({ method: 'PATCH', path: await followUpPath(), body: { content: 'b' }, auth: false }),
      bad: async () => ({
        method: 'PATCH',
        path: await followUpPath(),
        body: { components: [{ type: 1, components: [] }] },
        auth: false,
      }),
      breach: 'components[0].components is under 1',
    },
    {
      operation: 'GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}',
      good: async () => ({ method: 'GET', path: await followUpPath(), auth: false }),
      bad: async () => ({ method: 'GET', path: `${await followUpPath()}?thread_id=main`, auth: false }),
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
      good: async () => ({ method: 'PUT', path: `${app()}/guilds/${fake().guildId}/commands`, body: [] }),
      bad: async () => ({ method: 'PUT', path: `${app()}/guilds/${fake().guildId}/commands`, body: { commands: [] } }),
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
      good: async () => ({
        method: 'DELETE',
        path: `${app()}/emojis/${fake().addApplicationEmoji('die_3', PNG_URI).id}`,
      }),
      bad: async () => ({
        method: 'DELETE',
        path: `${app()}/emojis/${fake().addApplicationEmoji('die_4', PNG_URI).id}`,
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
}
