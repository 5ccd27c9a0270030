// The real scoring calculator CLI (`npm run --silent score`), spawned through tsx. Each spawn costs about
// half a second, so the cases run concurrently and there are few of them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnScript } from '../support/project';
import { breakdownJson } from '../../src/game/card-json';
import type { Card, Cells } from '../../src/game/card';
import type { Dice } from '../../src/game/dice';
import { CATEGORIES } from '../../src/game/dice';
import type { ColumnKind } from '../../src/game/layout';
import { seededRng } from '../../src/game/rng';
import { scoreCard } from '../../src/game/scoring';

const CLI = join('src', 'cli', 'score.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: readonly string[], stdin: string): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawnScript(CLI, args);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
    child.stdin!.on('error', () => {}); // the CLI may stop reading at a bad line
    child.stdin!.end(stdin);
  });
}

/** Varied cards: 1–6 columns of any kinds, some cells empty, dice from a seeded source. */
function randomCards(count: number, seed: string): Card[] {
  const rng = seededRng(seed);
  const kinds: ColumnKind[] = ['free', 'down', 'up'];
  const dice = (): Dice => [rng.face(), rng.face(), rng.face(), rng.face(), rng.face()];
  return Array.from({ length: count }, (_, i) => {
    const columnCount = (i % 6) + 1;
    return {
      columns: Array.from({ length: columnCount }, () => {
        const cells = {} as Cells;
        for (const category of CATEGORIES) {
          const r = rng.face();
          // Now and then five of a kind or a straight, so the incentives are exercised too.
          cells[category] =
            r === 1
              ? null
              : r === 2
                ? (Array(5).fill(rng.face()) as unknown as Dice)
                : r === 3
                  ? [2, 3, 4, 5, 6]
                  : dice();
        }
        return { kind: kinds[rng.face() % 3]!, cells };
      }),
    };
  });
}

function cardJson(card: Card, variant = 'olathe'): string {
  return JSON.stringify({ variant, columns: card.columns });
}

const RULES_EXAMPLE_CARD = `{ "variant": "olathe",
  "columns": [ { "kind": "free", "cells": { "fours": [4,4,4,1,2], "fives": null, "sixes": null,
      "straight": [1,2,3,4,5], "house": null, "choice": null, "olathe": [6,6,6,6,6] } } ] }`;

const tempDir = mkdtempSync(join(tmpdir(), 'olathe-score-cli-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

describe.concurrent('npm run score', () => {
  it('scores JSON Lines from stdin: one breakdown per card, in order, nothing else', async () => {
    const cards = randomCards(40, 'score-cli');
    // Blank lines (and a CRLF line ending) are skipped.
    const lines = cards.map((c, i) => cardJson(c, i % 2 ? 'balut' : 'olathe'));
    const input = `${lines.slice(0, 10).join('\n')}\n\n   \n${lines.slice(10, 20).join('\r\n')}\r\n${lines.slice(20).join('\n')}`;
    const run = await runCli([], input);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = run.stdout.split('\n');
    expect(out.pop()).toBe(''); // ends with a newline
    expect(out).toHaveLength(cards.length);
    out.forEach((line, i) => {
      expect(JSON.parse(line)).toEqual(scoreCard(cards[i]!));
      expect(line).toBe(breakdownJson(scoreCard(cards[i]!)));
    });
  });

  it('scores the one card in a file, pretty-printed JSON included', async () => {
    const file = join(tempDir, 'card.json');
    writeFileSync(file, RULES_EXAMPLE_CARD);
    const run = await runCli([file], '');
    expect(run).toEqual({
      code: 0,
      stderr: '',
      stdout:
        '{"columns":[{"kind":"free","cells":{"fours":12,"fives":null,"sixes":null,"straight":15,"house":null,"choice":null,"olathe":50}}],' +
        '"categoryTotals":{"fours":12,"fives":0,"sixes":0,"straight":15,"house":0,"choice":0,"olathe":50},' +
        '"incentives":{"fours":0,"fives":0,"sixes":0,"straight":4,"house":0,"choice":0,"olathe":2},' +
        '"incentiveTotal":6,"rawTotal":77,"modifier":-1,"final":5}\n',
    });
  });

  it('stops at a bad line: the cards before it printed, one stderr line naming the line and path, exit 2', async () => {
    const [a, b, c] = randomCards(3, 'bad-third');
    const bad = JSON.parse(cardJson(c!)) as { columns: { cells: Record<string, unknown> }[] };
    delete bad.columns[0]!.cells.house;
    const input = [cardJson(a!), cardJson(b!), JSON.stringify(bad), cardJson(a!)].join('\n') + '\n';
    const run = await runCli([], input);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe(`${breakdownJson(scoreCard(a!))}\n${breakdownJson(scoreCard(b!))}\n`);
    expect(run.stderr).toBe('line 3: $.columns[0].cells.house: missing category key "house"\n');
  });

  it('refuses a line that is not JSON, counting blank lines in the line number', async () => {
    const [a] = randomCards(1, 'not-json');
    const run = await runCli([], `${cardJson(a!)}\n\n{"variant": "olathe", columns: []}\n`);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe(`${breakdownJson(scoreCard(a!))}\n`);
    const errorLines = run.stderr.split('\n').filter(Boolean);
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toMatch(/^line 3: not JSON: /);
  });

  it('refuses an empty card and an unreadable file in file mode, naming the file', async () => {
    const empty = join(tempDir, 'empty-card.json');
    writeFileSync(empty, '{\n  "variant": "balut",\n  "columns": []\n}\n');
    const [emptyRun, missingRun] = await Promise.all([
      runCli([empty], ''),
      runCli([join(tempDir, 'no-such-card.json')], ''),
    ]);
    expect(emptyRun).toEqual({
      code: 2,
      stdout: '',
      stderr: `${empty}: $.columns: columns must hold at least one column\n`,
    });
    expect(missingRun.code).toBe(2);
    expect(missingRun.stdout).toBe('');
    expect(missingRun.stderr).toMatch(
      new RegExp(`^${escapeRegExp(join(tempDir, 'no-such-card.json'))}: cannot read the file .*\\n$`),
    );
  });

  it('prints nothing and exits 0 on empty input', async () => {
    expect(await runCli([], '')).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
