// The import-cycle check of `npm run lint`: it finds a circle of imports, type-only ones included.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOTS, findCycles, importGraph } from '../../src/cli/import-cycles';

/** The cycles among `files` (name → text), each as the names around it. */
function cyclesOf(files: Record<string, string>): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'olathe-cycles-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return findCycles(importGraph([dir])).map((cycle) => cycle.map((f) => f.slice(dir.length + 1)));
}

describe('import cycles', () => {
  it('finds a circle through files, and none once it is broken', () => {
    const files = {
      'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'b.ts': "export { c } from './c';\nexport const b = 1;\n",
      'c.ts': "import { a } from './a';\nexport const c = a;\n",
      'd.ts': "import type { a } from './a';\nexport type D = typeof a;\n",
    };
    expect(cyclesOf(files)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(cyclesOf({ ...files, 'c.ts': 'export const c = 3;\n' })).toEqual([]);
  });

  // A circle of types ties its modules together as much as one of values: its shared type belongs elsewhere.
  it.each([
    "import type { A } from './a';",
    "import { type A } from './a';",
    "import {\n  type A,\n} from './a';",
    "export type { A } from './a';",
    "export * from './a';",
    "export type B = typeof import('./a');",
    "export type B = import('./a').A;",
    "export const load = () => import('./a');",
  ])('counts %j', (line) => {
    const a = "import { other } from './b';\nexport interface A {\n  b: typeof other;\n}\n";
    expect(cyclesOf({ 'a.ts': a, 'b.ts': `${line}\nexport const other = 1;\n` })).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  it('the project has none', () => {
    const root = join(__dirname, '..', '..');
    expect(findCycles(importGraph(ROOTS.map((d) => join(root, d))))).toEqual([]);
  });
});
