// Migration 0009 on games that were over before it: what it works out from their stored cells and results
// (each seat's incentives met, where the seat counts, the all-time totals) must be exactly what the service
// now writes when a game ends. Games are played through today's service, copied into a database at schema
// 0008 (the columns that schema has), and that database is then migrated.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { declarableColumns, scoreCell, seatsToAct, seededRng, writableCells } from '../../../src/game';
import type { GameService, GameView } from '../../../src/service/game-service';
import { turnStamp } from '../../../src/service/game-service';
import { openDatabase } from '../../../src/db/sqlite/open';
import { openSqliteTestStorage, sql } from '../../support/storage';
import type { SqliteStorage } from '../../../src/db/sqlite/storage';
import { loadMigrations } from '../../../src/db/sqlite/migrate';
import { BALUT, OLATHE, harness, removeTempDirs, tempDbPath } from './helpers';

afterAll(removeTempDirs);

const TABLES = ['games', 'players', 'events', 'daily_attempts'] as const;
const GOOD = [
  [6, 6, 6, 6, 6],
  [5, 5, 5, 5, 5],
  [4, 4, 4, 4, 4],
  [1, 2, 3, 4, 5],
  [2, 3, 4, 5, 6],
  [2, 2, 3, 3, 3],
  [6, 6, 6, 5, 5],
];

/** Declares, throws up to `throws` times, then writes the legal cell that scores most: incentives get met. */
async function greedyStep(service: GameService, view: GameView, seat: number, throws: number): Promise<GameView> {
  const state = view.state!;
  const player = state.players[seat]!;
  const userId = view.players[seat]!.userId;
  const stamp = turnStamp(player);
  if (state.options.variant === 'olathe' && player.turn.column === null)
    return (await service.declare(view.id, userId, declarableColumns(state, seat)[0]!, stamp)).view;
  if (player.turn.dice === null || player.turn.throwsUsed < Math.min(throws, state.options.throwsPerTurn))
    return (await service.throwDice(view.id, userId, stamp)).view;
  const dice = player.turn.dice;
  const best = writableCells(state, seat).reduce((a, b) =>
    scoreCell(b.category, dice) > scoreCell(a.category, dice) ? b : a,
  );
  return (await service.write(view.id, userId, best.column, best.category, stamp)).view;
}

function columns(db: Database.Database, table: string): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map((c) => c.name);
}

describe('migration 0009 on games over before it', () => {
  it('gives every seat the incentives, counting and totals the service gives a game that ends now', async () => {
    const h = await harness(tempDbPath(), { seed: 11 });
    const { service } = h;
    const pick = seededRng('stats migration');
    let channel = 0;
    // Games played by a player who throws up to three times and writes a random legal cell: every incentive
    // comes up in some. Two servers, both variants, a computer player, one game stopped early, a daily game.
    for (let g = 0; g < 24; g++) {
      const options = g % 3 === 2 ? BALUT : OLATHE;
      let view = await service.openLobby({
        guildId: g % 4 === 3 ? 'H' : 'G',
        channelId: `m-${++channel}`,
        host: { id: 'ann', name: `Ann ${g}` },
        options,
      });
      view = await service.join(view.id, { id: 'ben', name: 'Ben' });
      if (g % 5 === 1) view = await service.addBot(view.id, 'ann', 'easy');
      view = await service.start(view.id, 'ann');
      // Every other game gets good dice, so that every incentive is met somewhere.
      if (g % 2 === 0) for (let k = 0; k < 150; k++) h.rng.push(GOOD[(g + k) % GOOD.length]!);
      for (let step = 0; view.status === 'playing'; step++) {
        if (g === 7 && step === 40) {
          view = (await service.end(view.id, 'ann', { canManage: true })).view;
          break;
        }
        const people = seatsToAct(view.state!).filter((seat) => view.players[seat]!.isBot !== true);
        if (people.length === 0) {
          // Only the computer player can act: its next step is due after a short pause.
          h.clock.advance(5_000);
          await service.expireTurns();
          view = (await service.game(view.id))!;
          continue;
        }
        view = await greedyStep(service, view, people[pick.face() % people.length]!, 1 + (pick.face() % 3));
      }
      h.clock.advance(3_600_000);
    }
    const daily = await service.startDaily({
      guildId: 'G',
      channelId: `m-${++channel}`,
      user: { id: 'ann', name: 'Ann' },
    });
    let view = daily;
    while (view.status === 'playing') view = await greedyStep(service, view, 0, 2);

    const seatsNow =
      'SELECT game_id, seat, incentives_met, stats_guild_id, stats_variant, stats_at FROM players ORDER BY 1, 2';
    const totalsNow = 'SELECT * FROM player_totals ORDER BY guild_id, variant, user_id';
    const written = { seats: await sql(h.storage, seatsNow), totals: await sql(h.storage, totalsNow) };
    const incentives = new Set((written.seats as { incentives_met: number | null }[]).map((s) => s.incentives_met));
    // Every incentive met somewhere, in several combinations.
    expect(incentives.size).toBeGreaterThan(6);
    expect([...incentives].reduce((all: number, bits) => all | (bits ?? 0), 0)).toBe(63);
    expect((written.totals as { user_id: string }[]).map((t) => t.user_id)).toContain('bot:easy');
    (h.storage as SqliteStorage).db.pragma('wal_checkpoint(TRUNCATE)');

    // The same rows in a database at schema 0008, then migrated as the bot does at start-up.
    const old = tempDbPath();
    openDatabase(old, { migrations: loadMigrations().filter((m) => m.version <= 8) }).close();
    const copy = new Database(old);
    copy.exec(`ATTACH DATABASE '${h.file}' AS played`);
    for (const table of TABLES) {
      const list = columns(copy, table).join(', ');
      copy.exec(`INSERT INTO main.${table} (${list}) SELECT ${list} FROM played.${table}`);
    }
    copy.exec('DETACH DATABASE played');
    expect(columns(copy, 'players')).not.toContain('incentives_met');
    copy.close();
    const migrated = openSqliteTestStorage(old);
    expect(await sql(migrated, seatsNow)).toEqual(written.seats);
    expect(await sql(migrated, totalsNow)).toEqual(written.totals);
    await migrated.close();
    await h.storage.close();
  });
});
