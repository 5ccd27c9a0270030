// `/olathe …`: the bot's one slash command. `data` is the command's definition (registered by
// `npm run deploy-commands`), built from the subcommands' own declarations in src/discord/subcommands;
// `execute` hands each subcommand its arguments, typed as its options declare them. Registered globally it is
// offered for both installs (a server's, a user's own) in servers, the bot's DM and group DMs; the
// subcommands refuse, saying why, what makes no sense where they are used (src/discord/place.ts).
import type { ChatInputCommandInteraction } from 'discord.js';
import { ApplicationIntegrationType, InteractionContextType, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context';
import { commandKey, localisations } from '../src/discord/command-locales';
import { addOptions, isSubcommandGroup } from '../src/discord/options';
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
  if (isSubcommandGroup(spec)) {
    // A group's subcommands are its options in the catalogue: `command.<group>.options.<sub>[.options.<option>]`.
    data.addSubcommandGroup((g) => {
      g.setName(name)
        .setDescription(spec.description)
        .setNameLocalizations(localisations(`${key}.name`))
        .setDescriptionLocalizations(localisations(`${key}.description`));
      for (const [subName, sub] of Object.entries(spec.subcommands)) {
        const subKey = commandKey(name, subName);
        g.addSubcommand((s) =>
          addOptions(
            s
              .setName(subName)
              .setDescription(sub.description)
              .setNameLocalizations(localisations(`${subKey}.name`))
              .setDescriptionLocalizations(localisations(`${subKey}.description`)),
            sub.options,
            `${name}.options.${subName}`,
          ),
        );
      }
      return g;
    });
    continue;
  }
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
  const group = interaction.options.getSubcommandGroup(false);
  const name = interaction.options.getSubcommand();
  const top = subcommands[group ?? name];
  const spec = top && isSubcommandGroup(top) ? (group ? top.subcommands[name] : undefined) : group ? undefined : top;
  if (!spec) throw new Error(`unknown subcommand ${group ? `${group} ` : ''}${name}`);
  await spec.execute(interaction, context);
}
