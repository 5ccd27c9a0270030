// A tournament's options at creation: each limit at its edge and one past it, and the defaults.
import { describe, expect, it } from 'vitest';
import { START_OPTIONS } from '../../../src/discord/subcommands/start';
import type { TournamentError } from '../../../src/tournament';
import {
  DEFAULT_TURN_TIMER_MS,
  MAX_LEAD_MS,
  MAX_TURN_TIMER_MINUTES,
  MIN_TURN_TIMER_MINUTES,
  newTournament,
  tournamentOptions,
} from '../../../src/tournament';
import { HOUR, NOW, input, refusal } from './helpers';

describe('tournament options', () => {
  it('fills in the defaults: tables of 4, a 10-minute timer, computer fills at normal', () => {
    const options = tournamentOptions(input(), NOW);
    expect(options).toMatchObject({
      tableSize: 4,
      turnTimeoutMs: 600_000,
      oddPolicy: 'computer',
      difficulty: 'normal',
    });
    expect(newTournament(input(), NOW)).toMatchObject({ status: 'signup', people: [], rounds: [], version: 0 });
  });

  it('trims the name and allows 1 to 100 characters on one line', () => {
    expect(tournamentOptions(input({ name: '  Club night  ' }), NOW).name).toBe('Club night');
    expect(tournamentOptions(input({ name: 'x'.repeat(100) }), NOW).name).toHaveLength(100);
    // Characters, not UTF-16 units: 100 dice emojis are 100 characters.
    expect(tournamentOptions(input({ name: '🎲'.repeat(100) }), NOW).name).toBe('🎲'.repeat(100));
    for (const name of ['', '   ', 'x'.repeat(101), 'two\nlines', 'tab\there']) {
      expect(refusal(() => tournamentOptions(input({ name }), NOW))).toBe('bad-name');
    }
  });

  it('checks the card options with the rules engine', () => {
    const bad = (game: object) => {
      try {
        tournamentOptions(input({ game: game as never }), NOW);
      } catch (error) {
        return (error as TournamentError).facts.layout;
      }
      return null;
    };
    const olathe = input().game;
    expect(bad({ ...olathe, columns: ['free', 'down', 'up'] })).toBe('olatheFree');
    expect(bad({ ...olathe, throwsPerTurn: 6 })).toBe('olatheThrows');
    expect(
      bad({ variant: 'balut', columns: ['free', 'free', 'free', 'free'], throwsPerTurn: 4, predictions: false }),
    ).toBe('balutThrows');
    expect(bad({ ...olathe, variant: 'yahtzee' })).toBe('variant');
    expect(bad({ ...olathe, columns: ['free', 'free', 'sideways'] })).toBe('columns');
    expect(bad({ ...olathe, predictions: 'yes' })).toBe('predictions');
    const message = refusal(() => tournamentOptions(input({ game: { ...olathe, columns: ['free'] } }), NOW));
    expect(message).toBe('bad-game-options');
    // Columns come back in the engine's order, whatever order they were given in.
    const options = tournamentOptions(input({ game: { ...olathe, columns: ['up', 'free', 'down', 'free'] } }), NOW);
    expect(options.game.columns).toEqual(['free', 'free', 'down', 'up']);
  });

  it('starts between now and a year from now', () => {
    expect(tournamentOptions(input({ startsAt: NOW }), NOW).startsAt).toBe(NOW);
    expect(tournamentOptions(input({ startsAt: NOW + MAX_LEAD_MS }), NOW).startsAt).toBe(NOW + MAX_LEAD_MS);
    for (const startsAt of [NOW - 1, NOW + MAX_LEAD_MS + 1, NaN, NOW + 0.5]) {
      expect(refusal(() => tournamentOptions(input({ startsAt }), NOW))).toBe('bad-start-time');
    }
  });

  it('has 1 to 7 rounds and tables of 2 to 8', () => {
    expect(tournamentOptions(input({ rounds: 1, tableSize: 2 }), NOW)).toMatchObject({ rounds: 1, tableSize: 2 });
    expect(tournamentOptions(input({ rounds: 7, tableSize: 8 }), NOW)).toMatchObject({ rounds: 7, tableSize: 8 });
    for (const rounds of [0, 8, 2.5])
      expect(refusal(() => tournamentOptions(input({ rounds }), NOW))).toBe('bad-rounds');
    for (const tableSize of [1, 9, 3.5]) {
      expect(refusal(() => tournamentOptions(input({ tableSize }), NOW))).toBe('bad-table-size');
    }
  });

  it("allows the turn timers /olathe start allows, and says so in the refusal's facts", () => {
    const minutes = START_OPTIONS['turn-timeout'];
    expect([MIN_TURN_TIMER_MINUTES, MAX_TURN_TIMER_MINUTES]).toEqual([minutes.min, minutes.max]);
    expect(DEFAULT_TURN_TIMER_MS).toBe(10 * 60_000);
    expect(tournamentOptions(input({ turnTimeoutMs: 60_000 }), NOW).turnTimeoutMs).toBe(60_000);
    expect(tournamentOptions(input({ turnTimeoutMs: 1440 * 60_000 }), NOW).turnTimeoutMs).toBe(1440 * 60_000);
    for (const turnTimeoutMs of [59_999, 1440 * 60_000 + 1]) {
      expect(refusal(() => tournamentOptions(input({ turnTimeoutMs }), NOW))).toBe('bad-turn-timer');
    }
    const error = (() => {
      try {
        tournamentOptions(input({ turnTimeoutMs: 0 }), NOW);
      } catch (e) {
        return e as TournamentError;
      }
    })();
    expect(error?.facts).toEqual({ min: 1, max: 1440 });
    expect(error?.message).toBe('A turn timer is 1 to 1440 minutes.');
  });

  it('takes the odd-count policy and the difficulty from their lists only', () => {
    expect(tournamentOptions(input({ oddPolicy: 'bye', difficulty: 'expert' }), NOW)).toMatchObject({
      oddPolicy: 'bye',
      difficulty: 'expert',
    });
    expect(refusal(() => tournamentOptions(input({ oddPolicy: 'skip' as never }), NOW))).toBe('bad-odd-policy');
    expect(refusal(() => tournamentOptions(input({ difficulty: 'brutal' as never }), NOW))).toBe('bad-difficulty');
  });

  it('words a layout refusal with the engine sentence', () => {
    const error = (() => {
      try {
        newTournament(input({ game: { ...input().game, throwsPerTurn: 9 }, startsAt: NOW + HOUR }), NOW);
      } catch (e) {
        return e as TournamentError;
      }
    })();
    expect(error?.message).toBe('Those card options cannot make a game. Olathe allows 1 to 5 throws a turn.');
  });
});
