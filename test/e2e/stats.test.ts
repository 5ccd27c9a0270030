// Reasons to come back, against the real bot: two people play a short game to the end, then
// `/olathe stats`, `/olathe stats user:… vs:…` and `/olathe leaderboard period:week variant:olathe` answer with
// the figures of that game — worked out here from the game the bot saved (its engine state and events), not
// written into the test — in English, and in Danish for a Danish asker; never a mention, always within
// Discord's limits. Bots, one player against themselves, and a player with no game are refused in plain words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage, FakeUser } from '../../src/fake-discord';
import type { GameState } from '../../src/game';
import { gameResults } from '../../src/game';
import { tr } from '../../src/discord/i18n';
import type { IncentiveName } from '../../src/service/game-service';
import { INCENTIVES } from '../../src/service/game-service';
import type { World } from './harness';
import { control, embedText, playToTheEnd, resultsMessage, startWorld } from './harness';

const en = tr('en');
const da = tr('da');

let world: World;
beforeAll(async () => {
  world = await startWorld({ diceSeed: 'stats-e2e' });
});
afterAll(async () => {
  await world?.close();
});

/** What one seat did in the game: worked out from the saved game with the engine. */
interface Played {
  final: number;
  won: boolean;
  place: number;
  olathesScored: number;
  olathesThrown: number;
  incentives: IncentiveName[];
}

async function playedGame(users: FakeUser[]): Promise<Map<string, Played>> {
  const [game] = (await world.sql(
    "SELECT id, state FROM games WHERE status = 'finished' ORDER BY id DESC LIMIT 1",
  )) as { id: number; state: string }[];
  const state = JSON.parse(game!.state) as GameState;
  const results = gameResults(state);
  const fives = new Map<number, number>();
  for (const s of results.standings) {
    const [row] = (await world.sql('SELECT COUNT(*) AS n FROM events WHERE game_id = $1 AND seat = $2 AND five = 1', [
      game!.id,
      s.seat,
    ])) as { n: number }[];
    fives.set(s.seat, row!.n);
  }
  return new Map(
    users.map((u) => {
      const s = results.standings.find((x) => x.id === u.id)!;
      const b = s.breakdown;
      return [
        u.id,
        {
          final: b.final,
          won: results.winners.includes(s.seat),
          place: s.place,
          olathesScored: b.columns.filter((c) => (c.cells.olathe ?? 0) > 0).length,
          olathesThrown: fives.get(s.seat)!,
          incentives: INCENTIVES.filter((k) => b.incentives[k] > 0),
        },
      ];
    }),
  );
}

function expectPublicEmbed(answer: FakeMessage): string {
  expect(answer.ephemeralFor).toBeUndefined();
  expect(answer.pinged).toEqual([]);
  expect(answer.embeds).toHaveLength(1);
  return embedText(answer);
}

