// Danish, and any language after it, against the real bot: a whole short game on a server whose
// preferred language is Danish, played by players whose Discord is in Danish, then one in English. Every public
// message and every ephemeral answer is in the game's or the player's language, never a raw catalogue key or
// i18next's missing-key output, and within Discord's limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import en from '../../src/discord/i18n/locales/en';
import { tr } from '../../src/discord/i18n';
import type { World } from './harness';
import {
  control,
  embedText,
  gameChannelIds,
  playToTheEnd,
  resultsMessage,
  startWorld,
  turnMessageOf,
  waitForTurn,
} from './harness';

let world: World;
beforeAll(async () => {
  world = await startWorld({ diceSeed: 'languages-e2e' });
});
afterAll(async () => {
  await world?.close();
});

/** Every key path of the catalogue ("turn.yourTurn", "word.throws_one", and "word.throws" for its plural). */
function keyPaths(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key}`, `${prefix}${key.replace(/_(one|other)$/, '')}`]
      : keyPaths(value as object, `${prefix}${key}.`),
  );
}
const KEYS = new Set(keyPaths(en));

/** All a message says: its content, embeds and the labels and options of its controls. */
function textOf(message: FakeMessage): string {
  const controls = message.components.flatMap((row) =>
    'components' in row
      ? (row.components as { label?: string; placeholder?: string; options?: { label: string }[] }[]).flatMap((c) => [
          c.label ?? '',
          c.placeholder ?? '',
          ...(c.options ?? []).map((o) => o.label),
        ])
      : [],
  );
  return [message.content, embedText(message), ...controls].join('\n');
}

function rawKeys(text: string): string[] {
  return [...text.matchAll(/\b[a-z]+\.[a-zA-Z]+(?:\.[a-zA-Z]+)*\b/g)].map((m) => m[0]).filter((k) => KEYS.has(k));
}

/** Every message of the game's channel and threads, public and ephemeral, from message id `after` on. */
function messagesSince(fake: FakeDiscord, after: bigint): FakeMessage[] {
  return gameChannelIds(fake)
    .flatMap((id) => fake.messages(id))
    .filter((m) => BigInt(m.id) > after);
}

const newestId = (fake: FakeDiscord) =>
  messagesSince(fake, 0n).reduce((max, m) => (BigInt(m.id) > max ? BigInt(m.id) : max), 0n);

/** A two-player game, start to results, with a hint and a refused click on the way; returns its messages. */
async function playGame(
  fake: FakeDiscord,
  host: FakeUser,
  guest: FakeUser,
): Promise<{ messages: FakeMessage[]; turn: string; results: FakeMessage }> {
  const since = newestId(fake);
  await fake.slash(host, 'olathe', {}, { subcommand: 'settings' }).reply();
  await fake.slash(guest, 'olathe', {}, { subcommand: 'help' }).reply();
  // A layout the rules forbid is refused with the reason, in the asker's language.
  const badLayout = await fake.slash(host, 'olathe', { free: 5 }, { subcommand: 'start' }).reply();
  expect(badLayout.ephemeralFor).toBe(host.id);
  const lobby = await fake.slash(host, 'olathe', { free: 2, down: 0, up: 0 }, { subcommand: 'start' }).reply();
  await fake.click(guest, lobby.id, control(lobby, 'join').customId).acked();
  await fake.click(host, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();

  const first = await fake.waitFor(() => turnMessageOf(fake, host) ?? turnMessageOf(fake, guest), 8000);
  const [inTurn, waiting] = turnMessageOf(fake, host) ? [host, guest] : [guest, host];
  // A turn message says whose turn it is only while it is: read it now.
  const turn = textOf(first);
  const hint = await fake.slash(inTurn, 'olathe', {}, { subcommand: 'hint' }).reply();
  expect(hint.ephemeralFor).toBe(inTurn.id);
  const refused = await fake.click(waiting, first.id, control(first, 'hint').customId).reply();
  expect(refused.ephemeralFor).toBe(waiting.id);
  await waitForTurn(fake, inTurn);

  await playToTheEnd(fake, [host, guest]);
  const results = await fake.waitFor(() => resultsMessage(fake), 8000);
  const analysis = await fake.click(guest, results.id, control(results, 'analysis').customId).reply();
  expect(analysis.ephemeralFor).toBe(guest.id);
  await fake.slash(guest, 'olathe', {}, { subcommand: 'leaderboard' }).reply();
  return { messages: messagesSince(fake, since), turn, results };
}

/**
 * The game was played with the application's die emojis (deploy uploaded them), and its results carry the
 * score-sheet picture, drawn in the game's language: a PNG the embed shows, ≥ 600 px wide.
 */
async function expectEmojiDiceAndPicture(fake: FakeDiscord, game: { messages: FakeMessage[]; results: FakeMessage }) {
  const ids = new Set(fake.applicationEmojis.filter((e) => /^die_[1-6](_held)?$/.test(e.name)).map((e) => e.id));
  expect(ids.size).toBe(12);
  const used = game.messages.flatMap((m) => [...textOf(m).matchAll(/<:die_[1-6](?:_held)?:(\d+)>/g)].map((x) => x[1]));
  expect(used.length).toBeGreaterThan(0);
  for (const id of used) expect(ids.has(id!)).toBe(true);
  const results = fake.message(game.results.id)!;
  const [file] = results.attachments;
  expect(results.attachments).toHaveLength(1);
  expect(results.embeds[0]!.image?.url).toBe(file!.url);
  const png = Buffer.from(await (await fetch(file!.url)).arrayBuffer());
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(600);
}

function check({ messages, turn }: { messages: FakeMessage[]; turn: string }) {
  expect(rawKeys('shows turn.yourTurn raw')).toEqual(['turn.yourTurn']);
  expect(rawKeys(turn), turn).toEqual([]);
  for (const message of messages) {
    const text = textOf(message);
    expect(rawKeys(text), text).toEqual([]);
    expect(text).not.toMatch(/\{\{|\}\}|\$t\(/);
  }
  const join = (list: FakeMessage[]) => list.map(textOf).join('\n');
  return {
    turn,
    public: join(messages.filter((m) => m.ephemeralFor === undefined)),
    ephemeral: join(messages.filter((m) => m.ephemeralFor !== undefined)),
  };
}

describe('the languages of a game', () => {
  it('plays a game in Danish on a Danish server, for players whose Discord is in Danish', async () => {
    const { fake } = world;
    fake.setPreferredLocale('da');
    const anne = fake.addUser({ username: 'anne', globalName: 'Anne', locale: 'da' });
    const bent = fake.addUser({ username: 'bent', globalName: 'Bent', locale: 'da' });
    const da = tr('da');
    const game = await playGame(fake, anne, bent);
    const texts = check(game);
    await expectEmojiDiceAndPicture(fake, game);
    expect(texts.turn).toMatch(/din tur!/);
    expect(texts.public).toContain(da('word.category.fours'));
    expect(texts.public).toMatch(/spillet er slut/);
    expect(`${texts.turn}${texts.public}`).not.toMatch(/your turn|game over/);
    expect(texts.ephemeral).toContain(da('hint.title'));
    expect(texts.ephemeral).toMatch(/Det er (Anne|Bent)s tur/);
    expect(texts.ephemeral).toContain(da('reply.helpTitle'));
    expect(texts.ephemeral).toContain(da('reply.threadsOn'));
    expect(texts.ephemeral).toContain(da('layout.olatheFree'));
    expect(texts.ephemeral).toContain('**Hver tur:**');
    expect(texts.ephemeral).toMatch(/med det bedste spil herfra|din blok forventes/);
    expect(texts.ephemeral).toContain(da('analysis.title'));
    expect(texts.ephemeral).not.toMatch(/Each turn|expected to end|decision by decision|Accuracy/);
    // A rated game was played: the board ranks by rating.
    expect(texts.public).toContain(da('leaderboard.ratingTitle'));
    expect(texts.public).not.toMatch(/Leaderboard —|all time/);
    const command = fake.registeredCommands.guilds[fake.guildId]![0]!;
    expect(command.options!.map((o) => o.name_localizations?.da)).toContain('hjælp');
    expect(fake.breaches).toEqual([]);
  });

  it('plays the same game in English on an English server', async () => {
    const { fake, users } = world;
    fake.setPreferredLocale('en-US');
    const game = await playGame(fake, users.alice, users.bob);
    const texts = check(game);
    await expectEmojiDiceAndPicture(fake, game);
    expect(texts.turn).toMatch(/your turn!/);
    expect(texts.public).toContain('Fours');
    expect(texts.public).toMatch(/game over/);
    expect(`${texts.turn}${texts.public}`).not.toMatch(/din tur|spillet er slut/);
    expect(texts.ephemeral).toContain('💡 Hint');
    expect(texts.ephemeral).toMatch(/It's (Alice|Bob)'s turn/);
    expect(texts.ephemeral).toContain('🎲 How to play');
    expect(texts.ephemeral).toContain('An Olathe card has 2 to 4 Free columns.');
    expect(texts.ephemeral).toContain('📊 Your game, decision by decision');
    expect(texts.public).toContain('🏆 Leaderboard — rating');
    expect(fake.breaches).toEqual([]);
  });
});
