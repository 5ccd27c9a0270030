// A click's answer: its message updated in place (interaction callback type 7), sent as the API body the
// renderers already build. discord.js's `update()` would first run the body through MessagePayload, which
// rebuilds every component and converts each key's case: a fifth of a hold click's CPU for nothing.
import type { MessageComponentInteraction } from 'discord.js';
import { InteractionResponseType, Routes } from 'discord.js';
import type { MessageBody } from './render/turn';

/** Updates the clicked message to `body`; its text only when it changed (mentions in it never ping again). */
export async function updateClicked(interaction: MessageComponentInteraction, body: MessageBody): Promise<void> {
  if (interaction.deferred || interaction.replied) throw new Error('this click was answered already');
  const { content } = body;
  const data = {
    ...(content === undefined || content === interaction.message.content ? {} : { content }),
    embeds: body.embeds,
    components: body.components,
    allowed_mentions: { parse: [] },
  };
  await interaction.client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
    body: { type: InteractionResponseType.UpdateMessage, data },
    auth: false,
  });
  interaction.replied = true;
}
