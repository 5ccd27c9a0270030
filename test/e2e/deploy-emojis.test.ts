// `npm run deploy-commands` (the built dist/deploy-commands.js) against the loopback Discord syncs the die-face
// emojis: the first run uploads all twelve, a second uploads nothing, a drawing that differs from the app's
// emoji replaces exactly that emoji, and a refused upload (the 2,000 cap, a long rate limit, any error) is one
// log line while the commands are still registered and the run exits 0.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REST } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_EMOJI_LIMITS, FaultRoute, startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';
import { SOURCE_DICE_DIR } from '../../src/emoji/die-files';
import { DIE_EMOJIS } from '../../src/emoji/die-names';
import { loadDieEmojis } from '../../src/emoji/load-die-emojis';
import { botEnv } from './bot-env';
import { runScript } from './harness';

let fake: FakeDiscord;

const drawing = (name: string): Buffer => readFileSync(join(SOURCE_DICE_DIR, `${name}.png`));
const dataUri = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;

async function deploy(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // No database: deploying commands and emojis never opens one.
  return runScript('src/app/deploy-commands.ts', botEnv(fake, {}, { DISCORD_GUILD_ID: fake.guildId }));
}

/** The emoji requests that changed something (uploads and deletions) since the records were cleared. */
function emojiWrites(): string[] {
  return fake.requests
    .filter((r) => r.path.includes('/emojis') && (r.method === 'POST' || r.method === 'DELETE'))
    .map((r) => `${r.method} ${r.status} ${r.method === 'POST' ? String((r.body as { name?: string }).name) : r.path}`);
}

const commandsRegistered = (): number => fake.registeredCommands.guilds[fake.guildId]?.length ?? 0;

beforeEach(async () => {
  fake = await startFakeDiscord();
});

afterEach(async () => {
  await fake.close();
});

describe('deploy-commands syncs the die emojis', () => {
  it('uploads the twelve drawings on the first run and nothing on the second', async () => {
    const first = await deploy();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Die emojis: 12 uploaded, 0 replaced, 0 unchanged, 0 failed.');
    expect(commandsRegistered()).toBeGreaterThan(0);
    const uploaded = fake.applicationEmojis;
    expect(uploaded.map((e) => e.name).sort()).toEqual(DIE_EMOJIS.map((d) => d.name).sort());
    for (const emoji of uploaded) expect(Buffer.from(emoji.bytes).equals(drawing(emoji.name))).toBe(true);
    // The list is read before anything is uploaded.
    const emojiRequests = fake.requests.filter((r) => r.path.includes('/emojis'));
    expect(emojiRequests[0]).toMatchObject({
      method: 'GET',
      path: `/api/v10/applications/${fake.applicationId}/emojis`,
    });
    expect(fake.breaches).toEqual([]);

    fake.clearRecords();
    const second = await deploy();
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('Die emojis: 0 uploaded, 0 replaced, 12 unchanged, 0 failed.');
    expect(emojiWrites()).toEqual([]);
    expect(fake.applicationEmojis.map((e) => e.id)).toEqual(uploaded.map((e) => e.id));

    // What the bot will read at start: every face, plain and held.
    const rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    const { emojis } = await loadDieEmojis(rest, fake.applicationId);
    expect(emojis?.held[4].name).toBe('die_4_held');
    expect(emojis?.plain[4].id).toBe(uploaded.find((e) => e.name === 'die_4')!.id);
  });

  it('replaces exactly the emoji whose image differs from its drawing (delete, then create)', async () => {
    for (const die of DIE_EMOJIS) {
      // die_3 on Discord shows four pips: the drawing changed since it was uploaded.
      fake.addApplicationEmoji(die.name, dataUri(drawing(die.name === 'die_3' ? 'die_4' : die.name)));
    }
    const stale = fake.applicationEmojis.find((e) => e.name === 'die_3')!;
    const run = await deploy();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Die emojis: 0 uploaded, 1 replaced, 11 unchanged, 0 failed.');
    expect(emojiWrites()).toEqual([
      `DELETE 204 /api/v10/applications/${fake.applicationId}/emojis/${stale.id}`,
      'POST 201 die_3',
    ]);
    const now = fake.applicationEmojis.find((e) => e.name === 'die_3')!;
    expect(now.id).not.toBe(stale.id);
    expect(Buffer.from(now.bytes).equals(drawing('die_3'))).toBe(true);
    expect(fake.applicationEmojis).toHaveLength(12);
  });

  it('at the 2,000 cap uploads what fits, logs the rest in one line, and still registers the commands', async () => {
    const filler = dataUri(drawing('die_1'));
    for (let i = 0; i < APP_EMOJI_LIMITS.perApplication - 5; i++) fake.addApplicationEmoji(`other_${i}`, filler);
    const run = await deploy();
    expect(run.code, run.stderr).toBe(0);
    expect(commandsRegistered()).toBeGreaterThan(0);
    expect(fake.applicationEmojis).toHaveLength(APP_EMOJI_LIMITS.perApplication);
    const refused = run.stdout.split('\n').filter((line) => line.includes('not uploaded'));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(
      /^Die emojis die_6, die_1_held, .*, die_6_held not uploaded: 400 30008: Maximum number of emojis/,
    );
    expect(run.stdout).toContain('Die emojis: 5 uploaded, 0 replaced, 0 unchanged, 7 failed.');
    // One refused request: the rest were not tried against a full application.
    expect(emojiWrites().filter((w) => w.startsWith('POST 400'))).toHaveLength(1);
  });

  it('logs an upload refused with a long rate limit or as too big and goes on with the others; exit 0', async () => {
    fake.injectFault({ route: FaultRoute.appEmojiCreate, kind: 'ratelimit', retryAfterMs: 60_000 });
    fake.injectFault({
      route: FaultRoute.appEmojiCreate,
      kind: 'status',
      status: 400,
      body: {
        message: 'Invalid Form Body',
        code: 50035,
        errors: {
          image: { _errors: [{ code: 'BINARY_TYPE_MAX_SIZE', message: 'File cannot be larger than 256.0 kb.' }] },
        },
      },
    });
    const run = await deploy();
    expect(run.code, run.stderr).toBe(0);
    expect(commandsRegistered()).toBeGreaterThan(0);
    expect(run.stdout).toMatch(/Die emoji die_1 not uploaded: rate limited for 60 s\./);
    expect(run.stdout).toContain(
      'Die emoji die_2 not uploaded: 400 50035: Invalid Form Body; image[BINARY_TYPE_MAX_SIZE]: File cannot be larger than 256.0 kb.',
    );
    expect(run.stdout).toContain('Die emojis: 10 uploaded, 0 replaced, 0 unchanged, 2 failed.');
    expect(run.stdout).not.toContain(fake.botToken);
    // The next run fills in what is missing.
    const again = await deploy();
    expect(again.stdout).toContain('Die emojis: 2 uploaded, 0 replaced, 10 unchanged, 0 failed.');
    expect(fake.applicationEmojis).toHaveLength(12);
  });
});
