// What the bot lets discord.js keep in memory. Everything the bot reads comes with the interaction itself (the
// clicked message, the user, the member, Discord's own permission sums) or through REST (ChannelRest), so the
// caches that grow with traffic — a message per click, a user and a member per person, up to 200 messages per
// channel by default — hold nothing it uses. Guilds, channels and roles keep discord.js's defaults: limiting
// those breaks discord.js itself.
import type { ClientOptions } from 'discord.js';
import { Options } from 'discord.js';

export const CLIENT_CACHES: Pick<ClientOptions, 'makeCache' | 'sweepers'> = {
  makeCache: Options.cacheWithLimits({
    MessageManager: 0,
    ThreadMemberManager: 0,
    // Only the bot's own user and member (`guild.members.me`, which discord.js's permission checks read).
    UserManager: { maxSize: 0, keepOverLimit: (user) => user.id === user.client.user?.id },
    GuildMemberManager: { maxSize: 0, keepOverLimit: (member) => member.id === member.client.user?.id },
    // Sent with every guild (a large server has hundreds), never used.
    GuildEmojiManager: 0,
    GuildStickerManager: 0,
    GuildScheduledEventManager: 0,
    StageInstanceManager: 0,
    // Empty with the Guilds intent alone; kept at zero should an intent ever be added for something else.
    PresenceManager: 0,
    VoiceStateManager: 0,
    ReactionManager: 0,
    ReactionUserManager: 0,
    GuildInviteManager: 0,
    GuildBanManager: 0,
    AutoModerationRuleManager: 0,
  }),
  sweepers: {
    ...Options.DefaultSweeperSettings,
    // A game's thread stays cached while it is active; an archived one (a finished game) goes after an hour.
    threads: { interval: 3600, lifetime: 3600 },
  },
};
