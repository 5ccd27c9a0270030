// The operator's endpoints piece by piece: the health check's database write, the gateway check, the
// metrics registry, and the HTTP server (its answers, and a port or address it cannot open).
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Client } from 'discord.js';
import { Status } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameOptions } from '../../../src/game';
import { openSqliteTestStorage } from '../../support/storage';
import { OpsService } from '../../../src/service/ops-service';
import { GameService } from '../../../src/service/game-service';
import { gatewayProblem } from '../../../src/app/operations';
import { createMetrics } from '../../../src/ops/metrics';
import { OpsListenError, startOpsServer } from '../../../src/ops/ops-server';
import type { OpsServer } from '../../../src/ops/ops-server';

const closing: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

describe('the health check of the database', () => {
  it('makes a real write, and names the reason when the database refuses it', async () => {
    const storage = openSqliteTestStorage(':memory:');
    closing.push(() => void storage.close());
    const ops = new OpsService(storage, 3, () => 1234);
    expect(await ops.writeProblem()).toBeNull();
    expect(storage.db.prepare('SELECT shard, checked_at FROM health').all()).toEqual([{ shard: 3, checked_at: 1234 }]);
    storage.db.pragma('query_only = ON');
    expect(await ops.writeProblem()).toBe('database: cannot write (attempt to write a readonly database)');
  });

  it('counts the games in play and the channel work waiting for Discord', async () => {
    const storage = openSqliteTestStorage(':memory:');
    closing.push(() => void storage.close());
    const service = new GameService(storage);
    const ops = new OpsService(storage);
    expect([await ops.gamesInPlay(), await ops.pendingChannelWork()]).toEqual([0, 0]);
    const host = { id: 'ann', name: 'Ann' };
    const options: GameOptions = {
      variant: 'balut',
      columns: ['free', 'free', 'free', 'free'],
      throwsPerTurn: 3,
      predictions: false,
    };
    const lobby = await service.openLobby({ guildId: 'g', channelId: 'c', host, options });
    expect(await ops.gamesInPlay()).toBe(0);
    await service.start(lobby.id, 'ann');
    expect(await ops.gamesInPlay()).toBe(1);
    storage.db.prepare("INSERT INTO outbox (game_id, kind, data, at) VALUES (?, 'shout', '{}', 0)").run(lobby.id);
    expect(await ops.pendingChannelWork()).toBe(1);
  });
});

describe('gatewayProblem', () => {
  const client = (...statuses: Status[]) =>
    ({ ws: { shards: new Map(statuses.map((status, id) => [id, { id, status }])) } }) as unknown as Client;

  it('is null only when every shard is ready', () => {
    expect(gatewayProblem(client(Status.Ready))).toBeNull();
    expect(gatewayProblem(client(Status.Ready, Status.Ready))).toBeNull();
    expect(gatewayProblem(client())).toBe('gateway: not connected yet');
    expect(gatewayProblem(client(Status.Ready, Status.Reconnecting))).toBe('gateway: shard 1 is reconnecting');
  });
});

describe('createMetrics', () => {
  it('counts interactions and REST errors, times acknowledgements, and reads the gauges at each scrape', async () => {
    const { registry, metrics, watch } = createMetrics();
    let inPlay = 2;
    let held = false;
    watch({
      gamesInPlay: () => inPlay,
      pendingOutbox: () => 1,
      queuedChannelUpdates: () => 0,
      gatewayConnected: () => true,
      shardHeld: () => ({ shard: 3, held }),
    });
    metrics.interaction('button', 'ok', 4);
    metrics.interaction('button', 'ok', 30);
    metrics.interaction('command', 'refused', null);
    metrics.restError(429);
    metrics.restError('network');
    const text = await registry.metrics();
    expect(text).toContain('olathe_interactions_total{kind="button",outcome="ok"} 2');
    expect(text).toContain('olathe_interactions_total{kind="command",outcome="refused"} 1');
    expect(text).toContain('olathe_interaction_ack_seconds_bucket{le="0.005",kind="button"} 1');
    expect(text).toContain('olathe_interaction_ack_seconds_bucket{le="0.05",kind="button"} 2');
    expect(text).toContain('olathe_interaction_ack_seconds_count{kind="button"} 2');
    expect(text).toContain('olathe_discord_rest_errors_total{status="429"} 1');
    expect(text).toContain('olathe_discord_rest_errors_total{status="network"} 1');
    expect(text).toContain('olathe_games_in_play 2');
    expect(text).toContain('olathe_outbox_pending 1');
    expect(text).toContain('olathe_channel_updates_queued 0');
    expect(text).toContain('olathe_gateway_connected 1');
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^process_resident_memory_bytes /m);
    expect(text).toContain('olathe_shard_held{shard="3"} 0');
    inPlay = 5;
    held = true;
    const later = await registry.metrics();
    expect(later).toContain('olathe_games_in_play 5');
    expect(later).toContain('olathe_shard_held{shard="3"} 1');
  });

  it('keeps a gauge at its last value when its source fails, so a scrape still answers', async () => {
    const { registry, watch } = createMetrics();
    watch({
      gamesInPlay: () => {
        throw new Error('The database connection is not open');
      },
      pendingOutbox: () => 0,
      queuedChannelUpdates: () => 0,
      gatewayConnected: () => false,
      shardHeld: () => ({ shard: 0, held: true }),
    });
    const text = await registry.metrics();
    expect(text).toContain('olathe_games_in_play 0');
    expect(text).toContain('olathe_gateway_connected 0');
  });
});

describe('the ops server', () => {
  async function serve(health: () => string | null): Promise<OpsServer> {
    const { registry } = createMetrics();
    const server = await startOpsServer({
      port: 0,
      host: '127.0.0.1',
      health,
      metrics: () => registry.metrics(),
      contentType: registry.contentType,
    });
    closing.push(() => server.close());
    return server;
  }

  it('answers /healthz with 200 ok or 503 and the reason, /metrics in Prometheus text, anything else 404', async () => {
    let problem: string | null = null;
    const { port } = await serve(() => problem);
    const base = `http://127.0.0.1:${port}`;
    let res = await fetch(`${base}/healthz`);
    expect([res.status, await res.text()]).toEqual([200, 'ok\n']);
    problem = 'gateway: shard 0 is reconnecting';
    res = await fetch(`${base}/healthz`);
    expect([res.status, await res.text()]).toEqual([503, 'gateway: shard 0 is reconnecting\n']);
    res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await res.text()).toContain('# TYPE olathe_interactions_total counter');
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('refuses a port in use with one line naming METRICS_PORT and the fix', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    closing.push(() => new Promise<void>((resolve) => taken.close(() => resolve())));
    const port = (taken.address() as AddressInfo).port;
    const started = startOpsServer({
      port,
      host: '127.0.0.1',
      health: () => null,
      metrics: async () => '',
      contentType: 'text/plain',
    });
    await expect(started).rejects.toThrow(OpsListenError);
    await expect(started).rejects.toThrow(
      `METRICS_PORT ${port} is already in use on 127.0.0.1: stop what listens there, or set METRICS_PORT to a free port.`,
    );
  });

  it('refuses an address that is not this machine with one line naming METRICS_HOST', async () => {
    const started = startOpsServer({
      port: 0,
      host: '192.0.2.1',
      health: () => null,
      metrics: async () => '',
      contentType: 'text/plain',
    });
    await expect(started).rejects.toThrow(
      /^METRICS_HOST 192\.0\.2\.1 is not an address of this machine: set METRICS_HOST/,
    );
  });
});
