// The benches' child processes: started in a tree, their output kept, their CPU time and memory read from /proc,
// stopped; and a pause for what a process does after the bench's last request (a settle).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Tree } from './tree';

export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** One node process, cwd = the tree: SIGTERM reaches the script itself (no npm or shell in between). */
export function spawnIn(tree: Tree, node: string[], script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [...node, script], { cwd: tree.dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Keeps what the process writes (never left to fill a pipe); the function returns it so far. */
export function collect(child: ChildProcess): () => string {
  let text = '';
  child.stdout!.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (text += c.toString()));
  return () => text;
}

/** Resolves with the exit code once the process has ended (at once if it already has). */
export const exitOf = (child: ChildProcess): Promise<number | null> =>
  new Promise((done) =>
    child.exitCode !== null || child.signalCode !== null
      ? done(child.exitCode)
      : child.once('exit', (code) => done(code)),
  );

/** SIGTERM, SIGKILL after `graceMs`; resolves with the exit code once it exited. */
export async function stopChild(child: ChildProcess | undefined, graceMs = 5000): Promise<number | null> {
  if (!child) return null;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = exitOf(child);
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const code = await exited;
  clearTimeout(late);
  return code;
}

export interface CpuTimes {
  user: number;
  system: number;
}

/** CPU time of a process so far in ms, from /proc; null where there is none (or the process is gone). */
export function cpuTimes(pid: number): CpuTimes | null {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses: clock ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return null;
  }
}

/** A memory figure of /proc/<pid>/status in MB (VmRSS: resident memory); null where there is none. */
export function statusMb(pid: number, field = 'VmRSS'): number | null {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}
