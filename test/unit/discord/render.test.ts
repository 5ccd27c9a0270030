import { describe, expect, it } from 'vitest';
import type { GameOptions, GameState } from '../../../src/game';
import {
  applyEvent,
  newGame,
  scriptedRng,
  seededRng,
  throwEvent,
  writableCells,
  declarableColumns,
  seatsToAct,
} from '../../../src/game';
import type { RenderableGame } from '../../../src/discord/render/view';
import { renderTurn } from '../../../src/discord/render/turn';
import {
  logLine,
  renderLobby,
  renderResults,
  renderScoreboard,
  renderShout,
} from '../../../src/discord/render/game-messages';
import { channelWorkOf } from '../../../src/service/channel-work';
import { cardTable } from '../../../src/discord/render/text';
import { parseCustomId } from '../../../src/discord/custom-id';
import { checkMessageLimits } from '../../../src/fake-discord/message-limits';
import type { MessageBody } from '../../../src/discord/render/turn';
import { tr } from '../../../src/discord/i18n';

const SIX_COLUMNS: GameOptions = {
  variant: 'olathe',
  columns: ['free', 'free', 'free', 'free', 'down', 'up'],
  throwsPerTurn: 5,
  predictions: true,
};

function gameOf(
  state: GameState,
  names = state.players.map((_, i) => `Player number ${i + 1} with a long name`),
): RenderableGame {
  return {
    id: 123456789,
    hostId: '100000000000000001',
    status: state.status === 'playing' ? 'playing' : state.status,
    options: state.options,
    turnTimeoutMs: 600_000,
    players: names.map((name, seat) => ({ seat, userId: String(100000000000000001n + BigInt(seat)), name })),
    state,
    deadlines: { [state.current]: 1_800_000_000_000 },
  };
}

function limitsOf(body: MessageBody): string[] {
  return checkMessageLimits({
    content: body.content ?? '',
    embeds: body.embeds,
    components: body.components,
    flags: 0,
  }).map((v) => v.rule);
}

/** Plays random legal moves until `stop` says so. */
function play(state: GameState, seed: number, stop: (s: GameState) => boolean): GameState {
  const rng = seededRng(seed);
  while (state.status === 'playing' && !stop(state)) {
    const seat = seatsToAct(state)[0]!;
    const p = state.players[seat]!;
    if (state.options.variant === 'olathe' && p.turn.column === null) {
      state = applyEvent(state, { type: 'declare', seat, column: declarableColumns(state, seat)[0]! });
    } else if (!p.turn.dice) state = applyEvent(state, throwEvent(state, seat, rng));
    else {
      const cell = writableCells(state, seat)[0]!;
      state = applyEvent(state, { type: 'write', seat, ...cell });
    }
  }
  return state;
}

const eightPlayers = () =>
  newGame(
    SIX_COLUMNS,
    Array.from({ length: 8 }, (_, i) => `u${i}`),
  );

