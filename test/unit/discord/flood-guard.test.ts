// The router's guard with hand-made interactions: a person past their allowance is told to slow down, with the
// seconds to wait, before any work; refusals get a reason from the code; and 100,000 bad interactions from 1,000
// accounts leave the guard's memory flat.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MessageFlags } from 'discord.js';
import { routeInteraction } from '../../../src/discord/router';
import { handMadeClick } from './hand-made-click';
import { tr } from '../../../src/discord/i18n';
import type { BotContext } from '../../../src/discord/context';
import { UserFacingError, commandMap } from '../../../src/discord/context';
import * as olathe from '../../../commands/olathe';
import { createLogger } from '../../../src/app/logger';
import { ServiceError } from '../../../src/service/game-service';
import { notYourCard } from '../../../src/service/errors';
import { GameError } from '../../../src/game';
import { ANSWER_BURST, ANSWERS_PER_SECOND, floodGuardOf, refusalReason } from '../../../src/discord/flood-guard';

function harness() {
  const lines: Record<string, unknown>[] = [];
  let reads = 0;
  const ctx = {
    service: {
      // Every game read refuses: the guard must answer before any is made.
      game: async () => {
        reads++;
        throw new ServiceError('no-game', 'That game no longer exists.');
      },
      throwDice: async () => {
        throw new ServiceError('not-your-card', notYourCard('Bob'));
      },
      storage: { isUnavailable: () => false, mayHaveCommitted: () => false },
    } as unknown as BotContext['service'],
    log: createLogger('info', (line) => lines.push(JSON.parse(line) as Record<string, unknown>)),
    rest: {} as BotContext['rest'],
    publisher: {} as BotContext['publisher'],
    commands: commandMap([olathe]),
  } satisfies BotContext;
  return { ctx, lines, reads: () => reads };
}

const user = (id: string) => ({ id, displayName: `user ${id}` });

describe('the flood guard', () => {
  it('answers hints past the allowance with "slow down" and the seconds, reading nothing', async () => {
    const { ctx, lines, reads } = harness();
    const answers: string[] = [];
    for (let n = 0; n < ANSWER_BURST + 5; n++) {
      const { interaction, calls } = handMadeClick('o1:hint:5:0:0.0', { user: user('42') });
      await routeInteraction(interaction, ctx);
      expect(calls).toHaveLength(1);
      expect((calls[0]!.body as { flags: number }).flags).toBe(MessageFlags.Ephemeral);
      answers.push((calls[0]!.body as { content: string }).content);
    }
    expect(reads()).toBe(ANSWER_BURST);
    const slowDown = tr('en')('refusal.slowDown', { seconds: Math.ceil(1 / ANSWERS_PER_SECOND) });
    expect(answers.slice(ANSWER_BURST)).toEqual(Array(5).fill(slowDown));
    expect(slowDown).toMatch(/^Slow down: try again in [1-9]\d* s\.$/);
    // Someone else still has their allowance.
    const { interaction } = handMadeClick('o1:hint:5:0:0.0', { user: user('43') });
    await routeInteraction(interaction, ctx);
    expect(reads()).toBe(ANSWER_BURST + 1);
    // One line at info for each person and kind: their first refusal; the rest are summed for later.
    expect(lines.map((l) => [l.msg, l.user, l.count])).toEqual([
      ['refused', '42', 1],
      ['refused', '43', 1],
    ]);
    floodGuardOf(ctx).refusals.close();
    expect(lines[2]).toMatchObject({
      msg: 'refused',
      user: '42',
      count: ANSWER_BURST + 4,
      reasons: { 'no-game': ANSWER_BURST - 1, 'rate-limited': 5 },
    });
  });

  it('never holds back the game itself: turn clicks are refused by the rules, not by the allowance', async () => {
    const { ctx } = harness();
    for (let n = 0; n < ANSWER_BURST * 3; n++) {
      const { interaction, calls } = handMadeClick('o1:throw:5:0:0.0', { user: user('42') });
      await routeInteraction(interaction, ctx);
      expect((calls[0]!.body as { content: string }).content).toMatch(/only they can use its buttons/);
    }
  });

  it("names a refusal's reason from the code, never from what the user sent", () => {
    expect(refusalReason(new ServiceError('stale', 'x'))).toBe('stale');
    expect(refusalReason(new GameError('not-your-turn', 'notYourTurn'))).toBe('not-your-turn');
    expect(refusalReason(UserFacingError.of('refusal.unknownControl'))).toBe('unknown-control');
    expect(refusalReason(UserFacingError.of('refusal.slowDown', { seconds: 3 }))).toBe('rate-limited');
    expect(refusalReason(UserFacingError.of('reply.justShown', { seconds: 3, link: 'x' }))).toBe('repeat');
    expect(refusalReason(Object.assign(new Error('x'), { code: 'Robert"); DROP TABLE' }))).toBe('other');
  });

  it('keeps its memory flat through 100,000 bad interactions from 1,000 accounts', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { ctx } = harness();
    const forged = (n: number) => `o1:${'z'.repeat(n % 120)}:${n}`;
    const flood = async (from: number, count: number) => {
      for (let n = from; n < from + count; n++) {
        const id = n % 3 === 0 ? forged(n) : n % 3 === 1 ? 'o1:hint:5:0:0.0' : 'o1:throw:5:0:0.0';
        const { interaction } = handMadeClick(id, { user: user(String(1_000_000 + (n % 1000))) });
        await routeInteraction(interaction, ctx);
      }
    };
    // Every account once, so the guard holds all it will hold; then the flood.
    await flood(0, 1000);
    gc();
    const before = process.memoryUsage().heapUsed;
    await flood(1000, 100_000);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    const guard = floodGuardOf(ctx);
    expect(guard.limiter.size).toBeLessThanOrEqual(1000);
    expect(guard.refusals.size).toBeLessThanOrEqual(2 * 1000);
    expect(grown).toBeLessThan(5 * 1024 * 1024);
    guard.refusals.close();
  }, 60_000);
});
