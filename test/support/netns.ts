// A second "host" on this machine: a Linux network namespace joined to this one by a veth pair, with an
// address at each end. A program run in it reaches this machine's servers (listening on `hostAddress`) as
// another host would, and `cut()` takes its link down: from then on its packets vanish without a reset or a
// close, as when a host drops off the network, so a server learns of it only from its own TCP timers.
// Needs root (CAP_NET_ADMIN), as .ci/run has; the tests fail and say so otherwise.
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';

export interface IsolatedHost {
  /** This machine's end of the link: where servers for the isolated host listen. */
  hostAddress: string;
  /** The network of the link, for a server's access rules (pg_hba.conf). */
  network: string;
  /** Runs a program inside the namespace. */
  spawn(file: string, args: readonly string[], options?: SpawnOptions): ChildProcess;
  /** The host drops off the network: its end of the link goes down, silently. */
  cut(): void;
  remove(): void;
}

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: 'pipe' });
}

/** Why network namespaces cannot be made here, or null. */
export function netnsMissing(): string | null {
  if (process.getuid?.() !== 0) return 'network namespaces need root (CAP_NET_ADMIN), as .ci/run runs the tests';
  try {
    execFileSync('ip', ['-V'], { stdio: 'pipe' });
  } catch {
    return 'the ip command (iproute2) is missing: apt-get install -y iproute2';
  }
  return null;
}

let made = 0;

/**
 * A /30 in 10.213.0.0/16 that no interface of this machine has yet: test files run in parallel workers, and
 * two links on one network would route each other's packets.
 */
function freeLink(): { hostAddress: string; nsAddress: string; network: string } {
  const taken = execFileSync('ip', ['-o', '-4', 'addr', 'show'], { encoding: 'utf8' });
  for (let i = 0; i < 16_384; i++) {
    const index = (process.pid * 7 + made * 131 + i) % 16_384;
    const at = (n: number) => `10.213.${index >> 6}.${(index & 63) * 4 + n}`;
    if (!taken.includes(` ${at(1)}/`) && !taken.includes(` ${at(2)}/`))
      return { hostAddress: at(1), nsAddress: at(2), network: `${at(0)}/30` };
  }
  throw new Error('no free 10.213.x.y/30 for a test network');
}

export function createIsolatedHost(): IsolatedHost {
  const missing = netnsMissing();
  if (missing) throw new Error(missing);
  // Short names (interface names are at most 15 characters) unique to this process.
  const name = `olt${process.pid % 100_000}${++made}`;
  const { hostAddress, nsAddress, network } = freeLink();
  const [outside, inside] = [`${name}h`, `${name}n`];
  ip('netns', 'add', name);
  try {
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    ip('link', 'set', inside, 'netns', name);
    ip('addr', 'add', `${hostAddress}/30`, 'dev', outside);
    ip('link', 'set', outside, 'up');
    ip('netns', 'exec', name, 'ip', 'addr', 'add', `${nsAddress}/30`, 'dev', inside);
    ip('netns', 'exec', name, 'ip', 'link', 'set', inside, 'up');
    ip('netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up');
  } catch (error) {
    ip('netns', 'del', name);
    throw error;
  }
  const remove = () => {
    // The link first: the namespace itself outlives its name while sockets of its killed programs still
    // retransmit into the cut link (for minutes), and would keep the pair on this machine until then.
    for (const args of [
      ['link', 'del', outside],
      ['netns', 'del', name],
    ])
      try {
        ip(...args);
      } catch {
        // already gone
      }
  };
  process.once('exit', remove);
  return {
    hostAddress,
    network,
    spawn: (file, args, options = {}) => spawn('ip', ['netns', 'exec', name, file, ...args], options),
    cut: () => ip('netns', 'exec', name, 'ip', 'link', 'set', inside, 'down'),
    remove,
  };
}
