// A solo Balut game whose first throw is forced to five of a kind (seeded dice): exactly one shout, and a
// game played to its results, which match the calculator on the cards the channel shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRng } from '../../src/game';
import type { World } from './harness';
import { control, embedText, playToTheEnd, publicMessages, resultsMessage, startWorld, waitForTurn } from './harness';
import { cardsFromLog, resultRows, scoreWithCalculator } from './cards';

/** A seed whose first five faces are equal: the bot's first throw with it is five of a kind. */
function fiveOfAKindSeed(): string {
  for (let i = 0; ; i++) {
    const rng = seededRng(`shout-${i}`);
    const faces = Array.from({ length: 5 }, () => rng.face());
    if (faces.every((f) => f === faces[0])) return `shout-${i}`;
  }
}

let world: World;
beforeAll(async () => {
  world = await startWorld({ diceSeed: fiveOfAKindSeed() });
});
afterAll(async () => {
  await world?.close();
});

describe('solo Balut with a forced five of a kind', () => {
  it('shouts exactly once, then plays to the results', async () => {
    const { fake, users } = world;
    const { alice } = users;
    const lobby = await fake.slash(alice, 'olathe', { variant: 'balut' }, { subcommand: 'start' }).reply();
    expect(embedText(lobby)).toContain('Free 1 · Free 2 · Free 3 · Free 4');
    await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();

    const turn = await waitForTurn(fake, alice);
    await fake.click(alice, turn.id, control(turn, 'throw').customId).acked();
    const shout = await fake.waitFor(() => publicMessages(fake).find((m) => m.content.includes('Ba-lut!')));
    expect(shout.content).toMatch(new RegExp(`🎶 Ba-lut! 🎶\\s+<@${alice.id}> threw ([⚀-⚅]) \\1 \\1 \\1 \\1`, 'u'));
    // Scored in the Balut row it is worth 20 + pips, and the select says so.
    const afterThrow = fake.message(turn.id)!;
    const balutOption = control(afterThrow, 'write').options!.find((o) => o.label.startsWith('Balut'))!;
    expect(balutOption.label).toMatch(/^Balut \(4 left\) — (25|30|35|40|45|50) pts$/);
    await fake.select(alice, turn.id, control(afterThrow, 'write').customId, [balutOption.value]).acked();

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(publicMessages(fake).filter((m) => isShout(m.content))).toHaveLength(1);

    const turns = await playToTheEnd(fake, [alice]);
    expect(turns).toBe(27);
    // Every later turn is one throw written as it fell, so each five of a kind written is one more shout.
    const fivesWritten = publicMessages(fake).filter((m) => /wrote \d+ in .* — ([⚀-⚅]) \1 \1 \1 \1$/u.test(m.content)).length;
    expect(fivesWritten).toBeGreaterThanOrEqual(1);
    expect(publicMessages(fake).filter((m) => isShout(m.content))).toHaveLength(fivesWritten);

    const results = resultsMessage(fake)!;
    const cards = cardsFromLog(publicMessages(fake), 'balut', ['free', 'free', 'free', 'free']);
    const [scored] = await scoreWithCalculator([cards.get('Alice')!]);
    expect(resultRows(results.embeds[0]!.description!).get('Alice')).toEqual({
      raw: scored!.rawTotal,
      bonus: scored!.incentiveTotal,
      mod: scored!.modifier,
      final: scored!.final,
    });
    expect(scored!.incentiveTotal).toBeGreaterThanOrEqual(2); // the scored Balut is worth 2
    const board = publicMessages(fake).find((m) => (m.embeds[0]?.title ?? '').includes('progress'))!;
    expect(board.embeds[0]!.description).toContain('Alice** 28/28');
    // Redrawn about once a turn (28 turns), not on every click (each turn took a throw and a write: 56+).
    expect(board.editCount).toBeGreaterThanOrEqual(27);
    expect(board.editCount).toBeLessThan(40);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 60_000);
});

const isShout = (content: string) => /Ba-lut!|O-la-the!/.test(content);
