// The yardstick of the click, memory and soak benches (DO_NOTHING in bot.ts): the least a discord.js bot can be.
// A Client with the bot's intents (Guilds) and discord.js's default caches logs in and acknowledges every
// interaction — and does nothing else. Plain JavaScript, as the built bot is, so neither pays for a loader.
import { Client, Events, GatewayIntentBits } from 'discord.js';

const api = process.env.DISCORD_API_URL;
const client = new Client({ intents: [GatewayIntentBits.Guilds], ...(api ? { rest: { api } } : {}) });

client.on(Events.InteractionCreate, (interaction) => {
  if (!interaction.isRepliable()) return;
  const ack = interaction.isMessageComponent() ? interaction.deferUpdate() : interaction.deferReply();
  ack.catch((error) => console.error(`could not acknowledge: ${error}`));
});

const stop = () => {
  void client.destroy().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

await client.login(process.env.DISCORD_TOKEN);
