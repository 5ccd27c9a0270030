// Eight people in one Balut game, clicking at the same instant as a real table does: all join the lobby at once,
// then every turn all eight throw, hold, throw again and write on their own cards together, to the end. No click
// on a player's current card may be refused, the game finishes, and each of the 224 cells is written once.
// Runs on both engines (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeInteraction, FakeUser } from '../../src/fake-discord';
import type { World } from './harness';
import { control, resultsMessage, startWorld, turnMessageOf } from './harness';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

const WAVES = ['throw', 'hold', 'throw again', 'write'] as const;

interface Refused {
  user: string;
  wave: string;
  text: string;
}

/** Waits for every click of a wave; a click not answered by updating its card is a refusal (its private text). */
async function answers(clicks: Array<{ user: FakeUser; click: FakeInteraction }>, wave: string): Promise<Refused[]> {
  const refused: Refused[] = [];
  await Promise.all(
    clicks.map(async ({ user, click }) => {
      const ack = await click.acked();
      if (ack.type !== 7 || ack.ephemeral)
        refused.push({ user: user.username, wave, text: (await click.reply()).content });
    }),
  );
  return refused;
}

describe('eight Balut players clicking at the same instant', () => {
  it('refuses no click on a current card, plays every turn to the end, writes each cell once', async () => {
    const { fake, users } = world;
    const players = [
      users.alice,
      users.bob,
      users.carol,
      ...['dan', 'eve', 'fay', 'gus', 'hal'].map((name) => fake.addUser({ username: name })),
    ];
    const [host, ...guests] = players as [FakeUser, ...FakeUser[]];
    const lobby = await fake.slash(host, 'olathe', { variant: 'balut' }, { subcommand: 'start' }).reply();
    const join = control(lobby, 'join').customId;
    const joins = guests.map((user) => ({ user, click: fake.click(user, lobby.id, join) }));
    expect(await answers(joins, 'join')).toEqual([]);
    await fake.click(host, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();

    const cards = new Map<FakeUser, string>();
    for (const user of players) cards.set(user, (await fake.waitFor(() => turnMessageOf(fake, user))).id);
    const refused: Refused[] = [];
    for (let turn = 0; turn < 28; turn++) {
      for (const wave of WAVES) {
        // Every click is sent before any answer is awaited: they reach the bot together.
        const clicks = players.map((user) => {
          const card = fake.message(cards.get(user)!)!;
          if (wave === 'write') {
            const write = control(card, 'write');
            return { user, click: fake.select(user, card.id, write.customId, [write.options![0]!.value]) };
          }
          const button = wave === 'hold' ? control(card, 'hold', turn % 5) : control(card, 'throw');
          return { user, click: fake.click(user, card.id, button.customId) };
        });
        refused.push(...(await answers(clicks, `turn ${turn + 1} ${wave}`)));
      }
    }
    expect(refused).toEqual([]);

    await fake.waitFor(() => resultsMessage(fake), 20_000);
    const cells = (await world.sql(
      `SELECT seat, col, category, COUNT(*) AS n FROM events WHERE type = 'write' GROUP BY seat, col, category`,
    )) as Array<{ n: number }>;
    expect(cells).toHaveLength(8 * 28);
    expect(cells.every((c) => Number(c.n) === 1)).toBe(true);
    expect(fake.breaches).toEqual([]);
  }, 240_000);
});
