// Shared test fixtures: real database files in a temp folder, a hand-driven clock, dice the test chooses,
// and a simple player who always makes some legal move.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Category, GameOptions, Rng } from '../../../src/game';
import { seededRng, writableCells, declarableColumns } from '../../../src/game';
import type { NewGame } from '../../../src/db/rows';
import type { Storage } from '../../../src/db/storage';
import type { TestStorage } from '../../support/storage';
import { closeTestStorages, openTestStorage, sql, sqlRow } from '../../support/storage';
import type { ActionResult, GameView, ServiceHooks, ServiceOptions } from '../../../src/service/game-service';
import { GameService, ServiceError, turnStamp } from '../../../src/service/game-service';
import { expect } from 'vitest';

export const OLATHE: GameOptions = {
  variant: 'olathe',
  columns: ['free', 'free', 'down', 'up'],
  throwsPerTurn: 3,
  predictions: true,
};
export const BALUT: GameOptions = {
  variant: 'balut',
  columns: ['free', 'free', 'free', 'free'],
  throwsPerTurn: 3,
  predictions: false,
};
/** The smallest card (14 cells) and one throw a turn: games short enough to compute by hand. */
export const SMALL: GameOptions = { variant: 'olathe', columns: ['free', 'free'], throwsPerTurn: 1, predictions: true };

const made: string[] = [];

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olathe-test-'));
  made.push(dir);
  return dir;
}

/** Closes the tests' storages (a PostgreSQL pool holds server connections), then removes their folders. */
export async function removeTempDirs(): Promise<void> {
  await closeTestStorages();
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export function tempDbPath(): string {
  return path.join(tempDir(), 'olathe.sqlite');
}

export class Clock {
  constructor(public t = 1_700_000_000_000) {}
  now = (): number => this.t;
  advance(ms: number): number {
    this.t += ms;
    return this.t;
  }
}

/** Dice the test queues up (five faces a throw); when the queue is empty, seeded random faces. */
export function riggedRng(seed = 7): Rng & { push(...throws: number[][]): void; left(): number } {
  const queue: number[] = [];
  const fallback = seededRng(seed);
  return {
    face: () => (queue.length ? queue.shift()! : fallback.face()) as ReturnType<Rng['face']>,
    push: (...throws) => {
      for (const t of throws) queue.push(...t);
    },
    left: () => queue.length,
  };
}

export interface Harness {
  storage: TestStorage;
  service: GameService;
  clock: Clock;
  rng: ReturnType<typeof riggedRng>;
  file: string;
}

export async function harness(
  file = tempDbPath(),
  options: { clock?: Clock; hooks?: ServiceHooks; seed?: number } & Pick<
    ServiceOptions,
    'botStepMs' | 'onBotError' | 'lobbyExpiryMs'
  > = {},
): Promise<Harness> {
  const storage = await openTestStorage(file);
  const clock = options.clock ?? new Clock();
  const rng = riggedRng(options.seed);
  const service = new GameService(storage, {
    rng,
    now: clock.now,
    hooks: options.hooks,
    botStepMs: options.botStepMs,
    onBotError: options.onBotError,
    lobbyExpiryMs: options.lobbyExpiryMs,
  });
  return { storage, service, clock, rng, file };
}

export const user = (id: string, name = id.toUpperCase()) => ({ id, name });

let channelCounter = 0;

/** A started game with these players (the first hosts), in a fresh channel unless given. */
export async function startedGame(
  service: GameService,
  userIds: string[],
  options: GameOptions = OLATHE,
  where: { guildId?: string; channelId?: string; turnTimeoutMs?: number; threads?: boolean } = {},
): Promise<GameView> {
  const [host, ...others] = userIds;
  let view = await service.openLobby({
    guildId: where.guildId ?? 'guild-1',
    channelId: where.channelId ?? `channel-${++channelCounter}`,
    host: user(host!),
    options,
    turnTimeoutMs: where.turnTimeoutMs,
    ...(where.threads === undefined ? {} : { threads: where.threads }),
  });
  for (const id of others) view = await service.join(view.id, user(id));
  return service.start(view.id, host!);
}

/** One legal move for a seat that may act: declare the leftmost open column, throw, or write the first legal cell. */
export async function autoStep(
  service: GameService,
  view: GameView,
  seat: number,
  maxThrows = 1,
): Promise<ActionResult> {
  const state = view.state!;
  const player = state.players[seat]!;
  const userId = view.players[seat]!.userId;
  const stamp = turnStamp(player);
  if (state.options.variant === 'olathe' && player.turn.column === null) {
    return service.declare(view.id, userId, declarableColumns(state, seat)[0]!, stamp);
  }
  if (player.turn.throwsUsed < Math.min(maxThrows, state.options.throwsPerTurn))
    return service.throwDice(view.id, userId, stamp);
  const cell = writableCells(state, seat)[0]!;
  return service.write(view.id, userId, cell.column, cell.category as Category, stamp);
}

/** Plays every remaining move with autoStep (Balut: the seats in turn) until the game is over. */
export async function playOut(service: GameService, view: GameView, maxThrows = 1): Promise<GameView> {
  while (view.status === 'playing') {
    const state = view.state!;
    const seat =
      state.options.variant === 'olathe'
        ? state.current
        : state.players.findIndex((p, i) => !p.left && writableOrThrowable(view, i));
    view = (await autoStep(service, view, seat, maxThrows)).view;
  }
  return view;
}

function writableOrThrowable(view: GameView, seat: number): boolean {
  const p = view.state!.players[seat]!;
  return p.card.columns.some((c) => Object.values(c.cells).some((d) => d === null));
}

/** Row counts of every table: equal before and after a refused action means nothing was written. */
export async function snapshotOf(where: Storage | string, gameId: number): Promise<unknown> {
  return {
    game: await sqlRow(where, 'SELECT * FROM games WHERE id = $1', [gameId]),
    players: await sql(where, 'SELECT * FROM players WHERE game_id = $1 ORDER BY seat', [gameId]),
    events: await sql(where, 'SELECT * FROM events WHERE game_id = $1 ORDER BY seq', [gameId]),
    outbox: await sql(where, 'SELECT * FROM outbox WHERE game_id = $1 ORDER BY id', [gameId]),
  };
}

/** The ServiceError that `run` throws (the test fails if it throws anything else, or nothing). */
export async function refusal(run: () => unknown): Promise<ServiceError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('expected a ServiceError');
}

/** A lobby's row, for the tests that call a Storage directly. */
export const lobby = (channel: string): NewGame => ({
  guild_id: 'g',
  channel_id: channel,
  variant: 'olathe',
  options: OLATHE,
  turn_timeout_ms: 600_000,
  host_id: 'ann',
  created_at: 1,
  thread_mode: 0,
  next_deadline: 10,
  locale: 'en',
});

/** A promise the test settles when it chooses. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
