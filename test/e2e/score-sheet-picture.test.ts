// The score-sheet picture on the loopback Discord, from the built bot: a finished game's results message
// carries its PNG (at least 600 px wide) and its embed shows that file; a later redraw of the results edits
// the message and the file stays, once; `/olathe card` answers with one player's sheet. On a machine where
// the picture cannot be drawn (the canvas binary cannot be loaded: the bot runs unchanged, with a module
// hook that refuses @napi-rs/canvas), the results and the card still come, in words, and the log says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import type { World } from './harness';
import { control, embedText, eventually, playToTheEnd, resultsMessage, startWorld } from './harness';

/** The smallest card, one throw a turn: 14 turns. */
const SHORT = { free: 2, down: 0, up: 0, throws: 1 };

/** Node's module hooks, given to the bot through NODE_OPTIONS: importing @napi-rs/canvas fails. */
const NO_CANVAS_HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier === '@napi-rs/canvas') throw new Error('@napi-rs/canvas cannot be loaded on this machine');
  return next(specifier, context);
}`;
const NO_CANVAS = `import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(NO_CANVAS_HOOKS)}`)});`;
const WITHOUT_CANVAS = `--import=data:text/javascript,${encodeURIComponent(NO_CANVAS)}`;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The file the fake serves at `url`, and its width from the PNG header (IHDR). */
async function pngAt(url: string): Promise<{ width: number; bytes: Buffer }> {
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return { width: bytes.readUInt32BE(16), bytes };
}

/** A solo game on the smallest card, played to its results in the default channel. */
async function soloGame(fake: FakeDiscord, player: FakeUser): Promise<{ lobby: FakeMessage; results: FakeMessage }> {
  const lobby = await fake.slash(player, 'olathe', SHORT, { subcommand: 'start' }).reply();
  await fake.click(player, lobby.id, control(lobby, 'start').customId).acked();
  await playToTheEnd(fake, [player]);
  return { lobby, results: resultsMessage(fake)! };
}

const gameIdOf = (results: FakeMessage) => Number(/game (\d+)/.exec(results.embeds[0]!.footer!.text)![1]);

