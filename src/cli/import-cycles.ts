// `npm run check:cycles` (part of `npm run lint`): fails when the project's modules import each other in a
// circle. Every import counts, type-only ones too (`import type`, `export type … from`, `import('./x')` in a
// type): a circle of types still ties the modules together, and its shared type belongs in a module both use.
// Relative paths are resolved as TypeScript does here (x.ts, x/index.ts). A small script rather than a
// package: the usual ones (madge, import-x with its resolver) cannot be installed here with TypeScript 6.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** `import … from './x'`, `import './x'`, `export … from './x'` at the start of a line, type-only or not. */
const STATIC_IMPORT = /^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
/** `import('./x')`, run or in a type (`typeof import('./x')`, `import('./x').Name`). */
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The folders checked, from the repository's root. */
export const ROOTS = ['src', 'commands', 'test'];

export type Graph = ReadonlyMap<string, readonly string[]>;

/** Every cycle, each once, as the list of modules around it (the first repeated at the end). */
export function findCycles(graph: Graph): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): void => {
    if (done.has(node)) return;
    const at = path.indexOf(node);
    if (at >= 0) {
      cycles.push([...path.slice(at), node]);
      return;
    }
    if (seen.has(node) && !path.includes(node)) return;
    seen.add(node);
    path.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    path.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return cycles;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'static' ? [] : sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function importGraph(roots: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of roots.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    const specs = [STATIC_IMPORT, DYNAMIC_IMPORT].flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]!));
    const targets = specs.map((spec) => resolveImport(file, spec)).filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

if (process.argv[1] && import.meta.url === new URL(`file://${resolve(process.argv[1])}`).href) {
  const root = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');
  const cycles = findCycles(importGraph(ROOTS.map((d) => join(root, d))));
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map((f) => relative(root, f)).join(' → ')}`);
  if (cycles.length > 0) process.exitCode = 1;
  else console.log('no import cycle');
}
