// Every seat clicking at the same instant: eight Balut players throw, hold, throw and write together, every turn
// to the end, in one process and split over two processes on one database. No legal click may be refused (the
// moves of one game queue in a process; races between processes are read again and decided again), the game
// must finish, and every cell must be written once. Runs on both engines (vitest.config.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, sql } from '../../support/storage';
import type { GameService, GameView } from '../../../src/service/game-service';
import { BALUT, harness, removeTempDirs, startedGame } from './helpers';
import { RACE_LIMIT } from '../../../src/service/service-core';
import { MESSAGES } from '../../../src/service/errors';
import type { SeatOutcome, Wave } from './seat-waves';
import { WAVES, clickTogether, seatsInPlay } from './seat-waves';

afterAll(removeTempDirs);

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');
const EIGHT = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'];

/** Each seat's written cells, counted: every one of the 28 of each card exactly once. */
async function writesPerCell(service: GameService, gameId: number): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const event of await service.events(gameId))
    if (event.type === 'write') {
      const key = `${event.seat}:${event.column}:${event.category}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  return counts;
}

async function expectFinishedOnce(service: GameService, gameId: number): Promise<void> {
  const done = (await service.game(gameId))!;
  expect(done.status).toBe('finished');
  const cells = await writesPerCell(service, gameId);
  expect(cells.size).toBe(8 * 28);
  expect([...cells.values()].every((n) => n === 1)).toBe(true);
  expect(await service.replay(gameId)).toEqual(done.state);
}

/**
 * Plays the game to its end in waves, each seat clicking on the card of the wave's start; `together` makes one
 * wave's clicks (all in this process, or split). Returns every refusal.
 */
async function playInWaves(
  service: GameService,
  gameId: number,
  together: (view: GameView, seats: number[], wave: Wave) => Promise<SeatOutcome[]>,
): Promise<SeatOutcome[]> {
  const refusals: SeatOutcome[] = [];
  for (let round = 0; round < 40; round++) {
    for (const wave of WAVES) {
      const view = (await service.game(gameId))!;
      const seats = seatsInPlay(view);
      if (seats.length === 0) return refusals;
      refusals.push(...(await together(view, seats, wave)).filter((o) => o.refused));
    }
  }
  return refusals;
}

describe('eight Balut seats clicking at the same instant', () => {
  it('in one process: no click refused, every turn to the end, each cell written once', async () => {
    const { service } = await harness();
    const view = await startedGame(service, EIGHT, BALUT);
    const refusals = await playInWaves(service, view.id, (v, seats, wave) => clickTogether(service, v, seats, wave));
    expect(refusals).toEqual([]);
    await expectFinishedOnce(service, view.id);
  }, 120_000);

  it('split over two processes on one database: no click refused, each cell written once', async () => {
    const { service, file, storage } = await harness();
    const view = await startedGame(service, EIGHT, BALUT);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures', 'seats-child.ts'), file], {
      cwd: ROOT,
      env: await childEnv(),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const answers: Array<(outcomes: SeatOutcome[]) => void> = [];
    child.on('message', (outcomes) => answers.shift()?.(outcomes as SeatOutcome[]));
    // A child that died answers every wave it owes with a refusal, so the test fails at once instead of waiting.
    child.on('exit', (code) => {
      for (const answer of answers.splice(0)) answer([{ seat: -1, refused: { code: 'exit', message: `${code}` } }]);
    });
    await new Promise<void>((resolve) => child.once('message', () => resolve()));
    let raced = 0;
    try {
      const refusals = await playInWaves(service, view.id, async (v, seats, wave) => {
        // The odd seats are clicked in the other process, at the same instant as the even ones here.
        const theirs = seats.filter((s) => s % 2 === 1);
        const answered = new Promise<SeatOutcome[]>((resolve) => answers.push(resolve));
        child.send({ gameId: v.id, seats: theirs, wave, view: v });
        const mine = clickTogether(
          service,
          v,
          seats.filter((s) => s % 2 === 0),
          wave,
        );
        const both = [...(await mine), ...(await answered)];
        raced++;
        return both;
      });
      expect(refusals).toEqual([]);
      expect(raced).toBeGreaterThan(100);
      await expectFinishedOnce(service, view.id);
      // Both processes' moves are in the game: each wrote its own seats' cells.
      const seats = await sql(storage, "SELECT DISTINCT seat FROM events WHERE game_id = $1 AND type = 'write'", [
        view.id,
      ]);
      expect(seats).toHaveLength(8);
    } finally {
      child.kill();
    }
  }, 180_000);

  it('a move queued behind one held up past the limit is refused as busy, in time for Discord', async () => {
    let stall = true;
    const hooks = {
      // The first move waits as one would for a database out of reach; the others queue behind it.
      beforeWrite: async () => {
        if (stall) await new Promise((resolve) => setTimeout(resolve, RACE_LIMIT.ms + 200));
        stall = false;
      },
    };
    const { service } = await harness(undefined, { hooks });
    const view = await startedGame(service, EIGHT.slice(0, 3), BALUT);
    stall = true;
    const started = performance.now();
    const outcomes = await clickTogether(service, view, [0, 1, 2], 'throw');
    expect(outcomes.map((o) => o.refused?.code ?? null)).toEqual([null, 'busy', 'busy']);
    // Answered when the held-up move ended, not one hold-up after another.
    expect(performance.now() - started).toBeLessThan(2 * RACE_LIMIT.ms);
    expect(outcomes[1]!.refused!.message).toBe(MESSAGES.busy);
  });
});
