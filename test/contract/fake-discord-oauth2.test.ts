// Contract of the loopback Discord's OAuth2 server, what an Activity's server needs from Discord: an
// authorization code the person granted is exchanged once, with the app's client secret, at POST /oauth2/token
// (topics/oauth2#authorization-code-grant), for an access token that GET /users/@me takes as "Bearer" for seven
// days. Failures answer in OAuth2's words (RFC 6749 §5.2), and only the app's own mistakes are breaches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { expectBreach } from './support';

let fake: FakeDiscord;
let alice: FakeUser;

interface Answer {
  status: number;
  json: Record<string, unknown>;
  headers: Headers;
}

async function post(path: string, body: string, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${fake.apiUrl}${path}`, { method: 'POST', headers, body });
  return {
    status: response.status,
    json: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

/** The exchange as the Activity guide's server sends it: everything in the form. */
function exchange(fields: Record<string, string>, path = '/oauth2/token'): Promise<Answer> {
  const form = { client_id: fake.applicationId, client_secret: fake.clientSecret, ...fields };
  return post(path, new URLSearchParams(form).toString(), { 'Content-Type': 'application/x-www-form-urlencoded' });
}

async function me(token: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${fake.apiUrl}/v10/users/@me`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function accessToken(scopes = ['identify']): Promise<string> {
  const { json } = await exchange({ grant_type: 'authorization_code', code: fake.authorizeCode(alice, scopes) });
  return String(json.access_token);
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  alice = fake.addUser({ username: 'alice', globalName: 'Alice', locale: 'da' });
});
afterAll(async () => {
  await fake?.close();
});

