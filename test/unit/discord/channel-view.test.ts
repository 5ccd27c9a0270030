// What the channel should show for a saved game (channel-view.ts): which messages, under which keys, whom a
// first post pings, and the small helpers the Publisher keys its work by. Games come from a real service on
// an in-memory database, so the views are the ones the Publisher reads.
import { describe, expect, it } from 'vitest';
import type { Category, GameOptions } from '../../../src/game';
import { declarableColumns, seededRng, seatsToAct, writableCells } from '../../../src/game';
import { openSqliteTestStorage } from '../../support/storage';
import type { GameView, OutboxItem } from '../../../src/service/game-service';
import { GameService, turnStamp } from '../../../src/service/game-service';
import type { WantedMessage } from '../../../src/discord/channel-view';
import {
  cardKey,
  digestOf,
  lobbySummary,
  nonceOf,
  threadName,
  turnKey,
  wantedMessages,
  workNonce,
} from '../../../src/discord/channel-view';
import { variantName } from '../../../src/discord/render/game-messages';
import { apiBody } from '../../../src/discord/channel-rest';
import { checkMessageLimits } from '../../../src/fake-discord/message-limits';
import { BALUT, OLATHE } from '../../integration/service/helpers';

function service(): GameService {
  const db = openSqliteTestStorage(':memory:');
  return new GameService(db, { rng: seededRng(11), now: () => 1_700_000_000_000 });
}

/** A started game in the channel itself (no thread), players by id; `bot:` ids are computer players. */
async function started(
  s: GameService,
  ids: string[],
  options: GameOptions,
  names: (id: string) => string = (id) => id.toUpperCase(),
): Promise<GameView> {
  const [host, ...others] = ids;
  const lobby = await s.openLobby({
    guildId: 'g',
    channelId: `c-${Math.random()}`,
    host: { id: host!, name: names(host!) },
    options,
    threads: false,
  });
  for (const id of others) {
    if (id.startsWith('bot')) await s.addBot(lobby.id, host!, 'easy');
    else await s.join(lobby.id, { id, name: names(id) });
  }
  return s.start(lobby.id, host!);
}

/** One legal step for a person's seat: declare, throw once, or write the first legal cell. */
async function step(s: GameService, view: GameView, seat: number): Promise<GameView> {
  const state = view.state!;
  const p = state.players[seat]!;
  const userId = view.players[seat]!.userId;
  if (state.options.variant === 'olathe' && p.turn.column === null)
    return (await s.declare(view.id, userId, declarableColumns(state, seat)[0]!)).view;
  if (!p.turn.dice) return (await s.throwDice(view.id, userId, turnStamp(p))).view;
  const cell = writableCells(state, seat)[0]!;
  return (await s.write(view.id, userId, cell.column, cell.category as Category)).view;
}

/** Plays whole turns for a seat (3 steps in Olathe, 2 in Balut). */
async function turn(s: GameService, view: GameView, seat: number): Promise<GameView> {
  for (let i = view.options.variant === 'olathe' ? 3 : 2; i > 0; i--) view = await step(s, view, seat);
  return view;
}

const play = (w: WantedMessage[]) => w.filter((m) => m.where === 'play');
const keysOf = (w: WantedMessage[]) => w.map((m) => m.key);
const pingsOf = (w: WantedMessage[]) => Object.fromEntries(w.map((m) => [m.key, m.ping]));

