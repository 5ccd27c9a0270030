// The import-cycle check of `npm run lint`: it finds a circle of value imports, and only those.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph } from '../../src/cli/import-cycles';

describe('import cycles', () => {
  it('finds a circle through files, and ignores type-only imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'olathe-cycles-'));
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "export { c } from './c';\nexport const b = 1;\n");
    writeFileSync(join(dir, 'c.ts'), "import { a } from './a';\nexport const c = a;\n");
    writeFileSync(join(dir, 'd.ts'), "import type { a } from './a';\nexport type D = typeof a;\n");
    const cycles = findCycles(importGraph([dir]));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.map((f) => f.slice(dir.length + 1))).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    writeFileSync(join(dir, 'c.ts'), 'export const c = 3;\n');
    expect(findCycles(importGraph([dir]))).toEqual([]);
  });

  it('the project has none', () => {
    const root = join(__dirname, '..', '..');
    expect(findCycles(importGraph([join(root, 'src'), join(root, 'commands')]))).toEqual([]);
  });
});
