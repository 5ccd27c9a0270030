// METRICS_PORT with SHARDS: the shard processes cannot share one port, so the manager serves /healthz and
// /metrics for all of them. It asks each shard's client (through ShardingManager's eval, the manager's one
// channel to its children) for its health and its metrics, and merges the metrics, each series labelled with
// its shard. The manager listens before it starts any shard, so a port in use stops start-up first.
import type { Client, ShardingManager } from 'discord.js';
import type { MetricObjectWithValues, MetricValue } from 'prom-client';
import { AggregatorRegistry, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from './config';
import type { OpsHandle } from './operations';
import { OPS_HANDLE } from './operations';
import { startOpsServer } from '../ops/ops-server';
import type { Health, OpsServer } from '../ops/ops-server';

/** A shard that does not answer within this long is reported as such (a hung or respawning process). */
const ASK_TIMEOUT_MS = 2000;

export interface ShardOperations {
  /** From now on, asks these shards (this host's: SHARD_IDS, or all). */
  watch(manager: ShardingManager, shardIds: readonly number[]): void;
  stopping(): void;
  close(): Promise<void>;
}

export type Answer<T> = { ok: true; value: T } | { ok: false; why: string };

function shardsWord(ids: readonly number[]): string {
  return `shard${ids.length > 1 ? 's' : ''} ${ids.join(', ')}`;
}

/**
 * The host's health from its shards' answers: the first shard that is not well, by name; else healthy, and
 * if some shards stand by (held by another host), a 200 that says which, and which this host runs.
 */
export function hostHealth(answers: ReadonlyArray<readonly [id: number, answer: Answer<Health>]>): Health {
  const standingBy: number[] = [];
  for (const [id, answer] of answers) {
    if (!answer.ok) return `shard ${id}: ${answer.why}`;
    if (answer.value !== null && typeof answer.value === 'object') standingBy.push(id);
    else if (answer.value !== null) return `shard ${id}: ${answer.value}`;
  }
  // A host whose shards are held elsewhere is well: it is the standby it was meant to be.
  if (standingBy.length === 0) return null;
  const running = answers.map(([id]) => id).filter((id) => !standingBy.includes(id));
  return {
    standingBy:
      `standing by for ${shardsWord(standingBy)}` + (running.length ? `; running ${shardsWord(running)}` : ''),
  };
}

async function ask<Q extends keyof OpsHandle>(
  manager: ShardingManager,
  id: number,
  question: Q,
): Promise<Answer<Awaited<ReturnType<OpsHandle[Q]>>>> {
  type T = Awaited<ReturnType<OpsHandle[Q]>>;
  const shard = manager.shards.get(id);
  if (!shard?.process || shard.process.exitCode !== null) return { ok: false, why: 'not running' };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Answer<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, why: 'not answering' }), ASK_TIMEOUT_MS);
  });
  // The function runs in the shard process, as text: it may use nothing but its arguments.
  const asked = shard
    .eval(
      (client: Client, context: { key: string; question: string }) => {
        const handle = (client as unknown as Record<string, OpsHandle | undefined>)[context.key];
        if (!handle) return null;
        return Promise.resolve(handle[context.question as keyof OpsHandle]()).then((value) => ({ value }));
      },
      { key: OPS_HANDLE, question },
    )
    .then(
      // The shard awaits the promise before it answers: what arrives is the value.
      (answer): Answer<T> => {
        const got = answer as unknown as { value: T } | null;
        return got === null ? { ok: false, why: 'starting' } : { ok: true, value: got.value };
      },
      (error: unknown): Answer<T> => ({ ok: false, why: `not answering (${String(error).split('\n')[0]})` }),
    );
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Null (no METRICS_PORT) or the manager's server, already listening; throws one line if it cannot. */
export async function startShardOperations(
  config: Pick<Config, 'metricsPort' | 'metricsHost'>,
): Promise<ShardOperations | null> {
  if (config.metricsPort === null) return null;
  const own = new Registry();
  own.setDefaultLabels({ shard: 'manager' });
  collectDefaultMetrics({ register: own });
  let watched: { manager: ShardingManager; ids: readonly number[] } | null = null;
  let stopping = false;
  const ids = () => watched?.ids ?? [];

  const server: OpsServer = await startOpsServer({
    port: config.metricsPort,
    host: config.metricsHost,
    async health() {
      if (stopping) return 'stopping: taking no interactions';
      if (!watched) return 'shards: starting';
      const { manager } = watched;
      const asked = ids();
      const answers = await Promise.all(asked.map((id) => ask(manager, id, 'health')));
      return hostHealth(asked.map((id, i) => [id, answers[i]!]));
    },
    async metrics() {
      const parts: Array<Array<MetricObjectWithValues<MetricValue<string>>>> = [await own.getMetricsAsJSON()];
      if (watched) {
        const { manager } = watched;
        for (const answer of await Promise.all(ids().map((id) => ask(manager, id, 'metrics'))))
          if (answer.ok) parts.push(answer.value as Array<MetricObjectWithValues<MetricValue<string>>>);
      }
      return AggregatorRegistry.aggregate(parts).metrics();
    },
    contentType: own.contentType,
  });
  return {
    watch(manager, shardIds) {
      watched = { manager, ids: [...shardIds] };
    },
    stopping() {
      stopping = true;
    },
    close: () => server.close(),
  };
}
