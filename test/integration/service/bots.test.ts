// Computer players: seated by the host, played one step at a time on the database clock (so a restarted
// process carries on), never timed out, counted apart on the leaderboard; and the post-game analysis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent, GameOptions } from '../../../src/game';
import { isCardFull, seatsToAct, turnsPerPlayer } from '../../../src/game';
import { openTestStorage, sql } from '../../support/storage';
import type { ActionResult, Difficulty, GameView } from '../../../src/service/game-service';
import { DEFAULT_BOT_STEP_MS, GameService } from '../../../src/service/game-service';
import type { Harness } from './helpers';
import { BALUT, Clock, OLATHE, SMALL, autoStep, harness, removeTempDirs, riggedRng, user, refusal } from './helpers';

afterAll(removeTempDirs);

const STEP = DEFAULT_BOT_STEP_MS;
const TEN_MINUTES = 600_000;
let channel = 0;

/** A lobby hosted by `host`, with these people joined and then these bots added. */
async function lobby(
  service: GameService,
  host: string,
  bots: Difficulty[],
  options: GameOptions = OLATHE,
  more: { people?: string[]; guildId?: string; turnTimeoutMs?: number } = {},
): Promise<GameView> {
  let view = await service.openLobby({
    guildId: more.guildId ?? 'guild-1',
    channelId: `bots-${++channel}`,
    host: user(host),
    options,
    turnTimeoutMs: more.turnTimeoutMs,
  });
  for (const id of more.people ?? []) view = await service.join(view.id, user(id));
  for (const difficulty of bots) view = await service.addBot(view.id, host, difficulty);
  return view;
}

async function started(
  service: GameService,
  host: string,
  bots: Difficulty[],
  options: GameOptions = OLATHE,
  more: Parameters<typeof lobby>[4] = {},
): Promise<GameView> {
  return service.start((await lobby(service, host, bots, options, more)).id, host);
}

/** Runs the clock to the earliest stored deadline and expires what is due there. */
async function tick(h: Harness): Promise<ActionResult[]> {
  const t = await h.service.nextDeadline();
  if (t === null) throw new Error('no deadline to run to');
  h.clock.t = Math.max(h.clock.t, t);
  return h.service.expireTurns();
}

const isBotSeat = (view: GameView, seat: number) => view.players[seat]!.isBot;
const seatOf = (e: GameEvent) => ('seat' in e ? e.seat : -1);

/**
 * A bot step is one decision of one bot: a declare, a throw, the toggles of one hold, or the write — never a
 * timeout. A bot that may still act waits one step from now.
 */
function expectOneBotStep(result: ActionResult, now: number): number {
  const seats = new Set(result.events.map(seatOf));
  expect(seats.size).toBe(1);
  const seat = [...seats][0]!;
  expect(isBotSeat(result.view, seat)).toBe(true);
  const types = result.events.map((e) => e.type);
  if (types[0] === 'hold') expect(types.every((t) => t === 'hold')).toBe(true);
  else expect(types.length === 1 && ['declare', 'throw', 'write'].includes(types[0]!)).toBe(true);
  expect(result.turnEnded).toBe(types[0] === 'write');
  if (result.view.state && seatsToAct(result.view.state).includes(seat))
    expect(result.view.deadlines[seat]).toBe(now + STEP);
  for (const shout of result.shouts) expect(shout.seat).toBe(seat);
  return seat;
}

function writesBySeat(events: readonly GameEvent[]): Map<number, number> {
  const writes = new Map<number, number>();
  for (const e of events)
    if (e.type === 'write' || e.type === 'timeout') writes.set(e.seat, (writes.get(e.seat) ?? 0) + 1);
  return writes;
}

/** Olathe: the person plays their turns with autoStep (one throw, the first legal cell); the bots only by the clock. */
async function playOlatheWithBots(
  h: Harness,
  view: GameView,
  onBotStep?: (r: ActionResult) => void,
): Promise<GameView> {
  const { service, clock } = h;
  while (view.status === 'playing') {
    const seat = view.state!.current;
    if (!isBotSeat(view, seat)) {
      clock.advance(700);
      view = (await autoStep(service, view, seat)).view;
      const next = view.state?.current;
      if (view.status === 'playing' && next !== seat && isBotSeat(view, next!))
        expect(view.deadlines).toEqual({ [next!]: clock.t + STEP });
      continue;
    }
    const due = view.deadlines[seat]!;
    expect(await service.nextDeadline()).toBe(due);
    expect(await service.expireTurns(due - 1)).toEqual([]); // not a moment early
    clock.t = due;
    const results = await service.expireTurns();
    expect(results).toHaveLength(1);
    expect(expectOneBotStep(results[0]!, clock.t)).toBe(seat);
    onBotStep?.(results[0]!);
    view = results[0]!.view;
  }
  return view;
}

