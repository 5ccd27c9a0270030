// vitest's globalSetup: `npm run build` once per test run, so the end-to-end tests run the bundle that ships
// (dist/index.js) rather than the sources through tsx. It takes ~2 s here.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './project';

export default function setup(): void {
  try {
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`npm run build failed, so nothing that runs the built bot can be tested:\n${stderr}`);
  }
}
