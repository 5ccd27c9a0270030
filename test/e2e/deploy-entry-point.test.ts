// `npm run deploy-commands` (the built dist/deploy-commands.js) and the Activity's Entry Point command:
// Discord creates a default one ("Launch", handler 2) the moment Activities are enabled and refuses a global bulk
// overwrite that leaves it out (50240). So a deploy keeps it when ACTIVITY_PORT is unset, replaces it with ours
// (the same command, updated in place) when it is set, and deploying again changes nothing.
import type { APIApplicationCommand } from 'discord.js';
import { DiscordAPIError, REST } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';
import { botEnv } from './bot-env';
import { runScript } from './harness';

let fake: FakeDiscord;

const ENTRY_POINT = 4;
const LAUNCH_ACTIVITY_HANDLER = 2;

async function deploy(settings: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string }> {
  // No database: deploying commands never opens one. ACTIVITY_PORT is only read, never listened on, here; the
  // settings check wants the client secret beside it, as the bot does.
  const activity = settings.ACTIVITY_PORT ? { DISCORD_CLIENT_SECRET: 'deploy-test-secret' } : {};
  const run = await runScript(
    'src/app/deploy-commands.ts',
    botEnv(fake, {}, { ACTIVITY_PORT: '', DISCORD_CLIENT_SECRET: '', ...activity, ...settings }),
  );
  expect(run.code, run.stderr).toBe(0);
  return run;
}

const globalCommands = (): APIApplicationCommand[] => fake.registeredCommands.global;
const entryPoints = () => globalCommands().filter((c) => c.type === ENTRY_POINT);
/** What a deploy is about: each command's id, name, type and what it says. */
const shape = (list: APIApplicationCommand[]) =>
  list.map((c) => ({ id: c.id, name: c.name, type: c.type, description: c.description, handler: c.handler }));

beforeEach(async () => {
  fake = await startFakeDiscord();
});

afterEach(async () => {
  await fake.close();
});

describe('deploy-commands and the Entry Point command', () => {
  it('keeps the default Entry Point without ACTIVITY_PORT, where a bulk overwrite without it is refused (50240)', async () => {
    fake.enableActivities();
    const [launch] = entryPoints();
    expect(launch).toMatchObject({ name: 'Launch', handler: LAUNCH_ACTIVITY_HANDLER });

    // What deploy-commands sent before it read the list first: /olathe alone, refused.
    const rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    const refused = await rest
      .put(`/applications/${fake.applicationId}/commands`, { body: [{ name: 'olathe', description: 'Play dice' }] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DiscordAPIError);
    expect((refused as DiscordAPIError).code).toBe(50240);
    fake.clearRecords();

    const run = await deploy({});
    expect(run.stdout).toContain('Entry Point command "Launch" kept (global).');
    expect(globalCommands().map((c) => c.name)).toEqual(['olathe', 'Launch']);
    expect(shape(entryPoints())).toEqual(shape([launch!]));
    expect(fake.breaches).toEqual([]);
  });

  it('registers ours with ACTIVITY_PORT, over the default one, and a second deploy changes nothing', async () => {
    fake.enableActivities();
    const defaultId = entryPoints()[0]!.id;
    const first = await deploy({ ACTIVITY_PORT: '8443' });
    expect(first.stdout).toContain('Entry Point command: registered (global).');
    expect(entryPoints()).toHaveLength(1);
    expect(entryPoints()[0]).toMatchObject({
      id: defaultId,
      name: 'Launch',
      description: 'Open the board: play Olathe and Balut with the dice on screen',
      handler: LAUNCH_ACTIVITY_HANDLER,
      integration_types: [0, 1],
      contexts: [0, 1, 2],
    });
    const after = shape(globalCommands());
    expect(after.map((c) => c.name)).toEqual(['olathe', 'Launch']);

    await deploy({ ACTIVITY_PORT: '8443' });
    expect(shape(globalCommands())).toEqual(after);
    // And back without ACTIVITY_PORT: ours is kept as it is, not dropped.
    await deploy({});
    expect(shape(globalCommands())).toEqual(after);
    expect(fake.breaches).toEqual([]);
  });

  it('creates ours when the app has none, and puts it over the default in a one-server deploy', async () => {
    fake.enableActivities();
    // The operator deleted the default: ours is created.
    const rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    await rest.delete(`/applications/${fake.applicationId}/commands/${entryPoints()[0]!.id}`);
    await deploy({ ACTIVITY_PORT: '8443' });
    expect(shape(entryPoints())).toEqual([expect.objectContaining({ name: 'Launch', handler: 2 })]);
    expect(entryPoints()[0]!.description).toMatch(/^Open the board/);

    // A one-server deploy registers /olathe in the server and leaves the global Entry Point ours, once.
    const before = shape(entryPoints());
    await deploy({ ACTIVITY_PORT: '8443', DISCORD_GUILD_ID: fake.guildId });
    expect(fake.registeredCommands.guilds[fake.guildId]?.map((c) => c.name)).toEqual(['olathe']);
    expect(shape(entryPoints())).toEqual(before);
    expect(fake.breaches).toEqual([]);
  });

  it('with ACTIVITY_PORT but Activities not enabled: /olathe registered, one line on what to do, exit 0', async () => {
    const run = await deploy({ ACTIVITY_PORT: '8443' });
    expect(globalCommands().map((c) => c.name)).toEqual(['olathe']);
    const lines = run.stdout.split('\n').filter((line) => line.startsWith('Entry Point command not registered: 400'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Enable Activities for the app in the Developer Portal');
    // The refusal the fake recorded is that one request, nothing else.
    expect(fake.breaches).toEqual([expect.stringContaining('does not have Activities enabled')]);
  });
});