describe('adding computer players to a lobby', () => {
  it('the host adds bots: ids bot:<difficulty>:<k>, friendly names, flagged in the view and the database', async () => {
    const { service, storage } = await harness();
    let view = await lobby(service, 'host', ['expert', 'easy'], OLATHE, { people: ['ben'] });
    expect(view.players.map(({ userId, name, isBot }) => ({ userId, name, isBot }))).toEqual([
      { userId: 'host', name: 'HOST', isBot: false },
      { userId: 'ben', name: 'BEN', isBot: false },
      { userId: 'bot:expert:1', name: '🤖 Turing (expert)', isBot: true },
      { userId: 'bot:easy:1', name: '🤖 Ada (easy)', isBot: true },
    ]);
    expect(
      await sql(storage, 'SELECT seat, user_id, is_bot FROM players WHERE game_id = $1 ORDER BY seat', [view.id]),
    ).toEqual([
      { seat: 0, user_id: 'host', is_bot: 0 },
      { seat: 1, user_id: 'ben', is_bot: 0 },
      { seat: 2, user_id: 'bot:expert:1', is_bot: 1 },
      { seat: 3, user_id: 'bot:easy:1', is_bot: 1 },
    ]);
    // A second bot of a difficulty is numbered; taking one out frees its number for the next one.
    view = await service.addBot(view.id, 'host', 'expert');
    view = await service.removeBot(view.id, 'host', 'bot:expert:1');
    view = await service.addBot(view.id, 'host', 'normal');
    view = await service.addBot(view.id, 'host', 'expert');
    expect(view.players.map((p) => [p.seat, p.userId, p.name])).toEqual([
      [0, 'host', 'HOST'],
      [1, 'ben', 'BEN'],
      [2, 'bot:easy:1', '🤖 Ada (easy)'],
      [3, 'bot:expert:2', '🤖 Turing 2 (expert)'],
      [4, 'bot:normal:1', '🤖 Hopper (normal)'],
      [5, 'bot:expert:1', '🤖 Turing (expert)'],
    ]);
    expect((await service.game(view.id))!.players).toEqual(view.players);
  });

  it('refusals: not the host, not a lobby, full, no such difficulty, no such game', async () => {
    const { service } = await harness();
    const view = await lobby(service, 'host', [], OLATHE, { people: ['ben'] });
    expect((await refusal(() => service.addBot(view.id, 'ben', 'easy'))).code).toBe('not-host');
    expect((await refusal(() => service.addBot(view.id, 'stranger', 'easy'))).code).toBe('not-host');
    expect((await refusal(() => service.addBot(view.id, 'host', 'godlike' as Difficulty))).code).toBe('bad-options');
    expect((await refusal(() => service.addBot(9999, 'host', 'easy'))).code).toBe('no-game');
    for (let i = 0; i < 6; i++) await service.addBot(view.id, 'host', 'easy');
    expect((await service.game(view.id))!.players).toHaveLength(8);
    expect((await refusal(() => service.addBot(view.id, 'host', 'easy'))).code).toBe('lobby-full');
    expect((await refusal(() => service.join(view.id, user('cy')))).code).toBe('lobby-full');
    expect((await refusal(() => service.removeBot(view.id, 'ben', 'bot:easy:1'))).code).toBe('not-host');
    expect((await refusal(() => service.removeBot(view.id, 'host', 'ben'))).code).toBe('not-a-bot');
    expect((await refusal(() => service.removeBot(view.id, 'host', 'bot:easy:9'))).code).toBe('not-a-player');
    await service.start(view.id, 'host');
    expect((await refusal(() => service.addBot(view.id, 'host', 'easy'))).code).toBe('not-in-lobby');
    expect((await refusal(() => service.removeBot(view.id, 'host', 'bot:easy:1'))).code).toBe('not-in-lobby');
    const cancelled = await lobby(service, 'ann', []);
    await service.cancel(cancelled.id, 'ann');
    expect((await refusal(() => service.addBot(cancelled.id, 'ann', 'easy'))).code).toBe('game-over');
  });

  it('the host is always a person: a bot cannot host, a leaving host hands over to a person, else the lobby closes', async () => {
    const { service } = await harness();
    const bad = await refusal(() =>
      service.openLobby({
        guildId: 'g',
        channelId: 'bot-host',
        host: { id: 'bot:easy:1', name: 'B', isBot: true },
        options: OLATHE,
      }),
    );
    expect(bad.code).toBe('bad-options');

    const mixed = await lobby(service, 'host', ['expert'], OLATHE);
    await service.join(mixed.id, user('ben')); // joins after the bot
    const handed = await service.leave(mixed.id, 'host');
    expect(handed.hostId).toBe('ben');
    expect(handed.status).toBe('lobby');
    expect(handed.players.map((p) => p.userId)).toEqual(['bot:expert:1', 'ben']);

    const onlyBots = await lobby(service, 'host', ['expert', 'easy']);
    const left = await service.leave(onlyBots.id, 'host');
    expect(left.status).toBe('cancelled');
    expect(await service.openGameInChannel(onlyBots.channelId)).toBeNull();
  });

  it('one person and bots make a game; bots have the short deadline from the start in Balut', async () => {
    const { service, clock } = await harness();
    const olathe = await started(service, 'ann', ['easy', 'expert']);
    expect(olathe.status).toBe('playing');
    expect(olathe.deadlines).toEqual({ 0: clock.t + TEN_MINUTES });
    const balut = await started(service, 'ann', ['easy', 'expert'], BALUT);
    expect(balut.deadlines).toEqual({ 0: clock.t + TEN_MINUTES, 1: clock.t + STEP, 2: clock.t + STEP });
    expect(await service.nextDeadline()).toBe(clock.t + STEP);
  });
});

