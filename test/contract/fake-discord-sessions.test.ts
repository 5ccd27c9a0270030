// Contract of the fake's count of gateway sessions per shard: real discord.js clients that IDENTIFY for the
// same shard are each a live session, the fake remembers the most that were ever live at once (what a test of
// standbys asserts never exceeded 1), and a closed client's session no longer counts.
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';

let fake: FakeDiscord;
const clients: Client[] = [];

async function login(shard: number, shardCount: number): Promise<Client> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: fake.apiUrl },
    shards: shard,
    shardCount,
  });
  clients.push(client);
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(fake.botToken);
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