describe('/olathe stats and the leaderboard after a game', () => {
  it('answer with the figures of what was played', async () => {
    const { fake, users } = world;
    const { alice, bob, carol } = users;
    const lobby = await fake.slash(alice, 'olathe', { free: 2, down: 0, up: 0 }, { subcommand: 'start' }).reply();
    await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
    await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
    await playToTheEnd(fake, [alice, bob]);
    expect(resultsMessage(fake)).toBeDefined();

    const played = await playedGame([alice, bob]);
    const a = played.get(alice.id)!;
    const b = played.get(bob.id)!;
    // Ranked by wins first: the winner is first; a shared win (equal results) shares rank 1.
    const rankOf = (me: Played, other: Played) => (me.won || !other.won ? 1 : 2);

    // The asker's own record.
    const mine = expectPublicEmbed(await fake.slash(alice, 'olathe', {}, { subcommand: 'stats' }).reply());
    const wins = (p: Played) => en('word.wins', { count: p.won ? 1 : 0 });
    expect(mine).toContain(en('stats.title', { name: 'Alice' }));
    expect(mine).toContain(
      en('stats.overall', {
        wins: wins(a),
        games: en('word.games', { count: 1 }),
        rate: a.won ? 100 : 0,
        rank: rankOf(a, b),
        of: 2,
      }),
    );
    expect(mine).toContain(
      en('stats.variant', {
        wins: wins(a),
        games: en('word.games', { count: 1 }),
        rate: a.won ? 100 : 0,
        average: a.final.toFixed(1),
        best: a.final,
      }),
    );
    expect(mine).toContain(
      en('stats.fives', {
        fives: en('word.fives', { count: a.olathesScored, word: 'Olathe' }),
        thrown: a.olathesThrown,
      }),
    );
    if (a.incentives.length === 0) expect(mine).toContain(en('stats.noIncentive'));
    for (const k of a.incentives)
      expect(mine).toContain(en('stats.incentive', { name: en(`word.category.${k}`), count: 1 }));
    expect(mine).toContain(en('stats.streak', { longest: a.won ? 1 : 0, current: a.won ? 1 : 0 }));

    // Two players together, asked by someone else.
    const versus = expectPublicEmbed(
      await fake.slash(carol, 'olathe', { user: alice, vs: bob }, { subcommand: 'stats' }).reply(),
    );
    expect(versus).toContain(en('stats.versusTitle', { a: 'Alice', b: 'Bob' }));
    expect(versus).toContain(en('stats.versusGames', { games: en('word.games', { count: 1 }) }));
    expect(versus).toContain(
      en('stats.versusPlaces', {
        a: 'Alice',
        b: 'Bob',
        ahead: a.place < b.place ? 1 : 0,
        behind: a.place > b.place ? 1 : 0,
        level: a.place === b.place ? 1 : 0,
      }),
    );
    expect(versus).toContain(
      en('stats.versusWins', { a: 'Alice', b: 'Bob', wins: a.won ? 1 : 0, otherWins: b.won ? 1 : 0 }),
    );

    // This week's Olathe board.
    const board = await fake
      .slash(bob, 'olathe', { period: 'week', variant: 'olathe' }, { subcommand: 'leaderboard' })
      .reply();
    const boardText = expectPublicEmbed(board);
    expect(board.embeds[0]!.title).toBe(
      en('leaderboard.titleVariant', { period: en('leaderboard.period.week'), variant: 'Olathe' }),
    );
    for (const [name, me, other] of [
      ['Alice', a, b],
      ['Bob', b, a],
    ] as const) {
      expect(boardText).toContain(
        en('leaderboard.row', {
          rank: rankOf(me, other),
          name,
          wins: en('word.wins', { count: me.won ? 1 : 0 }),
          games: en('word.games', { count: 1 }),
          rate: me.won ? 100 : 0,
          average: me.final.toFixed(1),
          best: me.final,
          thrown: me.olathesThrown,
          scored: me.olathesScored,
          exact: 0,
        }),
      );
    }
    // No Balut game was played: that board is empty, and says so.
    const balut = await fake
      .slash(bob, 'olathe', { period: 'month', variant: 'balut' }, { subcommand: 'leaderboard' })
      .reply();
    expect(balut.embeds[0]!.description).toBe(
      en('leaderboard.emptyPeriod', { period: en('leaderboard.period.month') }),
    );

    // In Danish for a Danish asker.
    const dane = fake.addUser({ username: 'dorte', globalName: 'Dorte', locale: 'da' });
    const danish = expectPublicEmbed(await fake.slash(dane, 'olathe', { user: bob }, { subcommand: 'stats' }).reply());
    expect(danish).toContain(da('stats.title', { name: 'Bob' }));
    expect(danish).toContain(
      da('stats.variant', {
        wins: da('word.wins', { count: b.won ? 1 : 0 }),
        games: da('word.games', { count: 1 }),
        rate: b.won ? 100 : 0,
        average: b.final.toFixed(1).replace('.', ','),
        best: b.final,
      }),
    );
    expect(danish).not.toMatch(/statistics|wins in/);
    expect(fake.breaches).toEqual([]);
  });

  it('refuses bots and one player against themselves, and says plainly when there is no game', async () => {
    const { fake, users } = world;
    const bot = fake.user(fake.applicationId)!;
    const refusal = async (options: Record<string, FakeUser>, asker = users.alice) => {
      const answer = await fake.slash(asker, 'olathe', options, { subcommand: 'stats' }).reply();
      expect(answer.ephemeralFor).toBe(asker.id);
      expect(answer.embeds).toHaveLength(0);
      expect(answer.pinged).toEqual([]);
      return answer.content;
    };
    expect(await refusal({ user: bot })).toContain(en('stats.notAPerson'));
    expect(await refusal({ vs: bot })).toContain(en('stats.notAPerson'));
    expect(await refusal({ vs: users.alice })).toContain(en('stats.samePlayer'));
    expect(await refusal({ user: users.bob, vs: users.bob })).toContain(en('stats.samePlayer'));
    expect(await refusal({}, users.carol)).toBe(en('stats.noGamesYou'));
    expect(await refusal({ user: users.mod })).toBe(en('stats.noGamesOther', { name: 'Mod' }));
    expect(await refusal({ user: users.carol, vs: users.mod })).toBe(en('stats.versusNone', { a: 'Carol', b: 'Mod' }));
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  });
});
