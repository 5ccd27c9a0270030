// The settings of a bot under test: the loopback Discord's token, application and address, the bot's database,
// and a JSON log (the tests read it line by line); then the test's own settings, which win.
import type { FakeDiscord } from '../../src/fake-discord';

/** `database`: the DATABASE_* settings, from databaseEnv (the run's engine) or databaseEnvAt. */
export function botEnv(
  fake: FakeDiscord,
  database: NodeJS.ProcessEnv,
  settings: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DISCORD_TOKEN: fake.botToken,
    DISCORD_CLIENT_ID: fake.applicationId,
    DISCORD_API_URL: fake.apiUrl,
    ...database,
    LOG_FORMAT: 'json',
    ...settings,
  };
}
