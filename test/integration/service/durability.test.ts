// What survives what: a restart mid-game, two connections racing for the same move, a failure (or a killed
// process) between two statements of a transaction. Real database files, real second connections.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, openTestStorage, sqlRow, testEngine } from '../../support/storage';
import type { ServiceHooks } from '../../../src/service/game-service';
import { GameService } from '../../../src/service/game-service';
import {
  BALUT,
  Clock,
  OLATHE,
  SMALL,
  autoStep,
  harness,
  playOut,
  removeTempDirs,
  riggedRng,
  snapshotOf,
  startedGame,
  tempDir,
  user,
  refusal,
} from './helpers';

afterAll(removeTempDirs);

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');
/** Node itself with the TypeScript loader: a signal that kills the script kills this very process. */
const NODE_TS = [process.execPath, '--import', 'tsx'] as const;

/** A second service on its own connection to the same file, with the same clock. */
async function secondConnection(file: string, clock: Clock, hooks?: ServiceHooks) {
  const storage = await openTestStorage(file);
  return { storage, service: new GameService(storage, { rng: riggedRng(99), now: clock.now, hooks }) };
}

/** Runs `other` once, between this service's read and its write: the other connection wins the race. */
function interleave(other: () => unknown): ServiceHooks {
  let done = false;
  return {
    async beforeWrite() {
      if (done) return;
      done = true;
      await other();
    },
  };
}

describe('a restart mid-game', () => {
  it('closing and reopening the file continues the game exactly where it was', async () => {
    const first = await harness();
    let view = await startedGame(first.service, ['ann', 'ben'], OLATHE);
    for (let i = 0; i < 25; i++) view = (await autoStep(first.service, view, view.state!.current, 2)).view;
    await first.service.recordShown(view.id, 'turn:1', '555', null);
    await first.storage.close();

    const again = await harness(first.file);
    const reread = (await again.service.game(view.id))!;
    expect(reread).toEqual(view.state ? { ...view, messages: { 'turn:1': '555' } } : view);
    expect((await again.service.openGameInChannel(view.channelId))!.id).toBe(view.id);
    const done = await playOut(again.service, reread, 3);
    expect(done.status).toBe('finished');
    expect(await again.service.replay(view.id)).toEqual(done.state);
    await again.storage.close();
  });
});

