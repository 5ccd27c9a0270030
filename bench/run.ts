// `npm run bench`: runs every bench in the name order of its folder, bench/<name>/<name>.bench.ts; `npm run bench --
// <word>` runs those whose folder (or entry file) name has the word in it. Each entry exports
// `run(): Promise<void> | void` and prints its own figures against their goals.
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const entries = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => `${d.name}/${d.name}.bench.ts`)
  .filter((entry) => existsSync(join(here, entry)) && (!only || entry.includes(only)))
  .sort();
for (const entry of entries) {
  const mod = (await import(pathToFileURL(join(here, entry)).href)) as { run: () => Promise<void> | void };
  console.log(`\n## ${entry}`);
  await mod.run();
}
