// The operator's side of a running bot: metrics, the acknowledgement clock behind each interaction's
// latency, and METRICS_PORT's /healthz and /metrics. The server listens before the bot logs in, so a port in
// use stops start-up before anything reaches Discord.
import type { Client } from 'discord.js';
import { RESTEvents, Status } from 'discord.js';
import type { Config } from './config';
import type { Storage } from '../db/storage';
import { OpsService } from '../service/ops-service';
import type { Metrics } from '../discord/metrics';
import { AckClock, NO_METRICS } from '../discord/metrics';
import type { Publisher } from '../discord/publisher';
import { createMetrics } from '../ops/metrics';
import type { BotMetrics } from '../ops/metrics';
import { startOpsServer } from '../ops/ops-server';
import type { Health, OpsServer } from '../ops/ops-server';
import type { OwnershipState } from '../cluster/shard-ownership';

/** The property of a shard process's client through which its manager asks for health and metrics. */
export const OPS_HANDLE = 'olatheOps';

/** What a shard process answers its manager (src/app/shard-operations.ts), by ShardingManager's eval. */
export interface OpsHandle {
  health(): Promise<Health>;
  /** prom-client's registry as JSON, labelled with the shard; [] when METRICS_PORT is unset. */
  metrics(): Promise<unknown[]>;
}

export interface Operations {
  metrics: Metrics;
  acks: AckClock;
  /** The port /healthz and /metrics are served on; null when METRICS_PORT is unset. */
  port: number | null;
  /**
   * Feeds /healthz and the gauges from the running bot, and counts Discord's REST answers. `ownership` is the
   * shard's lock with DATABASE_URL (src/cluster/): while it stands by, /healthz says so with a 200.
   */
  watch(parts: { client: Client; publisher: Publisher; ownership?: { state: OwnershipState } }): void;
  /** From now on /healthz answers 503: a stopping bot takes no interactions. */
  stopping(): void;
  close(): Promise<void>;
}

/** Null when every gateway shard of this client is connected and ready; otherwise which one is not. */
export function gatewayProblem(client: Client): string | null {
  const shards = [...client.ws.shards.values()];
  if (shards.length === 0) return 'gateway: not connected yet';
  const down = shards.find((shard) => shard.status !== Status.Ready);
  return down ? `gateway: shard ${down.id} is ${String(Status[down.status]).toLowerCase()}` : null;
}

/**
 * Metrics and, when `serve` and METRICS_PORT is set, the server; throws an OpsListenError (one line naming
 * the variable) when the port cannot be opened. A shard process does not serve: its manager owns the port.
 */
export async function startOperations(
  config: Pick<Config, 'metricsPort' | 'metricsHost'>,
  storage: Storage,
  options: { shard?: number; serve?: boolean } = {},
): Promise<Operations> {
  const ops = new OpsService(storage, options.shard ?? 0);
  const acks = new AckClock();
  const built: BotMetrics | null = config.metricsPort === null ? null : createMetrics();
  // A shard's series are told apart by a label once its manager merges them.
  if (built && options.serve === false) built.registry.setDefaultLabels({ shard: String(options.shard ?? 0) });
  let client: Client | null = null;
  let ownership: { state: OwnershipState } | null = null;
  let stopping = false;
  const shardId = options.shard ?? 0;
  const health = async (): Promise<Health> => {
    if (stopping) return 'stopping: taking no interactions';
    // Waiting for a shard another process runs is this process's job, not a failure: 200, and which shard.
    if (ownership?.state === 'standby' || ownership?.state === 'fencing')
      return { standingBy: `standing by for shard ${shardId}` };
    if (ownership?.state === 'lost') return `shard ${shardId}: lost its lock, dropping the gateway`;
    if (!client) return 'gateway: not connected yet';
    return gatewayProblem(client) ?? (await ops.writeProblem());
  };
  let server: OpsServer | null = null;
  if (built && config.metricsPort !== null && options.serve !== false) {
    server = await startOpsServer({
      port: config.metricsPort,
      host: config.metricsHost,
      health,
      metrics: () => built.registry.metrics(),
      contentType: built.registry.contentType,
    });
  }
  const metrics = built?.metrics ?? NO_METRICS;
  return {
    metrics,
    acks,
    port: server?.port ?? null,
    watch(parts) {
      client = parts.client;
      ownership = parts.ownership ?? null;
      const { publisher } = parts;
      parts.client.rest.on(RESTEvents.Response, (request, response) => {
        acks.response(request.path, response.status);
        if (response.status >= 400) metrics.restError(response.status);
      });
      built?.watch({
        gamesInPlay: () => ops.gamesInPlay(),
        pendingOutbox: () => ops.pendingChannelWork(),
        queuedChannelUpdates: () => publisher.backlog,
        gatewayConnected: () => gatewayProblem(parts.client) === null,
        // Without DATABASE_URL nobody else may run this shard: the process holds it by being started.
        shardHeld: () => ({ shard: shardId, held: !ownership || ownership.state === 'holding' }),
      });
      const handle: OpsHandle = {
        health,
        metrics: async () => (built ? built.registry.getMetricsAsJSON() : []),
      };
      Object.defineProperty(parts.client, OPS_HANDLE, { value: handle });
    },
    stopping() {
      stopping = true;
    },
    async close() {
      await server?.close();
    },
  };
}
