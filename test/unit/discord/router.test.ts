// The router with hand-made interactions: which handler runs, and how refusals and failures are answered.
import { describe, expect, it } from 'vitest';
import type { Interaction } from 'discord.js';
import { MessageFlags } from 'discord.js';
import { UNEXPECTED_ERROR_TEXT, routeInteraction } from '../../../src/discord/router';
import { UNKNOWN_CONTROL_TEXT } from '../../../src/discord/components';
import type { BotContext } from '../../../src/discord/context';
import { commandMap } from '../../../src/discord/context';
import * as olathe from '../../../commands/olathe';
import { createLogger } from '../../../src/logger';
import { ServiceError } from '../../../src/service/game-service';
import { notYourCard } from '../../../src/service/errors';

function harness(service: Partial<BotContext['service']>) {
  const lines: Record<string, unknown>[] = [];
  const ctx = {
    service: service as BotContext['service'],
    log: createLogger('debug', (line) => lines.push(JSON.parse(line))),
    rest: {} as BotContext['rest'],
    publisher: {} as BotContext['publisher'],
    commands: commandMap([olathe]),
  } satisfies BotContext;
  return { ctx, lines };
}

function button(customId: string, opts: { replied?: boolean } = {}) {
  const calls: { kind: string; body: unknown }[] = [];
  const interaction = {
    id: '1',
    customId,
    user: { id: '42', displayName: 'Alice' },
    member: null,
    guildId: '7',
    channelId: '8',
    message: { id: '99' },
    replied: opts.replied ?? false,
    deferred: false,
    isChatInputCommand: () => false,
    isButton: () => true,
    isStringSelectMenu: () => false,
    reply: async (body: unknown) => void calls.push({ kind: 'reply', body }),
    followUp: async (body: unknown) => void calls.push({ kind: 'followUp', body }),
    update: async (body: unknown) => void calls.push({ kind: 'update', body }),
  };
  return { interaction: interaction as unknown as Interaction, calls };
}

describe('routeInteraction', () => {
  it('answers an unknown custom_id with an ephemeral sentence and logs the refusal', async () => {
    const { ctx, lines } = harness({});
    const { interaction, calls } = button('not-ours');
    await routeInteraction(interaction, ctx);
    expect(calls).toEqual([{ kind: 'reply', body: { content: UNKNOWN_CONTROL_TEXT, flags: MessageFlags.Ephemeral } }]);
    expect(lines.some((l) => l.msg === 'refused' && l.what === 'not-ours')).toBe(true);
  });

  it("shows a service refusal's own words", async () => {
    const { ctx } = harness({
      join: () => {
        throw new ServiceError('lobby-full', 'This game is full (8 players).');
      },
    });
    const { interaction, calls } = button('o1:join:5');
    await routeInteraction(interaction, ctx);
    expect(calls).toEqual([
      { kind: 'reply', body: { content: 'This game is full (8 players).', flags: MessageFlags.Ephemeral } },
    ]);
  });

  it('hides an unexpected failure behind "your game is unchanged" and logs it with context', async () => {
    const { ctx, lines } = harness({
      throwDice: () => {
        throw new Error('disk I/O error');
      },
    });
    const { interaction, calls } = button('o1:throw:5:0:0.0');
    await routeInteraction(interaction, ctx);
    expect(calls).toEqual([{ kind: 'reply', body: { content: UNEXPECTED_ERROR_TEXT, flags: MessageFlags.Ephemeral } }]);
    const logged = lines.find((l) => l.msg === 'interaction failed')!;
    expect(logged).toMatchObject({
      level: 'error',
      what: 'o1:throw:5:0:0.0',
      user: '42',
      error: { message: 'disk I/O error' },
    });
  });

  it('follows up instead of replying when the interaction was already answered', async () => {
    const { ctx } = harness({});
    const { interaction, calls } = button('bogus', { replied: true });
    await routeInteraction(interaction, ctx);
    expect(calls.map((c) => c.kind)).toEqual(['followUp']);
  });

  it("hands the clicked card's seat to the service, which refuses a click on someone else's card", async () => {
    let asked: unknown[] = [];
    const { ctx } = harness({
      throwDice: (...args: unknown[]) => {
        asked = args;
        throw new ServiceError('not-your-card', notYourCard('Bob'));
      },
    });
    const { interaction, calls } = button('o1:throw:5:0:0.0');
    await routeInteraction(interaction, ctx);
    expect(asked).toEqual([5, '42', '0.0', 0]);
    expect(calls).toEqual([
      {
        kind: 'reply',
        body: { content: "This is Bob's card — only they can use its buttons.", flags: MessageFlags.Ephemeral },
      },
    ]);
  });
});

describe('refusal wording', () => {
  it('the service says what is wrong; the Discord layer adds the command that helps', async () => {
    const { refusalText } = await import('../../../src/discord/router');
    const { MESSAGES } = await import('../../../src/service/errors');
    for (const text of Object.values(MESSAGES)) expect(text).not.toMatch(/\/olathe/);
    expect(refusalText(new ServiceError('no-game', MESSAGES.noGame))).toBe(
      `${MESSAGES.noGame} Start a new one with /olathe start.`,
    );
    expect(refusalText(new ServiceError('channel-busy', MESSAGES.channelBusy))).toMatch(/\/olathe end\.$/);
    expect(refusalText(new ServiceError('not-host', MESSAGES.notHost))).toBe(MESSAGES.notHost);
  });
});