describe('two connections racing for the same move', () => {
  it('a double Throw from two connections: exactly one throw, the other is stale', async () => {
    const a = await harness();
    const view = await startedGame(a.service, ['ann', 'ben']);
    await a.service.declare(view.id, 'ann', 0);
    await a.service.throwDice(view.id, 'ann');
    const b = await secondConnection(a.file, a.clock);
    let bResult: Awaited<ReturnType<GameService['throwDice']>> | null = null;
    const racer = new GameService(a.storage, {
      rng: riggedRng(),
      now: a.clock.now,
      hooks: interleave(async () => (bResult = await b.service.throwDice(view.id, 'ann', '0.1'))),
    });
    expect((await refusal(() => racer.throwDice(view.id, 'ann', '0.1'))).code).toBe('stale');
    expect(bResult!.view.state!.players[0]!.turn.throwsUsed).toBe(2);
    const events = await sqlRow(a.storage, "SELECT COUNT(*) AS n FROM events WHERE game_id = $1 AND type = 'throw'", [
      view.id,
    ]);
    expect(events).toEqual({ n: 2 });
    expect((await a.service.game(view.id))!.state).toEqual(bResult!.view.state);
    await b.storage.close();
  });

  it('a conflict found at commit means reading again: a move without a stamp is judged on the new state', async () => {
    const a = await harness();
    const view = await startedGame(a.service, ['ann', 'ben']);
    await a.service.declare(view.id, 'ann', 0);
    await a.service.throwDice(view.id, 'ann');
    const b = await secondConnection(a.file, a.clock);
    const racer = new GameService(a.storage, {
      now: a.clock.now,
      hooks: interleave(() => b.service.write(view.id, 'ann', 0, 'choice')),
    });
    // ann's write already ended her turn; the same write again is now not her turn at all.
    await expect(racer.write(view.id, 'ann', 0, 'choice')).rejects.toThrow(/not your turn/);
    expect(
      await sqlRow(a.storage, "SELECT COUNT(*) AS n FROM events WHERE game_id = $1 AND type = 'write'", [view.id]),
    ).toEqual({ n: 1 });
    await b.storage.close();
  });

  it('Balut players moving at the same moment on two connections both get their move', async () => {
    const a = await harness();
    const view = await startedGame(a.service, ['ann', 'ben'], BALUT);
    await a.service.throwDice(view.id, 'ann');
    await a.service.throwDice(view.id, 'ben');
    const b = await secondConnection(a.file, a.clock);
    let attempts = 0;
    const racer = new GameService(a.storage, {
      now: a.clock.now,
      hooks: {
        beforeWrite: async (_id, attempt) => {
          attempts = attempt;
          if (attempt === 1) await b.service.write(view.id, 'ben', 1, 'choice');
        },
      },
    });
    const r = await racer.write(view.id, 'ann', 0, 'choice');
    expect(attempts).toBe(2);
    expect(r.view.state!.players.map((p) => p.turnsTaken)).toEqual([1, 1]);
    expect(await a.service.replay(view.id)).toEqual(r.view.state);
    await b.storage.close();
  });

  it('two starts, two joins for the last seat, two lobbies in one channel: one each wins', async () => {
    const a = await harness();
    const b = await secondConnection(a.file, a.clock);
    // Two /start in one channel at once: the unique index on open games decides.
    const racer = new GameService(a.storage, {
      now: a.clock.now,
      hooks: interleave(() => b.service.openLobby({ guildId: 'g', channelId: 'c', host: user('bo'), options: OLATHE })),
    });
    expect(
      (await refusal(() => racer.openLobby({ guildId: 'g', channelId: 'c', host: user('al'), options: OLATHE }))).code,
    ).toBe('channel-busy');
    const lobby = (await a.service.openGameInChannel('c'))!;
    expect(lobby.hostId).toBe('bo');
    for (let i = 1; i < 7; i++) await a.service.join(lobby.id, user(`p${i}`));
    const joiner = new GameService(a.storage, {
      now: a.clock.now,
      hooks: interleave(() => b.service.join(lobby.id, user('late1'))),
    });
    expect((await refusal(() => joiner.join(lobby.id, user('late2')))).code).toBe('lobby-full');
    const starter = new GameService(a.storage, {
      now: a.clock.now,
      hooks: interleave(() => b.service.start(lobby.id, 'bo')),
    });
    expect((await refusal(() => starter.start(lobby.id, 'bo'))).code).toBe('not-in-lobby');
    expect((await a.service.game(lobby.id))!.players).toHaveLength(8);
    await b.storage.close();
  });

  it('the turn clock and a last-second move: the move wins, the clock finds nothing due', async () => {
    const a = await harness();
    const view = await startedGame(a.service, ['ann', 'ben'], SMALL);
    await a.service.declare(view.id, 'ann', 0);
    await a.service.throwDice(view.id, 'ann');
    const due = a.clock.t + 600_000;
    const b = await secondConnection(a.file, new Clock(due - 1)); // ann writes a millisecond before her deadline
    const clock = new GameService(a.storage, {
      now: a.clock.now,
      hooks: interleave(() => b.service.write(view.id, 'ann', 0, 'choice')),
    });
    expect(await clock.expireTurns(due)).toEqual([]);
    const state = (await a.service.game(view.id))!.state!;
    expect(state.players[0]!.consecutiveTimeouts).toBe(0);
    expect(state.players[0]!.card.columns[0]!.cells.choice).not.toBeNull();
    await b.storage.close();
  });

  it('the event key itself refuses a second event at the same version', async () => {
    const { storage, service } = await harness();
    const view = await startedGame(service, ['ann']);
    await service.declare(view.id, 'ann', 0);
    await expect(
      sqlRow(storage, "INSERT INTO events (game_id, seq, at, type, seat, col) VALUES ($1, 1, 0, 'declare', 0, 1)", [
        view.id,
      ]),
    ).rejects.toThrow(
      testEngine() === 'postgres'
        ? /duplicate key value violates unique constraint "events_pkey"/
        : /UNIQUE constraint failed: events.game_id, events.seq/,
    );
  });

  it('two processes clicking the same Throw in 40 games: each game gets exactly one throw', async () => {
    const a = await harness();
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const view = await startedGame(a.service, ['ann', 'ben']);
      await a.service.declare(view.id, 'ann', 0);
      await a.service.throwDice(view.id, 'ann');
      ids.push(view.id);
    }
    const go = path.join(tempDir(), 'go');
    const script = path.join(here, 'fixtures', 'race-child.ts');
    const env = await childEnv(); // the child opens the same database on the same engine
    const run = () =>
      new Promise<{ engine: string; won: number; stale: number; retries: number }>((resolve, reject) => {
        const child = spawn(NODE_TS[0], [...NODE_TS.slice(1), script, a.file, go, ids.join(',')], {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (err += d));
        child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err))));
      });
    const racers = [run(), run()];
    // Both processes up and spinning (each says so with a file beside `go`), or one has failed.
    const ready = () => fs.readdirSync(path.dirname(go)).filter((f) => f.endsWith('.ready')).length;
    const failed = Promise.race(racers).then(() => {});
    failed.catch(() => {}); // awaited below while it matters; later failures are Promise.all's
    for (let waited = 0; ready() < 2; waited += 20) {
      if (waited > 20_000) throw new Error('the racing processes did not start within 20 s');
      await Promise.race([new Promise((r) => setTimeout(r, 20)), failed]);
    }
    fs.writeFileSync(go, '');
    const [one, two] = await Promise.all(racers);
    expect([one!.engine, two!.engine]).toEqual([testEngine(), testEngine()]);
    expect(one!.won + two!.won).toBe(40);
    expect(one!.stale + two!.stale).toBe(40);
    for (const id of ids) {
      expect(
        await sqlRow(a.storage, "SELECT COUNT(*) AS n FROM events WHERE game_id = $1 AND type = 'throw'", [id]),
      ).toEqual({ n: 2 });
      expect(await a.service.replay(id)).toEqual((await a.service.game(id))!.state);
    }
  }, 30_000);
});

