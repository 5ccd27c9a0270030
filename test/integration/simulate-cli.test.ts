// The simulator as a command: one good run with a few games, one bad argument (exit 2, one stderr line).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs, simulate, UsageError } from '../../src/cli/simulate';

const root = fileURLToPath(new URL('../..', import.meta.url));

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/simulate.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('simulate command', () => {
  it('plays N solo games and prints one JSON line', () => {
    const r = run([
      '--variant',
      'olathe',
      '--layout',
      'F,F,D,U',
      '--difficulty',
      'expert',
      '--games',
      '3',
      '--seed',
      '7',
    ]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual([
      'games',
      'meanFinal',
      'sdFinal',
      'meanRaw',
      'incentiveRates',
      'olathesPerGame',
      'msPerDecisionP99',
    ]);
    expect(out.games).toBe(3);
    expect(Object.keys(out.incentiveRates as object)).toEqual([
      'fours',
      'fives',
      'sixes',
      'straight',
      'house',
      'choice',
      'olathe',
    ]);
    // Deterministic for a seed: the same games in-process give the same scores.
    const again = simulate(
      parseArgs([
        '--variant',
        'olathe',
        '--layout',
        'F,F,D,U',
        '--difficulty',
        'expert',
        '--games',
        '3',
        '--seed',
        '7',
      ]),
    );
    expect(again.meanFinal).toBe(out.meanFinal);
    expect(again.meanRaw).toBe(out.meanRaw);
  });

  it('refuses a bad argument with exit 2 and one line saying which and why', () => {
    const r = run(['--variant', 'balut', '--difficulty', 'grandmaster', '--games', '3']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/--difficulty/);
    expect(lines[0]).toMatch(/grandmaster/);
  });
});

describe('simulate arguments', () => {
  const bad = (args: string[], pattern: RegExp): void => {
    expect(() => parseArgs(args)).toThrow(UsageError);
    expect(() => parseArgs(args)).toThrow(pattern);
  };

  it('reads every option, with defaults', () => {
    expect(
      parseArgs(['--variant', 'balut', '--layout', 'F,F,F,F', '--difficulty', 'easy', '--games', '10', '--seed', '3']),
    ).toEqual({
      variant: 'balut',
      columns: ['free', 'free', 'free', 'free'],
      difficulty: 'easy',
      games: 10,
      seed: 3,
      throwsPerTurn: 3,
    });
    const d = parseArgs([]);
    expect(d.variant).toBe('olathe');
    expect(d.columns).toEqual(['free', 'free', 'down', 'up']);
    expect(parseArgs(['--games=5', '--layout=f,u,f', '--throws', '5']).columns).toEqual(['free', 'free', 'up']);
  });

  it('says which argument is wrong and why', () => {
    bad(['--variant', 'yahtzee'], /--variant must be balut or olathe/);
    bad(['--layout', 'F,X'], /--layout/);
    bad(['--variant', 'balut', '--layout', 'F,F,D,U'], /Balut is played on 4 Free columns only/);
    bad(['--layout', 'F,D,U'], /2 to 4 Free columns/);
    bad(['--games', '0'], /--games must be a whole number/);
    bad(['--games', '2.5'], /--games/);
    bad(['--seed', 'abc'], /--seed must be a whole number/);
    bad(['--variant', 'balut', '--throws', '5'], /--throws/);
    bad(['--games'], /--games needs a value/);
    bad(['--speed', '3'], /unknown option --speed/);
    bad(['--games', '3', '--games', '4'], /given twice/);
    bad(['games'], /unexpected argument/);
  });
});
