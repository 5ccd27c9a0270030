// Which ends are rated, and what a rated end gives each person: the package's numbers against the computer
// players' fixed skills, the season's soft reset on a season's first game, and what is stored.
import { describe, expect, it } from 'vitest';
import type { PersonRating, RatedSeat } from '../../../src/rating';
import {
  COMPUTER_SKILLS,
  computerOf,
  displayed,
  isRated,
  newSkill,
  rateGame,
  rateRanking,
  softReset,
} from '../../../src/rating';
import { DIFFICULTIES } from '../../../src/solver/strategy';

const person = (seat: number, place: number, left = false): RatedSeat => ({
  seat,
  userId: `u${seat}`,
  name: `U${seat}`,
  place,
  left,
  computer: null,
});
const bot = (seat: number, place: number, level: 'easy' | 'normal' | 'expert' = 'normal', left = false): RatedSeat => ({
  seat,
  userId: `bot:${level}:1`,
  name: 'Hopper',
  place,
  left,
  computer: level,
});
const DEC = Date.UTC(2026, 11, 15);

describe('which ends are rated', () => {
  it('a finished game of two seats or more with a person in it', () => {
    expect(isRated('finished', [person(0, 1), person(1, 2)])).toBe(true);
    expect(isRated('finished', [person(0, 1), bot(1, 2)])).toBe(true);
    expect(isRated('finished', [person(0, 1)])).toBe(false);
    expect(isRated('finished', [bot(0, 1), bot(1, 2, 'easy')])).toBe(false);
  });

  it('a game stopped early is not, unless every person left while a computer player played on', () => {
    expect(isRated('ended', [person(0, 1), person(1, 2)])).toBe(false);
    expect(isRated('ended', [bot(0, 1), person(1, 2, true)])).toBe(true);
    expect(isRated('ended', [person(0, 1, true), person(1, 2, true)])).toBe(false);
    expect(isRated('ended', [bot(0, 1), person(1, 2, true), person(2, 3)])).toBe(false);
  });

  it('a person with two seats is not rated', () => {
    expect(isRated('finished', [person(0, 1), { ...person(1, 2), userId: 'u0' }])).toBe(false);
  });

  it('computer players are known by their seat’s id and flag', () => {
    expect(computerOf('bot:expert:2', true)).toBe('expert');
    expect(computerOf('bot:expert:2', false)).toBeNull();
    expect(computerOf('bot:genius:1', true)).toBeNull();
    expect(Object.keys(COMPUTER_SKILLS.olathe).sort()).toEqual([...DIFFICULTIES].sort());
    expect(Object.keys(COMPUTER_SKILLS.balut).sort()).toEqual([...DIFFICULTIES].sort());
  });
});

describe('rateGame', () => {
  it('a person against computer players: the package’s update, the computer players’ fixed skills', () => {
    const seats = [bot(0, 1, 'expert'), person(1, 2), bot(2, 3, 'easy')];
    const game = rateGame('balut', seats, new Map(), DEC);
    const expected = rateRanking(
      [
        { skill: COMPUTER_SKILLS.balut.expert, fixed: true },
        { skill: newSkill(), fixed: false },
        { skill: COMPUTER_SKILLS.balut.easy, fixed: true },
      ],
      [1, 2, 3],
    )[1]!;
    expect(game.changes).toHaveLength(1);
    const [change] = game.changes;
    expect(change).toMatchObject({
      seat: 1,
      userId: 'u1',
      first: true,
      games: 1,
      seasonReset: null,
      before: { mu: 25, rating: 1500, provisional: true },
      after: { mu: expected.mu, sigma: expected.sigma, rating: displayed(expected), provisional: true },
    });
    expect(change!.delta).toBe(change!.after.rating - 1500);
    expect(game.stored.get('u1')).toEqual({ ...expected, games: 1, best: displayed(expected), season: '2026-12' });
  });

  it('ties share a place: two people tied alone stay level with each other', () => {
    const game = rateGame('olathe', [person(0, 1), person(1, 1)], new Map(), DEC);
    expect(game.changes[0]!.after.mu).toBeCloseTo(25, 10);
    expect(game.changes[0]!.after).toEqual(game.changes[1]!.after);
  });

  it('a season’s first game starts from the soft reset; later ones from the stored rating', () => {
    const stored: PersonRating = { mu: 32, sigma: 3, games: 40, best: 2200, season: '2026-11' };
    const current = new Map([['u0', stored]]);
    const [change] = rateGame('olathe', [person(0, 1), person(1, 2)], current, DEC).changes;
    const reset = softReset(stored);
    expect(change!.before).toMatchObject({ mu: 32, sigma: reset.sigma, rating: displayed(reset) });
    expect(change!.seasonReset).toEqual({ season: '2026-11', rating: displayed(stored) });
    expect(change!.best).toBe(2200);
    const same = rateGame(
      'olathe',
      [person(0, 1), person(1, 2)],
      new Map([['u0', { ...stored, season: '2026-12' }]]),
      DEC,
    );
    expect(same.changes[0]!.before).toMatchObject({ mu: 32, sigma: 3 });
    expect(same.changes[0]!.seasonReset).toBeNull();
  });

  it('a game rated after a later one does not take the stored season back', () => {
    const current = new Map([['u0', { mu: 25, sigma: 8, games: 1, best: 1500, season: '2027-01' }]]);
    const game = rateGame('olathe', [person(0, 1), person(1, 2)], current, DEC);
    expect(game.season).toBe('2026-12');
    expect(game.stored.get('u0')!.season).toBe('2027-01');
  });
});
