// The operator's view of the real bot process: METRICS_PORT's /healthz and /metrics while a game is played,
// a Discord error counted by status, one log line per interaction, and /healthz turning 503 with its reason
// when the gateway goes away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultRoute } from '../../src/fake-discord';
import type { FakeInteraction } from '../../src/fake-discord';
import type { World } from './harness';
import { control, playSimpleTurn, startWorld, waitForTurn } from './harness';
import { freePort } from '../support/ports';

let world: World;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  world = await startWorld({ diceSeed: 'operations', env: { METRICS_PORT: String(port) } });
});

afterAll(async () => {
  await world?.close();
});

async function get(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: await res.text() };
}

/** /healthz once it answers `status` (the gateway takes a moment to settle either way). */
async function healthz(status: number, timeoutMs = 10_000): Promise<{ status: number; body: string }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await get('/healthz');
    if (answer.status === status || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The value of one sample of the scrape, e.g. `olathe_interactions_total{kind="button",outcome="ok"}`. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? NaN : Number(line.slice(series.length + 1));
}

interface LogEntry {
  msg: string;
  level: string;
  [key: string]: unknown;
}

function logEntries(): LogEntry[] {
  return world.bot
    .log()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogEntry);
}

describe('health and metrics on METRICS_PORT', () => {
  it('serves /healthz 200 and /metrics that move with play; logs every interaction once, without tokens', async () => {
    const { fake, users } = world;
    const { alice, bob } = users;
    expect(await healthz(200)).toEqual({ status: 200, body: 'ok\n' });

    const interactions: FakeInteraction[] = [];
    const slash = fake.slash(alice, 'olathe', { free: 2, down: 0, up: 0, throws: 2 }, { subcommand: 'start' });
    interactions.push(slash);
    const lobby = await slash.reply();
    const start = fake.click(alice, lobby.id, control(lobby, 'start').customId);
    interactions.push(start);
    await start.acked();
    const turn = await waitForTurn(fake, alice);
    const gameId = control(turn, 'throw').id!.gameId;
    // A stranger's pick on Alice's card: refused, and counted so.
    const declare = control(turn, 'declare');
    const stranger = fake.select(bob, turn.id, declare.customId, [declare.options![0]!.value]);
    interactions.push(stranger);
    await stranger.reply();
    // Discord answers the post of the next turn message with a 500 once; discord.js tries again by itself.
    const fault = fake.injectFault({ route: FaultRoute.messageCreate, kind: 'status', status: 500 });
    await playSimpleTurn(fake, alice, turn);
    await fake.waitFor(() => fault.hits === 1);
    await waitForTurn(fake, alice);

    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    const text = metrics.body;
    expect(sample(text, 'olathe_interactions_total{kind="command",outcome="ok"}')).toBe(1);
    expect(sample(text, 'olathe_interactions_total{kind="button",outcome="ok"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'olathe_interactions_total{kind="select",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'olathe_interactions_total{kind="select",outcome="refused"}')).toBe(1);
    const buttons = sample(text, 'olathe_interaction_ack_seconds_count{kind="button"}');
    expect(buttons).toBe(sample(text, 'olathe_interactions_total{kind="button",outcome="ok"}'));
    expect(sample(text, 'olathe_interaction_ack_seconds_bucket{le="3",kind="button"}')).toBe(buttons);
    expect(sample(text, 'olathe_interaction_ack_seconds_sum{kind="button"}')).toBeGreaterThan(0);
    expect(sample(text, 'olathe_discord_rest_errors_total{status="500"}')).toBe(1);
    expect(sample(text, 'olathe_games_in_play')).toBe(1);
    expect(sample(text, 'olathe_outbox_pending')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'olathe_channel_updates_queued')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'olathe_gateway_connected')).toBe(1);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    // One line per interaction, with its id, guild, game (when the custom_id names it), kind, outcome, latency.
    const logged = logEntries().filter((e) => e.msg === 'interaction');
    for (const interaction of interactions)
      expect(logged.filter((e) => e.interactionId === interaction.id)).toHaveLength(1);
    const click = logged.find((e) => e.interactionId === start.id)!;
    expect(click).toMatchObject({ level: 'info', guild: fake.guildId, game: gameId, kind: 'button', outcome: 'ok' });
    expect(click.ackMs).toBeGreaterThan(0);
    expect(click.ackMs).toBeLessThanOrEqual(click.ms as number);
    expect(logged.find((e) => e.interactionId === stranger.id)).toMatchObject({ outcome: 'refused', game: gameId });
    expect(logged.find((e) => e.interactionId === slash.id)).toMatchObject({ kind: 'command', what: '/olathe start' });
    const log = world.bot.log();
    expect(log).not.toContain(fake.botToken);
    for (const interaction of interactions) expect(log).not.toContain(interaction.token);
    expect(fake.breaches).toEqual([]);
  });

  it('answers 503 with the reason when the gateway is gone', async () => {
    await world.fake.close();
    expect((await healthz(503)).body).toMatch(/^gateway: shard 0 is \w+\n$/);
    // Metrics still answer: a scrape is how the operator sees what is wrong.
    const metrics = await get('/metrics');
    expect(sample(metrics.body, 'olathe_gateway_connected')).toBe(0);
    expect(await world.bot.kill('SIGTERM')).toBe(0);
  });
});
