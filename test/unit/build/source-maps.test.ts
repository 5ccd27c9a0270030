// The build's source maps leave the bundled packages' code out (scripts/source-maps.mjs): checked against Node's own
// reading of a map (node:module's SourceMap, the lookup --enable-source-maps makes for each frame of a stack trace).
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
  // Our line, three lines of a package, our code after a package's on one line, a package's line, ours again.
  const lines = [
    [ours(0, 0), ours(10, 1)],
    [theirs(0, 50)],
    [theirs(0, 51), theirs(6, 52)],
    [theirs(0, 53), ours(8, 3)],
    [theirs(0, 54)],
    [theirs(2, 55)],
    [ours(0, 5)],
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

  it('gives a run of a package’s lines one unmapped segment, not one a line', () => {
    // Each line's segments: lines 2 and 5 follow an unmapped segment and need none, nor does line 3's package code.
    const segments = (JSON.parse(trimmed) as { mappings: string }).mappings
      .split(';')
      .map((l) => (l ? l.split(',').length : 0));
    expect(segments).toEqual([2, 1, 0, 1, 1, 0, 1]);
  });
});
