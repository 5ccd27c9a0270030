// The router with hand-made interactions: which handler runs, and how refusals and failures are answered.
import { describe, expect, it } from 'vitest';
import { DiscordAPIError, MessageFlags } from 'discord.js';
import { routeInteraction } from '../../../src/discord/router';
import { handMadeClick } from './hand-made-click';
import { tr } from '../../../src/discord/i18n';
import type { BotContext } from '../../../src/discord/context';
import { commandMap } from '../../../src/discord/context';
import * as olathe from '../../../commands/olathe';
import { createLogger } from '../../../src/app/logger';
import { ServiceError } from '../../../src/service/game-service';
import { MESSAGES, notYourCard } from '../../../src/service/errors';
import type { Metrics } from '../../../src/discord/metrics';
import { AckClock } from '../../../src/discord/metrics';

/** A refusal's answer: the clicker's alone, and it pings nobody it names. */
const privately = (content: string) => ({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });

function harness(service: Partial<BotContext['service']>) {
  const lines: Record<string, unknown>[] = [];
  const ctx = {
    // The storage knows its engine's unreachable errors; here, one made-up code.
    service: {
      storage: {
        isUnavailable: (error: unknown) =>
          ['DB_GONE', 'DB_GONE_AT_COMMIT'].includes((error as { code?: string }).code!),
        mayHaveCommitted: (error: unknown) => (error as { code?: string }).code === 'DB_GONE_AT_COMMIT',
      },
      ...service,
    } as unknown as BotContext['service'],
    log: createLogger('debug', (line) => lines.push(JSON.parse(line))),
    rest: {} as BotContext['rest'],
    publisher: {} as BotContext['publisher'],
    commands: commandMap([olathe]),
  } satisfies BotContext;
  return { ctx, lines };
}

function button(customId: string, opts: { replied?: boolean } = {}) {
  return handMadeClick(customId, opts);
}

