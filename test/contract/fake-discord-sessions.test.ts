// Contract of the fake's count of gateway sessions per shard: real discord.js clients that IDENTIFY for the
// same shard are each a live session, the fake remembers the most that were ever live at once (what a test of
// standbys asserts never exceeded 1), and a closed client's session no longer counts. As on Discord, a
// connection that stops sending heartbeats (its host vanished) is closed with 4009 and stops counting.
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';

let fake: FakeDiscord;
const clients: Client[] = [];

async function login(shard: number, shardCount: number, on: FakeDiscord = fake): Promise<Client> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: on.apiUrl },
    shards: shard,
    shardCount,
  });
  clients.push(client);
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(on.botToken);
  await ready;
  return client;
}

beforeAll(async () => {
  fake = await startFakeDiscord({ recommendedShards: 2, maxConcurrency: 2, guildShard: [0, 2] });
  fake.addGuild({ name: 'Second Server', shard: [1, 2] });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.destroy()));
  await fake?.close();
});

describe('live gateway sessions per shard', () => {
  it('counts each IDENTIFY for a shard, now and at the most, and forgets a closed session', async () => {
    expect([fake.liveSessions(0, 2), fake.peakLiveSessions(0, 2), fake.identifyCount(0, 2)]).toEqual([0, 0, 0]);
    const first = await login(0, 2);
    expect([fake.liveSessions(0, 2), fake.peakLiveSessions(0, 2), fake.identifyCount(0, 2)]).toEqual([1, 1, 1]);

    const second = await login(0, 2);
    expect([fake.liveSessions(0, 2), fake.peakLiveSessions(0, 2), fake.identifyCount(0, 2)]).toEqual([2, 2, 2]);

    await first.destroy();
    await fake.waitFor(() => fake.liveSessions(0, 2) === 1);
    // The peak is a record: the moment two were live is not undone by one leaving.
    expect(fake.peakLiveSessions(0, 2)).toBe(2);
    await second.destroy();
    await fake.waitFor(() => fake.liveSessions(0, 2) === 0);
    expect(fake.identifyCount(0, 2)).toBe(2);
  });

  it('keeps shards, and shard counts, apart', async () => {
    await login(1, 2);
    expect([fake.liveSessions(1, 2), fake.peakLiveSessions(1, 2)]).toEqual([1, 1]);
    expect(fake.liveSessions(0, 2)).toBe(0);
    expect([fake.liveSessions(1, 3), fake.peakLiveSessions(1, 3), fake.identifyCount(1, 3)]).toEqual([0, 0, 0]);
    // Without a count, a shard of an unsharded bot: [0, 1].
    expect(fake.liveSessions(0)).toBe(0);
  });
});

describe('heartbeats', () => {
  const INTERVAL_MS = 300;
  let quick: FakeDiscord;

  beforeAll(async () => {
    quick = await startFakeDiscord({ heartbeatIntervalMs: INTERVAL_MS });
  });
  afterAll(async () => {
    await quick?.close();
  });

  it('closes a connection that identified and then went silent (4009), which then no longer counts', async () => {
    const url = quick.apiUrl.replace(/^http/, 'ws').replace(/\/api.*$/, '/gateway?v=10&encoding=json');
    const ws = new WebSocket(url);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.once('message', () =>
      ws.send(JSON.stringify({ op: 2, d: { token: quick.botToken, intents: 1, properties: {} } })),
    );
    await quick.waitFor(() => quick.liveSessions(0) === 1);
    // It never sends a heartbeat: after 1.5 intervals the fake hangs up, as Discord would.
    expect(await closed).toBe(4009);
    await quick.waitFor(() => quick.liveSessions(0) === 0);
    expect(quick.peakLiveSessions(0)).toBe(1);
  });

  it('keeps a discord.js client, which heartbeats, connected across many intervals', async () => {
    const client = await login(0, 1, quick);
    const identified = quick.identifyCount(0);
    // Five heartbeats the fake acknowledged: more than three intervals, on the client's own clock.
    await new Promise<void>((resolve) => {
      let acks = 0;
      client.on(Events.Debug, (line) => {
        if (/Heartbeat acknowledged/.test(line) && ++acks === 5) resolve();
      });
    });
    expect(quick.liveSessions(0)).toBe(1);
    expect(quick.identifyCount(0)).toBe(identified);
  });
});
