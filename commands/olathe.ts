// `/olathe …`: the bot's one slash command. `data` is the command's definition (registered by
// `npm run deploy-commands`), built from the subcommands' own declarations in src/discord/subcommands;
// `execute` hands each subcommand its arguments, typed as its options declare them. Registered globally it is
// offered for both installs (a server's, a user's own) in servers, the bot's DM and group DMs; the
// subcommands refuse, saying why, what makes no sense where they are used (src/discord/place.ts).
import type { ChatInputCommandInteraction } from 'discord.js';
import { ApplicationIntegrationType, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context';
import { commandKey, localisations } from '../src/discord/command-locales';
import { addOptions } from '../src/discord/options';
import { subcommands } from '../src/discord/subcommands';

export const data = new SlashCommandBuilder()
  .setName('olathe')
  .setDescription('Play Olathe or Balut, the five-dice games, in this channel.')
  .setNameLocalizations(localisations('command.olathe.name'))
  .setDescriptionLocalizations(localisations('command.olathe.description'))
  .setIntegrationTypes(ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall)
  .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel);
for (const [name, spec] of Object.entries(subcommands)) {
  const key = commandKey(name);
  data.addSubcommand((s) =>
    addOptions(
      s
        .setName(name)
        .setDescription(spec.description)
        .setNameLocalizations(localisations(`${key}.name`))
        .setDescriptionLocalizations(localisations(`${key}.description`)),
      spec.options,
    ),
  );
}

export async function execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void> {
  const name = interaction.options.getSubcommand();
  const spec = subcommands[name];
  if (!spec) throw new Error(`unknown subcommand ${name}`);
  await spec.execute(interaction, context);
}
