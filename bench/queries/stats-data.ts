// A database of finished games for `npm run bench -- queries`, written straight into the tables in one
// transaction (the bench's own fast path: no service, no events): ~200 players over a few guilds, 2–4 seats,
// both variants, spread over the year before `now`. Each game row carries a real finished game's state JSON,
// so the games table is as large (and its rows as wide) as the bot's own.
import type { Db } from '../../src/db/sqlite/open';
import type { GameOptions, GameState, Rng } from '../../src/game';
import {
  applyEvent,
  declarableColumns,
  newGame,
  seatsToAct,
  seededRng,
  throwEvent,
  writableCells,
} from '../../src/game';

const DAY = 24 * 60 * 60 * 1000;
const YEAR = 365 * DAY;

export const GUILDS = ['guild-big', 'guild-mid', 'guild-small', 'guild-tiny'];
/** How the games divide between the guilds. */
const GUILD_SHARE = [0.4, 0.3, 0.2, 0.1];
export const PLAYERS = 200;

const OLATHE: GameOptions = {
  variant: 'olathe',
  columns: ['free', 'free', 'down', 'up'],
  throwsPerTurn: 3,
  predictions: true,
};
const BALUT: GameOptions = {
  variant: 'balut',
  columns: ['free', 'free', 'free', 'free'],
  throwsPerTurn: 3,
  predictions: false,
};

export interface BenchData {
  /** Every guild's players, people only (user ids). */
  members: Map<string, string[]>;
  /** Pairs that played together in a guild, for head-to-head. */
  pairs: Array<{ guild: string; a: string; b: string }>;
}

/** A game played to the end with plain legal moves: a real state of a real size. */
function finishedState(options: GameOptions, seats: number, rng: Rng): GameState {
  let s = newGame(
    options,
    Array.from({ length: seats }, (_, i) => `10000000000000000${i}`),
  );
  while (s.status !== 'finished') {
    const seat = seatsToAct(s)[0]!;
    const p = s.players[seat]!;
    if (options.variant === 'olathe' && p.turn.column === null)
      s = applyEvent(s, { type: 'declare', seat, column: declarableColumns(s, seat)[0]! });
    else if (p.turn.dice === null) s = applyEvent(s, throwEvent(s, seat, rng));
    else {
      const cell = writableCells(s, seat)[0]!;
      s = applyEvent(s, { type: 'write', seat, column: cell.column, category: cell.category });
    }
  }
  return s;
}

/** Fills an empty database at schema 0008 (incentives_met comes with 0009) with `count` finished games (plus a few ended and cancelled ones). */
export function fillStatsDatabase(db: Db, count: number, now: number): BenchData {
  const rng = seededRng('queries bench');
  const random = () => (rng.face() - 1) / 6 + (rng.face() - 1) / 36 + (rng.face() - 1) / 216 + (rng.face() - 1) / 1296;
  const userIds = Array.from({ length: PLAYERS }, (_, i) => String(300000000000000000n + BigInt(i) * 7919n));
  const names = userIds.map((_, i) => `Player ${i} ${'with a name'.slice(0, i % 12)}`);
  // Each player has a home guild; one in five also plays in a second one.
  const members = new Map<string, string[]>(GUILDS.map((g) => [g, []]));
  userIds.forEach((id, i) => {
    members.get(GUILDS[i % GUILDS.length]!)!.push(id);
    if (i % 5 === 0) members.get(GUILDS[(i + 1) % GUILDS.length]!)!.push(id);
  });
  const states = {
    olathe: [2, 3, 4].map((n) => JSON.stringify(finishedState(OLATHE, n, rng))),
    balut: [2, 3, 4].map((n) => JSON.stringify(finishedState(BALUT, n, rng))),
  };

  const insertGame = db.prepare(
    `INSERT INTO games (id, guild_id, channel_id, variant, options, turn_timeout_ms, status, host_id, created_at, started_at,
       finished_at, rev, version, state, deadlines, next_deadline, messages, thread_mode, play_channel_id, shown, locale)
     VALUES (@id, @guild, @channel, @variant, @options, 600000, @status, @host, @created, @created, @finished, 300, 300,
       @state, '{}', NULL, '{"lobby":"1","results":"2"}', 1, @channel, '{}', 'en')`,
  );
  const insertPlayer = db.prepare(
    `INSERT INTO players (game_id, seat, user_id, name, is_bot, joined_at, final_score, raw_total, place, won,
       olathes_thrown, olathes_scored, exact_prediction)
     VALUES (@game, @seat, @user, @name, @bot, @created, @final, @raw, @place, @won, @thrown, @scored, @exact)`,
  );
  const pairs: BenchData['pairs'] = [];
  // Game ids follow the time of play; the year is shared out by the expected number of games.
  const total = Math.round(count * 1.07);
  const start = now - YEAR;
  let finished = 0;
  db.transaction(() => {
    for (let id = 1; finished < count; id++) {
      let pick = random();
      let g = 0;
      while (pick > GUILD_SHARE[g]! && g < GUILDS.length - 1) pick -= GUILD_SHARE[g++]!;
      const guild = GUILDS[g]!;
      const pool = members.get(guild)!;
      const variant = random() < 0.65 ? 'olathe' : 'balut';
      const seats = 2 + Math.floor(random() * 3);
      // Some people play far more than others: the power skews the choice towards the start of the pool.
      const chosen = new Set<string>();
      while (chosen.size < seats) chosen.add(pool[Math.floor(random() ** 1.4 * pool.length)]!);
      const people = [...chosen];
      const withBot = random() < 0.1;
      if (withBot) people[people.length - 1] = `bot:normal:${people.length}`;
      const created = Math.min(now - 30 * 60_000, start + Math.floor((id / total) * YEAR));
      // One in 21 games was stopped early (ended): results, but not counted; cancelled lobbies have none.
      const status = id % 21 === 0 ? 'ended' : id % 53 === 0 ? 'cancelled' : 'finished';
      if (status === 'finished') finished++;
      insertGame.run({
        id,
        guild,
        channel: `channel-${guild}-${id % 7}`,
        variant,
        options: JSON.stringify(variant === 'olathe' ? OLATHE : BALUT),
        status,
        host: people[0],
        created,
        finished: created + 20 * 60_000,
        state: status === 'cancelled' ? null : states[variant][seats - 2],
      });
      const finals = people.map(() => Math.floor(random() * 24) - 2);
      const best = Math.max(...finals);
      people.forEach((user, seat) => {
        const final = finals[seat]!;
        const thrown = Math.floor(random() * 4);
        insertPlayer.run({
          game: id,
          seat,
          user,
          name: user.startsWith('bot:') ? 'Olga' : names[userIds.indexOf(user)]!,
          bot: user.startsWith('bot:') ? 1 : 0,
          created,
          final: status === 'cancelled' ? null : final,
          raw: status === 'cancelled' ? null : 300 + final * 15,
          place: status === 'cancelled' ? null : 1 + finals.filter((f) => f > final).length,
          won: status === 'cancelled' ? null : final === best ? 1 : 0,
          thrown: status === 'cancelled' ? null : thrown,
          scored: status === 'cancelled' ? null : Math.floor(random() * (thrown + 1)),
          exact: status === 'cancelled' ? null : variant === 'olathe' && random() < 0.1 ? 1 : 0,
        });
      });
      if (status === 'finished' && !withBot && id % 97 === 0) pairs.push({ guild, a: people[0]!, b: people[1]! });
    }
  })();
  return { members, pairs };
}