describe('POST /oauth2/token', () => {
  it('exchanges a code for the documented token response, with no redirect_uri, as an Activity does', async () => {
    const code = fake.authorizeCode(alice, ['identify']);
    const { status, json, headers } = await exchange({ grant_type: 'authorization_code', code });
    expect(status).toBe(200);
    expect(json).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: expect.any(String),
      scope: 'identify',
    });
    expect(headers.get('cache-control')).toBe('no-store');
    expect(fake.accessGrant(String(json.access_token))).toMatchObject({ userId: alice.id, scopes: ['identify'] });
    expect(fake.breaches).toEqual([]);
  });

  it('takes the client credentials as HTTP Basic too, and at /api/v10/oauth2/token', async () => {
    const basic = Buffer.from(`${fake.applicationId}:${fake.clientSecret}`).toString('base64');
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: fake.authorizeCode(alice, ['identify']),
    });
    const { status } = await post('/v10/oauth2/token', form.toString(), {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${basic}`,
    });
    expect(status).toBe(200);
    expect(fake.breaches).toEqual([]);
  });

  it('refuses a wrong client secret with 401 invalid_client, a breach', async () => {
    const code = fake.authorizeCode(alice, ['identify']);
    const { status, json } = await exchange({ grant_type: 'authorization_code', code, client_secret: 'nope' });
    expect([status, json.error]).toEqual([401, 'invalid_client']);
    expectBreach(fake, 'wrong client secret');
    // The code was not spent on the refused request.
    expect((await exchange({ grant_type: 'authorization_code', code })).status).toBe(200);
  });

  it('refuses an unknown, a used and an expired code with 400 invalid_grant, without a breach', async () => {
    const invalid = { error: 'invalid_grant', error_description: 'Invalid "code" in request.' };
    expect((await exchange({ grant_type: 'authorization_code', code: 'forged' })).json).toEqual(invalid);
    const code = fake.authorizeCode(alice, ['identify']);
    const first = await exchange({ grant_type: 'authorization_code', code });
    const again = await exchange({ grant_type: 'authorization_code', code });
    expect([again.status, again.json]).toEqual([400, invalid]);
    // RFC 6749 §4.1.2: the reused code's tokens are revoked.
    expect((await me(String(first.json.access_token))).status).toBe(401);
    const late = fake.authorizeCode(alice, ['identify']);
    fake.advanceTime(100_001);
    expect((await exchange({ grant_type: 'authorization_code', code: late })).json).toEqual(invalid);
    expect(fake.breaches).toEqual([]);
  });

  it('holds a code authorized with a redirect URI to the same one', async () => {
    const code = fake.authorizeCode(alice, ['identify'], { redirectUri: 'https://127.0.0.1' });
    expect((await exchange({ grant_type: 'authorization_code', code })).json.error).toBe('invalid_grant');
    const other = fake.authorizeCode(alice, ['identify'], { redirectUri: 'https://127.0.0.1' });
    const { status } = await exchange({
      grant_type: 'authorization_code',
      code: other,
      redirect_uri: 'https://127.0.0.1',
    });
    expect(status).toBe(200);
  });

  it('answers a JSON body as Discord does (unsupported_grant_type), a breach', async () => {
    const body = JSON.stringify({ grant_type: 'authorization_code', code: 'x', client_id: fake.applicationId });
    const { status, json } = await post('/oauth2/token', body, { 'Content-Type': 'application/json' });
    expect([status, json]).toEqual([
      400,
      { error: 'unsupported_grant_type', error_description: 'Grant type None is not supported' },
    ]);
    expectBreach(fake, 'not application/x-www-form-urlencoded');
  });

  it('refreshes once per refresh token', async () => {
    const { json } = await exchange({
      grant_type: 'authorization_code',
      code: fake.authorizeCode(alice, ['identify']),
    });
    const refreshed = await exchange({ grant_type: 'refresh_token', refresh_token: String(json.refresh_token) });
    expect([refreshed.status, refreshed.json.scope]).toEqual([200, 'identify']);
    expect((await me(String(refreshed.json.access_token))).status).toBe(200);
    const again = await exchange({ grant_type: 'refresh_token', refresh_token: String(json.refresh_token) });
    expect([again.status, again.json.error]).toEqual([400, 'invalid_grant']);
  });

  it('keeps the client secret out of the request log', () => {
    const logged = fake.requests.filter((r) => r.path.endsWith('/oauth2/token')).map((r) => JSON.stringify(r.body));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.filter((b) => b.includes(fake.clientSecret))).toEqual([]);
  });
});

describe('GET /users/@me with a Bearer token', () => {
  it('is the person who granted it, in the spec user shape', async () => {
    const { status, json } = await me(await accessToken());
    expect(status).toBe(200);
    expect(json).toMatchObject({
      id: alice.id,
      username: 'alice',
      global_name: 'Alice',
      discriminator: '0',
      avatar: null,
      locale: 'da',
      mfa_enabled: false,
    });
    expect(json).not.toHaveProperty('email');
    expect(fake.breaches).toEqual([]);
  });

  it('is 401 "401: Unauthorized" (code 0) for an unknown, a narrow or an expired token, without a breach', async () => {
    const unauthorized = { message: '401: Unauthorized', code: 0 };
    expect(await me('forged')).toEqual({ status: 401, json: unauthorized });
    // "identify allows /users/@me" (topics/oauth2#shared-resources-oauth2-scopes): a token without it does not.
    expect(await me(await accessToken(['guilds']))).toEqual({ status: 401, json: unauthorized });
    const token = await accessToken();
    // Seven days (expires_in 604800 s), less the real time the requests take.
    fake.advanceTime(604_800_000 - 5_000);
    expect((await me(token)).status).toBe(200);
    fake.advanceTime(10_000);
    expect(await me(token)).toEqual({ status: 401, json: unauthorized });
    expect(fake.breaches).toEqual([]);
  });

  it('stays the bot with the bot token, and a Bearer token opens no bot route', async () => {
    const bot = await fetch(`${fake.apiUrl}/v10/users/@me`, { headers: { Authorization: `Bot ${fake.botToken}` } });
    expect(((await bot.json()) as { id: string }).id).toBe(fake.botUser.id);
    const response = await fetch(`${fake.apiUrl}/v10/channels/${fake.channelId}`, {
      headers: { Authorization: `Bearer ${await accessToken()}` },
    });
    expect(response.status).toBe(401);
    expectBreach(fake, 'Authorization is not "Bot');
  });
});