describe('a person and two bots play a whole Olathe game', () => {
  let h: Harness;
  const botErrors: unknown[] = [];
  let view: GameView;
  let botSteps = 0;

  beforeAll(async () => {
    h = await harness(undefined, { onBotError: (error) => botErrors.push(error) });
    view = await started(h.service, 'ann', ['expert', 'easy']);
    view = await playOlatheWithBots(h, view, () => botSteps++);
  });

  it('finishes: every seat took 7·C turns, nobody timed out or was removed, the solver never failed', async () => {
    expect(view.status).toBe('finished');
    expect(botErrors).toEqual([]);
    const events = await h.service.events(view.id);
    const turns = turnsPerPlayer(OLATHE);
    expect(turns).toBe(28);
    expect(writesBySeat(events)).toEqual(
      new Map([
        [0, turns],
        [1, turns],
        [2, turns],
      ]),
    );
    expect(events.some((e) => e.type === 'timeout' || e.type === 'leave' || e.type === 'end')).toBe(false);
    expect(view.players.map((p) => p.left)).toEqual([null, null, null]);
    for (const p of view.state!.players) {
      expect(isCardFull(p.card)).toBe(true);
      expect(p.consecutiveTimeouts).toBe(0);
    }
    expect(botSteps).toBeGreaterThanOrEqual(2 * 3 * turns); // at least declare, throw, write per bot turn
    expect(await h.service.replay(view.id)).toEqual(view.state);
    expect(await h.service.nextDeadline()).toBeNull();
  });

  it('results are stored for the bots like anyone else', async () => {
    const rows = await sql(
      h.storage,
      'SELECT user_id, is_bot, final_score, place FROM players WHERE game_id = $1 ORDER BY seat',
      [view.id],
    );
    expect(rows).toHaveLength(3);
    for (const r of rows as Array<{ final_score: number | null; place: number | null }>) {
      expect(r.final_score).not.toBeNull();
      expect(r.place).not.toBeNull();
    }
  });

  it('analysis: the expert bot plays the solver’s own moves; the person who writes the first legal cell loses points', async () => {
    const expert = await h.service.analysis(view.id, 'bot:expert:1');
    expect(expert.seat).toBe(1);
    expect(expert.decisions.filter((d) => d.kind === 'write')).toHaveLength(28);
    expect(expert.accuracy).toBeGreaterThan(95);
    expect(expert.totalLoss).toBeLessThan(0.5);
    const ann = await h.service.analysis(view.id, 'ann');
    expect(ann.seat).toBe(0);
    expect(ann.decisions.filter((d) => d.kind === 'write')).toHaveLength(28);
    expect(ann.totalLoss).toBeGreaterThan(1);
    expect(ann.accuracy).toBeLessThan(expert.accuracy);
    expect(ann.costliest).toHaveLength(3);
  });
});

