// 🎲 Open the board: where the button goes (beside a row of buttons with room, else a row of its own,
// never a sixth row), that it is drawn only when the bot serves the Activity, its custom_id, and what a click on it
// becomes: callback type 12, or a private refusal when Discord refuses the launch or the board is off.
import type { MessageComponentInteraction } from 'discord.js';
import { ButtonStyle, ComponentType, DiscordAPIError } from 'discord.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameOptions, GameState } from '../../../src/game';
import { applyEvent, newGame, scriptedRng, throwEvent } from '../../../src/game';
import type { RenderableGame } from '../../../src/discord/render/view';
import { renderTurn } from '../../../src/discord/render/turn';
import { renderLobby } from '../../../src/discord/render/lobby';
import { showsOpenBoardButton, useOpenBoardButton, withOpenBoardButton } from '../../../src/discord/render/open-board';
import { encodeCustomId, parseCustomId } from '../../../src/discord/custom-id';
import { isLaunchRefused, openBoard } from '../../../src/discord/open-board';
import type { BotContext } from '../../../src/discord/context';
import { UserFacingError } from '../../../src/discord/context';
import { checkMessageLimits } from '../../../src/fake-discord/message-limits';

const BALUT: GameOptions = {
  variant: 'balut',
  columns: ['free', 'free', 'free', 'free'],
  throwsPerTurn: 3,
  predictions: true,
};

function gameOf(state: GameState, status: RenderableGame['status'] = 'playing'): RenderableGame {
  return {
    id: 77,
    hostId: '100',
    status,
    options: state.options,
    turnTimeoutMs: 600_000,
    players: state.players.map((_, seat) => ({ seat, userId: String(100 + seat), name: `Player ${seat}` })),
    state: status === 'lobby' ? null : state,
    deadlines: {},
  };
}

const button = (id: string) => ({
  type: ComponentType.Button as const,
  custom_id: id,
  label: id,
  style: ButtonStyle.Secondary as const,
});
const buttonRow = (...ids: string[]) => ({ type: ComponentType.ActionRow as const, components: ids.map(button) });
const selectRow = (id: string) => ({
  type: ComponentType.ActionRow as const,
  components: [{ type: ComponentType.StringSelect as const, custom_id: id, options: [{ label: 'a', value: 'a' }] }],
});
const idsOf = (rows: ReturnType<typeof withOpenBoardButton>) =>
  rows.map((row) => row.components.map((c) => ('custom_id' in c ? c.custom_id : '?')));
const BOARD = encodeCustomId({ action: 'open-board', gameId: 77 });
const game = { id: 77, locale: 'en' };

afterEach(() => useOpenBoardButton(null));

describe('where the button goes', () => {
  it('beside the first row of buttons with room; a full row of dice and select rows are passed over', () => {
    useOpenBoardButton(true);
    const rows = [buttonRow('d1', 'd2', 'd3', 'd4', 'd5'), selectRow('menu'), buttonRow('throw', 'hint')];
    expect(idsOf(withOpenBoardButton(rows, game))).toEqual([
      ['d1', 'd2', 'd3', 'd4', 'd5'],
      ['menu'],
      ['throw', 'hint', BOARD],
    ]);
    // The rows given are left as they were: a renderer's remembered rows are shared.
    expect(rows[2]!.components).toHaveLength(2);
  });

  it('in a row of its own when no row has room, and not at all in a message already at 5 rows', () => {
    useOpenBoardButton(true);
    expect(idsOf(withOpenBoardButton([], game))).toEqual([[BOARD]]);
    const full = ['a', 'b', 'c', 'd', 'e'].map((id) => selectRow(id));
    expect(withOpenBoardButton(full, game)).toEqual(full);
  });

  it('nowhere while the Activity is off', () => {
    useOpenBoardButton(false);
    expect(withOpenBoardButton([buttonRow('throw')], game)).toEqual([buttonRow('throw')]);
  });

  it('follows ACTIVITY_PORT until it is set at start', () => {
    vi.stubEnv('ACTIVITY_PORT', '8443');
    useOpenBoardButton(null);
    expect(showsOpenBoardButton()).toBe(true);
    vi.stubEnv('ACTIVITY_PORT', '');
    useOpenBoardButton(null);
    expect(showsOpenBoardButton()).toBe(false);
    vi.unstubAllEnvs();
  });
});