describe('wantedMessages', () => {
  it('Olathe: one turn message for the seat in turn, keyed by seat and turns taken', async () => {
    const s = service();
    let view = await started(s, ['ann', 'ben'], OLATHE);
    expect(keysOf(wantedMessages(view, new Map()))).toEqual([turnKey(0, 0)]);
    expect(turnKey(0, 0)).toBe('turn:0:0');
    view = await step(s, view, 0); // ann's own steps keep the same message
    expect(keysOf(wantedMessages(view, new Map()))).toEqual(['turn:0:0']);
    view = await step(s, view, 0); // the throw too
    expect(view.state!.players[0]!.turn.dice).not.toBeNull();
    expect(keysOf(wantedMessages(view, new Map()))).toEqual(['turn:0:0']);
    view = await step(s, view, 0); // the write ends the turn
    expect(view.state!.current).toBe(1);
    expect(keysOf(wantedMessages(view, new Map()))).toEqual(['turn:1:0']);
    view = await turn(s, view, 1);
    const wanted = wantedMessages(view, new Map());
    expect(wanted.map((m) => [m.key, m.where])).toEqual([[`turn:0:${view.state!.players[0]!.turnsTaken}`, 'play']]);
    expect(view.state!.players[0]!.turnsTaken).toBe(1);
  });

  it('Balut: a card per player and the progress message; the results only once the game is over', async () => {
    const s = service();
    const view = await started(s, ['ann', 'ben', 'bot'], BALUT);
    const during = wantedMessages(view, new Map());
    expect(keysOf(during)).toEqual([cardKey(0), cardKey(1), cardKey(2), 'scoreboard']);
    expect(keysOf(during)).toEqual(['card:0', 'card:1', 'card:2', 'scoreboard']);
    expect(during.every((m) => m.where === 'play' && !m.editOnly)).toBe(true);
    const ended = (await s.end(view.id, 'ann', { canManage: false })).view;
    expect(keysOf(wantedMessages(ended, await s.lastWrites(view.id)))).toEqual([
      'card:0',
      'card:1',
      'card:2',
      'scoreboard',
      'results',
    ]);
    // A game played to the end shows its results too; an Olathe one has no turn message left.
    const s2 = service();
    let olathe = await started(s2, ['ann'], { ...OLATHE, columns: ['free', 'free'], throwsPerTurn: 1 });
    while (olathe.status === 'playing') olathe = await step(s2, olathe, 0);
    expect(olathe.status).toBe('finished');
    expect(keysOf(wantedMessages(olathe, new Map()))).toEqual(['results']);
  });

  it('the lobby only when its message is known; play messages only once the play channel is known', async () => {
    const s = service();
    const lobby = await s.openLobby({
      guildId: 'g',
      channelId: 'parent',
      host: { id: 'ann', name: 'Ann' },
      options: OLATHE,
      threads: true,
    });
    expect(wantedMessages(lobby, new Map())).toEqual([]);
    await s.recordShown(lobby.id, 'lobby', '123', null);
    const withLobby = wantedMessages((await s.game(lobby.id))!, new Map());
    expect(withLobby.map((m) => [m.key, m.where, m.editOnly, m.ping])).toEqual([['lobby', 'parent', true, []]]);
    await s.join(lobby.id, { id: 'ben', name: 'Ben' });
    const startedView = await s.start(lobby.id, 'ann');
    expect(startedView.playChannelId).toBeNull();
    expect(keysOf(wantedMessages(startedView, new Map()))).toEqual(['lobby']);
    await s.setPlayChannel(lobby.id, 'thread-1');
    const inThread = wantedMessages((await s.game(lobby.id))!, new Map());
    expect(inThread.map((m) => [m.key, m.where])).toEqual([
      ['turn:0:0', 'play'],
      ['lobby', 'parent'],
    ]);
    expect(JSON.stringify(inThread.at(-1)!.body)).toContain('<#thread-1>');
  });
});

