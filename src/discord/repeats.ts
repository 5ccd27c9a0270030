// The public answers (the leaderboard, a record) are for the channel, once: asked again by the same person in the
// same channel within REPEAT_WINDOW_MS, the very same question is answered privately with a link to the answer
// still there, without reading anything; another question is answered privately. So one account repeating a
// command posts one public message a minute at most, and the channel reads on.
import type { ChatInputCommandInteraction, InteractionReplyOptions } from 'discord.js';
import { MessageFlags } from 'discord.js';
import { NO_SERVER } from '../service/game-service';
import { messageLink } from './channel-view';
import type { BotContext } from './context';
import { UserFacingError } from './context';
import { floodGuardOf } from './flood-guard';
import { trFor } from './i18n';

type Body = Pick<InteractionReplyOptions, 'embeds' | 'files' | 'allowedMentions'>;

export interface PublicOnce {
  /** Sends the answer: public the first time in the window, private (and saying why) after. */
  reply(body: Body): Promise<void>;
}

/** A command's options as a key: users by their id. */
function argsKey(args: Readonly<Record<string, unknown>>): string {
  const plain = Object.entries(args)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, typeof v === 'object' && v !== null && 'id' in v ? (v as { id: unknown }).id : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(plain);
}

/**
 * Call before the answer's work: throws the "you asked for this N s ago" refusal for the same question again, and
 * otherwise says how to send the answer once it is drawn.
 */
export function publicOnce(
  interaction: ChatInputCommandInteraction,
  ctx: Pick<BotContext, 'log' | 'metrics'>,
  command: string,
  args: Readonly<Record<string, unknown>>,
): PublicOnce {
  const { shown } = floodGuardOf(ctx);
  const key = `${interaction.user.id}:${interaction.channelId}:${command}`;
  const asked = argsKey(args);
  const earlier = shown.get(key);
  if (earlier && earlier.value.args === asked) {
    const seconds = Math.max(1, Math.round(earlier.ageMs / 1000));
    const { link } = earlier.value;
    throw link
      ? UserFacingError.of('reply.justShown', { seconds, link })
      : UserFacingError.of('reply.justShownHere', { seconds });
  }
  return {
    async reply(body) {
      if (earlier) {
        const content = trFor(interaction)('reply.privateRepeat');
        return void (await interaction.reply({ ...body, content, flags: MessageFlags.Ephemeral }));
      }
      const response = await interaction.reply({ ...body, withResponse: true });
      const id = response.resource?.message?.id;
      const guildId = interaction.guildId ?? NO_SERVER;
      shown.set(key, { args: asked, link: id ? messageLink(guildId, interaction.channelId, id) : null });
    },
  };
}