describe('the score-sheet picture', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ diceSeed: 'picture' });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('is attached to the results, shown by their embed, and kept (once) when the results are edited', async () => {
    const { fake, users } = world;
    const { lobby, results } = await soloGame(fake, users.alice);
    const id = gameIdOf(results);
    expect(results.attachments.map((a) => a.filename)).toEqual([`results-${id}.png`]);
    const file = results.attachments[0]!;
    expect((await pngAt(file.url)).width).toBeGreaterThanOrEqual(600);
    expect(results.embeds[0]!.image?.url).toBe(file.url);
    // The words still say it all.
    expect(embedText(results)).toMatch(/Raw \d+ → modifier [+−]?\d+ \(band /);

    // A deploy that changes the results' text: the bot stops, what the results and the lobby summary were seen
    // to show is forgotten (the lobby's, so the start-up reconcile takes the game up), and the bot starts again.
    await fake.waitFor(() => (embedText(fake.message(lobby.id)!).includes(`/${results.id})`) ? true : undefined));
    expect(world.bot.log()).not.toMatch(/could not be drawn|picture was refused/);
    await world.bot.kill('SIGTERM');
    const [row] = (await world.sql('SELECT shown FROM games WHERE id = $1', [id])) as Array<{ shown: string }>;
    const shown = JSON.parse(row!.shown) as Record<string, string>;
    delete shown.results;
    delete shown.lobby;
    await world.sql('UPDATE games SET shown = $1 WHERE id = $2', [JSON.stringify(shown), id]);
    await world.restart();
    await fake.waitFor(() => (fake.message(results.id)!.history.length > 0 ? true : undefined), 10_000);
    const edited = fake.message(results.id)!;
    expect(edited.editedAt).not.toBeNull();
    expect(edited.attachments).toEqual([file]);
    expect(edited.embeds[0]!.image?.url).toBe(file.url);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 90_000);

  it("ends a Balut game in Danish, with computer players, its dice the app's emojis", async () => {
    const { fake } = world;
    fake.setPreferredLocale('da');
    const dorte = fake.addUser({ username: 'dorte', globalName: 'Dorte', locale: 'da' });
    const lobby = await fake
      .slash(dorte, 'olathe', { variant: 'balut', bots: 1, difficulty: 'easy' }, { subcommand: 'start' })
      .reply();
    await fake.click(dorte, lobby.id, control(lobby, 'start').customId).acked();
    const before = resultsMessage(fake);
    expect(await playToTheEnd(fake, [dorte])).toBe(28);
    const results = resultsMessage(fake)!;
    expect(results.id).not.toBe(before?.id);
    expect(embedText(results)).toMatch(/Rå \d+ → modifikator/);
    const file = results.attachments[0]!;
    expect(results.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^results-\d+\.png$/)]);
    expect((await pngAt(file.url)).width).toBeGreaterThanOrEqual(600);
    expect(results.embeds[0]!.image?.url).toBe(file.url);
    // The game was played with the application's emojis: its messages write the dice with them.
    const owned = new Set(fake.applicationEmojis.map((e) => e.id));
    const shown = fake
      .messages(results.channelId)
      .flatMap((m) => [...`${m.content}${embedText(m)}`.matchAll(/<:die_[1-6](?:_held)?:(\d+)>/g)].map((x) => x[1]!));
    expect(shown.length).toBeGreaterThan(0);
    for (const id of shown) expect(owned.has(id)).toBe(true);
    fake.setPreferredLocale('en-US');
    expect(fake.breaches).toEqual([]);
  }, 90_000);

  it('comes with /olathe card, for one player', async () => {
    const { fake, users } = world;
    const card = await fake.slash(users.alice, 'olathe', {}, { subcommand: 'card' }).reply();
    expect(card.ephemeralFor).toBe(users.alice.id);
    expect(card.attachments).toHaveLength(1);
    const file = card.attachments[0]!;
    expect(file.filename).toMatch(/^card-\d+-1\.png$/);
    expect((await pngAt(file.url)).width).toBeGreaterThanOrEqual(600);
    expect(card.embeds[0]!.image?.url).toBe(file.url);
    expect(embedText(card)).toMatch(/\*\* points?, final$/m);
    expect(fake.breaches).toEqual([]);
  }, 30_000);
});

describe('the score-sheet picture on a machine that cannot draw it', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ diceSeed: 'picture', env: { NODE_OPTIONS: WITHOUT_CANVAS } });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('leaves the results and the card in words, and the log says why', async () => {
    const { fake, users } = world;
    const { results } = await soloGame(fake, users.bob);
    expect(results.attachments).toEqual([]);
    expect(results.embeds[0]!.image).toBeUndefined();
    expect(embedText(results)).toMatch(/Raw \d+ → modifier [+−]?\d+ \(band /);

    const card = await fake.slash(users.bob, 'olathe', {}, { subcommand: 'card' }).reply();
    expect(card.attachments).toEqual([]);
    expect(card.embeds[0]!.image).toBeUndefined();
    expect(embedText(card)).toMatch(/\*\* points?, final$/m);

    await eventually(() => world.bot.log().includes('could not be drawn'));
    const why = world.bot
      .log()
      .split('\n')
      .filter((line) => line.includes('could not be drawn'));
    expect(why).toHaveLength(2);
    expect(why.every((line) => line.includes('@napi-rs/canvas cannot be loaded'))).toBe(true);
    expect(why.map((line) => (JSON.parse(line) as { picture: string }).picture)).toEqual([
      `results-${gameIdOf(results)}.png`,
      `card-${gameIdOf(results)}-1.png`,
    ]);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 90_000);
});
