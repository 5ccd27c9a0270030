// `npm run check:cycles` (part of `npm run lint`): fails when the project's modules import each other in a
// circle. Only imports that run count (`import type` is erased); relative paths are resolved as TypeScript
// does here (x.ts, x/index.ts). A small script rather than a package: the usual ones (madge, import-x with
// its resolver) cannot be installed here with TypeScript 6 and this registry.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

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
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => resolveImport(file, m[1]!));
    graph.set(
      file,
      targets.filter((t): t is string => t !== null),
    );
  }
  return graph;
}

if (process.argv[1] && import.meta.url === new URL(`file://${resolve(process.argv[1])}`).href) {
  const root = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');
  const cycles = findCycles(importGraph(['src', 'commands'].map((d) => join(root, d))));
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map((f) => relative(root, f)).join(' → ')}`);
  if (cycles.length > 0) process.exitCode = 1;
  else console.log('no import cycle');
}
