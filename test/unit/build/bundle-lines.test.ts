// The built code without its own indentation and line breaks (scripts/build.mjs's minifyWhitespace): V8 keeps each
// file's source, and with --enable-source-maps Node.js keeps an entry per line of it, for as long as the bot runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/project';

/** The files dist/index.js imports, by name, and their code. */
function chunksOfTheBot(): Array<[string, string]> {
  const entry = readFileSync(join(ROOT, 'dist', 'index.js'), 'utf8');
  const names = [...new Set([...entry.matchAll(/from\s*"\.\/([\w-]+\.js)"/g)].map((m) => m[1]!))];
  return names.map((name) => [name, readFileSync(join(ROOT, 'dist', name), 'utf8')]);
}

describe('the built code, as V8 keeps it', () => {
  it('has a few lines a megabyte, not one a statement', () => {
    const chunks = chunksOfTheBot();
    const bytes = chunks.reduce((sum, [, code]) => sum + code.length, 0);
    expect(bytes).toBeGreaterThan(1_000_000);
    const lines = (code: string) => code.split('\n').length;
    // Line breaks inside strings (SQL, templates) stay: one a kilobyte at most. Indented code had 24 a kilobyte.
    const dense = chunks.filter(([, code]) => lines(code) > 50 + code.length / 1_000).map(([name]) => name);
    expect(dense).toEqual([]);
  });
});