describe('a failure between two statements of a transaction', () => {
  /** Fails the action at its 1st, 2nd, … statement until it gets through; nothing may be left behind. */
  async function everyCrashPoint(
    setup: (
      service: GameService,
    ) =>
      | { gameId: number | null; act: (service: GameService) => unknown }
      | Promise<{ gameId: number | null; act: (service: GameService) => unknown }>,
  ) {
    const { storage, clock, file } = await harness();
    const games = () => sqlRow(storage, 'SELECT COUNT(*) AS n FROM games');
    let labels: string[] = [];
    for (let failAt = 1; ; failAt++) {
      let count = 0;
      const faulty = new GameService(storage, {
        rng: riggedRng(5),
        now: clock.now,
        hooks: {
          afterStatement(label) {
            labels.push(label);
            if (++count === failAt) throw new Error(`power cut after ${label}`);
          },
        },
      });
      const plain = new GameService(storage, { rng: riggedRng(5), now: clock.now });
      const { gameId, act } = await setup(plain);
      const before = gameId === null ? await games() : await snapshotOf(storage, gameId);
      labels = [];
      try {
        await act(faulty);
      } catch (error) {
        expect((error as Error).message).toMatch(/power cut/);
        expect(gameId === null ? await games() : await snapshotOf(storage, gameId)).toEqual(before);
        continue;
      }
      expect(failAt).toBe(labels.length + 1); // it got through once every statement had been failed
      return { labels, file };
    }
  }

  it('opening a lobby', async () => {
    const { labels } = await everyCrashPoint(() => ({
      gameId: null,
      act: (s) => s.openLobby({ guildId: 'g', channelId: `c${Math.random()}`, host: user('h'), options: OLATHE }),
    }));
    expect(labels).toEqual(['insert game', 'insert host']);
  });

  it('joining, leaving (with seats renumbered), starting', async () => {
    let channel = 0;
    const lobbyOf = async (s: GameService) => {
      const view = await s.openLobby({ guildId: 'g', channelId: `l${++channel}`, host: user('h'), options: OLATHE });
      await s.join(view.id, user('a'));
      await s.join(view.id, user('b'));
      return view.id;
    };
    expect(
      (
        await everyCrashPoint(async (s) => {
          const id = await lobbyOf(s);
          return { gameId: id, act: (f: GameService) => f.join(id, user('c')) };
        })
      ).labels,
    ).toEqual(['save game', 'insert player']);
    expect(
      (
        await everyCrashPoint(async (s) => {
          const id = await lobbyOf(s);
          return { gameId: id, act: (f: GameService) => f.leave(id, 'h') };
        })
      ).labels,
    ).toEqual(['save game', 'delete player', 'renumber seats']);
    expect(
      (
        await everyCrashPoint(async (s) => {
          const id = await lobbyOf(s);
          return { gameId: id, act: (f: GameService) => f.start(id, 'h') };
        })
      ).labels,
    ).toEqual(['save game']);
  });

  it('the last write of a game: state, event, seats and results all or nothing', async () => {
    let channel = 0;
    const { labels } = await everyCrashPoint(async (s) => {
      // ben predicts and quits; ann plays on until one write is left.
      let view = await startedGame(s, ['ann', 'ben'], SMALL, { channelId: `w${++channel}` });
      await s.predict(view.id, 'ben', 0);
      view = (await s.quit(view.id, 'ben')).view;
      while (view.state!.players[0]!.turnsTaken < 13 || view.state!.players[0]!.turn.dice === null)
        view = (await autoStep(s, view, 0)).view;
      const id = view.id;
      return { gameId: id, act: async (f: GameService) => autoStep(f, (await f.game(id))!, 0) };
    });
    // The ended turn's log line is saved with the write, in the same transaction.
    expect(labels).toEqual(['save game', 'insert write', 'update players', 'save results', 'insert outbox']);
  });

  it('a timed-out Balut round', async () => {
    let channel = 0;
    let previous: number | null = null;
    const { labels } = await everyCrashPoint(async (s) => {
      if (previous !== null) await s.end(previous, 'ann', { canManage: false }); // only this attempt's game is due
      const view = await startedGame(s, ['ann', 'ben'], BALUT, { channelId: `t${++channel}` });
      previous = view.id;
      return { gameId: view.id, act: (f: GameService) => f.expireTurns(Date.now() + 10 ** 12) };
    });
    expect(labels).toEqual(['save game', 'insert timeout', 'insert timeout', 'update players', 'insert outbox']);
  });

  it('a process killed in the middle of a commit leaves the game as it was before the move', async () => {
    const { service, storage, file } = await harness();
    let view = await startedGame(service, ['ann'], SMALL);
    while (view.state!.players[0]!.turnsTaken < 13 || view.state!.players[0]!.turn.dice === null)
      view = (await autoStep(service, view, 0)).view;
    const before = await snapshotOf(storage, view.id);
    await storage.close();
    const env = await childEnv(); // the child opens the same database on the same engine
    for (const label of ['save game', 'insert write', 'save results']) {
      const child = spawnSync(
        NODE_TS[0],
        [...NODE_TS.slice(1), path.join(here, 'fixtures', 'crash-child.ts'), file, String(view.id), label],
        { cwd: ROOT, env, encoding: 'utf8' },
      );
      expect(child.stderr).toBe('');
      expect(child.signal).toBe('SIGKILL');
      expect(child.stdout).not.toContain('survived');
      const reopened = await openTestStorage(file);
      expect(await snapshotOf(reopened, view.id)).toEqual(before);
      await reopened.close();
    }
    const reopened = await openTestStorage(file);
    const finished = await autoStep(new GameService(reopened), (await new GameService(reopened).game(view.id))!, 0);
    expect(finished.finished).toBe(true);
    await reopened.close();
  }, 30_000);
});
