// The ratings' math is OpenSkill's own: the wrapper's results are the package's, called here with the same
// options, for 2, 3, 4 and 8 entrants with ties; computer players take part but never move; and a sole winner's
// shown number never falls, a sole last's never rises (fast-check).
import fc from 'fast-check';
import { rate } from 'openskill';
import { describe, expect, it } from 'vitest';
import type { Skill } from '../../../src/rating';
import { BETA, MU, SIGMA, displayed, newSkill, rateRanking } from '../../../src/rating';

const PACKAGE_OPTIONS = { mu: MU, sigma: SIGMA, beta: BETA, limitSigma: true };

function packageRate(skills: readonly Skill[], ranks: readonly number[]): Skill[] {
  return rate(
    skills.map((s) => [{ ...s }]),
    { ...PACKAGE_OPTIONS, rank: [...ranks] },
  ).map((team) => team[0]!);
}

const CASES: Array<{ name: string; skills: Skill[]; ranks: number[] }> = [
  { name: '2 players', skills: [newSkill(), { mu: 30, sigma: 4 }], ranks: [2, 1] },
  {
    name: '2 players tied',
    skills: [
      { mu: 22, sigma: 6 },
      { mu: 28, sigma: 3 },
    ],
    ranks: [1, 1],
  },
  {
    name: '3 players, two tied last',
    skills: [newSkill(), { mu: 26, sigma: 5 }, { mu: 20, sigma: 7 }],
    ranks: [1, 2, 2],
  },
  {
    name: '4 players, two tied first',
    skills: [
      { mu: 25, sigma: 8 },
      { mu: 31, sigma: 2 },
      { mu: 18, sigma: 4 },
      { mu: 27, sigma: 6 },
    ],
    ranks: [3, 1, 1, 4],
  },
  {
    name: '8 players with two ties',
    skills: Array.from({ length: 8 }, (_, i) => ({ mu: 18 + 2 * i, sigma: 2 + (i % 4) * 1.5 })),
    ranks: [8, 3, 1, 5, 5, 2, 7, 3],
  },
];

describe('rateRanking is OpenSkill Plackett-Luce', () => {
  it.each(CASES)('$name: the package’s numbers', ({ skills, ranks }) => {
    const ours = rateRanking(
      skills.map((skill) => ({ skill, fixed: false })),
      ranks,
    );
    expect(ours).toEqual(packageRate(skills, ranks));
  });

  it.each(CASES)('$name: a fixed entrant shapes the others and keeps its own', ({ skills, ranks }) => {
    const ours = rateRanking(
      skills.map((skill, i) => ({ skill, fixed: i === 1 })),
      ranks,
    );
    const theirs = packageRate(skills, ranks);
    ours.forEach((s, i) => expect(s).toEqual(i === 1 ? skills[1] : theirs[i]));
  });

  it('a game alone changes nothing', () => {
    expect(rateRanking([{ skill: newSkill(), fixed: false }], [1])).toEqual([newSkill()]);
  });
});

const skill = fc.record({
  mu: fc.double({ min: 0, max: 50, noNaN: true }),
  sigma: fc.double({ min: 0.2, max: SIGMA, noNaN: true }),
});
const field = fc
  .array(fc.record({ skill, fixed: fc.boolean(), place: fc.integer({ min: 2, max: 7 }) }), {
    minLength: 1,
    maxLength: 7,
  })
  .chain((others) => fc.record({ me: skill, others: fc.constant(others) }));

describe('winning never lowers a rating, losing never raises one', () => {
  it('a sole first place: μ and the shown number do not fall', () => {
    fc.assert(
      fc.property(field, ({ me, others }) => {
        const after = rateRanking([{ skill: me, fixed: false }, ...others], [1, ...others.map((o) => o.place)])[0]!;
        expect(after.mu).toBeGreaterThanOrEqual(me.mu);
        expect(displayed(after)).toBeGreaterThanOrEqual(displayed(me));
      }),
      { numRuns: 2000 },
    );
  });

  it('a sole last place: μ and the shown number do not rise', () => {
    fc.assert(
      fc.property(field, ({ me, others }) => {
        const after = rateRanking([{ skill: me, fixed: false }, ...others], [9, ...others.map((o) => o.place)])[0]!;
        expect(after.mu).toBeLessThanOrEqual(me.mu);
        expect(displayed(after)).toBeLessThanOrEqual(displayed(me));
      }),
      { numRuns: 2000 },
    );
  });
});
