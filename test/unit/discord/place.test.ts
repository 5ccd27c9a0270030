// Where an interaction happens, from its context and authorizing integration owners (payloads as Discord sends
// them: discord-api-docs interactions/receiving-and-responding), and what a game there is kept under.
import type { BaseInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { gameGuildId, placeOf, repliesOnly, requireServer } from '../../../src/discord/place';
import { NO_SERVER } from '../../../src/service/game-service';

const GUILD = '111111111111111111';
const USER = '222222222222222222';

function interaction(
  context: 0 | 1 | 2 | null,
  guildId: string | null,
  owners: { guildId?: string; userId?: string } | null,
): BaseInteraction {
  const authorizingIntegrationOwners = owners && { guildId: owners.guildId ?? null, userId: owners.userId ?? null };
  return { context, guildId, authorizingIntegrationOwners } as unknown as BaseInteraction;
}

describe('placeOf', () => {
  it('a server the bot is in: context 0 with the guild’s own install among the owners', () => {
    const here = interaction(0, GUILD, { guildId: GUILD, userId: USER });
    expect(placeOf(here)).toBe('server');
    expect(gameGuildId(here)).toBe(GUILD);
    expect(requireServer(here)).toBe(GUILD);
  });

  it('the bot’s DM, by the server install ("0") or the user’s own: games kept under NO_SERVER', () => {
    for (const owners of [{ guildId: '0' }, { userId: USER }]) {
      const dm = interaction(1, null, owners);
      expect(placeOf(dm)).toBe('botDm');
      expect(gameGuildId(dm)).toBe(NO_SERVER);
      expect(() => requireServer(dm)).toThrow(/about a server that has added me/);
    }
  });

  it('a group DM, or a server only the user’s install reaches: shown through replies only; no server subcommands', () => {
    const group = interaction(2, null, { userId: USER });
    const serverWithoutBot = interaction(0, GUILD, { userId: USER });
    for (const away of [group, serverWithoutBot]) {
      expect(placeOf(away)).toBe('elsewhere');
      expect(repliesOnly(away)).toBe(true);
      expect(() => requireServer(away)).toThrow(/about a server that has added me/);
    }
    // A group DM's games are kept under NO_SERVER; a server's under its own id, the shard its interactions reach.
    expect(gameGuildId(group)).toBe(NO_SERVER);
    expect(gameGuildId(serverWithoutBot)).toBe(GUILD);
  });

  it('without a context (a guild command’s older payloads): by the guild alone', () => {
    expect(placeOf(interaction(null, GUILD, null))).toBe('server');
    expect(placeOf(interaction(null, null, null))).toBe('botDm');
  });
});
