// The tournaments of the watched games, as the live games keep them: whether a game is a table is read once, the
// tournament again only when this process changed it, when the board's own game ends (its results went into the
// tournament in the same commit, on whichever host), or at a change a minute after the last read (other hosts'
// changes). A change heard during a read makes the next board read again; a failed read keeps what was kept.
import { describe, expect, it } from 'vitest';
import type { GameView } from '../../../src/service/game-service';
import type { TournamentView } from '../../../src/service/tournament-view';
import type { TournamentSource } from '../../../src/activity/tournament-cache';
import { GameTournaments, REFRESH_MS } from '../../../src/activity/tournament-cache';

const gameOf = (id: number, status: GameView['status'] = 'playing') => ({ id, status }) as unknown as GameView;

/** A source whose tournament 5 has tables 11 and 12 (round 1); every read is counted, the view's rev grows. */
function source() {
  const reads: string[] = [];
  let rev = 0;
  let fail = false;
  let gate: Promise<void> | null = null;
  const view = () => ({ id: 5, rev: ++rev }) as unknown as TournamentView;
  const src: TournamentSource = {
    async ofGame(gameId) {
      reads.push(`ofGame ${gameId}`);
      if (gameId !== 11 && gameId !== 12) return null;
      return { tournamentId: 5, round: 1, table: gameId - 10, view: view() };
    },
    async tournament(id) {
      reads.push(`tournament ${id}`);
      if (gate) await gate;
      if (fail) throw new Error('database down');
      return view();
    },
  };
  return {
    src,
    reads,
    fail: (on: boolean) => void (fail = on),
    hold: () => {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

const revOf = (t: { view: unknown } | null) => (t?.view as { rev: number } | undefined)?.rev;

describe('the kept tournaments', () => {
  it('reads a game once, and its tournament again only when it changed', async () => {
    const s = source();
    let now = 0;
    const cache = new GameTournaments(s.src, () => now);
    expect(await cache.of(gameOf(3))).toBeNull();
    expect(await cache.of(gameOf(3))).toBeNull();
    const first = await cache.of(gameOf(11));
    expect(first).toMatchObject({ round: 1, table: 1 });
    // Moves of both tables: nothing read again, the second table's placement aside, and both show one view.
    for (let i = 0; i < 5; i++) await cache.of(gameOf(11));
    expect(revOf(await cache.of(gameOf(12)))).toBe(1);
    expect(revOf(await cache.of(gameOf(11)))).toBe(1);
    expect(s.reads).toEqual(['ofGame 3', 'ofGame 11', 'ofGame 12']);

    // This process changed it: both tables are named, and the next board reads it once for both.
    expect(cache.changed(5).sort()).toEqual([11, 12]);
    expect(cache.changed(6)).toEqual([]);
    const after = revOf(await cache.of(gameOf(11)));
    expect(revOf(await cache.of(gameOf(12)))).toBe(after);
    expect(s.reads.slice(3)).toEqual(['tournament 5']);

    // Its own game's end is news of the tournament, on any host; shown again at the end, it is not read again.
    await cache.of(gameOf(12, 'finished'));
    await cache.of(gameOf(12, 'finished'));
    expect(s.reads.slice(4)).toEqual(['tournament 5']);

    // Other hosts' changes: read again at a change once a minute has passed.
    now += REFRESH_MS - 1;
    await cache.of(gameOf(11));
    expect(s.reads).toHaveLength(5);
    now += 1;
    await cache.of(gameOf(11));
    expect(s.reads.slice(5)).toEqual(['tournament 5']);
  });

  it('reads again after a change heard during a read, and keeps the last view when a read fails', async () => {
    const s = source();
    const cache = new GameTournaments(s.src, () => 0);
    await cache.of(gameOf(11));
    cache.changed(5);
    const release = s.hold();
    const reading = cache.of(gameOf(11));
    await Promise.resolve();
    cache.changed(5);
    release();
    await reading;
    const newest = revOf(await cache.of(gameOf(11)));
    expect(s.reads.filter((r) => r.startsWith('tournament'))).toHaveLength(2);

    cache.changed(5);
    s.fail(true);
    await expect(cache.of(gameOf(11))).rejects.toThrow('database down');
    expect(revOf(cache.kept(11))).toBe(newest);
    s.fail(false);
    expect(revOf(await cache.of(gameOf(11)))).toBeGreaterThan(newest!);
  });

  it('forgets a tournament with its last watched table, and reads everything again when told changes were missed', async () => {
    const s = source();
    const cache = new GameTournaments(s.src, () => 0);
    await cache.of(gameOf(11));
    await cache.of(gameOf(12));
    cache.staleAll();
    await cache.of(gameOf(11));
    expect(s.reads.at(-1)).toBe('tournament 5');
    cache.forget(11);
    cache.forget(12);
    expect(cache.size).toBe(0);
    expect(cache.changed(5)).toEqual([]);
  });
});
