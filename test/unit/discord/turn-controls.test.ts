// The turn message's countdown, Balut's cell menus (which column each choice writes to, and the other free
// columns), the shout that stands out, and the reaction that marks its turn message.
import { DiscordAPIError } from 'discord.js';
import type { REST } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { Category, GameOptions, GameState } from '../../../src/game';
import { CATEGORIES, applyEvent, newGame, scriptedRng, throwEvent, writableCells } from '../../../src/game';
import type { RenderableGame } from '../../../src/discord/render/view';
import type { MessageBody } from '../../../src/discord/render/turn';
import { renderTurn } from '../../../src/discord/render/turn';
import { renderShout } from '../../../src/discord/render/game-messages';
import { MAX_CUSTOM_ID_LENGTH, parseCellValue, parseCustomId } from '../../../src/discord/custom-id';
import { ChannelRest } from '../../../src/discord/channel-rest';
import { checkMessageLimits } from '../../../src/fake-discord/message-limits';

const BALUT: GameOptions = {
  variant: 'balut',
  columns: ['free', 'free', 'free', 'free'],
  throwsPerTurn: 3,
  predictions: false,
};
const OLATHE: GameOptions = {
  variant: 'olathe',
  columns: ['free', 'free', 'down', 'up'],
  throwsPerTurn: 3,
  predictions: false,
};
const DEADLINE = 1_800_000_000_000;

function gameOf(state: GameState, bots: number[] = []): RenderableGame {
  return {
    id: 987654321,
    hostId: '100',
    status: 'playing',
    options: state.options,
    turnTimeoutMs: 600_000,
    players: state.players.map((_, seat) => ({
      seat,
      userId: bots.includes(seat) ? `bot:easy:${seat}` : String(100 + seat),
      name: bots.includes(seat) ? `🤖 Bot ${seat}` : `Player ${seat}`,
      isBot: bots.includes(seat),
    })),
    state,
    deadlines: Object.fromEntries(state.players.map((_, seat) => [seat, DEADLINE])),
  };
}

interface Select {
  custom_id: string;
  placeholder: string;
  options: { label: string; value: string; description?: string }[];
}

function selects(body: MessageBody): Select[] {
  return body.components.flatMap((row) => row.components.filter((c) => c.type === 3) as unknown as Select[]);
}

function limitsOf(body: MessageBody): string[] {
  const draft = { content: body.content ?? '', embeds: body.embeds, components: body.components, flags: 0 };
  return checkMessageLimits(draft).map((v) => v.rule);
}

/** A Balut card with `written` cells filled column by column, then the dice thrown. */
function balutTurn(dice: number[], written: Array<[number, Category]> = []): GameState {
  let state = newGame(BALUT, ['a']);
  for (const [column, category] of written) {
    state = applyEvent(state, throwEvent(state, 0, scriptedRng([1, 2, 3, 4, 6])));
    state = applyEvent(state, { type: 'write', seat: 0, column, category });
  }
  return applyEvent(state, throwEvent(state, 0, scriptedRng(dice)));
}

describe('the turn countdown', () => {
  it("shows a person's own deadline, and none on a computer player's turn", () => {
    const state = newGame(OLATHE, ['a', 'b']);
    expect(renderTurn(gameOf(state), 0).embeds[0]!.description).toContain(
      `⏳ Turn ends on its own <t:${DEADLINE / 1000}:R>.`,
    );
    const botTurn = renderTurn(gameOf(state, [0]), 0);
    expect(JSON.stringify(botTurn)).not.toMatch(/⏳|Turn ends|<t:\d+/);
    // Balut: everyone's card at once, each with its own owner's deadline or none.
    const balut = gameOf(newGame(BALUT, ['a', 'b']), [1]);
    expect(renderTurn(balut, 0).embeds[0]!.description).toContain('⏳');
    expect(renderTurn(balut, 1).embeds[0]!.description).not.toContain('⏳');
  });
});

