// Which games offer a rematch (rematch.ts), on plain facts: a game played to its end by a person offers one; a
// tournament's table does not (the tournament seats the next round), and says why.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/service/errors';
import type { RematchFacts } from '../../../src/service/rematch';
import { noRematchReason, offersRematch } from '../../../src/service/rematch';

const played: RematchFacts = { status: 'finished', channelGone: false, players: [{ isBot: false }, { isBot: true }] };

describe('a rematch', () => {
  it('is offered by a game a person played to its end, and by an ordinary game whose tournament is none', () => {
    expect(offersRematch(played)).toBe(true);
    expect(offersRematch({ ...played, status: 'ended' })).toBe(true);
    expect(offersRematch({ ...played, tournamentId: null })).toBe(true);
  });

  it('is not offered by a tournament table, finished or ended early, which says why', () => {
    for (const status of ['finished', 'ended'] as const) {
      const table = { ...played, status, tournamentId: 7 };
      expect(offersRematch(table)).toBe(false);
      expect(noRematchReason(table)).toBe(MESSAGES.rematchTournament);
    }
    // A table still playing is refused as any game still playing is.
    expect(noRematchReason({ ...played, status: 'playing', tournamentId: 7 })).toBe(MESSAGES.rematchNotOver);
  });
});
