// The service bench's throughput (service.bench.ts): a service on a fresh SQLite file in a temp folder, ACTIONS
// actions spread over GAMES games in play, each timed; and, for scale, the same count of bare better-sqlite3
// transactions doing a service action's least (read the game, write it back, insert its event).
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seededRng } from '../../src/game';
import type { GameService, GameView } from '../../src/service/game-service';
import { Latencies, click, newTable } from '../support/service-player';

export const GAMES = 1_000;
export const ACTIONS = 100_000;

/** A service implementation to measure: this tree's, or a baseline commit's. */
export interface ServiceImpl {
  label: string;
  /** A service on the file, and how to close what it opened. (A baseline's service may answer synchronously.) */
  open: (file: string) => { service: GameService; close: () => unknown };
}

/** A path in a temp folder of its own, which removeDb removes with the database's WAL files. */
export function tempFile(name: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'olathe-bench-')), name);
}

export function removeDb(file: string): void {
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function bareBaseline(stateBytes: string, checkpointPages: number): { rate: number; p99: number } {
  const file = tempFile('bare.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`wal_autocheckpoint = ${checkpointPages}`); // the service's own setting: like for like
  db.exec(`CREATE TABLE g (id INTEGER PRIMARY KEY, version INTEGER NOT NULL, state TEXT NOT NULL);
           CREATE TABLE e (game_id INTEGER NOT NULL, seq INTEGER NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (game_id, seq)) WITHOUT ROWID;`);
  const insertGame = db.prepare('INSERT INTO g (id, version, state) VALUES (?, 0, ?)');
  db.transaction(() => {
    for (let i = 1; i <= GAMES; i++) insertGame.run(i, stateBytes);
  })();
  const read = db.prepare<[number], { version: number; state: string }>('SELECT version, state FROM g WHERE id = ?');
  const update = db.prepare('UPDATE g SET version = ?, state = ? WHERE id = ? AND version = ?');
  const insertEvent = db.prepare('INSERT INTO e (game_id, seq, payload) VALUES (?, ?, ?)');
  const action = db.transaction((id: number) => {
    const row = read.get(id)!;
    update.run(row.version + 1, row.state, id, row.version);
    insertEvent.run(id, row.version + 1, '{"type":"throw","seat":0,"dice":[1,2,3,4,5]}');
  });
  const time = new Latencies();
  const start = performance.now();
  for (let i = 0; i < ACTIONS; i++) time.time(() => action.immediate((i % GAMES) + 1));
  const seconds = (performance.now() - start) / 1000;
  db.close();
  removeDb(file);
  return { rate: ACTIONS / seconds, p99: time.percentileMs(99) };
}

export interface Throughput {
  rate: number;
  cpuRate: number;
  p99: number;
  p50: number;
  mean: number;
  finished: number;
  stateBytes: number;
}

export async function serviceThroughput(impl: ServiceImpl, actions = ACTIONS): Promise<Throughput> {
  const file = tempFile('service.sqlite');
  const { service, close } = impl.open(file);
  const pick = seededRng('service bench');
  const setup = new Latencies();
  const tables: GameView[] = [];
  for (let i = 0; i < GAMES; i++) tables.push(await newTable(service, pick, 'bench-guild', setup));
  const time = new Latencies();
  let finished = 0;
  let stateBytes = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; time.count < actions; i++) {
    const slot = i % GAMES;
    let view = tables[slot]!;
    if (view.status !== 'playing') {
      finished++;
      view = await newTable(service, pick, 'bench-guild', time);
    } else {
      view = await time.timed(() => click(service, view, pick));
    }
    tables[slot] = view;
    if (i === actions / 2) stateBytes = tables.reduce((n, t) => n + JSON.stringify(t.state).length, 0) / GAMES;
  }
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  await close();
  removeDb(file);
  const cpuSeconds = (used.user + used.system) / 1e6;
  return {
    rate: time.count / seconds,
    cpuRate: time.count / cpuSeconds,
    p99: time.percentileMs(99),
    p50: time.percentileMs(50),
    mean: time.meanMs(),
    finished,
    stateBytes,
  };
}
