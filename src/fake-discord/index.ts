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
//
// Application emojis: GET/POST /applications/{app}/emojis and GET/PATCH/DELETE …/{emoji}, images served at
// `${fake.cdnUrl}/emojis/{id}.png` (REST's `cdn` option); `fake.addApplicationEmoji(name, dataUri)` adds one as
// the developer portal would, `fake.applicationEmojis` lists them with their bytes. A button with a custom emoji
// the app does not own is refused (50035).
//
// Languages: `addUser({ locale: 'da' })` is a user whose Discord is in Danish (an interaction's `locale`);
// `fake.setPreferredLocale('da')` or `addGuild({ preferredLocale: 'da' })` a Danish server (`guild_locale`,
// GUILD_CREATE's `preferred_locale`). Both default to en-US.
//
// Several guilds and shards (Discord's formula: a guild is on shard (guild_id >> 22) % count):
//
//   const fake = await startFakeDiscord({ recommendedShards: 2, guildShard: [0, 2] });  // default guild on shard 0
//   const b = fake.addGuild({ name: 'B', shard: [1, 2] });      // { guildId, channelId }, the bot and owner in it
//   const bob = fake.addUser({ username: 'bob', guildIds: [b.guildId] });   // default: the default guild only
//   fake.addMember(alice, b.guildId);
//   // bots: new Client({ shards: [i], shardCount: 2, … }) per process, or shards: 'auto' (asks /gateway/bot)
//   await fake.waitForShards(2);                             // fake.liveShards() → [0, 1]
//   fake.liveSessions(0, 2); fake.peakLiveSessions(0, 2);    // sessions of shard 0 of 2 live now / ever at once
//   await fake.slash(bob, 'play', {}, { channelId: b.channelId }).reply();  // only shard 1's session gets it
//   // With shard 1 down, that interaction is not delivered and expires ("This interaction failed").
//
// Outside the bot's servers (install-contexts.ts, private-places.ts):
//
//   fake.installApp(alice);                                   // alice installs the app to her account
//   const dm = fake.addDm(alice);                             // the bot's DM (type 1): context 1
//   const group = fake.addGroupDm([alice, bob]);              // a group DM (type 3), bot not in it: context 2
//   const away = fake.addGuild({ botMember: false });         // a server without the bot: context 0, owner "1" only
//   fake.slash(alice, 'olathe', {}, { channelId: group.id }); // refused (throws) where Discord would not offer it
//   // There: `user` instead of `member`, app_permissions without Send Messages, 403 50001 (and a breach) on the
//   // bot's channel routes, no gateway events, at most 5 follow-ups (40094); fake.advanceTime() expires tokens.
//
// Activities (activities.ts, entry-point.ts, activity-instances.ts, oauth2-token.ts):
//
//   fake.enableActivities();                               // the Developer Portal's switch: a default "Launch" command
//   const { instance } = fake.useEntryPoint(alice);       // handler 2: Discord opens the Activity in #dice
//   fake.joinActivity(bob, instance.instanceId);           // GET /applications/{app}/activity-instances/{id} lists both
//   const code = fake.authorizeCode(alice, ['identify']); // what the SDK's authorize() returns in the client
//   // the bot: POST /api/oauth2/token (form: grant_type, code, client_id, client_secret = fake.clientSecret), then
//   // GET /users/@me with "Authorization: Bearer <access_token>"; a component answered with type 12 launches too.
//
// Guild scheduled events (scheduled-events.ts; EXTERNAL ones only): the bot's REST routes need Create Events
// (Manage Events for others' events), which `fake.grantBotPermissions(Permission.CreateEvents)` gives its role;
// `fake.scheduledEvents()` lists them with their history, `fake.on('scheduledEvent', …)` hears each change,
// `fake.scheduleEvent(person, init)` and `fake.deleteScheduledEvent(id)` are people acting in Discord's app.
export { FakeDiscord, startFakeDiscord } from './fake-discord';
export type { FakeActivityInstance, FakeScheduledEvent, ScheduledEventChange } from './store';
export type { PersonEventInit, ScheduledEventNotice } from './scheduled-events';
export { EventStatus, SCHEDULED_EVENT_LIMITS } from './scheduled-event-rules';
export type { OAuth2Grant } from './oauth2-grants';
export type { AddGuildInit, AddUserInit } from './fake-discord';
export { FaultRoute } from './faults';
export { FakeInteraction } from './fake-interaction';
export { shardOfGuild } from './snowflake';
export { LIMITS, MessageFlag } from './limits';
export type { Violation } from './limits';
export { checkMessageLimits } from './message-limits';
export type { MessageShape } from './message-limits';
export { APP_EMOJI_LIMITS } from './emoji-rules';
export { NONCE_WINDOW_MS } from './channel-routes';
export { PERMISSIONS, Permission } from './permissions';
export { AUTO_ARCHIVE_DURATIONS } from './threads';
export type { ThreadInit } from './threads';
export type {
  AckInfo,
  ChangeEvent,
  ComponentExtras,
  DeduplicatedCreate,
  FakeAppEmoji,
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
