// Where an interaction happens, as the bot needs to know it: a server the bot is in, the bot's DM with the
// user, or somewhere the bot cannot post (a group DM, a server that only the user's install reaches). Read from
// the interaction's `context` and `authorizing_integration_owners` (discord-api-docs,
// interactions/receiving-and-responding: "Interaction Context Types", "Authorizing Integration Owners Object").
import type { BaseInteraction } from 'discord.js';
import { InteractionContextType } from 'discord.js';
import { NO_SERVER } from '../service/game-service';
import { UserFacingError } from './context';

export type Place = 'server' | 'botDm' | 'elsewhere';

export function placeOf(interaction: BaseInteraction): Place {
  const context = interaction.context;
  // No context: an interaction of a guild command or from before contexts existed, by its guild alone.
  if (context === null || context === undefined) return interaction.guildId ? 'server' : 'botDm';
  if (context === InteractionContextType.BotDM) return 'botDm';
  // A server reaches the bot only through the server's install: the guild's own entry among the owners.
  if (context === InteractionContextType.Guild && interaction.guildId) {
    const owners = interaction.authorizingIntegrationOwners;
    if (!owners || owners.guildId === interaction.guildId) return 'server';
  }
  return 'elsewhere';
}

/**
 * The guild id a game here is kept under: the server's (whether or not the bot is in it: its own shard takes
 * its interactions), or NO_SERVER in a DM or group DM.
 */
export function gameGuildId(interaction: BaseInteraction): string {
  return interaction.guildId ?? NO_SERVER;
}

/** Where the bot is not a member: a game is shown only through interaction replies (reply-rest.ts). */
export function repliesOnly(interaction: BaseInteraction): boolean {
  return placeOf(interaction) === 'elsewhere';
}

/** Refuses, saying why, a subcommand about a server (its settings, its board) outside a server with the bot. */
export function requireServer(interaction: BaseInteraction): string {
  if (placeOf(interaction) === 'server') return interaction.guildId!;
  throw UserFacingError.of('place.serverOnly');
}
