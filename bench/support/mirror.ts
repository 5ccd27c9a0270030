// A yardstick bot is clicked on copies of the bot's own messages, so that every click carries as much as the
// bot's do: a thread of its own to hold them, and each copy posted there as that bot.
import { REST, Routes } from 'discord.js';
import type { FakeDiscord, FakeMessage } from '../../src/fake-discord';

/** A thread of the fake's channel, started from a message of its bot's (the bot's cards live in threads too). */
export async function botThread(fake: FakeDiscord, starter: string, name: string): Promise<string> {
  const rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
  const message = (await rest.post(Routes.channelMessages(fake.channelId), { body: { content: starter } })) as {
    id: string;
  };
  const thread = (await rest.post(Routes.threads(fake.channelId, message.id), { body: { name } })) as { id: string };
  return thread.id;
}

/**
 * Posts a copy of `message` (its content, embeds and components) in `channelId` as the fake's bot; returns its id.
 * The emojis are swapped for the fake's application's own of the same names (its deploy uploaded them too), since
 * Discord refuses a button emoji the application does not own.
 */
export async function postCopy(
  fake: FakeDiscord,
  channelId: string,
  message: Pick<FakeMessage, 'content' | 'embeds' | 'components'>,
): Promise<string> {
  const ownIds = new Map(fake.applicationEmojis.map((e) => [e.name, e.id]));
  const components = JSON.parse(JSON.stringify(message.components), (key, value: unknown) => {
    const emoji = value as { id?: string; name?: string } | null;
    return key === 'emoji' && emoji?.id && emoji.name ? { ...emoji, id: ownIds.get(emoji.name) ?? emoji.id } : value;
  }) as unknown;
  const rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
  const body = { content: message.content, embeds: message.embeds, components };
  const posted = (await rest.post(Routes.channelMessages(channelId), { body })) as { id: string };
  return posted.id;
}
