// Computer players' pure helpers: their ids and names, their pace on the deadline clock, and the plain
// step a bot falls back on should the solver ever fail.
import { describe, expect, it } from 'vitest';
import type { GameOptions, GameState } from '../../../src/game';
import { applyEvent, isCardFull, newGame, seatsToAct, seededRng } from '../../../src/game';
import {
  BOT_NAMES,
  botDifficulty,
  botIdentity,
  botIdentityName,
  botName,
  botNumber,
  botUserId,
  fallbackBotEvents,
  nextBotNumber,
} from '../../../src/service/bots';
import { nextDeadlines } from '../../../src/service/deadlines';

const OLATHE: GameOptions = {
  variant: 'olathe',
  columns: ['free', 'free', 'down', 'up'],
  throwsPerTurn: 3,
  predictions: true,
};
const BALUT: GameOptions = {
  variant: 'balut',
  columns: ['free', 'free', 'free', 'free'],
  throwsPerTurn: 3,
  predictions: false,
};

describe('bot ids and names', () => {
  it('botDifficulty: the difficulty of a bot id or a leaderboard identity, null for people', () => {
    expect(botDifficulty('bot:expert:1')).toBe('expert');
    expect(botDifficulty('bot:easy:12')).toBe('easy');
    expect(botDifficulty('bot:normal')).toBe('normal');
    expect(botDifficulty(botIdentity('expert'))).toBe('expert');
    for (const human of [
      '123456789012345678',
      'ann',
      'bot',
      'bot:',
      'bot:godlike:1',
      'bot:expert:0',
      'bot:expert:x',
      'xbot:easy:1',
      'bot:easy:1:2',
      '',
    ]) {
      expect(botDifficulty(human)).toBeNull();
    }
  });

  it('ids, numbers and names go together', () => {
    expect(botUserId('expert', 3)).toBe('bot:expert:3');
    expect(botNumber('bot:expert:3')).toBe(3);
    expect(botNumber('bot:expert')).toBeNull();
    expect(botNumber('ann')).toBeNull();
    // One name per difficulty, in every game and on the leaderboard; a second bot of it in a game is "2".
    expect(botName('expert', 1)).toBe(`🤖 ${BOT_NAMES.expert} (expert)`);
    expect(botName('expert', 1)).toBe('🤖 Turing (expert)');
    expect(botName('easy', 2)).toBe('🤖 Ada 2 (easy)');
    expect(botName('normal', 1)).toBe('🤖 Hopper (normal)');
    expect(botIdentityName('expert')).toBe(botName('expert', 1));
    expect(botIdentityName('easy')).toBe('🤖 Ada (easy)');
  });

  it('nextBotNumber: the smallest number no bot of that difficulty uses in the game', () => {
    expect(nextBotNumber([], 'easy')).toBe(1);
    expect(nextBotNumber(['ann', 'bot:easy:1', 'bot:expert:2'], 'easy')).toBe(2);
    expect(nextBotNumber(['ann', 'bot:easy:1', 'bot:expert:2'], 'expert')).toBe(1);
    expect(nextBotNumber(['ann', 'bot:easy:2'], 'easy')).toBe(1);
    expect(nextBotNumber(['ann', 'bot:easy:1', 'bot:easy:3'], 'easy')).toBe(2);
  });
});

describe('bot pacing on the deadline clock', () => {
  const bots = (seats: number[], acted: number[] = []) => ({
    seats: new Set(seats),
    stepMs: 100,
    acted: new Set(acted),
  });

  it('a bot seat that may act waits one step; a person keeps the turn timeout', () => {
    const start = newGame(BALUT, ['ann', 'bot']);
    expect(nextDeadlines(null, start, {}, 1000, 50_000, bots([1]))).toEqual({ 0: 51_000, 1: 1100 });
  });

  it('another seat acting leaves the bot alone; the bot acting re-arms it, within a turn and after its write', () => {
    let state: GameState = newGame(BALUT, ['ann', 'bot']);
    const d0 = { 0: 51_000, 1: 1100 };
    const annThrew = applyEvent(state, { type: 'throw', seat: 0, dice: [1, 2, 3, 4, 5] });
    expect(nextDeadlines(state, annThrew, d0, 1050, 50_000, bots([1], [0]))).toEqual(d0);
    state = annThrew;
    const botThrew = applyEvent(state, { type: 'throw', seat: 1, dice: [6, 6, 6, 1, 2] });
    expect(nextDeadlines(state, botThrew, d0, 1100, 50_000, bots([1], [1]))).toEqual({ 0: 51_000, 1: 1200 });
    const botWrote = applyEvent(botThrew, { type: 'write', seat: 1, column: 0, category: 'sixes' });
    expect(nextDeadlines(botThrew, botWrote, { 0: 51_000, 1: 1200 }, 1200, 50_000, bots([1], [1]))).toEqual({
      0: 51_000,
      1: 1300,
    });
  });

  it('Olathe: a person writing hands the bot the short deadline; the bot writing starts the person’s timeout', () => {
    let state = newGame(OLATHE, ['ann', 'bot']);
    state = applyEvent(state, { type: 'declare', seat: 0, column: 0 });
    state = applyEvent(state, { type: 'throw', seat: 0, dice: [1, 1, 1, 1, 1] });
    const annWrote = applyEvent(state, { type: 'write', seat: 0, column: 0, category: 'olathe' });
    expect(nextDeadlines(state, annWrote, { 0: 50_000 }, 2000, 50_000, bots([1], [0]))).toEqual({ 1: 2100 });
    let s = applyEvent(annWrote, { type: 'declare', seat: 1, column: 1 });
    s = applyEvent(s, { type: 'throw', seat: 1, dice: [2, 2, 2, 2, 2] });
    const botWrote = applyEvent(s, { type: 'write', seat: 1, column: 1, category: 'olathe' });
    expect(nextDeadlines(s, botWrote, { 1: 2300 }, 2300, 50_000, bots([1], [1]))).toEqual({ 0: 52_300 });
  });

  it('without bots, the same deadlines as before', () => {
    const start = newGame(OLATHE, ['a', 'b']);
    expect(nextDeadlines(null, start, {}, 1000, 50)).toEqual({ 0: 1050 });
  });
});

describe('the fallback step', () => {
  it('plays whole games with legal moves only, never a timeout', () => {
    for (const options of [OLATHE, BALUT, { ...OLATHE, columns: ['free', 'free'] as const, throwsPerTurn: 1 }]) {
      const rng = seededRng(`fallback-${options.variant}-${options.columns.length}`);
      let state = newGame(options, ['a', 'b']);
      let events = 0;
      while (state.status === 'playing') {
        const seat = seatsToAct(state)[0]!;
        const step = fallbackBotEvents(state, seat, rng);
        expect(step).toHaveLength(1);
        expect(step[0]!.type).not.toBe('timeout');
        state = applyEvent(state, step[0]!);
        events++;
      }
      expect(state.status).toBe('finished');
      expect(state.players.every((p) => isCardFull(p.card) && p.consecutiveTimeouts === 0)).toBe(true);
      expect(events).toBe(2 * options.columns.length * 7 * (options.variant === 'olathe' ? 3 : 2));
    }
  });
});
