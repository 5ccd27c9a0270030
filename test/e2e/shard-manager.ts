// The shard manager (`npm start` with SHARDS) as the end-to-end tests run it: started from the sources, its
// output collected, awaited until every shard is READY on the loopback Discord, and stopped with SIGTERM.
import type { ChildProcess } from 'node:child_process';
import type { FakeDiscord } from '../../src/fake-discord';
import { spawnScript } from '../support/project';

export interface ShardManager {
  readonly child: ChildProcess;
  /** Everything it (and its shard processes) wrote so far. */
  log(): string;
  /** SIGTERM, and its exit, unless it has exited already. */
  stop(): Promise<void>;
}

export async function startShardManager(fake: FakeDiscord, env: NodeJS.ProcessEnv, shards = 2): Promise<ShardManager> {
  const child = spawnScript('src/app/index.ts', [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  const manager: ShardManager = {
    child,
    log: () => log,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  try {
    await fake.waitForShards(shards, 60_000);
  } catch (error) {
    // Not READY in time: the test fails, and no process is left behind for its afterAll to miss.
    await manager.stop();
    throw error;
  }
  return manager;
}
