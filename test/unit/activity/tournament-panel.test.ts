// The tournament panel a table's board shows: the night's name, round and table, the standings as the core ranks
// them (halves from shared places, people equal on points and both tie-breaks sharing a rank), the viewer's row
// marked, at most 16 rows with the viewer's kept last when they rank below them; its points written as the
// viewer's language writes them.
import { describe, expect, it } from 'vitest';
import type { TournamentState } from '../../../src/tournament';
import { standings } from '../../../src/tournament';
import type { TableOfTournament } from '../../../src/activity/tournament-panel';
import { MAX_PANEL_ROWS, tournamentPanel } from '../../../src/activity/tournament-panel';
import { TOURNAMENT_WORDS, tournamentWordsFor } from '../../../src/activity/page/tournament-words';
import { ids, playRound, started } from '../tournament/helpers';

/** The tournament as GameService.tournaments.ofGame gives it for a table of round 1. */
function tableOf(state: TournamentState, table = 1): TableOfTournament {
  const names = Object.fromEntries(state.people.map((p) => [p.userId, `Name of ${p.userId}`]));
  return { round: 1, table, view: { id: 9, state, names, standings: standings(state) } };
}

/** Final points by person, whatever their seat. */
const byPerson =
  (finals: Record<string, number>) => (table: TournamentState['rounds'][number]['tables'][number], seat: number) => {
    const s = table.seats[seat]!;
    return s.kind === 'person' ? (finals[s.userId] ?? 0) : 0;
  };

describe('the tournament panel', () => {
  it('shows halves for shared places, and people equal on points and tie-breaks share a rank', () => {
    // One table of four: p1 and p2 share 1st, so they share 3 + 2 points.
    const state = playRound(started(ids(4), { rounds: 3 }), byPerson({ p1: 300, p2: 300, p3: 200, p4: 100 }));
    const panel = tournamentPanel(tableOf(state, 1), 'p3');
    expect(panel).toMatchObject({ id: 9, name: 'Friday night', status: 'running', round: 1, rounds: 3, table: 1 });
    expect(panel.rows).toEqual([
      { rank: 1, name: 'Name of p1', points: 2.5, finalPoints: 300, dropped: false, you: false },
      { rank: 1, name: 'Name of p2', points: 2.5, finalPoints: 300, dropped: false, you: false },
      { rank: 3, name: 'Name of p3', points: 1, finalPoints: 200, dropped: false, you: true },
      { rank: 4, name: 'Name of p4', points: 0, finalPoints: 100, dropped: false, you: false },
    ]);
    expect(panel).toMatchObject({ skipped: 0, people: 4 });
  });

  it('ranks everyone first before any table finished, and marks nobody for a spectator', () => {
    const panel = tournamentPanel(tableOf(started(ids(3))), null);
    expect(panel.rows.map((r) => [r.rank, r.points, r.you])).toEqual([
      [1, 0, false],
      [1, 0, false],
      [1, 0, false],
    ]);
  });

  it('lists at most 16 rows, keeping the viewer last when they rank below them', () => {
    // 20 people at five tables of four: p{n} scores 1000 − n, so the ranking follows the numbers within points.
    const people = ids(20);
    const finals = Object.fromEntries(people.map((u, i) => [u, 1000 - i]));
    const state = playRound(started(people), byPerson(finals));
    const all = standings(state);
    const last = all.at(-1)!.userId;

    const low = tournamentPanel(tableOf(state), last);
    expect(low.rows).toHaveLength(MAX_PANEL_ROWS);
    expect(low.rows.slice(0, 15).map((r) => r.name)).toEqual(all.slice(0, 15).map((r) => `Name of ${r.userId}`));
    expect(low.rows.at(-1)).toMatchObject({ name: `Name of ${last}`, you: true, rank: all.at(-1)!.rank });
    expect(low.rows.filter((r) => r.you)).toHaveLength(1);
    expect(low).toMatchObject({ skipped: 4, people: 20 });

    // Inside the top 16: the top 16, their own row marked where it is.
    const fifth = all[4]!.userId;
    const high = tournamentPanel(tableOf(state), fifth);
    expect(high.rows.map((r) => r.name)).toEqual(all.slice(0, 16).map((r) => `Name of ${r.userId}`));
    expect(high.rows.findIndex((r) => r.you)).toBe(4);
    expect(high).toMatchObject({ skipped: 0, people: 20 });
    // The 16th is still inside; the 17th is kept in place of the 16th.
    expect(tournamentPanel(tableOf(state), all[15]!.userId).skipped).toBe(0);
    const seventeenth = tournamentPanel(tableOf(state), all[16]!.userId);
    expect(seventeenth.rows.at(-1)?.you).toBe(true);
    expect(seventeenth.skipped).toBe(1);
  });

  it('marks who left the night, and keeps their points', () => {
    let state = playRound(started(ids(4), { rounds: 2 }), byPerson({ p1: 4, p2: 3, p3: 2, p4: 1 }));
    state = {
      ...state,
      people: state.people.map((p) => (p.userId === 'p2' ? { ...p, dropped: { afterRound: 1, reason: 'left' } } : p)),
    };
    const row = tournamentPanel(tableOf(state), null).rows.find((r) => r.name === 'Name of p2');
    expect(row).toMatchObject({ dropped: true, points: 2 });
  });
});

describe("the panel's words", () => {
  it('write halves as the language writes numbers', () => {
    expect(tournamentWordsFor('en').points(2.5)).toBe('2.5');
    expect(tournamentWordsFor('da').points(2.5)).toBe('2,5');
    expect(tournamentWordsFor('da').points(3)).toBe('3');
    expect(tournamentWordsFor('en').number(1204)).toBe('1,204');
    expect(tournamentWordsFor('da').number(1204)).toBe('1.204');
    expect(tournamentWordsFor('da').t('where', { round: 2, rounds: 3, table: 1 })).toBe('Runde 2 af 3 · Bord 1');
  });

  it('say the same things in Danish and English, with the same variables', () => {
    const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const { en, da } = TOURNAMENT_WORDS;
    expect(Object.keys(da).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[])
      expect(variables(da[key]), key).toEqual(variables(en[key]));
  });
});