describe('routeInteraction', () => {
  it('answers an unknown custom_id with an ephemeral sentence and logs the refusal', async () => {
    const { ctx, lines } = harness({});
    const { interaction, calls } = button('not-ours');
    await routeInteraction(interaction, ctx);
    expect(calls).toEqual([{ kind: 'reply', body: privately(tr('en')('refusal.unknownControl')) }]);
    expect(lines.some((l) => l.msg === 'interaction' && l.outcome === 'refused' && l.what === 'not-ours')).toBe(true);
  });

  it("shows a service refusal's own words", async () => {
    const { ctx } = harness({
      join: () => {
        throw new ServiceError('lobby-full', 'This game is full (8 players).');
      },
    });
    // On the lobby, which shows the game's Join button.
    const lobby = { id: '99', components: [{ components: [{ customId: 'o1:join:5' }] }] };
    const { interaction, calls } = handMadeClick('o1:join:5', { message: lobby });
    await routeInteraction(interaction, ctx);
    expect(calls).toEqual([{ kind: 'reply', body: privately('This game is full (8 players).') }]);
  });

  it('hides an unexpected failure behind "your game is unchanged" and logs it with context', async () => {
    const { ctx, lines } = harness({
      throwDice: () => {
        throw new Error('disk I/O error');
      },
    });
    const { interaction, calls } = button('o1:throw:5:0:0.0');
    await routeInteraction(interaction, ctx);
    expect(calls).toEqual([{ kind: 'reply', body: privately(tr('en')('refusal.unexpected')) }]);
    const logged = lines.find((l) => l.msg === 'interaction')!;
    expect(logged).toMatchObject({
      level: 'error',
      outcome: 'failed',
      game: 5,
      what: 'o1:throw:5:0:0.0',
      user: '42',
      error: { message: 'disk I/O error' },
    });
  });

  it('tells the user the database is out of reach (and the game unchanged) when the storage says so', async () => {
    const { ctx, lines } = harness({
      throwDice: () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'DB_GONE' });
      },
    });
    const { interaction, calls } = button('o1:throw:5:0:0.0');
    await routeInteraction(interaction, ctx);
    expect(calls).toEqual([{ kind: 'reply', body: privately(tr('en')('refusal.databaseUnavailable')) }]);
    expect(lines.find((l) => l.msg === 'interaction')).toMatchObject({ level: 'error', outcome: 'failed' });
  });

  it('does not say nothing changed when the database went while the move was being committed', async () => {
    const { ctx } = harness({
      throwDice: () => {
        throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'DB_GONE_AT_COMMIT' });
      },
    });
    const { interaction, calls } = button('o1:throw:5:0:0.0');
    await routeInteraction(interaction, ctx);
    const said = tr('en')('refusal.databaseLostMidSave');
    expect(calls).toEqual([{ kind: 'reply', body: privately(said) }]);
    expect(said).not.toContain('nothing changed');
  });

  it('does not say the game is unchanged when Discord refused the answer after the move', async () => {
    const { ctx } = harness({
      throwDice: () => {
        throw new DiscordAPIError({ message: 'Service Unavailable', code: 0 }, 0, 503, 'POST', '/interactions', {});
      },
    });
    const { interaction, calls } = button('o1:throw:5:0:0.0');
    await routeInteraction(interaction, ctx);
    const said = tr('en')('refusal.discordFailed');
    expect(calls).toEqual([{ kind: 'reply', body: privately(said) }]);
    expect(said).not.toContain('unchanged');
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
        body: privately("This is Bob's card — only they can use its buttons."),
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

describe('the interaction log line and metrics', () => {
  it('logs each interaction once with its id, guild, game, kind, outcome and acknowledgement latency, and counts it', async () => {
    // A refusal's own line is at debug; the line at info is the person's sum of refusals (flood-guard.ts).
    let now = 1000;
    const acks = new AckClock(() => now);
    const counted: unknown[][] = [];
    const refusals: unknown[][] = [];
    const metrics: Metrics = {
      interaction: (...args) => void counted.push(args),
      restError: () => undefined,
      refusal: (...args) => void refusals.push(args),
    };
    const { ctx, lines } = harness({
      throwDice: () => {
        throw new ServiceError('stale', 'That button is from an earlier moment of the turn.');
      },
    });
    const { interaction } = button('o1:throw:5:0:0.0');
    // The refusal is the acknowledgement: Discord answers its callback 12.5 ms after the gateway delivered it.
    (interaction as unknown as { reply: (body: unknown) => Promise<void> }).reply = async () => {
      now += 12.5;
      acks.response('/interactions/1/aW50ZXJhY3Rpb246MTIzNDU2Nzg5/callback', 204);
    };
    acks.received('1');
    await routeInteraction(interaction, { ...ctx, acks, metrics });
    const logged = lines.filter((l) => l.msg === 'interaction');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 'debug',
      interactionId: '1',
      guild: '7',
      channel: '8',
      user: '42',
      kind: 'button',
      game: 5,
      what: 'o1:throw:5:0:0.0',
      outcome: 'refused',
      reason: 'That button is from an earlier moment of the turn.',
      ackMs: 12.5,
    });
    // Its time is counted from the same delivery, on the same clock: never less than its acknowledgement's.
    expect(logged[0]!.ms).toBe(12.5);
    expect(counted).toEqual([['button', 'refused', 12.5]]);
    expect(refusals).toEqual([['button', 'stale']]);
    expect(lines.filter((l) => l.level === 'info')).toMatchObject([
      { msg: 'refused', user: '42', kind: 'button', count: 1, reasons: { stale: 1 }, last: 'o1:throw:5:0:0.0' },
    ]);
    // Never the interaction's token.
    expect(JSON.stringify(lines)).not.toContain('aW50ZXJhY3Rpb246');
  });

  it('counts a move refused because other processes kept the game busy apart from refusals, and warns', async () => {
    const counted: unknown[][] = [];
    const metrics: Metrics = {
      interaction: (...args) => void counted.push(args),
      restError: () => undefined,
      refusal: () => undefined,
    };
    const { ctx, lines } = harness({
      throwDice: () => {
        throw new ServiceError('busy', MESSAGES.busy);
      },
    });
    const { interaction, calls } = button('o1:throw:5:0:0.0');
    await routeInteraction(interaction, { ...ctx, metrics });
    expect(calls).toEqual([{ kind: 'reply', body: privately(MESSAGES.busy) }]);
    expect(counted).toEqual([['button', 'busy', null]]);
    expect(lines.find((l) => l.msg === 'interaction')).toMatchObject({ level: 'warn', outcome: 'busy', game: 5 });
  });

  it('leaves the latency null when Discord refused the acknowledgement', async () => {
    const acks = new AckClock();
    const { ctx, lines } = harness({});
    const { interaction } = button('bogus');
    (interaction as unknown as { reply: (body: unknown) => Promise<void> }).reply = async () => {
      acks.response('/interactions/1/token/callback', 404);
      throw new Error('Unknown interaction');
    };
    acks.received('1');
    await routeInteraction(interaction, { ...ctx, acks });
    expect(lines.find((l) => l.msg === 'interaction')).toMatchObject({ outcome: 'refused', ackMs: null });
  });
});

describe('AckClock', () => {
  it('takes the first successful callback of each interaction, and forgets what it gave', () => {
    let now = 0;
    const acks = new AckClock(() => now);
    acks.received('10');
    acks.received('11');
    now = 4;
    acks.response('/channels/5/messages', 200);
    acks.response('/interactions/10/tok/callback', 200);
    now = 9;
    acks.response('/interactions/10/tok/callback', 200);
    acks.response('/interactions/99/tok/callback', 200);
    expect(acks.take('10')).toBe(4);
    expect(acks.take('10')).toBeNull();
    expect(acks.take('11')).toBeNull();
  });

  it('forgets interactions nobody took after a minute', () => {
    let now = 0;
    const acks = new AckClock(() => now);
    acks.received('1');
    now = 61_000;
    acks.received('2');
    acks.response('/interactions/1/tok/callback', 200);
    expect(acks.take('1')).toBeNull();
  });
});
