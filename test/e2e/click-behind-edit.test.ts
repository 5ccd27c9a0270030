// A player clicks their Balut card while the Publisher's edit of that card is on its way to Discord (an outage
// soak found such cards went back a moment, and the player's next click was refused). Discord may apply two requests
// in flight in either order, so the click's answer waits for the edit to land: the card never shows an older
// moment than the click answered with, and the player's next click is played. Runs on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage } from '../../src/fake-discord';
import type { World } from './harness';
import { control, controlsOf, eventually, startWorld, turnMessageOf } from './harness';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world?.close();
});

type Version = Pick<FakeMessage, 'components'>;
/** The card has dice on the table: its hold buttons are there. */
const thrown = (version: Version) => controlsOf(version as FakeMessage).some((c) => c.id?.action === 'hold');

describe('a click on a card whose edit is on its way', () => {
  it('is answered after the edit lands, so the card never goes back a moment and the next click is played', async () => {
    const { fake, users } = world;
    const { alice, bob } = users;
    const lobby = await fake.slash(alice, 'olathe', { variant: 'balut' }, { subcommand: 'start' }).reply();
    await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
    await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
    const aliceCard = await fake.waitFor(() => turnMessageOf(fake, alice));
    const bobCard = await fake.waitFor(() => turnMessageOf(fake, bob));

    // What the game believes Alice's card shows is forgotten (as after a restart that lost it): the Publisher's
    // next pass edits her card, and that edit is held on its way.
    const [game] = (await world.sql("SELECT id, shown FROM games WHERE status = 'playing'")) as Array<{
      id: number;
      shown: string;
    }>;
    const shown = JSON.parse(game!.shown) as Record<string, string>;
    expect(shown['card:0']).toBeDefined();
    await world.sql('UPDATE games SET shown = $1 WHERE id = $2', [
      JSON.stringify({ ...shown, 'card:0': 'forgotten' }),
      game!.id,
    ]);
    const held = fake.injectFault({ route: `PATCH /channels/:channel/messages/${aliceCard.id}`, kind: 'stall' });
    // Bob's turn ends: the Publisher draws the channel again, Alice's card with it.
    await fake.click(bob, bobCard.id, control(bobCard, 'throw').customId).acked();
    const bobThrown = fake.message(bobCard.id)!;
    const write = control(bobThrown, 'write');
    await fake.select(bob, bobCard.id, write.customId, [write.options![0]!.value]).acked();
    await eventually(() => held.hits === 1);

    const versionsBefore = fake.message(aliceCard.id)!.history.length;
    const click = fake.click(alice, aliceCard.id, control(aliceCard, 'throw').customId);
    let answered = false;
    void click.acked().then(() => (answered = true));
    // The throw is saved, but its answer waits behind the edit.
    await eventually(async () => {
      const rows = await world.sql("SELECT seq FROM events WHERE game_id = $1 AND type = 'throw'", [game!.id]);
      return rows.length === 2;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    held.release();
    const ack = await click.acked();
    expect(ack.type).toBe(7);

    // The held edit (no dice yet) landed first, the click's answer (dice) after it, and nothing took it back.
    const card = fake.message(aliceCard.id)!;
    const versions: Version[] = [...card.history.slice(versionsBefore), card];
    const firstThrown = versions.findIndex(thrown);
    expect(firstThrown).toBeGreaterThan(0);
    expect(versions.slice(firstThrown).every(thrown)).toBe(true);
    const hold = await fake.click(alice, card.id, control(card, 'hold', 0).customId).acked();
    expect([hold.type, hold.ephemeral]).toEqual([7, false]);
  });
});
