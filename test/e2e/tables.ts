// Two-player Olathe games in the channels of several guilds at once (the shard tests: a guild per shard),
// played a turn at a time through the loopback Discord.
import type { FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import { control, findControl, gameChannelIds, playSimpleTurn, publicMessages } from './harness';

export interface Table {
  guildId: string;
  channelId: string;
  players: FakeUser[];
}

/**
 * A table in each of two guilds, one per gateway shard of two (the fake's default guild is shard 0's): Ann and
 * Ben in the default guild's channel, Cat and Dan in a second server's.
 */
export function tablesOnTwoShards(fake: FakeDiscord): [Table, Table] {
  const other = fake.addGuild({ name: 'Second Server', shard: [1, 2] });
  const [ann, ben] = ['ann', 'ben'].map((username) => fake.addUser({ username }));
  const [cat, dan] = ['cat', 'dan'].map((username) => fake.addUser({ username, guildIds: [other.guildId] }));
  return [
    { guildId: fake.guildId, channelId: fake.channelId, players: [ann!, ben!] },
    { guildId: other.guildId, channelId: other.channelId, players: [cat!, dan!] },
  ];
}

/** The open turn message of `user` at this table. */
export function turnOf(fake: FakeDiscord, t: Table, user: FakeUser): FakeMessage | undefined {
  return publicMessages(fake, gameChannelIds(fake, t.channelId)).find(
    (m) => m.content.includes(`<@${user.id}>, your turn`) && m.components.length > 0,
  );
}

export function resultsIn(fake: FakeDiscord, t: Table): FakeMessage | undefined {
  return publicMessages(fake, gameChannelIds(fake, t.channelId)).find((m) =>
    (m.embeds[0]?.title ?? '').includes('game over'),
  );
}

/** Opens a lobby, the second player joins, the host starts; `log` is shown when no lobby comes. */
export async function startGame(fake: FakeDiscord, t: Table, log: () => string = () => ''): Promise<void> {
  const [host, guest] = t.players;
  const options = { variant: 'olathe', free: 2, down: 0, up: 0 };
  const lobby = await fake.slash(host!, 'olathe', options, { subcommand: 'start', channelId: t.channelId }).reply();
  if (!lobby.components.length) throw new Error(`no lobby in ${t.guildId}: ${lobby.content}\n${log()}`);
  await fake.click(guest!, lobby.id, control(lobby, 'join').customId).acked();
  await fake.click(host!, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
}

/** Plays one turn of whoever's turn it is; false once the game is over. */
export async function playOneTurn(fake: FakeDiscord, t: Table): Promise<boolean> {
  const next = await fake.waitFor(() => {
    if (resultsIn(fake, t)) return 'over' as const;
    for (const u of t.players) {
      const m = turnOf(fake, t, u);
      if (m) return [u, m] as const;
    }
    return undefined;
  }, 30_000);
  if (next === 'over') return false;
  await playSimpleTurn(fake, next[0], next[1]);
  return true;
}

/**
 * Half a turn at this table: the player whose turn it is declares (when asked) and throws; the turn message
 * is left waiting for its write. Returns the player and that message.
 */
export async function throwMidTurn(fake: FakeDiscord, t: Table): Promise<{ player: FakeUser; open: FakeMessage }> {
  const player = await fake.waitFor(() => t.players.find((u) => turnOf(fake, t, u)));
  const open = turnOf(fake, t, player)!;
  const declare = findControl(open, 'declare');
  if (declare) await fake.select(player, open.id, declare.customId, [declare.options![0]!.value]).acked();
  await fake.click(player, open.id, control(fake.message(open.id)!, 'throw').customId).acked();
  return { player, open };
}

/** Writes the first cell offered on a turn message left by throwMidTurn (its old buttons, after a take-over). */
export async function writeFromOldMessage(fake: FakeDiscord, player: FakeUser, messageId: string): Promise<void> {
  const resumed = fake.message(messageId)!;
  const write = control(resumed, 'write');
  await fake.select(player, resumed.id, write.customId, [write.options![0]!.value]).acked();
}
