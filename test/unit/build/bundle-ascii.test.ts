// The built code is ASCII (scripts/build.mjs's asciiComments): one other character in a file makes V8 keep its whole
// source two bytes a character, 3.5 MB more heap for the shared chunk.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/project';

type AsciiComments = (path: string, text: string, using: typeof transform) => Promise<string>;
const build = pathToFileURL(join(ROOT, 'scripts', 'build.mjs')).href;
const { asciiComments } = (await import(build)) as { asciiComments: AsciiComments };

describe('the built code, ASCII', () => {
  it('makes the non-ASCII characters of comments "?", as long in UTF-16 (the source maps’ columns hold)', async () => {
    const code = 'export const a = 1; // request’s URL\n/*! Jimmy Wärting 🎲 */\nexport const b = "\\u2019";\n';
    const ascii = await asciiComments(join(ROOT, 'dist', 'x.js'), code, transform);
    expect(ascii).toBe('export const a = 1; // request?s URL\n/*! Jimmy W?rting ?? */\nexport const b = "\\u2019";\n');
    expect(ascii.length).toBe(code.length);
  });

  it('leaves a file alone where a character outside a comment would change', async () => {
    const code = 'export const quote = "’"; // a string esbuild did not escape\n';
    expect(await asciiComments(join(ROOT, 'dist', 'x.js'), code, transform)).toBe(code);
  });

  it('is what the build wrote: every file of dist/ the bot loads', () => {
    const files = readdirSync(join(ROOT, 'dist')).filter((name) => name.endsWith('.js'));
    expect(files.length).toBeGreaterThan(5);
    const nonAscii = files.filter((name) => /[\u0080-\uffff]/.test(readFileSync(join(ROOT, 'dist', name), 'utf8')));
    expect(nonAscii).toEqual([]);
  });
});
