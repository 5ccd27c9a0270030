// The build's source maps leave the bundled packages' code out (scripts/source-maps.mjs): checked against Node's own
// reading of a map (node:module's SourceMap, the lookup --enable-source-maps makes for each frame of a stack trace).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

type WithoutSources = (json: string, drop: (source: string) => boolean) => string;
const script = pathToFileURL(join(import.meta.dirname, '../../../scripts/source-maps.mjs')).href;
// Its base64 VLQ encoder builds the test's maps; node:module's SourceMap reads them, so a wrong encoder shows.
const { withoutSources, encodeNumber: vlq } = (await import(script)) as {
  withoutSources: WithoutSources;
  encodeNumber: (n: number) => string;
};

/** A map of generated lines, each a list of [column, source, line, column]; deltas encoded as the format wants. */
function mapOf(sources: string[], lines: Array<Array<[number, number, number, number]>>): string {
  const was = { source: 0, line: 0, column: 0 };
  const mappings = lines
    .map((segments) => {
      let generated = 0;
      return segments
        .map(([column, source, line, sourceColumn]) => {
          const text =
            vlq(column - generated) + vlq(source - was.source) + vlq(line - was.line) + vlq(sourceColumn - was.column);
          [generated, was.source, was.line, was.column] = [column, source, line, sourceColumn];
          return text;
        })
        .join(',');
    })
    .join(';');
  return JSON.stringify({ version: 3, sources, names: [], mappings });
}

const OURS = 0;
const PACKAGE = 1;
const ours = (column: number, line: number): [number, number, number, number] => [column, OURS, line, 0];
const theirs = (column: number, line: number): [number, number, number, number] => [column, PACKAGE, line, 0];

describe('the build’s source maps without the bundled packages', () => {
  // Our lines (two segments of our line 0, then line 1), three lines of a package, our code after a package's on one
  // line, two lines of a package, ours after two segments of a package's on one line (as in a bundle without line
  // breaks), ours again (two segments of our line 5).
  const lines = [
    [ours(0, 0), ours(4, 0), ours(10, 1)],
    [theirs(0, 50)],
    [theirs(0, 51), theirs(6, 52)],
    [theirs(0, 53), ours(8, 3)],
    [theirs(0, 54)],
    [theirs(2, 55)],
    [theirs(0, 56), theirs(6, 57), ours(12, 4)],
    [ours(0, 5), ours(3, 5)],
  ];
  const original = mapOf(['src/app.ts', 'node_modules/pkg/index.js'], lines);
  const trimmed = withoutSources(original, (source) => source.includes('node_modules'));

  it('maps every position of our code as before, and none of a package’s', () => {
    const before = new SourceMap(JSON.parse(original) as never);
    const after = new SourceMap(JSON.parse(trimmed) as never);
    for (let line = 0; line < lines.length; line++)
      for (let column = 0; column < 20; column++) {
        const was = before.findEntry(line, column) as { originalSource?: string; originalLine?: number };
        const now = after.findEntry(line, column) as { originalSource?: string; originalLine?: number };
        const expected = was.originalSource?.endsWith('src/app.ts') ? was.originalLine : undefined;
        expect([line, column, now.originalLine]).toEqual([line, column, expected]);
      }
    expect(JSON.parse(trimmed).sources).toEqual(['src/app.ts']);
  });

  it('gives a run of a package’s lines one unmapped segment, and each line of ours one', () => {
    // Each line's segments: lines 2, 5 and 6's package code follow an unmapped segment and need none, nor does line
    // 3's; the second segments of our lines 0 and 5 add nothing a lookup needs.
    const segments = (JSON.parse(trimmed) as { mappings: string }).mappings
      .split(';')
      .map((l) => (l ? l.split(',').length : 0));
    expect(segments).toEqual([2, 1, 0, 1, 1, 0, 1, 1]);
  });
});

describe('a bundle esbuild makes as the build does, its map without the package', () => {
  it('maps every position of our code to the line esbuild mapped it to, and none of the package’s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'olathe-map-'));
    try {
      mkdirSync(join(dir, 'node_modules', 'pkg'), { recursive: true });
      writeFileSync(
        join(dir, 'node_modules', 'pkg', 'index.js'),
        'export function twice(x) {\n  const y = x * 2;\n  return y;\n}\nexport const name = (s) => `${s}!`;\n',
      );
      const ours = [
        "import { twice, name } from 'pkg';",
        'export function area(w: number, h: number): number {',
        '  const a = twice(w) * h;',
        '  if (a < 0) throw new Error(name("negative"));',
        '  return a / 2;',
        '}',
        'export const label = (n: number) => name(String(area(n, n)));',
      ];
      writeFileSync(join(dir, 'app.ts'), ours.join('\n'));
      const result = await build({
        entryPoints: [join(dir, 'app.ts')],
        bundle: true,
        format: 'esm',
        minifyWhitespace: true,
        keepNames: true,
        sourcemap: 'external',
        outdir: join(dir, 'out'),
        write: false,
        logLevel: 'silent',
      });
      const text = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
      const raw = result.outputFiles.find((f) => f.path.endsWith('.map'))!.text;
      const before = new SourceMap(JSON.parse(raw) as never);
      const after = new SourceMap(JSON.parse(withoutSources(raw, (s) => s.includes('node_modules'))) as never);
      let ourPositions = 0;
      text.split('\n').forEach((code, line) => {
        for (let column = 0; column <= code.length; column++) {
          const was = before.findEntry(line, column) as { originalSource?: string; originalLine?: number };
          const now = after.findEntry(line, column) as { originalSource?: string; originalLine?: number };
          const expected = was.originalSource?.endsWith('app.ts') ? was.originalLine : undefined;
          if (expected !== undefined) ourPositions++;
          expect([line, column, now.originalLine]).toEqual([line, column, expected]);
        }
      });
      expect(ourPositions).toBeGreaterThan(50);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
