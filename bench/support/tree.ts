// A version of the bot as a folder: the working tree, or a git commit unpacked into a temp folder, built as
// `npm run build` builds it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: this file is bench/support/tree.ts. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Tree {
  label: string;
  dir: string;
  /** Removes the temp folder (nothing for the working tree). */
  dispose(): void;
}

export const workingTree = (root: string): Tree => ({ label: 'working tree', dir: root, dispose: () => {} });

/** `spec` is a folder (used as is) or anything `git rev-parse` understands (unpacked into a temp folder). */
export function materialise(root: string, spec: string): Tree {
  if (existsSync(spec) && statSync(spec).isDirectory())
    return { label: resolve(spec), dir: resolve(spec), dispose: () => {} };
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  const commit = git('rev-parse', '--verify', `${spec}^{commit}`);
  const dir = mkdtempSync(join(tmpdir(), `olathe-bench-${commit.slice(0, 7)}-`));
  try {
    // git archive rather than a worktree: the repository's worktree list and index stay untouched.
    execFileSync('sh', ['-c', 'git -C "$0" archive --format=tar "$1" | tar -x -C "$2"', root, commit, dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // Same dependencies as the working tree, so only the bot's own code differs.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    label: `${spec} (${commit.slice(0, 10)})`,
    dir,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `npm run build` in the tree; synchronous, so call it before any fake Discord of this process must answer. */
export function buildIn(tree: Tree): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: tree.dir, stdio: ['ignore', 'ignore', 'pipe'] });
}