describe('whom a first post pings', () => {
  it('Olathe: at the first turn and after another player turn, not when everyone else has left', async () => {
    const s = service();
    let view = await started(s, ['ann', 'ben'], OLATHE);
    expect(pingsOf(wantedMessages(view, new Map()))).toEqual({ 'turn:0:0': ['ann'] });
    view = await turn(s, view, 0);
    expect(pingsOf(wantedMessages(view, new Map()))).toEqual({ 'turn:1:0': ['ben'] });
    view = await turn(s, view, 1);
    expect(pingsOf(wantedMessages(view, new Map()))).toEqual({ 'turn:0:1': ['ann'] });

    let alone = await started(s, ['cy', 'dan'], OLATHE);
    alone = (await s.quit(alone.id, 'dan')).view;
    expect(pingsOf(wantedMessages(alone, new Map()))).toEqual({ 'turn:0:0': ['cy'] }); // the very first turn still pings
    alone = await turn(s, alone, 0);
    expect(pingsOf(wantedMessages(alone, new Map()))).toEqual({ 'turn:0:1': [] });
  });

  it('Olathe: a computer player is never pinged and gets no controls', async () => {
    const s = service();
    const view = (await s.game((await turn(s, await started(s, ['ann', 'bot'], OLATHE), 0)).id))!;
    const [message] = wantedMessages(view, new Map());
    expect(message!.key).toBe('turn:1:0');
    expect(message!.ping).toEqual([]);
    expect(message!.body.components).toEqual([]);
  });

  it('Balut: each person once, at the very start of their card; computer players never', async () => {
    const s = service();
    let view = await started(s, ['ann', 'ben', 'bot'], BALUT);
    expect(pingsOf(play(wantedMessages(view, new Map())))).toEqual({
      'card:0': ['ann'],
      'card:1': ['ben'],
      'card:2': [],
      scoreboard: [],
    });
    view = await step(s, view, 0); // ann threw: her card is no longer at its start
    expect(pingsOf(wantedMessages(view, new Map()))).toMatchObject({ 'card:0': [], 'card:1': ['ben'] });
    view = await step(s, view, 0); // and wrote
    expect(view.state!.players[0]!.turnsTaken).toBe(1);
    expect(pingsOf(wantedMessages(view, new Map()))).toMatchObject({ 'card:0': [], 'card:1': ['ben'], 'card:2': [] });
  });

  it('no body carries a mention permission: the Publisher adds the ping on the first post only', async () => {
    const s = service();
    const views = [await started(s, ['ann', 'ben'], OLATHE), await started(s, ['cy', 'dan', 'bot'], BALUT)];
    views.push((await s.end(views[1]!.id, 'cy', { canManage: false })).view);
    for (const view of views) {
      const wanted = wantedMessages(
        { ...view, messages: { ...view.messages, lobby: '1' } },
        await s.lastWrites(view.id),
      );
      expect(wanted.at(-1)!.key).toBe('lobby');
      expect(wanted.some((w) => w.ping.length > 0 || w.key === 'results')).toBe(true);
      for (const w of wanted) {
        // The lobby summary is embeds only (nothing in content could ping); every other body says so itself.
        if (w.key === 'lobby') expect(w.body.content ?? '').toBe('');
        else expect(w.body.allowedMentions).toEqual({ parse: [] });
        expect(apiBody(w.body).allowed_mentions).toEqual({ parse: [] });
        if (w.ping.length > 0) expect(apiBody(w.body, w.ping).allowed_mentions).toEqual({ users: w.ping });
      }
    }
  });
});