describe('the cards and the lobby with the button', () => {
  it('a Balut card after a throw: dice, Throw/Hint/Open the board, two write menus, within every limit', () => {
    useOpenBoardButton(true);
    let state = newGame(BALUT, ['a']);
    state = applyEvent(state, throwEvent(state, 0, scriptedRng([1, 2, 3, 4, 6])));
    const body = renderTurn(gameOf(state), 0);
    expect(body.components).toHaveLength(4);
    const board = body.components[1]!.components[2]!;
    expect(board).toMatchObject({ custom_id: BOARD, label: '🎲 Open the board' });
    const draft = { content: '', embeds: body.embeds, components: body.components, flags: 0 };
    expect(checkMessageLimits(draft)).toEqual([]);
  });

  it('the open lobby: the fifth button of its first row, in the game language', () => {
    useOpenBoardButton(true);
    const lobby = renderLobby({ ...gameOf(newGame(BALUT, ['a']), 'lobby'), locale: 'da' });
    expect(lobby.components[0]!.components.map((c) => ('label' in c ? c.label : ''))).toEqual([
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      '🎲 Åbn brættet',
    ]);
  });
});

describe('its custom_id', () => {
  it('names the game only, and nothing more is accepted', () => {
    expect(BOARD).toBe('o1:open-board:77');
    expect(parseCustomId(BOARD)).toEqual({ action: 'open-board', gameId: 77 });
    expect(parseCustomId('o1:open-board:77:0')).toBeNull();
    expect(parseCustomId('o1:open-board:x')).toBeNull();
  });
});

describe('a click on it', () => {
  const apiError = (status: number, code: number) =>
    new DiscordAPIError({ code, message: 'no' }, code, status, 'POST', '/interactions/1/t/callback', {
      body: undefined,
      files: undefined,
    });
  const ctx = { log: { info: vi.fn() } } as unknown as BotContext;
  const clickThat = (launch: () => Promise<unknown>) =>
    ({ channelId: '5', launchActivity: vi.fn(launch) }) as unknown as MessageComponentInteraction;

  it('launches the Activity (callback type 12 through discord.js)', async () => {
    useOpenBoardButton(true);
    const click = clickThat(async () => undefined);
    await openBoard(click, ctx);
    expect(click.launchActivity).toHaveBeenCalledOnce();
  });

  it('turns a launch Discord refuses into a private refusal; a dead interaction stays a failure', async () => {
    useOpenBoardButton(true);
    const refused = openBoard(
      clickThat(() => Promise.reject(apiError(400, 50035))),
      ctx,
    );
    await expect(refused).rejects.toMatchObject({ key: 'board.unavailable' });
    await expect(refused).rejects.toBeInstanceOf(UserFacingError);
    const late = apiError(404, 10062);
    await expect(
      openBoard(
        clickThat(() => Promise.reject(late)),
        ctx,
      ),
    ).rejects.toBe(late);
    expect(isLaunchRefused(apiError(403, 50001))).toBe(true);
    expect(isLaunchRefused(apiError(500, 0))).toBe(false);
    expect(isLaunchRefused(apiError(429, 0))).toBe(false);
  });

  it('refuses without launching when the board is off', async () => {
    useOpenBoardButton(false);
    const click = clickThat(async () => undefined);
    await expect(openBoard(click, ctx)).rejects.toMatchObject({ key: 'board.off' });
    expect(click.launchActivity).not.toHaveBeenCalled();
  });
});
