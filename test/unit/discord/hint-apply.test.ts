// A hint's Apply and its confirmation, clicked through the router on hand-made interactions against a real
// service: acted on only on the ephemeral hint that shows them, and only for a move the rules allow now.
// Anything else is one ephemeral sentence, with the clicked message and the game left as they were.
import { describe, expect, it } from 'vitest';
import { MessageFlags, MessageFlagsBitField } from 'discord.js';
import { openSqliteTestStorage } from '../../support/storage';
import { GameService, turnStamp } from '../../../src/service/game-service';
import type { BotContext } from '../../../src/discord/context';
import { commandMap } from '../../../src/discord/context';
import { findComponent } from '../../../src/fake-discord/interactions';
import { hintMessage } from '../../../src/discord/hint';
import type { MessageBody } from '../../../src/discord/render/turn';
import { routeInteraction } from '../../../src/discord/router';
import { handMadeClick } from './hand-made-click';
import { tr } from '../../../src/discord/i18n';
import { createLogger } from '../../../src/app/logger';
import { OLATHE, riggedRng } from '../../integration/service/helpers';

const english = tr('en');
const refusedOffHint = {
  kind: 'reply',
  body: { content: english('refusal.notOnHint'), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } },
};

async function setup() {
  const db = openSqliteTestStorage(':memory:');
  const rng = riggedRng();
  const service = new GameService(db, { rng, now: () => 1_700_000_000_000 });
  const lobby = await service.openLobby({
    guildId: 'g',
    channelId: 'c',
    host: { id: 'ann', name: 'Ann' },
    options: OLATHE,
    threads: false,
  });
  const game = await service.start(lobby.id, 'ann');
  const lines: Record<string, unknown>[] = [];
  const ctx = {
    service,
    log: createLogger('debug', (line) => lines.push(JSON.parse(line))),
    rest: {} as BotContext['rest'],
    publisher: { kick: async () => undefined } as unknown as BotContext['publisher'],
    commands: commandMap([]),
  } satisfies BotContext;
  const stamp = async () => turnStamp((await service.game(game.id))!.state!.players[0]!);
  const version = async () => JSON.stringify((await service.game(game.id))!.state);
  return { service, rng, gameId: game.id, ctx, lines, stamp, version };
}

/** Ann clicks `customId` on a message that is ephemeral or not and shows `shown` (a body, or no components). */
async function click(ctx: BotContext, customId: string, on: { ephemeral: boolean; shown?: MessageBody }) {
  const components = on.shown?.components ?? [];
  const { interaction, calls } = handMadeClick(customId, {
    user: { id: 'ann', displayName: 'Ann' },
    guildId: 'g',
    channelId: 'c',
    locale: 'en-US',
    message: {
      id: '99',
      content: '',
      flags: new MessageFlagsBitField(on.ephemeral ? MessageFlags.Ephemeral : 0),
      components,
      resolveComponent: (id: string) => findComponent(components, id) ?? null,
    },
  });
  await routeInteraction(interaction, ctx);
  return calls;
}

const customIdOf = (body: MessageBody, n = 0) => (body.components[0]!.components[n] as { custom_id: string }).custom_id;

describe("a hint's Apply", () => {
  it('is refused on a public card, even with the very custom_id the hint shows, and nothing changes', async () => {
    const { service, gameId, ctx, lines, stamp, version } = await setup();
    const hint = hintMessage(service, (await service.game(gameId))!, 'ann');
    const before = await version();
    for (const customId of [
      customIdOf(hint),
      `o1:apply:${gameId}:0:${await stamp()}:w1.fours`,
      `o1:apply:${gameId}:0:${await stamp()}:w7.choice`,
      `o1:apply:${gameId}:0:${await stamp()}:d1`,
      `o1:apply:${gameId}:0:${await stamp()}:d7`,
      `o1:confirm:${gameId}:0:${await stamp()}:d1`,
      `o1:apply:${gameId}:0:${await stamp()}:t`,
    ]) {
      expect(await click(ctx, customId, { ephemeral: false, shown: hint })).toEqual([refusedOffHint]);
    }
    expect(await version()).toBe(before);
    expect(lines.filter((l) => l.msg === 'hint control not on its hint' && l.ephemeral === false)).toHaveLength(7);
    expect(lines.filter((l) => l.msg === 'interaction' && l.outcome === 'refused')).toHaveLength(7);
  });

  it('is refused on a hint that does not show it, and nothing changes', async () => {
    const { service, gameId, ctx, stamp, version } = await setup();
    const hint = hintMessage(service, (await service.game(gameId))!, 'ann');
    const before = await version();
    for (const customId of [`o1:apply:${gameId}:0:${await stamp()}:d1`, `o1:confirm:${gameId}:0:${await stamp()}:d1`])
      expect(await click(ctx, customId, { ephemeral: true, shown: hint })).toEqual([refusedOffHint]);
    expect(await version()).toBe(before);
  });

  it('is refused in the rules’ words when its move is not legal now, even on a hint that shows it', async () => {
    const { service, rng, gameId, ctx, stamp, version } = await setup();
    const forged = async (move: string) => `o1:apply:${gameId}:0:${await stamp()}:${move}`;
    const on = (customId: string) => ({
      ephemeral: true,
      shown: { embeds: [], components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: customId }] }] },
    });
    const refusedWith = (content: string) => [
      { kind: 'reply', body: { content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } },
    ];
    expect(await click(ctx, await forged('d7'), on(await forged('d7')))).toEqual(
      refusedWith(english('game.noSuchColumn')),
    );
    expect(await click(ctx, await forged('w0.fours'), on(await forged('w0.fours')))).toEqual(
      refusedWith(english('game.nothingToWrite')),
    );
    await service.declare(gameId, 'ann', 0);
    rng.push([4, 4, 4, 2, 1]);
    await service.throwDice(gameId, 'ann');
    const before = await version();
    expect(await click(ctx, await forged('w7.choice'), on(await forged('w7.choice')))).toEqual(
      refusedWith(english('game.noSuchCell')),
    );
    expect(await click(ctx, await forged('w1.fours'), on(await forged('w1.fours')))).toEqual(
      refusedWith('You declared Free 1 this turn — write there.'),
    );
    expect(await click(ctx, await forged('d1'), on(await forged('d1')))).toEqual(
      refusedWith(english('game.alreadyThrown')),
    );
    expect(await version()).toBe(before);
  });

  it('asks, then plays, when clicked on the hint that shows it', async () => {
    const { service, gameId, ctx, stamp } = await setup();
    const hint = hintMessage(service, (await service.game(gameId))!, 'ann');
    const [asked] = await click(ctx, customIdOf(hint), { ephemeral: true, shown: hint });
    expect(asked!.kind).toBe('update');
    const question = asked!.body as MessageBody;
    expect(question.embeds[0]!.title).toBe(english('hint.sureTitle'));
    expect(await stamp()).toBe('0.0');
    const [played] = await click(ctx, customIdOf(question), { ephemeral: true, shown: question });
    expect(played!.kind).toBe('update');
    expect((await service.game(gameId))!.state!.players[0]!.turn.column).not.toBeNull();
  });
});