describe("the Publisher's keys", () => {
  it('digestOf ignores allowedMentions and changes with what the message shows', async () => {
    const s = service();
    let view = await started(s, ['ann', 'ben'], OLATHE);
    const body = wantedMessages(view, new Map())[0]!.body;
    expect(digestOf(body)).toBe(digestOf(wantedMessages((await s.game(view.id))!, new Map())[0]!.body));
    expect(digestOf({ ...body, allowedMentions: { users: ['ann'] } })).toBe(digestOf(body));
    expect(digestOf({ ...body, allowedMentions: undefined })).toBe(digestOf(body));
    expect(digestOf({ ...body, content: `${body.content}!` })).not.toBe(digestOf(body));
    expect(digestOf({ ...body, components: [] })).not.toBe(digestOf(body));
    view = await step(s, view, 0); // the declaration changes the turn message
    expect(digestOf(wantedMessages(view, new Map())[0]!.body)).not.toBe(digestOf(body));
  });

  it('nonceOf is at most 25 characters, stable for the same parts, different for others', () => {
    const a = nonceOf(12, 'turn:0:3', '');
    expect(a.length).toBeLessThanOrEqual(25);
    expect(a.length).toBeGreaterThan(10);
    expect(nonceOf(12, 'turn:0:3', '')).toBe(a);
    const others = [
      nonceOf(12, 'turn:0:4', ''),
      nonceOf(13, 'turn:0:3', ''),
      nonceOf(12, 'turn:0:3', '999'),
      nonceOf(12, 'log', 5),
      nonceOf(12, 'log', 6),
    ];
    expect(new Set([a, ...others]).size).toBe(others.length + 1);
    expect(nonceOf('x'.repeat(500), 'y'.repeat(500)).length).toBeLessThanOrEqual(25);
  });

  it("workNonce names a shout or log line by its game and event seq, never by its outbox row's id", () => {
    const shout = (id: number, seq?: number): OutboxItem =>
      ({ id, gameId: 12, work: { kind: 'shout', seat: 0, dice: [4, 4, 4, 4, 4], seq } }) as OutboxItem;
    // The same row id (SQLite gave it out again once the outbox had emptied): two shouts, two nonces.
    expect(workNonce(12, shout(1, 7))).not.toBe(workNonce(12, shout(1, 19)));
    // The same event delivered again: the same nonce, whatever row holds it.
    expect(workNonce(12, shout(1, 7))).toBe(workNonce(12, shout(3, 7)));
    const log: OutboxItem = { id: 1, gameId: 12, work: { kind: 'log', seat: 0, turn: 0, what: 'leave', seq: 7 } };
    const all = [
      workNonce(12, shout(1, 7)),
      workNonce(12, shout(1, 7), 'parent'),
      workNonce(13, shout(1, 7)),
      workNonce(12, log),
      // A row saved without a seq falls back to its id, which no seq can be mistaken for.
      workNonce(12, shout(7)),
      workNonce(12, shout(7), 'parent'),
    ];
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((n) => n.length <= 25)).toBe(true);
  });

  it('threadName stays within 100 code points on one line, whatever the names', async () => {
    const s = service();
    const short = await started(s, ['ann', 'ben'], OLATHE);
    expect(threadName(short)).toBe(`🎲 ${variantName(short)} #${short.id} — ANN, BEN`);
    const long = (id: string) => `${id}\n🎲 ${'名前'.repeat(30)}\r\nend`;
    const views = [
      await started(s, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'], BALUT, long),
      await started(s, ['nl'], OLATHE, () => 'first line\nsecond line'),
    ];
    for (const view of views) {
      const name = threadName(view);
      expect([...name].length).toBeLessThanOrEqual(100);
      expect(name).not.toMatch(/[\r\n]/);
      expect(name.startsWith(`🎲 ${variantName(view)} #${view.id} — `)).toBe(true);
    }
    expect([...threadName(views[0]!)].length).toBe(100);
    expect(threadName(views[1]!)).toContain('first line second line');
  });
});

describe('Discord limits', () => {
  it('every wanted body of an 8-player Balut game with long names passes the fake Discord checks', async () => {
    const s = service();
    const ids = ['p0', 'p1', 'p2', 'p3', 'p4', 'bot', 'bot', 'bot'];
    let view = await started(s, ids, BALUT, (id) => `${id} ${'W'.repeat(90)}`);
    await s.recordShown(view.id, 'lobby', '1', null);
    await s.recordShown(view.id, 'results', '2', null);
    const check = async (v: GameView) => {
      const wanted = [...wantedMessages(v, await s.lastWrites(v.id)), { key: 'lobby-direct', body: lobbySummary(v) }];
      for (const w of wanted) {
        const broken = checkMessageLimits({
          content: w.body.content ?? '',
          embeds: w.body.embeds,
          components: w.body.components,
          flags: 0,
        });
        expect({ key: w.key, broken: broken.map((b) => b.rule) }).toEqual({ key: w.key, broken: [] });
      }
      return wanted.length;
    };
    expect(await check((await s.game(view.id))!)).toBe(8 + 1 + 1 + 1);
    for (let round = 0; round < 6; round++) {
      for (const seat of seatsToAct(view.state!)) if (!view.players[seat]!.isBot) view = await turn(s, view, seat);
      view = (await s.expireTurns(Date.now() + 10 ** 12)).at(-1)?.view ?? (await s.game(view.id))!; // the bots' steps (and late people)
    }
    view = (await s.game(view.id))!;
    expect((await s.lastWrites(view.id)).size).toBeGreaterThan(4);
    await check(view);
    const ended = (await s.end(view.id, 'p0', { canManage: false })).view;
    expect(await check((await s.game(ended.id))!)).toBe(8 + 1 + 1 + 1 + 1);
  });
});
