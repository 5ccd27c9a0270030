// syncDieEmojis against the loopback Discord in this process: the cases the deploy e2e tests do not reach. An
// emoji whose image cannot be read back is kept (no churn on a CDN hiccup); a list that cannot be read uploads
// nothing (it could only make duplicates); each reason is one log line, and nothing throws.
import { REST } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../../src/fake-discord';
import type { FakeDiscord } from '../../../src/fake-discord';
import { readDieImages } from '../../../src/emoji/die-files';
import { cdnImageFetcher, syncDieEmojis } from '../../../src/emoji/emoji-sync';

let fake: FakeDiscord;
let rest: REST;
let lines: string[];

const sync = (fetchImage = cdnImageFetcher(rest)) =>
  syncDieEmojis({
    rest,
    applicationId: fake.applicationId,
    images: readDieImages(),
    fetchImage,
    log: (line) => lines.push(line),
  });

beforeEach(async () => {
  fake = await startFakeDiscord();
  rest = new REST({ api: fake.apiUrl, cdn: fake.cdnUrl, retries: 0 }).setToken(fake.botToken);
  lines = [];
});

afterEach(async () => {
  await fake.close();
});

describe('syncDieEmojis', () => {
  it('keeps emojis whose image cannot be read back, in one line per reason', async () => {
    await sync();
    const ids = fake.applicationEmojis.map((e) => e.id);
    lines = [];
    const result = await sync(async (id) => {
      if (id === ids[0] || id === ids[7]) throw new Error('the CDN answered 503');
      if (id === ids[11]) throw new Error('Cannot find native binding.\nnpm has a bug');
      return cdnImageFetcher(rest)(id);
    });
    expect(result).toMatchObject({ uploaded: [], replaced: [], failed: [] });
    expect(result.unchanged).toHaveLength(12);
    expect(lines).toEqual([
      'Die emojis die_1, die_2_held kept as they are: their images could not be compared (the CDN answered 503).',
      'Die emojis die_6_held kept as they are: their images could not be compared (Cannot find native binding.).',
      'Die emojis: 0 uploaded, 0 replaced, 12 unchanged, 0 failed.',
    ]);
    expect(fake.applicationEmojis.map((e) => e.id)).toEqual(ids);
  });

  it('uploads nothing when the list cannot be read, and reports every emoji failed', async () => {
    fake.injectFault({ route: 'GET /applications/:app/emojis', kind: 'status', status: 503 });
    const result = await sync();
    expect(result.failed.map((f) => f.name)).toHaveLength(12);
    expect(lines).toEqual([
      "Die emojis not synced: could not list the application's emojis (503 Service Unavailable); the bot will show Unicode dice.",
    ]);
    expect(fake.applicationEmojis).toEqual([]);
  });
});
