// What the build leaves in dist/ for the bot, checked on the files it wrote: code V8 can keep one byte a character,
// the packages' license notes beside it, and maps of our code alone that lead a stack trace to its `.ts` lines.
import { readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/project';

const DIST = join(ROOT, 'dist');
type Map = { sources: string[] };
const builtCode = () => readdirSync(DIST).filter((name) => name.endsWith('.js'));

/** dist/index.js and every file it imports, however indirectly: what this build wrote for the bot. */
function filesOfTheBot(): string[] {
  const found = new Set(['index.js']);
  for (const name of found) {
    const code = readFileSync(join(DIST, name), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*\(?"\.\/([\w.-]+\.js)"/g)) found.add(m[1]!);
  }
  return [...found];
}

/** The built file and the 0-based line and column where `text` starts in it. */
function whereBuilt(text: string): { file: string; line: number; column: number } {
  for (const file of builtCode()) {
    const lines = readFileSync(join(DIST, file), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes(text));
    if (line >= 0) return { file, line, column: lines[line]!.indexOf(text) };
  }
  throw new Error(`${text} is in no file of dist/`);
}

describe('the built code', () => {
  it('is ASCII in every file the bot loads: one other character makes V8 keep a file two bytes a character', () => {
    const files = builtCode();
    expect(files.length).toBeGreaterThan(5);
    const nonAscii = files.filter((name) => /[\u0080-\uffff]/.test(readFileSync(join(DIST, name), 'utf8')));
    expect(nonAscii).toEqual([]);
  });

  it('keeps the bundled packages’ license notes beside the code', () => {
    const notes = readdirSync(DIST).filter((name) => name.endsWith('.LEGAL.txt'));
    const text = notes.map((name) => readFileSync(join(DIST, name), 'utf8')).join('\n');
    expect(text).toMatch(/@license|Copyright/);
  });

  it('leaves the packages’ code out of the maps: Node would keep 28 MB more for them after a first stack trace', () => {
    const maps = filesOfTheBot().map((name) => `${name}.map`);
    expect(maps.length).toBeGreaterThan(3);
    const sources = maps.flatMap((name) => (JSON.parse(readFileSync(join(DIST, name), 'utf8')) as Map).sources);
    expect(sources.some((source) => source.includes('src/discord/'))).toBe(true);
    expect(sources.filter((source) => /node_modules\/.*\.[cm]?js$/.test(source))).toEqual([]);
  });

  it('maps a function of ours to its own line of its .ts file, as --enable-source-maps reads the map', () => {
    const source = readFileSync(join(ROOT, 'src/discord/custom-id.ts'), 'utf8').split('\n');
    const declared = source.findIndex((l) => l.startsWith('export function parseCustomId('));
    expect(declared).toBeGreaterThan(0);
    const at = whereBuilt('function parseCustomId(');
    const map = new SourceMap(JSON.parse(readFileSync(join(DIST, `${at.file}.map`), 'utf8')) as never);
    const entry = map.findEntry(at.line, at.column) as { originalSource?: string; originalLine?: number };
    expect(entry.originalSource).toMatch(/src\/discord\/custom-id\.ts$/);
    expect(entry.originalLine).toBe(declared);
  });
});
