// `npm run bench`: runs every bench/*.bench.ts in name order. Each exports `run(): Promise<void> | void`
// and prints its own figures against the goals the issues name.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort();
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run: () => Promise<void> | void };
  console.log(`\n## ${file}`);
  await mod.run();
}
