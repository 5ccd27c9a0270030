// The processes of this machine as /proc shows them: what tests of process trees (npm start, the shard
// manager) look at to see what runs, what it started, and what is left.
import { readFileSync, readdirSync } from 'node:fs';

export interface Proc {
  pid: number;
  ppid: number;
  /** /proc's state letter: R, S, Z (ended, waiting for its parent), … */
  state: string;
  command: string;
}

/** `/proc/<pid>/stat` after the command name, which may itself hold spaces and parentheses. */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

export function processes(): Proc[] {
  const found: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const [state, ppid] = statFields(entry);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid: Number(entry), ppid: Number(ppid), state: state!, command });
    } catch {
      // It ended while we looked.
    }
  }
  return found;
}

export function descendants(root: number): Proc[] {
  const all = processes();
  const out: Proc[] = [];
  let frontier = [root];
  while (frontier.length) {
    const children = all.filter((p) => frontier.includes(p.ppid));
    out.push(...children);
    frontier = children.map((p) => p.pid);
  }
  return out;
}

/** Still running: a zombie has ended, it only waits for its parent to read its exit status. */
export function alive(pid: number): boolean {
  try {
    return statFields(pid)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The shard processes a shard manager started: pid by shard id, read from their SHARDS variable. */
export function shardProcesses(manager: number): Map<number, number> {
  const found = new Map<number, number>();
  for (const child of processes().filter((p) => p.ppid === manager)) {
    try {
      const env = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
      const shard = env.find((v) => v.startsWith('SHARDS='))?.slice('SHARDS='.length);
      if (shard !== undefined) found.set(Number(shard), child.pid);
    } catch {
      // It ended while we looked.
    }
  }
  return found;
}
