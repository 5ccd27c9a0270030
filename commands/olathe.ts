// `/olathe …`: the bot's one slash command. `data` is the command's definition (registered by
// `npm run deploy-commands`), `execute` hands each subcommand to its small function in src/discord/subcommands.
import type { ChatInputCommandInteraction } from 'discord.js';
import { SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context';
import { subcommands } from '../src/discord/subcommands';
import { MAX_THROWS, MIN_THROWS } from '../src/game';
import { DIFFICULTIES } from '../src/service/game-service';

export const data = new SlashCommandBuilder()
  .setName('olathe')
  .setDescription('Play Olathe or Balut, the five-dice games, in this channel.')
  .setDMPermission(false)
  .addSubcommand((s) =>
    s
      .setName('start')
      .setDescription('Open a game in this channel; others join from the lobby.')
      .addStringOption((o) =>
        o
          .setName('variant')
          .setDescription('Olathe (turns in seat order, Free/Down/Up columns) or Balut (simultaneous, 4 Free columns)')
          .addChoices({ name: 'Olathe', value: 'olathe' }, { name: 'Balut', value: 'balut' }),
      )
      .addIntegerOption((o) =>
        o.setName('free').setDescription('Free columns (Olathe: 2–4)').setMinValue(0).setMaxValue(6),
      )
      .addIntegerOption((o) =>
        o.setName('down').setDescription('Down columns (Olathe: 0–1)').setMinValue(0).setMaxValue(6),
      )
      .addIntegerOption((o) => o.setName('up').setDescription('Up columns (Olathe: 0–1)').setMinValue(0).setMaxValue(6))
      .addIntegerOption((o) =>
        o
          .setName('throws')
          .setDescription(`Throws a turn (Olathe: ${MIN_THROWS}–${MAX_THROWS}; Balut: 3)`)
          .setMinValue(1)
          .setMaxValue(9),
      )
      .addIntegerOption((o) =>
        o
          .setName('turn-timeout')
          .setDescription('Minutes before an idle turn is played for you (default 10)')
          .setMinValue(1)
          .setMaxValue(1440),
      )
      .addBooleanOption((o) =>
        o.setName('predictions').setDescription('Guess how many Olathes will be scored (default off)'),
      )
      .addBooleanOption((o) => o.setName('hints').setDescription('Allow 💡 hints from the solver (default on)'))
      .addIntegerOption((o) =>
        o.setName('bots').setDescription('Computer players to seat at once (0–7)').setMinValue(0).setMaxValue(7),
      )
      .addStringOption((o) =>
        o
          .setName('difficulty')
          .setDescription('How well the computer players play (default normal)')
          .addChoices(...DIFFICULTIES.map((d) => ({ name: d, value: d }))),
      )
      .addBooleanOption((o) =>
        o.setName('thread').setDescription("Play in a thread of its own (default: the server's setting, on)"),
      ),
  )
  .addSubcommand((s) =>
    s.setName('hint').setDescription('The best dice to hold now, or the best cell to write (only you see it).'),
  )
  .addSubcommand((s) =>
    s
      .setName('card')
      .setDescription("Show a player's card in this channel's game (or their last finished one).")
      .addUserOption((o) => o.setName('user').setDescription('Whose card (default: yours)')),
  )
  .addSubcommand((s) =>
    s
      .setName('leaderboard')
      .setDescription("This server's best players.")
      .addStringOption((o) =>
        o
          .setName('period')
          .setDescription('All time (default) or the last 30 days')
          .addChoices({ name: 'All time', value: 'all' }, { name: 'Last 30 days', value: '30d' }),
      ),
  )
  .addSubcommand((s) => s.setName('help').setDescription("The rules in short, and this channel's game."))
  .addSubcommand((s) => s.setName('quit').setDescription("Leave this channel's game (your card still scores)."))
  .addSubcommand((s) => s.setName('end').setDescription("End this channel's game now (host or Manage Messages)."))
  .addSubcommand((s) =>
    s
      .setName('settings')
      .setDescription("This server's game settings (Manage Server to change them).")
      .addBooleanOption((o) =>
        o.setName('threads').setDescription('Play each game in a thread of its own (default on)'),
      ),
  );

export async function execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void> {
  const name = interaction.options.getSubcommand();
  const run = subcommands[name];
  if (!run) throw new Error(`unknown subcommand ${name}`);
  await run(interaction, context);
}
