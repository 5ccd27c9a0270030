// The bot under the things real channels do: strangers clicking, out-of-turn and forged clicks, double
// clicks, a crash mid-turn, clicks on a finished game, a moderator ending a game. Every refusal is an
// ephemeral sentence and leaves the game as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { tr } from '../../src/discord/i18n';
import type { World } from './harness';
import { isHeld } from './dice-text';
import {
  control,
  embedText,
  ephemeralAnswer,
  findControl,
  playToTheEnd,
  publicMessages,
  resultsMessage,
  resultsMessages,
  startWorld,
  turnMessageOf,
  waitForTurn,
} from './harness';

const english = tr('en');

let world: World;
beforeAll(async () => {
  world = await startWorld({ diceSeed: 'robustness' });
});
afterAll(async () => {
  await world?.close();
});

describe('refusals, races and restarts', () => {
  it('keeps a game whole through bad clicks, a double click and a SIGKILL', async () => {
    const { fake, users } = world;
    const { alice, bob, carol } = users;
    const lobby = await fake.slash(alice, 'olathe', {}, { subcommand: 'start' }).reply();
    expect(await ephemeralAnswer(fake.slash(bob, 'olathe', {}, { subcommand: 'start' }))).toMatch(/already has a game/);
    await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
    expect(await ephemeralAnswer(fake.click(bob, lobby.id, control(lobby, 'start').customId))).toBe(
      'Only the host can do that.',
    );
    await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();

    const turn = await waitForTurn(fake, alice);
    const declare = control(turn, 'declare');
    const gameId = declare.id!.gameId;
    const edits = () => fake.message(turn.id)!.editCount;
    const before = edits();

    // A stranger, an out-of-turn player, forged and truncated ids: each refused, nothing changes.
    expect(await ephemeralAnswer(fake.select(carol, turn.id, declare.customId, ['0']))).toBe(
      "This is Alice's card — only they can use its buttons.",
    );
    // Controls the message does not show (another seat's, another game's) act on nothing, whatever they name.
    expect(await ephemeralAnswer(fake.click(bob, turn.id, `o1:throw:${gameId}:1:0.0`, { unchecked: true }))).toBe(
      english('refusal.notOnThisMessage'),
    );
    expect(await ephemeralAnswer(fake.click(alice, turn.id, `o1:throw:99999:0:0.0`, { unchecked: true }))).toBe(
      english('refusal.notOnThisMessage'),
    );
    for (const forged of [
      'o1:thr',
      `o1:hold:${gameId}:0:0.0`,
      'olathe',
      `o1:throw:${gameId}:0`,
      `o9:throw:${gameId}:0:0.0`,
      // A private card's button, which only a Balut game where the bot is not a member offers.
      `o1:mycard:${gameId}`,
    ]) {
      expect(await ephemeralAnswer(fake.click(alice, turn.id, forged, { unchecked: true }))).toMatch(
        /isn't one I know/,
      );
    }
    expect(await ephemeralAnswer(fake.select(alice, turn.id, declare.customId, ['7'], { unchecked: true }))).toMatch(
      /no such column/i,
    );
    expect(edits()).toBe(before);

    // Declare, then two clicks on Throw at the same moment: exactly one throw.
    await fake.select(alice, turn.id, declare.customId, [declare.options![0]!.value]).acked();
    const throwId = control(fake.message(turn.id)!, 'throw').customId;
    const first = fake.click(alice, turn.id, throwId);
    const second = fake.click(alice, turn.id, throwId);
    const acks = await Promise.all([first.acked(), second.acked()]);
    expect(acks.map((a) => a.type).sort()).toEqual([4, 7]);
    const refused = acks[0]!.type === 4 ? first : second;
    expect(await ephemeralAnswer(refused)).toMatch(/earlier moment/);
    expect(embedText(fake.message(turn.id)!)).toContain('Throw 1 of 3');

    // Crash mid-turn, start again, carry on from the very same message.
    const code = await world.bot.kill('SIGKILL');
    expect(code).toBeNull();
    await world.restart();
    const old = fake.message(turn.id)!;
    // A double click on a hold button (both clicks carry the same custom_id): the die is held, once.
    const holdId = control(old, 'hold', 2).customId;
    const holds = await Promise.all([
      fake.click(alice, old.id, holdId).acked(),
      fake.click(alice, old.id, holdId).acked(),
    ]);
    expect(holds.map((a) => a.type)).toEqual([7, 7]);
    expect(isHeld(fake.message(old.id)!, 2)).toBe(true);
    await fake.click(alice, old.id, control(fake.message(old.id)!, 'throw').customId).acked();
    expect(embedText(fake.message(old.id)!)).toContain('Throw 2 of 3');
    const write = control(fake.message(old.id)!, 'write');
    await fake.select(alice, old.id, write.customId, [write.options![0]!.value]).acked();
    expect(fake.message(old.id)!.content).toMatch(/^\*\*Alice\*\* wrote \d+ in /);

    const turns = await playToTheEnd(fake, [alice, bob]);
    expect(turns).toBe(55);
    const results = resultsMessage(fake)!;
    expect(embedText(results)).toMatch(/wins with|Shared win/);

    // Clicks on the finished game's collapsed turn, which shows no control any more, are refused.
    expect(await ephemeralAnswer(fake.click(alice, old.id, throwId, { unchecked: true }))).toBe(
      english('refusal.notOnThisMessage'),
    );

    // Reading: a card (ephemeral) and the leaderboard (public).
    const card = await fake.slash(bob, 'olathe', { user: alice }, { subcommand: 'card' }).reply();
    expect(card.ephemeralFor).toBe(bob.id);
    expect(embedText(card)).toMatch(/Alice's card/);
    const board = await fake.slash(carol, 'olathe', { by: 'wins' }, { subcommand: 'leaderboard' }).reply();
    expect(board.ephemeralFor).toBeUndefined();
    expect(embedText(board)).toMatch(/1\. (Alice|Bob)\*\* — 1 win/);
    expect(embedText(board)).toMatch(/(Alice|Bob)\*\* — 0 wins in 1/);

    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 90_000);

  it('lets the host or a moderator end a game, and nobody else', async () => {
    const { fake, users } = world;
    const { bob, carol, mod } = users;
    const lobby = await fake
      .slash(bob, 'olathe', { variant: 'balut', predictions: true }, { subcommand: 'start' })
      .reply();
    await fake.click(carol, lobby.id, control(lobby, 'join').customId).acked();
    await fake.click(bob, lobby.id, control(lobby, 'start').customId).acked();
    await waitForTurn(fake, carol);
    expect(await ephemeralAnswer(fake.slash(carol, 'olathe', {}, { subcommand: 'end' }))).toMatch(
      /Only the host, or a member who can manage messages/,
    );
    const ended = await fake.slash(mod, 'olathe', {}, { subcommand: 'end' }).reply();
    expect(ended.content).toContain('ended the game');
    const results = await fake.waitFor(() => resultsMessages(fake)[1]);
    expect(embedText(results)).toContain('ended early');
    expect(embedText(results)).toMatch(/\d+ Baluts? (was|were) scored/);
    // Every turn message of the ended game lost its controls.
    expect(publicMessages(fake).filter((m) => m.content.includes('your turn') && m.components.length > 0)).toEqual([]);
    expect(fake.breaches).toEqual([]);
  }, 30_000);

  it('explains missing channel permissions, helps, lets a player quit, logs no token and stops cleanly', async () => {
    const { fake, users } = world;
    const { alice, bob, carol } = users;
    const viewAndSend = String((1n << 10n) | (1n << 11n)); // View Channel + Send Messages, no Embed Links
    const refused = await ephemeralAnswer(
      fake.slash(alice, 'olathe', {}, { subcommand: 'start', appPermissions: viewAndSend }),
    );
    expect(refused).toBe(
      "I can't run a game here: I'm missing Embed Links, Read Message History in this channel. Ask a server admin to grant them.",
    );

    const help = await fake.slash(carol, 'olathe', {}, { subcommand: 'help' }).reply();
    expect(help.ephemeralFor).toBe(carol.id);
    expect(embedText(help)).toContain('Final = bonus + modifier');
    expect(await ephemeralAnswer(fake.slash(alice, 'olathe', { free: 5 }, { subcommand: 'start' }))).toMatch(
      /2 to 4 Free columns/,
    );
    expect(
      await ephemeralAnswer(fake.slash(alice, 'olathe', { variant: 'balut', throws: 4 }, { subcommand: 'start' })),
    ).toMatch(/Balut allows up to 3 throws/);

    // Alice and Bob play Olathe; Alice quits on her turn: her turn closes and Bob plays on alone.
    const lobby = await fake
      .slash(alice, 'olathe', { free: 2, down: 0, up: 0, throws: 1 }, { subcommand: 'start' })
      .reply();
    expect(embedText(lobby)).toContain('Free 1 · Free 2 — 1 throw a turn');
    await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
    await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();
    const aliceTurn = await waitForTurn(fake, alice);
    expect(await ephemeralAnswer(fake.slash(alice, 'olathe', {}, { subcommand: 'quit' }))).toMatch(/You left the game/);
    await fake.waitFor(() => fake.message(aliceTurn.id)!.components.length === 0);
    expect(fake.message(aliceTurn.id)!.content).toBe('**Alice** left the game.');
    const turns = await playToTheEnd(fake, [bob]);
    expect(turns).toBe(14);
    const results = resultsMessage(fake)!;
    // Nobody played against Bob to the end: he finished, he did not win.
    expect(embedText(results)).toMatch(new RegExp(`<@${bob.id}> finished with .* the only one who played to the end`));
    expect(embedText(results)).toMatch(/Alice \(left\)/);

    expect(world.bot.log()).not.toContain(fake.botToken);
    // A refused interaction's own line is at debug; at info, the person's refusals summed, a line a minute.
    expect(world.bot.log()).toMatch(/"level":"debug","msg":"interaction",[^\n]*"outcome":"refused"/);
    expect(world.bot.log()).toMatch(/"level":"info","msg":"refused","user":"\d+","kind":"command"/);
    expect(await world.bot.kill('SIGTERM')).toBe(0);
    expect(fake.breaches).toEqual([]);
  }, 60_000);

  it('keeps the channel in step when a click is acknowledged too late', async () => {
    const world2 = await startWorld({ diceSeed: 'late' });
    try {
      const { fake, users } = world2;
      const { alice } = users;
      const lobby = await fake.slash(alice, 'olathe', { free: 2, down: 0, up: 0 }, { subcommand: 'start' }).reply();
      await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();
      const turn = await waitForTurn(fake, alice);
      await fake.select(alice, turn.id, control(turn, 'declare').customId, ['0']).acked();
      await fake.click(alice, turn.id, control(fake.message(turn.id)!, 'throw').customId).acked();
      const write = control(fake.message(turn.id)!, 'write');
      // The write reaches the bot, but Discord's clock jumps past the 3 s window before the bot answers.
      fake.select(alice, turn.id, write.customId, [write.options![0]!.value]);
      fake.advanceTime(4000);
      // The move is saved, so the old turn still collapses and the next one is posted, through the channel.
      await fake.waitFor(() => /^\*\*Alice\*\* wrote \d+ in /.test(fake.message(turn.id)!.content));
      const next = await waitForTurn(fake, alice);
      expect(next.id).not.toBe(turn.id);
      expect(embedText(next)).toContain('turn 2 of 14');
      expect(fake.breaches.some((b) => /acknowledg|late|3000|10062/i.test(b))).toBe(true);
    } finally {
      await world2.close();
    }
  }, 30_000);
});

describe("a hint's Apply, forged", () => {
  /** Each custom_id, clicked on the message, is refused privately, and the message shows what it showed. */
  async function refusedOn(fake: FakeDiscord, user: FakeUser, messageId: string, customIds: string[]) {
    const shown = () => {
      const { content, embeds, components } = fake.message(messageId)!;
      return { content, embeds, components };
    };
    const before = shown();
    for (const customId of customIds)
      expect(await ephemeralAnswer(fake.click(user, messageId, customId, { unchecked: true }))).toBe(
        english('refusal.notOnHint'),
      );
    expect(shown()).toEqual(before);
  }

  /** `apply:d1` → Alice's `o1:apply:<game>:0:<stamp>:d1`. */
  const ids = (gameId: number, stamp: string, ...moves: string[]) =>
    moves.map((m) => `o1:${m.replace(':', `:${gameId}:0:${stamp}:`)}`);
  const forged = ['apply:w1.fours', 'apply:w7.choice', 'apply:d1', 'apply:d7', 'confirm:d1', 'confirm:w1.fours'];

  it('is refused anywhere but on the hint that shows it, and the legitimate Apply still plays', async () => {
    const world2 = await startWorld({ diceSeed: 'forged-apply' });
    try {
      const { fake, users } = world2;
      const { alice } = users;
      let lobby = await fake.slash(alice, 'olathe', {}, { subcommand: 'start' }).reply();
      await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();
      let turn = await waitForTurn(fake, alice);
      const gameId = control(turn, 'declare').id!.gameId;

      // On Olathe's public turn message: the hint's own Apply, and moves the card has or has not.
      let hint = await fake.click(alice, turn.id, control(turn, 'hint').customId).reply();
      const apply = control(hint, 'apply').customId;
      await refusedOn(fake, alice, turn.id, [apply, ...ids(gameId, '0.0', ...forged, 'apply:t')]);
      // On the hint itself, a custom_id it does not show.
      await refusedOn(fake, alice, hint.id, ids(gameId, '0.0', 'apply:d7', 'confirm:d1', 'apply:w1.fours'));
      // The hint's own Apply asks, then declares, and the card offers Throw.
      await fake.click(alice, hint.id, apply).acked();
      await fake.click(alice, hint.id, control(fake.message(hint.id)!, 'confirm').customId).acked();
      const ready = () => findControl(fake.message(turn.id)!, 'throw')?.disabled === false;
      turn = await fake.waitFor(() => (ready() ? fake.message(turn.id) : undefined));
      await fake.click(alice, turn.id, control(turn, 'throw').customId).acked();
      await refusedOn(fake, alice, turn.id, ids(gameId, '0.1', ...forged, 'apply:h11111', 'apply:t'));
      // The card plays on: a hold, then a write.
      await fake.click(alice, turn.id, control(fake.message(turn.id)!, 'hold', 0).customId).acked();
      expect(isHeld(fake.message(turn.id)!, 0)).toBe(true);
      const write = control(fake.message(turn.id)!, 'write');
      await fake.select(alice, turn.id, write.customId, [write.options![0]!.value]).acked();
      expect(fake.message(turn.id)!.content).toMatch(/^\*\*Alice\*\* wrote \d+ in /);
      expect((await fake.slash(alice, 'olathe', {}, { subcommand: 'end' }).reply()).content).toContain(
        'ended the game',
      );
      // The ended game's turn message loses its controls a moment after the reply: until then it would pass for
      // the Balut card below.
      await fake.waitFor(() => (turnMessageOf(fake, alice) === undefined ? true : undefined));

      // On Balut's card, after a throw: a write the card allows, one it does not, a declaration Balut has not.
      lobby = await fake.slash(alice, 'olathe', { variant: 'balut' }, { subcommand: 'start' }).reply();
      await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();
      turn = await waitForTurn(fake, alice);
      const balut = control(turn, 'throw').id!.gameId;
      await refusedOn(fake, alice, turn.id, ids(balut, '0.0', ...forged, 'apply:t'));
      await fake.click(alice, turn.id, control(turn, 'throw').customId).acked();
      hint = await fake.click(alice, turn.id, control(fake.message(turn.id)!, 'hint').customId).reply();
      await refusedOn(fake, alice, turn.id, [
        control(hint, 'apply').customId,
        ...ids(balut, '0.1', ...forged, 'apply:h11111'),
      ]);
      // The hint's own Apply plays, step by step: holds show on the card, and a write asks first, then ends the turn.
      const held = () => [0, 1, 2, 3, 4].map((d) => isHeld(fake.message(turn.id)!, d));
      const kinds: string[] = [];
      while (!kinds.includes('write') && kinds.length < 8) {
        const next = control(fake.message(hint.id)!, 'apply');
        if (next.id?.action !== 'apply') throw new Error(next.customId);
        const { move } = next.id;
        kinds.push(move.kind);
        await fake.click(alice, hint.id, next.customId).acked();
        if (move.kind === 'hold') await fake.waitFor(() => JSON.stringify(held()) === JSON.stringify(move.held));
        if (move.kind === 'write')
          await fake.click(alice, hint.id, control(fake.message(hint.id)!, 'confirm').customId).acked();
      }
      expect(kinds).toContain('hold');
      expect(fake.message(hint.id)!.embeds[0]!.description).toMatch(/^✅ Wrote \d+ in /u);
      // Balut's card stays up for the next turn: its Throw is drawn for turn 1, before any throw.
      await fake.waitFor(() => findControl(fake.message(turn.id)!, 'throw')?.customId.endsWith(':1.0'));
      expect(fake.breaches).toEqual([]);
    } finally {
      await world2.close();
    }
  }, 60_000);
});
