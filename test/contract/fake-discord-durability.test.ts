// Contract of what a durable bot meets: idempotent creates (nonce + enforce_nonce), injected REST
// faults (5xx, 429, stalls, dropped connections) as discord.js's own REST client experiences them,
// and who a message notifies (mentions filtered by allowed_mentions).
import { Client, EmbedBuilder, Events, GatewayIntentBits, HTTPError, MessageFlags, REST, Routes } from 'discord.js';
import type { Interaction, TextChannel } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FaultRoute, NONCE_WINDOW_MS, startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { discordErrorCode, expectBreach } from './support';

let fake: FakeDiscord;
let client: Client;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

/** A fresh discord.js REST client per test: rate limit state from one test must not leak into the next. */
function freshRest(): REST {
  return new REST({ api: fake.apiUrl }).setToken(fake.botToken);
}

function createMessage(
  rest: REST,
  body: Record<string, unknown>,
  channelId = fake.channelId,
): Promise<{ id: string; nonce?: string | number }> {
  return rest.post(Routes.channelMessages(channelId), { body }) as Promise<{ id: string; nonce?: string | number }>;
}

function nextInteraction(): Promise<Interaction> {
  return new Promise((resolve) => client.once(Events.InteractionCreate, resolve));
}

async function dice(): Promise<TextChannel> {
  const channel = await client.channels.fetch(fake.channelId);
  return channel as TextChannel;
}

