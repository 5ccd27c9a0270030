// A loopback Discord (REST under /api/v10 + gateway at /gateway) for an unmodified discord.js bot.
//
//   const fake = await startFakeDiscord();
//   const alice = fake.addUser({ username: 'alice' });
//   // bot: new Client({ intents: [Guilds], rest: { api: fake.apiUrl } }).login(fake.botToken)
//   await fake.ready();                                  // READY + GUILD_CREATE sent
//   await fake.waitFor(() => fake.registeredCommands.guilds[fake.guildId]?.length);
//   const reply = await fake.slash(alice, 'play').reply();   // the bot's answer, as a FakeMessage
//   await fake.click(alice, reply.id, 'throw').reply();      // the message after update()
//   expect(fake.breaches).toEqual([]);
//   await fake.close();
export { FakeDiscord, startFakeDiscord } from './fake-discord';
export type { AddUserInit } from './fake-discord';
export { FaultRoute } from './faults';
export { FakeInteraction } from './fake-interaction';
export { LIMITS, MessageFlag, checkMessageLimits } from './limits';
export type { MessageShape, Violation } from './limits';
export { NONCE_WINDOW_MS } from './channel-routes';
export { PERMISSIONS, Permission } from './permissions';
export { AUTO_ARCHIVE_DURATIONS } from './threads';
export type { ThreadInit } from './threads';
export type {
  AckInfo,
  ChangeEvent,
  ComponentExtras,
  DeduplicatedCreate,
  FakeAttachment,
  FakeChannel,
  FakeDiscordOptions,
  FakeMessage,
  FakeMessageAuthor,
  FakeRole,
  FakeThreadState,
  FakeUser,
  FaultHandle,
  FaultKind,
  FaultRule,
  LoggedRequest,
  MessageVersion,
  RegisteredCommands,
  SlashExtras,
  SlashOptionValue,
} from './types';
