// `cp .env.example .env` is how an operator starts, so .env.example names every setting of the README's table of
// variables, and nothing the table does not explain: a variable added to one of them alone fails here.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'dotenv';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const example = readFileSync(join(ROOT, '.env.example'), 'utf8');

/** The names in the first column of the README's `| variable | meaning |` table (a row may name several). */
function readmeVariables(): string[] {
  const lines = readme.split('\n');
  const header = lines.findIndex((line) => /^\|\s*variable\s*\|/.test(line));
  if (header < 0) throw new Error('README.md has no "| variable | meaning |" table');
  const rows: string[] = [];
  // After the header and its |---| line, up to the first line that is not a row.
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|')[1] ?? '');
  }
  return rows.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
}

/** The variables .env.example sets (`NAME=value` lines; comments are not settings). */
function exampleVariables(): string[] {
  return [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
}

describe('.env.example and the README', () => {
  it("reads the README's table", () => {
    const names = readmeVariables();
    expect(names).toEqual(expect.arrayContaining(['DISCORD_TOKEN', 'PLAYGROUND_PORT', 'PLAYGROUND_DATABASE']));
    expect(names.length).toBeGreaterThanOrEqual(10);
  });

  it('documents every variable the README names', () => {
    const documented = new Set(exampleVariables());
    expect(readmeVariables().filter((name) => !documented.has(name))).toEqual([]);
  });

  it('sets nothing the README does not explain, each once, and no token', () => {
    const named = new Set(readmeVariables());
    const set = exampleVariables();
    expect(set.filter((name) => !named.has(name))).toEqual([]);
    expect(set.filter((name, i) => set.indexOf(name) !== i)).toEqual([]);
    // Every line is a comment, a blank or a setting, so dotenv reads exactly these.
    expect(Object.keys(parse(example)).sort()).toEqual([...set].sort());
    expect(parse(example).DISCORD_TOKEN).toBe('');
  });
});