describe('bot pacing', () => {
  it('a bot’s next step is due botStepMs after the last change to it; one expireTurns makes exactly one step', async () => {
    const h = await harness();
    const { service, clock } = h;
    let view = await started(service, 'ann', ['expert']);
    for (let i = 0; i < 3; i++) view = (await autoStep(service, view, 0)).view; // ann: declare, throw, write
    const t = clock.t;
    expect(view.deadlines).toEqual({ 1: t + STEP });
    expect(await service.nextDeadline()).toBe(t + STEP);
    expect(await service.expireTurns(t + STEP - 1)).toEqual([]);
    const [first, ...none] = await service.expireTurns(t + STEP);
    expect(none).toEqual([]);
    expect(first!.events).toEqual([{ type: 'declare', seat: 1, column: expect.any(Number) }]);
    expect(first!.view.deadlines).toEqual({ 1: t + 2 * STEP });
    expect(await service.nextDeadline()).toBe(t + 2 * STEP);
    expect(await service.expireTurns(t + 2 * STEP - 1)).toEqual([]);
    // Long overdue (the process was down): still one ordinary step, never a timeout.
    const late = t + 10 * 60 * 60 * 1000;
    const [second] = await service.expireTurns(late);
    expect(second!.events).toEqual([{ type: 'throw', seat: 1, dice: expect.any(Array) }]);
    expect(second!.view.deadlines).toEqual({ 1: late + STEP });
    clock.t = late;
    // The rest of its turn, step by step, then ann's clock starts.
    let result = second!;
    while (result.view.state!.current === 1) {
      result = (await tick(h))[0]!;
      expectOneBotStep(result, clock.t);
    }
    expect(result.turnEnded).toBe(true);
    expect(result.view.deadlines).toEqual({ 0: clock.t + TEN_MINUTES });
    expect(result.view.state!.players[1]!.consecutiveTimeouts).toBe(0);
    expect(result.view.state!.players[1]!.turnsTaken).toBe(1);
  });

  it('the step is a service option', async () => {
    const { service, clock } = await harness(undefined, { botStepMs: 50 });
    let view = await started(service, 'ann', ['easy']);
    for (let i = 0; i < 3; i++) view = (await autoStep(service, view, 0)).view;
    expect(view.deadlines).toEqual({ 1: clock.t + 50 });
    expect(await service.expireTurns(clock.t + 50)).toHaveLength(1);
  });

  it('a bot after a bot: the second gets the short deadline when the first writes', async () => {
    const h = await harness();
    let view = await started(h.service, 'ann', ['easy', 'easy'], SMALL);
    for (let i = 0; i < 3; i++) view = (await autoStep(h.service, view, 0)).view;
    let result: ActionResult;
    do result = (await tick(h))[0]!;
    while (!result.turnEnded);
    expect(result.events).toEqual([expect.objectContaining({ type: 'write', seat: 1 })]);
    expect(result.view.deadlines).toEqual({ 2: h.clock.t + STEP });
  });
});

