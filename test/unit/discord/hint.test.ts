// The hint's messages: the advice with an Apply button for the best choice (carrying the turn's stamp), the
// confirmation a write or a declaration asks for, what Apply leaves behind; and which earlier hint a new one
// replaces. Games come from a real service on an in-memory database, with rigged dice.
import { describe, expect, it } from 'vitest';
import { openSqliteTestStorage } from '../../support/storage';
import type { GameView } from '../../../src/service/game-service';
import { GameService, turnStamp } from '../../../src/service/game-service';
import { parseCustomId } from '../../../src/discord/custom-id';
import type { ComponentId } from '../../../src/discord/custom-id';
import { confirmMessage, heldMessage, hintMessage } from '../../../src/discord/hint';
import { tr } from '../../../src/discord/i18n';
import { ShownHints } from '../../../src/discord/hint-replies';
import type { MessageBody } from '../../../src/discord/render/turn';
import { checkMessageLimits } from '../../../src/fake-discord/message-limits';
import { OLATHE, riggedRng } from '../../integration/service/helpers';

const english = tr('en');

async function setup() {
  const db = openSqliteTestStorage(':memory:');
  const rng = riggedRng();
  const s = new GameService(db, { rng, now: () => 1_700_000_000_000 });
  const lobby = await s.openLobby({
    guildId: 'g',
    channelId: 'c',
    host: { id: 'ann', name: 'Ann' },
    options: OLATHE,
    threads: false,
  });
  await s.join(lobby.id, { id: 'ben', name: 'Ben' });
  return { s, rng, game: await s.start(lobby.id, 'ann') };
}

function buttons(body: MessageBody): { label: string; id: ComponentId | null }[] {
  return body.components.flatMap((row) =>
    row.components.map((c) => {
      const b = c as { label?: string; custom_id?: string };
      return { label: b.label ?? '', id: parseCustomId(b.custom_id ?? '') };
    }),
  );
}

function limitsOf(body: MessageBody): string[] {
  const draft = { content: '', embeds: body.embeds, components: body.components, flags: 64 };
  return checkMessageLimits(draft).map((v) => v.rule);
}

const stampOf = (game: GameView, seat: number) => turnStamp(game.state!.players[seat]!);

describe('the hint message', () => {
  it('offers to apply the best choice, at the moment it was drawn for', async () => {
    const { s, game } = await setup();
    const body = hintMessage(s, game, 'ann');
    expect(limitsOf(body)).toEqual([]);
    expect(body.embeds[0]!.description).toMatch(/^Declare .+\n\n\*\*1\.\*\* Declare /);
    const [apply] = buttons(body);
    expect(buttons(body)).toHaveLength(1);
    expect(apply!.label).toMatch(/^Apply: declare (Free \d|↓ Down|↑ Up)…$/);
    expect(apply!.id).toMatchObject({ action: 'apply', seat: 0, stamp: stampOf(game, 0), move: { kind: 'declare' } });
  });

  it('applies holds at once, with the dice it will hold on its label', async () => {
    const { s, rng, game } = await setup();
    await s.declare(game.id, 'ann', 0);
    rng.push([6, 6, 6, 2, 1]);
    const thrown = (await s.throwDice(game.id, 'ann')).view;
    const body = hintMessage(s, thrown, 'ann', english('hint.threw', { dice: '⚅ ⚅ ⚅ ⚁ ⚀' }));
    expect(body.embeds[0]!.description).toMatch(/^✅ Threw ⚅ ⚅ ⚅ ⚁ ⚀\.\n\n/);
    const id = buttons(body)[0]!.id;
    if (id?.action !== 'apply' || id.move.kind !== 'hold')
      throw new Error(`expected a hold, got ${JSON.stringify(id)}`);
    expect(id.move.held.slice(0, 3)).toEqual([true, true, true]);
    expect(buttons(body)[0]!.label).toMatch(/^Apply: hold ⚅ ⚅ ⚅/);

    const held = (await s.setHolds(game.id, 'ann', id.move.held, id.stamp, 0)).view;
    const after = heldMessage(held, 0);
    expect(after.embeds[0]!.description).toMatch(/^✅ Held ⚅ ⚅ ⚅.*Throw with the button below/);
    expect(buttons(after)).toEqual([
      {
        label: '🎲 Throw (2 left)',
        id: { action: 'apply', gameId: game.id, seat: 0, stamp: '0.1', move: { kind: 'throw' } },
      },
    ]);
  });

  it('asks before a write, saying where the dice go and what they score, with a way back', async () => {
    const { s, rng, game } = await setup();
    await s.declare(game.id, 'ann', 1);
    rng.push([3, 3, 3, 5, 5]);
    const thrown = (await s.throwDice(game.id, 'ann')).view;
    const move = { kind: 'write', column: 1, category: 'house' } as const;
    const body = confirmMessage(thrown, 0, move);
    expect(limitsOf(body)).toEqual([]);
    expect(body.embeds[0]!.description).toBe(
      'Write ⚂ ⚂ ⚂ ⚄ ⚄ in **House (Free 2)** for **19** points? Your turn ends with it.',
    );
    expect(buttons(body)).toEqual([
      { label: '✔ Write it', id: { action: 'confirm', gameId: game.id, seat: 0, stamp: '0.1', move } },
      { label: '↩ Back to the hint', id: { action: 'hint', gameId: game.id, seat: 0, stamp: '0.1' } },
    ]);
  });

  it('is refused to a player waiting for their turn, saying whose it is', async () => {
    const { s, game } = await setup();
    expect(() => hintMessage(s, game, 'ben')).toThrow(
      "It's Ann's turn — yours comes next. Hints are for your own turn.",
    );
    expect(() => hintMessage(s, game, 'eve')).toThrow(english('hint.notPlaying'));
  });
});

describe('which earlier hint a new one replaces', () => {
  it("the same player's in the same game, while its token can still be used", () => {
    let now = 0;
    const hints = new ShownHints(() => now);
    expect(hints.swap(1, 'ann', { applicationId: 'app', token: 'a1' })).toBeUndefined();
    expect(hints.swap(1, 'ben', { applicationId: 'app', token: 'b1' })).toBeUndefined();
    expect(hints.swap(2, 'ann', { applicationId: 'app', token: 'a2' })).toBeUndefined();
    now = 60_000;
    expect(hints.swap(1, 'ann', { applicationId: 'app', token: 'a3' })).toMatchObject({ token: 'a1' });
    // Fourteen minutes on, the older tokens are past using and forgotten; the newest stays.
    now = 14 * 60_000 + 30_000;
    expect(hints.swap(1, 'ben', { applicationId: 'app', token: 'b2' })).toBeUndefined();
    expect(hints.size).toBe(2);
    expect(hints.swap(1, 'ann', { applicationId: 'app', token: 'a4' })).toMatchObject({ token: 'a3' });
  });
});