describe("Balut's cell menus", () => {
  it('name the column of every choice: each category once in its leftmost free column, the others in a second menu', () => {
    const state = balutTurn([5, 5, 5, 5, 5], [[0, 'sixes']]);
    const body = renderTurn(gameOf(state), 0);
    expect(limitsOf(body)).toEqual([]);
    const [first, second] = selects(body);
    expect(selects(body)).toHaveLength(2);
    expect(first!.placeholder).toBe('Write your dice in… ▾');
    expect(first!.options.map((o) => o.label)).toEqual([
      'Fours (Free 1) — scratch (0)',
      'Fives (Free 1) — 25 pts',
      'Sixes (Free 2) — scratch (0)',
      'Straight (Free 1) — scratch (0)',
      'House (Free 1) — scratch (0)',
      'Choice (Free 1) — 25 pts',
      'Balut (Free 1) — 45 pts',
    ]);
    expect(first!.options[1]!.description).toBe('Also free in Free 2, Free 3, Free 4 (next menu)');
    expect(first!.options[2]!.description).toBe('Also free in Free 3, Free 4 (next menu)');
    expect(second!.placeholder).toBe('…or in another free column ▾');
    expect(second!.options).toHaveLength(27 - 7);
    expect(second!.options[0]).toEqual({ label: 'Fours (Free 2) — scratch (0)', value: '1.fours' });
    expect(second!.options.map((o) => o.label)).toContain('Balut (Free 4) — 45 pts');
    // Together the two menus offer every empty cell exactly once, within Discord's 25 options each.
    const offered = [...first!.options, ...second!.options].map((o) => o.value).sort();
    const legal = writableCells(state, 0).map((c) => `${c.column}.${c.category}`);
    expect(offered).toEqual(legal.sort());
    for (const s of [first!, second!]) expect(s.options.length).toBeLessThanOrEqual(25);
  });

  it('give each menu its own custom_id, both read as a write, the old form too', () => {
    const [first, second] = selects(renderTurn(gameOf(balutTurn([1, 2, 3, 4, 5])), 0));
    expect(first!.custom_id).not.toBe(second!.custom_id);
    for (const s of [first!, second!]) expect(s.custom_id.length).toBeLessThanOrEqual(MAX_CUSTOM_ID_LENGTH);
    expect(parseCustomId(first!.custom_id)).toEqual({ action: 'write', gameId: 987654321, seat: 0, stamp: '0.1' });
    expect(parseCustomId(second!.custom_id)).toEqual({
      action: 'write',
      gameId: 987654321,
      seat: 0,
      stamp: '0.1',
      menu: 2,
    });
    expect(parseCellValue(second!.options[0]!.value)).toEqual({ column: 1, category: 'fours' });
  });

  it('are drawn once per moment: a hold redraws the same menus, another card at the same moment its own', () => {
    const thrown = balutTurn([5, 5, 5, 5, 5], [[0, 'sixes']]);
    const held = applyEvent(thrown, { type: 'hold', seat: 0, die: 2 });
    const [before, after] = [renderTurn(gameOf(thrown), 0), renderTurn(gameOf(held), 0)];
    expect(selects(after)[0]).toBe(selects(before)[0]);
    expect(after.components[0]).not.toEqual(before.components[0]);
    // Same game id, seat, moment (0.1 — no turn taken) and dice, but another cell written: other menus.
    const other = balutTurn([5, 5, 5, 5, 5], [[0, 'fives']]);
    const otherMenus = selects(renderTurn(gameOf(other), 0));
    expect(otherMenus[0]!.options.map((o) => o.label)).toContain('Sixes (Free 1) — scratch (0)');
    expect(otherMenus[0]!.options.map((o) => o.label)).toContain('Fives (Free 2) — 25 pts');
    // …and in another language, its own words.
    const danish = selects(renderTurn({ ...gameOf(thrown), locale: 'da' }, 0));
    expect(danish[0]!.placeholder).not.toBe(selects(before)[0]!.placeholder);
  });

  it('drop the second menu once no category has two free columns', () => {
    const written: Array<[number, Category]> = [];
    for (const column of [0, 1, 2]) for (const category of CATEGORIES) written.push([column, category]);
    const body = renderTurn(gameOf(balutTurn([6, 6, 6, 5, 5], written)), 0);
    expect(selects(body)).toHaveLength(1);
    expect(selects(body)[0]!.options.map((o) => o.label)).toContain('House (Free 4) — 28 pts');
    expect(selects(body)[0]!.options.every((o) => o.description === undefined)).toBe(true);
  });

  it('Olathe keeps one menu: the declared column only', () => {
    let state = newGame(OLATHE, ['a']);
    state = applyEvent(state, { type: 'declare', seat: 0, column: 1 });
    state = applyEvent(state, throwEvent(state, 0, scriptedRng([2, 2, 3, 3, 3])));
    const menus = selects(renderTurn(gameOf(state), 0));
    expect(menus).toHaveLength(1);
    expect(menus[0]!.options.map((o) => o.label)).toContain('House (Free 2) — 13 pts');
  });
});

describe('the shout', () => {
  it('stands out: the cry in the text, the dice large in an embed, nobody pinged', () => {
    const game = gameOf(newGame(OLATHE, ['a', 'b']), [1]);
    const shout = renderShout(game, 0, [6, 6, 6, 6, 6]);
    expect(limitsOf(shout)).toEqual([]);
    expect(shout.content).toBe('🎶 **O-la-the!** 🎶  <@100> threw five 6s!');
    expect(shout.embeds[0]!.description).toBe('# ⚅ ⚅ ⚅ ⚅ ⚅\nFive of a kind — worth **50** written in the Olathe row.');
    expect(shout.allowedMentions).toEqual({ parse: [] });
    expect(renderShout(game, 1, [2, 2, 2, 2, 2]).content).toBe('🎶 **O-la-the!** 🎶  🤖 Bot 1 threw five 2s!');
  });
});

describe("the shout's reaction", () => {
  const refusal = (status: number, code: number) =>
    new DiscordAPIError({ code, message: 'no' }, code, status, 'PUT', '/x', { body: undefined, files: undefined });
  const restThat = (put: () => Promise<unknown>) => new ChannelRest({ put } as unknown as REST);

  it('is put once per emoji, URL-encoded', async () => {
    const paths: string[] = [];
    const rest = new ChannelRest({ put: (path: string) => (paths.push(path), Promise.resolve()) } as unknown as REST);
    expect(await rest.react('1', '2', '🎉')).toBe(true);
    expect(paths).toEqual([`/channels/1/messages/2/reactions/${encodeURIComponent('🎉')}/@me`]);
  });

  it('never ends a game or holds the channel up when Discord refuses it; a retryable failure is thrown', async () => {
    // Missing Permissions would otherwise read as "the channel is gone" (without Add Reactions, say).
    expect(await restThat(() => Promise.reject(refusal(403, 50013))).react('1', '2', '🎉')).toBe(false);
    expect(await restThat(() => Promise.reject(refusal(404, 10008))).react('1', '2', '🎉')).toBe(false);
    await expect(restThat(() => Promise.reject(refusal(502, 0))).react('1', '2', '🎉')).rejects.toThrow();
  });
});