/** Requests the fake saw for one route since the last clearRecords(). */
function seen(method: string, path: string): Array<{ status: number; fault?: string }> {
  return fake.requests
    .filter((r) => r.method === method && r.path === `/api/v10${path}`)
    .map((r) => ({ status: r.status, ...(r.fault ? { fault: r.fault } : {}) }));
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  alice = fake.addUser({ username: 'alice' });
  bob = fake.addUser({ username: 'bob' });
  carol = fake.addUser({ username: 'carol' });
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login('any-token-works');
  await ready;
  await client.application!.commands.set([{ name: 'shout', description: 'Shout' }], fake.guildId);
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

afterEach(() => {
  fake.clearFaults();
  expect(fake.breaches).toEqual([]);
  fake.clearRecords();
});

describe('nonces', () => {
  it('enforce_nonce returns the earlier message instead of creating a second one', async () => {
    const channel = await dice();
    const first = await channel.send({ content: 'Turn 3', nonce: 'turn-3', enforceNonce: true });
    const again = await channel.send({ content: 'Turn 3', nonce: 'turn-3', enforceNonce: true });
    expect(again.id).toBe(first.id);
    expect(first.nonce).toBe('turn-3');
    expect(fake.messages().filter((m) => m.nonce === 'turn-3')).toHaveLength(1);
    expect(fake.deduplicatedCreates).toEqual([
      { channelId: fake.channelId, nonce: 'turn-3', messageId: first.id, at: expect.any(Number) },
    ]);
    expect(seen('POST', `/channels/${fake.channelId}/messages`).map((r) => r.status)).toEqual([200, 200]);
  });

  it('creates anew without enforce_nonce, in another channel, for an integer nonce once, and after five minutes', async () => {
    const rest = freshRest();
    const a = await createMessage(rest, { content: 'a', nonce: 'same' });
    const b = await createMessage(rest, { content: 'b', nonce: 'same' });
    expect(b.id).not.toBe(a.id);
    const elsewhere = fake.addChannel('elsewhere');
    const c = await createMessage(rest, { content: 'c', nonce: 'same', enforce_nonce: true }, elsewhere.id);
    expect([a.id, b.id]).not.toContain(c.id);

    const n1 = await createMessage(rest, { content: 'n', nonce: 12345, enforce_nonce: true });
    const n2 = await createMessage(rest, { content: 'n', nonce: 12345, enforce_nonce: true });
    expect(n2.id).toBe(n1.id);
    expect(n1.nonce).toBe(12345);
    fake.advanceTime(NONCE_WINDOW_MS + 1);
    const n3 = await createMessage(rest, { content: 'n', nonce: 12345, enforce_nonce: true });
    expect(n3.id).not.toBe(n1.id);
    expect(fake.deduplicatedCreates).toHaveLength(1);
  });

  it('refuses a nonce longer than 25 characters or of another type with 50035', async () => {
    const rest = freshRest();
    expect(await discordErrorCode(createMessage(rest, { content: 'x', nonce: 'n'.repeat(26) }))).toBe(50035);
    expectBreach(fake, 'nonce is 26 characters');
    expect(await discordErrorCode(createMessage(rest, { content: 'x', nonce: 1.5 }))).toBe(50035);
    expectBreach(fake, 'neither an integer nor a string');
    expect(await discordErrorCode(createMessage(rest, { content: 'x', nonce: 'ok', enforce_nonce: 'yes' }))).toBe(
      50035,
    );
    expectBreach(fake, 'enforce_nonce is not a boolean');
    await createMessage(rest, { content: 'x', nonce: 'n'.repeat(25), enforce_nonce: true });
  });
});

describe('injected faults, as discord.js REST meets them', () => {
  it('five 500s: discord.js tries 4 times, then throws; the next call succeeds', async () => {
    const rest = freshRest();
    const handle = fake.injectFault({ route: FaultRoute.messageCreate, kind: 'status', status: 500, times: 5 });
    const error = await createMessage(rest, { content: 'doomed' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).status).toBe(500);
    expect(handle.hits).toBe(4);
    expect(handle.remaining).toBe(1);
    expect(seen('POST', `/channels/${fake.channelId}/messages`)).toEqual(
      Array.from({ length: 4 }, () => ({ status: 500, fault: 'status' })),
    );
    expect(fake.messages().some((m) => m.content === 'doomed')).toBe(false);

    const sent = await createMessage(rest, { content: 'made it' });
    expect(fake.message(sent.id)?.content).toBe('made it');
    expect(handle.remaining).toBe(0);
    expect(seen('POST', `/channels/${fake.channelId}/messages`).map((r) => r.status)).toEqual([
      500, 500, 500, 500, 500, 200,
    ]);
  });

  it('a 429 with Discord headers: discord.js waits retry_after and creates the message once', async () => {
    const rest = freshRest();
    const handle = fake.injectFault({ route: FaultRoute.messageCreate, kind: 'ratelimit', retryAfterMs: 1000 });
    const started = Date.now();
    const sent = await createMessage(rest, { content: 'patient' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(handle.hits).toBe(1);
    expect(
      fake
        .messages()
        .filter((m) => m.content === 'patient')
        .map((m) => m.id),
    ).toEqual([sent.id]);
    expect(seen('POST', `/channels/${fake.channelId}/messages`)).toEqual([
      { status: 429, fault: 'ratelimit' },
      { status: 200 },
    ]);
  });

  it('answers a 429 exactly as Discord documents it', async () => {
    fake.injectFault({ route: 'POST /channels/*/messages', kind: 'ratelimit', retryAfterMs: 1500 });
    const response = await fetch(`${fake.apiUrl}/v10/channels/${fake.channelId}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bot ${fake.botToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'raw' }),
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 1.5,
      global: false,
      code: 0,
    });
    expect(response.headers.get('retry-after')).toBe('2');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(response.headers.get('x-ratelimit-reset-after')).toBe('1.500');
    expect(response.headers.get('x-ratelimit-scope')).toBe('user');
    expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    expect(response.headers.get('x-ratelimit-bucket')).toMatch(/^\w+$/);
    expect(response.headers.get('x-ratelimit-global')).toBeNull();
    expect(fake.messages().some((m) => m.content === 'raw')).toBe(false);
  });

  it("'after' loses the answer of a create that happened; with enforce_nonce the retry returns the same message", async () => {
    const rest = freshRest();
    fake.injectFault({ route: FaultRoute.messageCreate, kind: 'status', status: 503, apply: 'after' });
    const sent = await createMessage(rest, { content: 'exactly once', nonce: 'card-42', enforce_nonce: true });
    const matching = fake.messages().filter((m) => m.content === 'exactly once');
    expect(matching.map((m) => m.id)).toEqual([sent.id]);
    expect(fake.deduplicatedCreates.map((d) => d.messageId)).toEqual([sent.id]);
    expect(seen('POST', `/channels/${fake.channelId}/messages`).map((r) => r.status)).toEqual([503, 200]);

    // Without a nonce the same lost answer makes a duplicate: what the nonce is for.
    fake.injectFault({ route: FaultRoute.messageCreate, kind: 'status', status: 503, apply: 'after' });
    await createMessage(rest, { content: 'twice' });
    expect(fake.messages().filter((m) => m.content === 'twice')).toHaveLength(2);
  });

  it("'stall' holds a request until release(); 'after' stalls hold the answer of work already done", async () => {
    const rest = freshRest();
    const before = fake.injectFault({ route: FaultRoute.messageCreate, kind: 'stall' });
    const pending = createMessage(rest, { content: 'held' });
    await fake.waitFor(() => fake.requests.some((r) => r.fault === 'stall' && r.status === 0));
    expect(fake.messages().some((m) => m.content === 'held')).toBe(false);
    before.release();
    const sent = await pending;
    expect(fake.message(sent.id)?.content).toBe('held');
    expect(seen('POST', `/channels/${fake.channelId}/messages`)).toEqual([{ status: 200, fault: 'stall' }]);

    const after = fake.injectFault({ route: FaultRoute.messageEdit, kind: 'stall', apply: 'after' });
    const editing = rest.patch(Routes.channelMessage(fake.channelId, sent.id), {
      body: { content: 'edited while held' },
    });
    await fake.waitFor(() => fake.message(sent.id)?.content === 'edited while held');
    let answered = false;
    void editing.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    after.release();
    await editing;
    expect(after.hits).toBe(1);
  });

  it('a stalled create the client gave up on still happens on release; the nonce keeps it single', async () => {
    // discord.js aborts after `timeout` and retries; the server may still carry out the first attempt.
    const rest = new REST({ api: fake.apiUrl, timeout: 200 }).setToken(fake.botToken);
    const stall = fake.injectFault({ route: FaultRoute.messageCreate, kind: 'stall' });
    const sent = await createMessage(rest, { content: 'slow server', nonce: 'slow-1', enforce_nonce: true });
    expect(
      fake
        .messages()
        .filter((m) => m.content === 'slow server')
        .map((m) => m.id),
    ).toEqual([sent.id]);
    stall.release();
    await fake.waitFor(() => fake.deduplicatedCreates.length === 1);
    expect(fake.messages().filter((m) => m.content === 'slow server')).toHaveLength(1);
    expect(seen('POST', `/channels/${fake.channelId}/messages`)).toEqual([
      { status: 200, fault: 'stall' },
      { status: 200 },
    ]);

    fake.injectFault({ route: FaultRoute.messageCreate, kind: 'stall' });
    await createMessage(rest, { content: 'slow, no nonce' });
    fake.clearFaults();
    await fake.waitFor(() => fake.messages().filter((m) => m.content === 'slow, no nonce').length === 2);
  });

  it("'drop' closes the connection without an answer; the fake keeps serving", async () => {
    const rest = freshRest();
    fake.injectFault({ route: FaultRoute.messageCreate, kind: 'drop', apply: 'after' });
    await expect(createMessage(rest, { content: 'into the void' })).rejects.toThrow();
    expect(fake.messages().filter((m) => m.content === 'into the void')).toHaveLength(1);
    expect(fake.requests.find((r) => r.fault === 'drop')?.status).toBe(0);
    const sent = await createMessage(rest, { content: 'still serving' });
    expect(fake.message(sent.id)?.content).toBe('still serving');
  });

  it('matches by method, pattern or RegExp, and stops on remove()', async () => {
    const rest = freshRest();
    const sent = await createMessage(rest, { content: 'target' });
    const edits = fake.injectFault({
      route: FaultRoute.messageEdit,
      kind: 'status',
      status: 404,
      body: { message: 'Unknown Message', code: 10008 },
      times: Infinity,
    });
    expect(
      await discordErrorCode(rest.patch(Routes.channelMessage(fake.channelId, sent.id), { body: { content: 'x' } })),
    ).toBe(10008);
    await createMessage(rest, { content: 'creates are untouched' });
    expect(edits.remaining).toBe(Infinity);
    edits.remove();
    expect(edits.remaining).toBe(0);
    await rest.patch(Routes.channelMessage(fake.channelId, sent.id), { body: { content: 'edited' } });

    const byRegExp = fake.injectFault({
      route: /^GET \/channels\/\d+$/,
      kind: 'status',
      status: 403,
      body: { message: 'Missing Access', code: 50001 },
    });
    expect(await discordErrorCode(rest.get(Routes.channel(fake.channelId)))).toBe(50001);
    expect(byRegExp.hits).toBe(1);
    const byMethod = fake.injectFault({
      method: 'DELETE',
      route: '/channels/:channel/messages/:message',
      kind: 'status',
      status: 400,
      body: { message: 'nope', code: 0 },
    });
    expect(await discordErrorCode(rest.delete(Routes.channelMessage(fake.channelId, sent.id)))).toBe(0);
    expect(byMethod.hits).toBe(1);
    expect(fake.message(sent.id)?.deleted).toBeUndefined();
    expect(() => fake.injectFault({ route: '/x', kind: 'status', times: 0 })).toThrow(/times/);
  });

  it('faults interaction callbacks too: a lost ack answer makes the retry meet 40060', async () => {
    fake.injectFault({ route: FaultRoute.interactionCallback, kind: 'status', status: 500, apply: 'after' });
    const pending = nextInteraction();
    const handle = fake.slash(alice, 'shout');
    const interaction = await pending;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    // discord.js retries the 500; Discord already has the acknowledgement, so the retry is refused.
    expect(await discordErrorCode(interaction.reply('hello'))).toBe(40060);
    expectBreach(fake, 'already acknowledged');
    expect((await handle.reply()).content).toBe('hello');
  });
});

describe('pings', () => {
  const ping = async (body: Record<string, unknown>): Promise<string[]> => {
    const sent = await createMessage(freshRest(), body);
    return fake.message(sent.id)?.pinged ?? [];
  };

  it('without allowed_mentions every mentioned member is notified (not the author, not strangers, not embeds)', async () => {
    const content = `<@${alice.id}> and <@!${bob.id}>, and <@${alice.id}> again, <@${fake.botUser.id}>, <@123456789012345678>`;
    expect(await ping({ content, embeds: [new EmbedBuilder().setDescription(`<@${carol.id}>`).toJSON()] })).toEqual([
      alice.id,
      bob.id,
    ]);
    expect(
      await ping({ content: 'no one', embeds: [{ title: `<@${carol.id}>`, description: `<@${carol.id}>` }] }),
    ).toEqual([]);
  });

  it('filters by allowed_mentions as Discord does', async () => {
    const content = `<@${alice.id}> <@${bob.id}>`;
    expect(await ping({ content, allowed_mentions: { parse: [] } })).toEqual([]);
    expect(await ping({ content, allowed_mentions: {} })).toEqual([]);
    expect(await ping({ content, allowed_mentions: { users: [alice.id] } })).toEqual([alice.id]);
    expect(await ping({ content, allowed_mentions: { users: [carol.id] } })).toEqual([]);
    expect(await ping({ content, allowed_mentions: { parse: ['users'] } })).toEqual([alice.id, bob.id]);
    expect(await ping({ content, allowed_mentions: { parse: ['roles'] } })).toEqual([]);
    expect(await ping({ content, allowed_mentions: { parse: ['users'], users: [] } })).toEqual([alice.id, bob.id]);
  });

  it('refuses parse: ["users"] together with a users list (50035)', async () => {
    const rest = freshRest();
    const body = { content: `<@${alice.id}>`, allowed_mentions: { parse: ['users'], users: [alice.id] } };
    expect(await discordErrorCode(createMessage(rest, body))).toBe(50035);
    expectBreach(fake, 'mutually exclusive');
    expect(
      await discordErrorCode(createMessage(rest, { content: 'x', allowed_mentions: { parse: ['friends'] } })),
    ).toBe(50035);
    expectBreach(fake, 'allowed_mentions.parse holds "friends"');
  });

  it('edits never notify, even when they add a mention', async () => {
    const channel = await dice();
    const sent = await channel.send({ content: `hi <@${alice.id}>` });
    await sent.edit(`hi <@${alice.id}> and <@${bob.id}>`);
    expect(fake.message(sent.id)?.pinged).toEqual([alice.id]);
    expect(fake.pingsOf(bob).some((m) => m.id === sent.id)).toBe(false);
    expect(fake.pingsOf(alice, fake.channelId).map((m) => m.id)).toContain(sent.id);
    expect(fake.pingsOf(alice, 'another-channel')).toEqual([]);
  });

  it('interaction replies and follow-ups notify; ephemeral ones and finished deferrals do not', async () => {
    let pending = nextInteraction();
    let handle = fake.slash(carol, 'shout');
    let interaction = await pending;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    await interaction.reply({ content: `<@${alice.id}>, your turn` });
    expect((await handle.reply()).pinged).toEqual([alice.id]);
    const followUp = await interaction.followUp({ content: `<@${bob.id}> next`, allowedMentions: { users: [] } });
    expect(fake.message(followUp.id)?.pinged).toEqual([]);
    const secret = await interaction.followUp({ content: `<@${bob.id}> psst`, flags: MessageFlags.Ephemeral });
    expect(fake.message(secret.id)?.pinged).toEqual([]);

    pending = nextInteraction();
    handle = fake.slash(carol, 'shout');
    interaction = await pending;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    await interaction.reply({ content: `<@${alice.id}> only you`, flags: MessageFlags.Ephemeral });
    expect((await handle.reply()).pinged).toEqual([]);

    pending = nextInteraction();
    handle = fake.slash(carol, 'shout');
    interaction = await pending;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    await interaction.deferReply();
    await interaction.editReply(`<@${alice.id}> after thinking`);
    expect((await handle.reply()).pinged).toEqual([]);
  });

  it('a person mentioning someone notifies them', () => {
    const said = fake.say(alice, `<@${bob.id}> come play`);
    expect(said.pinged).toEqual([bob.id]);
    expect(fake.pingsOf(bob.id).map((m) => m.id)).toContain(said.id);
  });
});
