// `npm run backup`: a copy of the database made while another connection keeps writing to it (as the live
// bot does), restored as docs/HOSTING.md says, opens with every game that was there and each game's snapshot equal
// to the replay of its events (one committed state, not a mix). And its refusals, one line each.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestStorage } from '../support/storage';
import { GameService } from '../../src/service/game-service';
import type { GameView } from '../../src/service/game-service';
import { spawnScript } from '../support/project';
import { SMALL, autoStep, harness, playOut, removeTempDirs, startedGame, tempDir } from './service/helpers';

afterAll(removeTempDirs);

function backup(
  args: string[],
  databasePath: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child: ChildProcess = spawnScript('src/cli/backup.ts', args, {
    // DATABASE_URL blank: SQLite, whatever engine the test run itself is given.
    env: { ...process.env, DATABASE_URL: '', DATABASE_PATH: databasePath, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin!.end();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** docs/HOSTING.md's restore: with the bot stopped, the copy replaces the file, and the old WAL files go. */
function restore(copy: string, databasePath: string): void {
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${databasePath}${suffix}`, { force: true });
  fs.copyFileSync(copy, databasePath);
}

describe('npm run backup', () => {
  it('copies the live database while it is written to; the restored copy has every game, each consistent', async () => {
    const live = await harness();
    // Some history, so the copy has something to be consistent about.
    for (let i = 0; i < 40; i++) await playOut(live.service, await startedGame(live.service, ['ann', 'ben'], SMALL));
    let current: GameView = await startedGame(live.service, ['ann', 'ben'], SMALL);
    const before = new Set(await gameIds(live.service));

    // The writer: a move every millisecond, across processes from the backup, until it is done.
    let moves = 0;
    // One move at a time: a tick while the last move is still under way waits for the next.
    let writing = null as Promise<void> | null;
    const writer = setInterval(() => {
      writing ??= (async () => {
        if (current.status !== 'playing') current = await startedGame(live.service, ['ann', 'ben'], SMALL);
        current = (await autoStep(live.service, current, current.state!.current)).view;
        moves++;
      })().finally(() => (writing = null));
    }, 1);
    const target = path.join(tempDir(), 'nested', 'copy.sqlite');
    let run;
    try {
      run = await backup([target], live.file);
    } finally {
      clearInterval(writer);
      await writing;
    }
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^backed up ${escape(live.file)} to ${escape(target)} \\(\\d+\\.\\d MB, schema version \\d+, \\d+ ms\\)\\n$`,
      ),
    );
    expect(moves).toBeGreaterThan(0);
    const liveGames = (await gameIds(live.service)).length;
    await live.storage.close();

    restore(target, live.file);
    const db = await openTestStorage(live.file);
    try {
      const restored = new GameService(db);
      const ids = new Set(await gameIds(restored));
      for (const id of before) expect(ids.has(id)).toBe(true);
      expect(ids.size).toBeLessThanOrEqual(liveGames);
      for (const id of ids) {
        const game = (await restored.game(id))!;
        if (game.state) expect(await restored.replay(id)).toEqual(game.state);
      }
    } finally {
      await db.close();
    }
  }, 60_000);

  it('refuses to overwrite a file unless told to, and says so in one line', async () => {
    const live = await harness();
    await startedGame(live.service, ['ann'], SMALL);
    const target = path.join(tempDir(), 'copy.sqlite');
    fs.writeFileSync(target, 'yesterday');
    const refused = await backup([target], live.file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `olathe backup: ${target} already exists: name a new file, or add --force to replace it.\n`,
    );
    expect(fs.readFileSync(target, 'utf8')).toBe('yesterday');
    const forced = await backup([target, '--force'], live.file);
    expect(forced.code).toBe(0);
    await live.storage.close();
    const db = await openTestStorage(target);
    expect(await new GameService(db).openGameIds()).toHaveLength(1);
    await db.close();
  }, 30_000);

  it('one line for a missing file argument (exit 2) and for a database that is not there (exit 1)', async () => {
    const usage = await backup([], path.join(tempDir(), 'x.sqlite'));
    expect(usage).toMatchObject({ code: 2, stdout: '' });
    expect(usage.stderr).toBe(
      'olathe backup: usage: npm run backup -- <file> [--force] (--force replaces an existing file)\n',
    );
    const nowhere = path.join(tempDir(), 'none.sqlite');
    const missing = await backup([path.join(tempDir(), 'copy.sqlite')], nowhere);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toBe(
      `olathe backup: DATABASE_PATH: there is no database at ${nowhere}; set DATABASE_PATH as the bot has it.\n`,
    );
  }, 30_000);

  it('with DATABASE_URL (PostgreSQL) says to use pg_dump, without the password, and touches no SQLite file', async () => {
    const dir = tempDir();
    const databasePath = path.join(dir, 'olathe.sqlite');
    for (const args of [[], [path.join(dir, 'copy.sqlite')]]) {
      const run = await backup(args, databasePath, {
        DATABASE_URL: 'postgres://olathe:s3cr%40t-pw@db.example:5432/olathe',
      });
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toBe(
        "The bot's database is PostgreSQL (DATABASE_URL=postgres://olathe:***@db.example:5432/olathe): this command backs up SQLite only, and touched nothing.",
      );
      expect(lines[1]).toMatch(/^Back PostgreSQL up with pg_dump while the bot runs, e\.g\. pg_dump .*pg_restore/);
      expect(run.stdout).not.toMatch(/s3cr/);
    }
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 30_000);
});

/** Every game's id: they are numbered from 1 and never deleted. */
async function gameIds(service: GameService): Promise<number[]> {
  const ids: number[] = [];
  for (let id = 1; await service.game(id); id++) ids.push(id);
  return ids;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