describe('renderers respect every Discord limit on a 6-column card with 8 players', () => {
  it('a turn before the declaration offers the column select and predictions', () => {
    const game = gameOf(eightPlayers());
    const body = renderTurn(game, 0);
    expect(limitsOf(body)).toEqual([]);
    const ids = body.components.flatMap((r) => r.components.map((c) => ('custom_id' in c ? c.custom_id : '')));
    expect(ids.map((id) => parseCustomId(id)?.action)).toEqual(['throw', 'hint', 'declare', 'predict']);
    const throwButton = body.components[0]!.components[0]!;
    expect('disabled' in throwButton && throwButton.disabled).toBe(true); // must declare first
  });

  it('a turn with dice shows five hold buttons and only legal cells with their points', () => {
    let state = eightPlayers();
    state = applyEvent(state, { type: 'declare', seat: 0, column: 4 }); // ↓ Down: only Fours is legal
    state = applyEvent(state, throwEvent(state, 0, scriptedRng([4, 4, 2, 4, 6])));
    state = applyEvent(state, { type: 'hold', seat: 0, die: 1 });
    const body = renderTurn(gameOf(state), 0);
    expect(limitsOf(body)).toEqual([]);
    const [dice, buttons, select] = body.components;
    expect(dice!.components).toHaveLength(5);
    expect(dice!.components[1]).toMatchObject({ label: '⚃ 4 🔒', style: 1 });
    expect(dice!.components[0]).toMatchObject({ label: '⚃ 4', style: 2 });
    // Each button asks for the other state: hold the free die, release the held one.
    const asks = dice!.components.map((b) => parseCustomId((b as { custom_id: string }).custom_id));
    expect(asks[0]).toMatchObject({ action: 'hold', die: 0, held: true });
    expect(asks[1]).toMatchObject({ action: 'hold', die: 1, held: false });
    expect(buttons!.components[0]).toMatchObject({ label: '🎲 Throw (4 left)' });
    const options = (select!.components[0] as { options: { label: string }[] }).options;
    expect(options.map((o) => o.label)).toEqual(['Fours (↓ Down) — 12 pts']);
    expect(body.embeds[0]!.description).toContain('Throw 1 of 5');
  });

  it('marks zero-scoring cells as scratches', () => {
    let state = newGame({ ...SIX_COLUMNS, predictions: false }, ['a']);
    state = applyEvent(state, { type: 'declare', seat: 0, column: 0 });
    state = applyEvent(state, throwEvent(state, 0, scriptedRng([1, 1, 2, 2, 3])));
    const options = (renderTurn(gameOf(state), 0).components[2]!.components[0] as { options: { label: string }[] })
      .options;
    expect(options.map((o) => o.label)).toContain('Fours (Free 1) — scratch (0)');
    expect(options.map((o) => o.label)).toContain('Choice (Free 1) — 9 pts');
    expect(options).toHaveLength(7);
  });

  it('Balut lists categories, never more than 25 options, naming the leftmost empty cell', () => {
    let state = newGame(
      { variant: 'balut', columns: ['free', 'free', 'free', 'free'], throwsPerTurn: 3, predictions: false },
      ['a'],
    );
    state = applyEvent(state, throwEvent(state, 0, scriptedRng([5, 5, 5, 5, 5])));
    const body = renderTurn(gameOf(state), 0);
    expect(limitsOf(body)).toEqual([]);
    const options = (body.components[2]!.components[0] as { options: { label: string; value: string }[] }).options;
    expect(options).toHaveLength(7);
    expect(options[6]).toEqual({
      label: 'Balut (Free 1) — 45 pts',
      value: '0.olathe',
      description: 'Also free in Free 2, Free 3, Free 4 (next menu)',
    });
  });

  it('a lobby offers to remove each computer player, and only when there is one', () => {
    const state = newGame({ ...SIX_COLUMNS, predictions: false }, ['a']);
    const lobby = { ...gameOf(state), status: 'lobby' as const, state: null };
    const ids = (body: MessageBody) =>
      body.components.flatMap((row) =>
        row.components.map((c) => parseCustomId((c as { custom_id: string }).custom_id)?.action),
      );
    expect(ids(renderLobby(lobby))).not.toContain('removebot');
    const players = [
      lobby.players[0]!,
      ...Array.from({ length: 7 }, (_, k) => ({
        seat: k + 1,
        userId: `bot:expert:${k + 1}`,
        name: `🤖 Bot ${k + 1} (expert)`,
        isBot: true,
      })),
    ];
    const full = renderLobby({ ...lobby, players });
    expect(limitsOf(full)).toEqual([]);
    expect(ids(full)).toContain('removebot');
    expect(ids(full)).not.toContain('addbot'); // 8 players: no seat left
    const select = full.components.at(-1)!.components[0] as { options: { label: string; value: string }[] };
    expect(select.options.map((o) => o.value)).toEqual(players.slice(1).map((p) => p.userId));
  });

  it('a late-game card, the lobby, the scoreboard, the shout and the results stay within limits', () => {
    const late = play(eightPlayers(), 7, (s) => s.players[7]!.turnsTaken >= 30);
    expect(limitsOf(renderTurn(gameOf(late), late.current))).toEqual([]);
    expect(limitsOf(renderLobby(gameOf(late)))).toEqual([]);
    expect(limitsOf(renderScoreboard(gameOf(late)))).toEqual([]);
    expect(limitsOf(renderShout(gameOf(late), 3, [6, 6, 6, 6, 6]))).toEqual([]);
    const done = play(eightPlayers(), 9, () => false);
    expect(done.status).toBe('finished');
    const results = renderResults({ ...gameOf(done), status: 'finished' }, { analysis: true });
    expect(limitsOf(results)).toEqual([]);
    expect(results.embeds[0]!.description).toMatch(/wins with|Shared win/);
  });

  it('the card table stays phone-sized and shows incentive progress', () => {
    let state = newGame(
      { variant: 'olathe', columns: ['free', 'free', 'down', 'up'], throwsPerTurn: 3, predictions: false },
      ['a'],
    );
    state = applyEvent(state, { type: 'declare', seat: 0, column: 0 });
    state = applyEvent(state, throwEvent(state, 0, scriptedRng([4, 4, 4, 1, 2])));
    state = applyEvent(state, { type: 'write', seat: 0, column: 0, category: 'fours' });
    const table = cardTable(state.players[0]!.card, 'olathe', tr('en'));
    for (const line of table.split('\n')) expect([...line].length).toBeLessThanOrEqual(42);
    expect(table).toContain('12/52');
    expect(table.split('\n')[1]).toMatch(/^Fours\s+12\s+·\s+·\s+·/);
  });

  it('a finished turn collapses to one log line', () => {
    let before = newGame(
      { variant: 'olathe', columns: ['free', 'free', 'down', 'up'], throwsPerTurn: 3, predictions: false },
      ['a'],
    );
    before = applyEvent(before, { type: 'declare', seat: 0, column: 1 });
    before = applyEvent(before, throwEvent(before, 0, scriptedRng([5, 5, 4, 6, 4])));
    const event = { type: 'write', seat: 0, column: 1, category: 'choice' } as const;
    const after = applyEvent(before, event);
    const [log] = channelWorkOf([{ before, event, after }]);
    expect(log).toMatchObject({
      kind: 'log',
      seat: 0,
      turn: 0,
      what: 'write',
      column: 1,
      category: 'choice',
      score: 24,
    });
    expect(logLine(gameOf(after, ['alice']), log as Extract<typeof log, { kind: 'log' }>)).toBe(
      '**alice** wrote 24 in Choice (Free 2) — ⚄ ⚄ ⚃ ⚅ ⚃',
    );
  });
});