describe('Balut: bots play their own cards at the same time as people', () => {
  it('a person and a bot due at the same moment: one result, a timeout for the person, one step for the bot', async () => {
    const h = await harness();
    const view = await started(h.service, 'ann', ['easy'], BALUT, { turnTimeoutMs: STEP });
    const [result, ...none] = await h.service.expireTurns(h.clock.advance(STEP));
    expect(none).toEqual([]);
    expect(result!.events.map((e) => [e.type, seatOf(e)])).toEqual([
      ['timeout', 0],
      ['throw', 1],
    ]);
    expect(result!.view.deadlines).toEqual({ 0: h.clock.t + STEP, 1: h.clock.t + STEP });
    expect(result!.view.state!.players[0]!.consecutiveTimeouts).toBe(1);
    expect(view.id).toBe(result!.view.id);
  });

  it('a whole game: the person’s actions never hold the bot back, both cards fill, the game finishes', async () => {
    const h = await harness();
    const { service, clock } = h;
    let view = await started(service, 'ann', ['expert'], BALUT);
    let flip = false;
    let interleaved = 0;
    while (view.status === 'playing') {
      const acting = seatsToAct(view.state!);
      const annCan = acting.includes(0);
      const botCan = acting.includes(1);
      flip = !flip;
      if (annCan && (!botCan || flip)) {
        clock.advance(300);
        const botDeadline = view.deadlines[1];
        const botMidTurn = view.state!.players[1]!.turn.dice !== null;
        view = (await autoStep(service, view, 0)).view;
        if (botDeadline !== undefined) expect(view.deadlines[1]).toBe(botDeadline); // the bot's pace is its own
        if (botMidTurn) interleaved++;
      } else {
        const results = await tick(h);
        expect(results).toHaveLength(1);
        expect(expectOneBotStep(results[0]!, clock.t)).toBe(1);
        view = results[0]!.view;
      }
    }
    expect(view.status).toBe('finished');
    expect(interleaved).toBeGreaterThan(5);
    const events = await service.events(view.id);
    expect(writesBySeat(events)).toEqual(
      new Map([
        [0, 28],
        [1, 28],
      ]),
    );
    expect(events.some((e) => e.type === 'timeout')).toBe(false);
    expect(await service.replay(view.id)).toEqual(view.state);
  });
});

describe('a restart in the middle of a bot’s turn', () => {
  it('a new process on the same database file carries on from the stored deadline', async () => {
    const first = await harness();
    let view = await started(first.service, 'ann', ['expert']);
    for (let i = 0; i < 3; i++) view = (await autoStep(first.service, view, 0)).view;
    view = (await tick(first))[0]!.view; // the bot declares
    view = (await tick(first))[0]!.view; // and throws
    expect(view.state!.players[1]!.turn.dice).not.toBeNull();
    const deadline = view.deadlines[1]!;
    const version = view.state!.version;
    await first.storage.close();

    const storage = await openTestStorage(first.file);
    const clock = new Clock(deadline + 60_000);
    const rng = riggedRng(3);
    const service = new GameService(storage, { rng, now: clock.now });
    const h: Harness = { storage, service, clock, rng, file: first.file };
    expect(await h.service.nextDeadline()).toBe(deadline);
    let result = (await h.service.expireTurns())[0]!;
    expect(result.before!.version).toBe(version);
    expectOneBotStep(result, clock.t);
    while (result.view.state!.current === 1) {
      result = (await tick(h))[0]!;
      expectOneBotStep(result, clock.t);
    }
    expect(result.view.state!.players[1]!.turnsTaken).toBe(1);
    expect(result.view.deadlines).toEqual({ 0: clock.t + TEN_MINUTES });
    expect(await h.service.replay(view.id)).toEqual(result.view.state);
    await storage.close();
  });
});

describe('when no person is left', () => {
  it('the last person quitting ends the game: the bots do not play on alone', async () => {
    const { service } = await harness();
    const view = await started(service, 'ann', ['easy', 'expert']);
    const result = await service.quit(view.id, 'ann');
    expect(result.events).toEqual([{ type: 'leave', seat: 0 }, { type: 'end' }]);
    expect(result.view.status).toBe('ended');
    expect(result.finished).toBe(true);
    expect(await service.nextDeadline()).toBeNull();
  });

  it('a person removed for three timeouts in a row ends the game; the bot never timed out', async () => {
    const h = await harness();
    let view = await started(h.service, 'ann', ['easy'], SMALL);
    let last: ActionResult | undefined;
    while (view.status === 'playing') {
      last = (await tick(h))[0]!;
      view = last.view;
    }
    expect(view.status).toBe('ended');
    expect(view.players[0]!.left).toBe('removed');
    expect(last!.events.slice(-2)).toEqual([expect.objectContaining({ type: 'timeout', seat: 0 }), { type: 'end' }]);
    const events = await h.service.events(view.id);
    expect(events.filter((e) => e.type === 'timeout').map(seatOf)).toEqual([0, 0, 0]);
    expect(writesBySeat(events).get(1)).toBe(2); // ann, bot, ann, bot, ann: removed
    // An ended game can be analysed too.
    expect((await h.service.analysis(view.id, 'bot:easy:1')).decisions.filter((d) => d.kind === 'write')).toHaveLength(
      2,
    );
    expect((await h.service.analysis(view.id, 'ann')).decisions).toEqual([]); // timed-out turns are not her decisions
  });
});

