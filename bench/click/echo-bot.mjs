// The click bench's second yardstick (click.bench.ts): a discord.js bot that answers every click the way a card
// must be answered, by updating the clicked message (callback type 7), with that message exactly as it was, and
// does nothing else: no game, no database, no drawing. Beside the do-nothing bot it shows what answering with a
// card costs by itself; beside the bot, what the game's own work costs. Plain JavaScript, like the built bot.
//
// With DATABASE_URL it first saves each click on PostgreSQL in one statement, committed on its own: one round
// trip, the least a click saved before its answer can cost. Beside the bot on PostgreSQL, the floor under it.
// With OLATHE_ECHO_SAVE=sqlite it saves each click the same way in a SQLite file at DATABASE_PATH, with the
// bot's journal and sync settings (src/db/sqlite/open.ts): the floor under the bot on SQLite.
import Sqlite from 'better-sqlite3';
import { Client, Events, GatewayIntentBits, InteractionResponseType, Routes } from 'discord.js';
import pg from 'pg';

const api = process.env.DISCORD_API_URL;
const client = new Client({ intents: [GatewayIntentBits.Guilds], ...(api ? { rest: { api } } : {}) });
// The clicked message as Discord sent it, so it goes back unchanged (discord.js's Message would need converting).
const clicked = new Map();

const database = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 }) : null;
await database?.query('CREATE TABLE IF NOT EXISTS echo_clicks (interaction_id TEXT PRIMARY KEY, at BIGINT)');
const SAVE = { name: 'echo-save', text: 'INSERT INTO echo_clicks (interaction_id, at) VALUES ($1, $2)' };
const file = process.env.OLATHE_ECHO_SAVE === 'sqlite' ? new Sqlite(process.env.DATABASE_PATH) : null;
file?.pragma('journal_mode = WAL');
file?.pragma('synchronous = NORMAL');
file?.exec('CREATE TABLE IF NOT EXISTS echo_clicks (interaction_id TEXT PRIMARY KEY, at INTEGER)');
const saveInFile = file?.prepare(SAVE.text.replace('$1, $2', '?, ?'));
const saved = (interaction) => {
  // Run at once, as the bot's statements are; a throw becomes the promise's rejection, logged below.
  if (saveInFile) return new Promise((done) => done(saveInFile.run(interaction.id, Date.now())));
  return database ? database.query({ ...SAVE, values: [interaction.id, Date.now()] }) : Promise.resolve();
};

client.on(Events.Raw, (packet) => {
  if (packet.t === 'INTERACTION_CREATE' && packet.d.message) clicked.set(packet.d.id, packet.d.message);
});

client.on(Events.InteractionCreate, (interaction) => {
  const message = clicked.get(interaction.id);
  clicked.delete(interaction.id);
  if (!message || !interaction.isMessageComponent()) return;
  const data = { embeds: message.embeds, components: message.components, allowed_mentions: { parse: [] } };
  saved(interaction)
    .then(() =>
      client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
        body: { type: InteractionResponseType.UpdateMessage, data },
        auth: false,
      }),
    )
    .catch((error) => console.error(`could not answer: ${error}`));
});

const stop = () => {
  void Promise.all([client.destroy(), database?.end()]).then(() => {
    file?.close();
    process.exit(0);
  });
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

await client.login(process.env.DISCORD_TOKEN);
