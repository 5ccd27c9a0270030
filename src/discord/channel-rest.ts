// The bot's own channel routes, as the Publisher uses them: posts that carry a nonce Discord deduplicates,
// edits and look-ups that say "gone" instead of throwing when a message was deleted, threads from a message.
import type { REST } from 'discord.js';
import { Routes } from 'discord.js';
import type { MessageBody } from './render/turn';
import type { AttachedFile } from './sheet-picture';
import { UNKNOWN_MESSAGE, classify, errorCode } from './discord-errors';

/** Discord refuses many edits of a message older than an hour (30046), so older ones are posted again. */
export const REPOST_AFTER_MS = 45 * 60_000;
const DISCORD_EPOCH = 1420070400000n;

export function messageAgeMs(messageId: string, now = Date.now()): number {
  return now - Number((BigInt(messageId) >> 22n) + DISCORD_EPOCH);
}

export function apiBody(body: MessageBody, ping: readonly string[] = []): Record<string, unknown> {
  return {
    content: body.content ?? '',
    embeds: body.embeds,
    components: body.components,
    // Whoever the text names, only `ping` is notified: user names can never become mentions.
    allowed_mentions: ping.length > 0 ? { users: [...ping] } : { parse: [] },
  };
}

/** The routes a pass of the Publisher uses: the bot's channel routes, or interaction tokens (reply-rest.ts). */
export interface MessageRoutes {
  post(
    channel: string,
    body: MessageBody,
    ping: readonly string[],
    nonce: string,
    files?: readonly AttachedFile[],
  ): Promise<string>;
  edit(channel: string, id: string, body: MessageBody): Promise<boolean>;
  exists(channel: string, id: string): Promise<boolean>;
  remove(channel: string, id: string): Promise<void>;
  react(channel: string, id: string, emoji: string): Promise<boolean>;
  startThread(channel: string, messageId: string, name: string): Promise<string>;
}

/**
 * Files as multipart `files[n]`, each listed in the body's `attachments` by its index n; undefined for none. The
 * index goes as a string: an attachment's `id` is a snowflake in Discord's OpenAPI spec (docs/DISCORD-SPEC.md).
 */
export function attachedFiles(files: readonly AttachedFile[]) {
  if (files.length === 0) return undefined;
  return {
    files: files.map((f) => ({ name: f.name, data: f.data, contentType: 'image/png' })),
    attachments: files.map((f, n) => ({ id: String(n), filename: f.name })),
  };
}

export class ChannelRest implements MessageRoutes {
  constructor(private readonly rest: REST) {}

  /**
   * Posts once per nonce: a repeat within Discord's few minutes answers with the message already made. Files
   * go as multipart `files[n]`, listed in `attachments`; the message keeps them through later edits, which
   * send no `attachments` (Discord's Edit Message removes only the files an `attachments` list leaves out).
   */
  async post(
    channel: string,
    body: MessageBody,
    ping: readonly string[],
    nonce: string,
    files: readonly AttachedFile[] = [],
  ): Promise<string> {
    const attached = attachedFiles(files);
    const message = (await this.rest.post(Routes.channelMessages(channel), {
      body: {
        ...apiBody(body, ping),
        nonce,
        enforce_nonce: true,
        ...(attached && { attachments: attached.attachments }),
      },
      ...(attached && { files: attached.files }),
    })) as { id: string };
    return message.id;
  }

  /** False when the message is gone (Unknown Message): the caller draws it anew. */
  async edit(channel: string, id: string, body: MessageBody): Promise<boolean> {
    try {
      await this.rest.patch(Routes.channelMessage(channel, id), { body: apiBody(body) });
      return true;
    } catch (error) {
      if (errorCode(error) === UNKNOWN_MESSAGE) return false;
      throw error;
    }
  }

  async exists(channel: string, id: string): Promise<boolean> {
    try {
      await this.rest.get(Routes.channelMessage(channel, id));
      return true;
    } catch (error) {
      if (errorCode(error) === UNKNOWN_MESSAGE) return false;
      throw error;
    }
  }

  /** Deletes a message; one already gone is fine. */
  async remove(channel: string, id: string): Promise<void> {
    await this.rest.delete(Routes.channelMessage(channel, id)).catch((error: unknown) => {
      if (classify(error) !== 'message-gone') throw error;
    });
  }

  /**
   * Adds the bot's reaction to a message; Discord keeps one per user and emoji, so a repeat changes nothing.
   * False when Discord refused it (no Add Reactions permission, the message deleted …): a reaction is a
   * courtesy, never a reason to hold up the channel or to give the game up. Worth a retry: thrown.
   */
  async react(channel: string, id: string, emoji: string): Promise<boolean> {
    try {
      await this.rest.put(Routes.channelMessageOwnReaction(channel, id, encodeURIComponent(emoji)));
      return true;
    } catch (error) {
      if (classify(error) === 'retry') throw error;
      return false;
    }
  }

  /** A public thread started from a message (its id is the message's); kept a day after its last message. */
  async startThread(channel: string, messageId: string, name: string): Promise<string> {
    const thread = (await this.rest.post(Routes.threads(channel, messageId), {
      body: { name, auto_archive_duration: 1440 },
    })) as { id: string };
    return thread.id;
  }
}