describe('the leaderboard', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });

  /** A small-card game played out: people write the first legal cell, bots play by the clock. */
  async function play(host: string, bots: Difficulty[], people: string[] = []): Promise<GameView> {
    let view = await started(h.service, host, bots, SMALL, { guildId: 'LB', people });
    while (view.status === 'playing') {
      const seat = view.state!.current;
      view = isBotSeat(view, seat) ? (await tick(h))[0]!.view : (await autoStep(h.service, view, seat)).view;
    }
    expect(view.status).toBe('finished');
    h.clock.advance(1000);
    return view;
  }

  beforeAll(async () => {
    await play('ann', ['expert', 'easy']);
    await play('ann', ['expert', 'expert'], ['ben']);
  });

  it('without bots: people only; with bots: one row per difficulty across games, people unchanged', async () => {
    const people = await h.service.leaderboard('LB');
    expect(people.map((r) => [r.userId, r.isBot])).toEqual(
      expect.arrayContaining([
        ['ann', false],
        ['ben', false],
      ]),
    );
    expect(people).toHaveLength(2);

    const all = await h.service.leaderboard('LB', { includeBots: true });
    expect(all).toHaveLength(4);
    for (const person of people) expect(all.find((r) => r.userId === person.userId)).toEqual(person);
    const seatsOf = (like: string) =>
      sql<{ f: number; w: number }>(
        h.storage,
        'SELECT final_score AS f, won AS w FROM players WHERE user_id LIKE $1 AND is_bot = 1',
        [like],
      );
    const expert = await seatsOf('bot:expert:%');
    expect(expert).toHaveLength(3);
    expect(all.find((r) => r.userId === 'bot:expert')).toEqual(
      expect.objectContaining({
        name: '🤖 Turing (expert)',
        isBot: true,
        games: 3,
        wins: expert.reduce((s, r) => s + r.w, 0),
        averageFinal: expert.reduce((s, r) => s + r.f, 0) / 3,
        bestFinal: Math.max(...expert.map((r) => r.f)),
      }),
    );
    expect(all.find((r) => r.userId === 'bot:easy')).toEqual(
      expect.objectContaining({ name: '🤖 Ada (easy)', isBot: true, games: 1 }),
    );
  });
});

describe('analysis refusals and the event list', () => {
  it('no game, not a player, a game still in play, a lobby, a cancelled lobby', async () => {
    const { service } = await harness();
    expect((await refusal(() => service.analysis(9999, 'ann'))).code).toBe('no-game');
    expect((await refusal(() => service.events(9999))).code).toBe('no-game');
    const playing = await started(service, 'ann', ['easy']);
    expect((await refusal(() => service.analysis(playing.id, 'zed'))).code).toBe('not-a-player');
    const inPlay = await refusal(() => service.analysis(playing.id, 'ann'));
    expect(inPlay.code).toBe('not-finished');
    expect(inPlay.message).toBe('The analysis is ready when the game ends.');
    const waiting = await lobby(service, 'cy', ['easy']);
    expect((await refusal(() => service.analysis(waiting.id, 'cy'))).code).toBe('not-finished');
    expect(await service.events(waiting.id)).toEqual([]);
    await service.cancel(waiting.id, 'cy');
    expect((await refusal(() => service.analysis(waiting.id, 'cy'))).code).toBe('not-finished');
  });

  it('events: every stored event in order, the same the actions returned', async () => {
    const { service } = await harness();
    const view = await started(service, 'ann', [], SMALL);
    const made: GameEvent[] = [];
    let v = view;
    for (let i = 0; i < 3; i++) {
      const r = await autoStep(service, v, 0);
      made.push(...r.events);
      v = r.view;
    }
    expect(await service.events(view.id)).toEqual(made);
  });
});
