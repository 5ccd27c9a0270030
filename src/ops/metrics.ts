// The bot's Prometheus metrics, on a registry of its own (never prom-client's global one, so nothing a
// library registers there leaks into /metrics, and tests can build as many as they like). Counters move as
// things happen; the gauges are read from their sources when Prometheus scrapes.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { InteractionKind, InteractionOutcome, Metrics } from '../discord/metrics';

/** Where the gauges come from, read at each scrape. */
export interface GaugeSources {
  gamesInPlay(): number | Promise<number>;
  /** Outbox rows: channel work saved with an action that Discord does not have yet. */
  pendingOutbox(): number | Promise<number>;
  /** Games the Publisher is bringing in line now or will retry. */
  queuedChannelUpdates(): number;
  gatewayConnected(): boolean;
  /** This process's shard, and whether it holds it (false while standing by for it). */
  shardHeld(): { shard: number; held: boolean };
}

/** Discord fails an interaction not acknowledged within 3 s: the buckets resolve the fast end and that edge. */
export const ACK_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5];

export interface BotMetrics {
  registry: Registry;
  /** What the Discord layer counts through. */
  metrics: Metrics;
  /** Gives the gauges their sources once the bot has them; unread until then. */
  watch(sources: GaugeSources): void;
}

export function createMetrics(): BotMetrics {
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_*), CPU, memory, handles, GC: the standard names dashboards expect.
  collectDefaultMetrics({ register: registry });
  let sources: GaugeSources | null = null;
  /** A source that fails (the database closing under a scrape) leaves its gauge at its last value. */
  const read = async (gauge: Gauge, value: (s: GaugeSources) => number | Promise<number>) => {
    if (!sources) return;
    try {
      gauge.set(await value(sources));
    } catch {
      // The next scrape tries again; /healthz is where a broken database is reported.
    }
  };

  const interactions = new Counter({
    name: 'olathe_interactions_total',
    help: 'Interactions handled, by kind (command, button, select) and outcome (ok, refused, busy, failed, dropped).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const ack = new Histogram({
    name: 'olathe_interaction_ack_seconds',
    help: 'From the gateway delivering an interaction to Discord accepting its acknowledgement.',
    labelNames: ['kind'] as const,
    buckets: ACK_BUCKETS_SECONDS,
    registers: [registry],
  });
  // Refusals by kind and reason (a code of the bot's, never the user's input), the rate-limited and repeated
  // commands among them: a flood shows here, while the log writes one line per person and kind a minute.
  const refusals = new Counter({
    name: 'olathe_refusals_total',
    help: 'Interactions and board messages refused, by kind (command, button, select, activity) and reason (a refusal code, rate-limited, repeat, unknown-control, ...).',
    labelNames: ['kind', 'reason'] as const,
    registers: [registry],
  });
  const restErrors = new Counter({
    name: 'olathe_discord_rest_errors_total',
    help: 'Discord REST answers with an error status (429 included, even when discord.js retried), or "network" for no answer.',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  // Every bot process reads the same database: when shards are summed, these count once ('max').
  new Gauge({
    name: 'olathe_games_in_play',
    help: 'Games started and not over.',
    aggregator: 'max',
    registers: [registry],
    collect() {
      return read(this, (s) => s.gamesInPlay());
    },
  });
  new Gauge({
    name: 'olathe_outbox_pending',
    help: 'Channel work (shouts, turn log lines) saved with a move and not yet delivered to Discord.',
    aggregator: 'max',
    registers: [registry],
    collect() {
      return read(this, (s) => s.pendingOutbox());
    },
  });
  new Gauge({
    name: 'olathe_channel_updates_queued',
    help: 'Games whose channel the Publisher is bringing in line now or will retry.',
    registers: [registry],
    collect() {
      return read(this, (s) => s.queuedChannelUpdates());
    },
  });
  new Gauge({
    name: 'olathe_gateway_connected',
    help: '1 when every gateway shard of this process is connected and ready, else 0.',
    aggregator: 'min',
    registers: [registry],
    collect() {
      return read(this, (s) => (s.gatewayConnected() ? 1 : 0));
    },
  });

  new Gauge({
    name: 'olathe_shard_held',
    help: '1 when this process runs the shard (holds its lock, with DATABASE_URL), 0 while it stands by for it.',
    labelNames: ['shard'] as const,
    registers: [registry],
    collect() {
      if (!sources) return;
      const { shard, held } = sources.shardHeld();
      this.set({ shard: String(shard) }, held ? 1 : 0);
    },
  });

  const seasonPosts = new Counter({
    name: 'olathe_season_posts_total',
    help: 'Season podium deliveries, by outcome: posted, retry (Discord or the network failed; tried again), failed (given up: the channel is gone or closed to the bot, or Discord kept refusing).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const metrics: Metrics = {
    interaction(kind: InteractionKind, outcome: InteractionOutcome, ackMs: number | null) {
      interactions.inc({ kind, outcome });
      if (ackMs !== null) ack.observe({ kind }, ackMs / 1000);
    },
    restError(status: number | 'network') {
      restErrors.inc({ status: String(status) });
    },
    refusal(kind, reason) {
      refusals.inc({ kind, reason });
    },
    seasonPost(outcome) {
      seasonPosts.inc({ outcome });
    },
  };
  return {
    registry,
    metrics,
    watch(given) {
      sources = given;
    },
  };
}
