// The click bench's second yardstick (click.bench.ts): a discord.js bot that answers every click the way a card
// must be answered, by updating the clicked message (callback type 7), with that message exactly as it was, and
// does nothing else: no game, no database, no drawing. Beside the do-nothing bot it shows what answering with a
// card costs by itself; beside the bot, what the game's own work costs. Plain JavaScript, like the built bot.
import { Client, Events, GatewayIntentBits, InteractionResponseType, Routes } from 'discord.js';

const api = process.env.DISCORD_API_URL;
const client = new Client({ intents: [GatewayIntentBits.Guilds], ...(api ? { rest: { api } } : {}) });
// The clicked message as Discord sent it, so it goes back unchanged (discord.js's Message would need converting).
const clicked = new Map();

client.on(Events.Raw, (packet) => {
  if (packet.t === 'INTERACTION_CREATE' && packet.d.message) clicked.set(packet.d.id, packet.d.message);
});

client.on(Events.InteractionCreate, (interaction) => {
  const message = clicked.get(interaction.id);
  clicked.delete(interaction.id);
  if (!message || !interaction.isMessageComponent()) return;
  const data = { embeds: message.embeds, components: message.components, allowed_mentions: { parse: [] } };
  client.rest
    .post(Routes.interactionCallback(interaction.id, interaction.token), {
      body: { type: InteractionResponseType.UpdateMessage, data },
      auth: false,
    })
    .catch((error) => console.error(`could not answer: ${error}`));
});

const stop = () => {
  void client.destroy().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

await client.login(process.env.DISCORD_TOKEN);
