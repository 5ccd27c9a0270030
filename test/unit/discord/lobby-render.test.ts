// The lobby message in every state: open (who is in, who hosts and why, when it closes), closed without a
// game (why, and no buttons), and as the summary of a started game — in play, finished, ended early by a
// stop, by everyone leaving, or by losing its channel — which says how it ended and links the results. (The
// leaderboard's own test is leaderboard-render.test.ts.)
import { describe, expect, it } from 'vitest';
import type { GameOptions } from '../../../src/game';
import { newGame } from '../../../src/game';
import type { RenderableGame } from '../../../src/discord/render/view';
import { endText, quitText, renderLobby } from '../../../src/discord/render/lobby';
import type { MessageBody } from '../../../src/discord/render/turn';

const SMALL: GameOptions = { variant: 'olathe', columns: ['free', 'free'], throwsPerTurn: 1, predictions: false };
const RESULTS = 'https://discord.com/channels/1/2/3';

function lobby(extra: Partial<RenderableGame> = {}): RenderableGame {
  return {
    id: 9,
    hostId: '200',
    status: 'lobby',
    options: SMALL,
    turnTimeoutMs: 600_000,
    state: null,
    deadlines: {},
    players: [
      { seat: 0, userId: '200', name: 'Ann' },
      { seat: 1, userId: 'bot:easy:1', name: '🤖 Ada (easy)', isBot: true },
    ],
    ...extra,
  };
}

/** A started game of Ann and Ben; `left` seats have quit. */
function started(status: RenderableGame['status'], left: number[] = [], extra: Partial<RenderableGame> = {}) {
  const base = newGame(SMALL, ['200', '201']);
  const state = {
    ...base,
    status:
      status === 'playing' ? ('playing' as const) : status === 'ended' ? ('ended' as const) : ('finished' as const),
    players: base.players.map((p, seat) => ({ ...p, left: left.includes(seat) })),
  };
  return lobby({
    status,
    state,
    players: [
      { seat: 0, userId: '200', name: 'Ann' },
      { seat: 1, userId: '201', name: 'Ben' },
    ],
    ...extra,
  });
}

const text = (body: MessageBody) => {
  const e = body.embeds[0]!;
  return [e.title, e.description, ...(e.fields ?? []).map((f) => `${f.name}: ${f.value}`)].join('\n');
};
const actions = (body: MessageBody) =>
  body.components.flatMap((r) => r.components.map((c) => (c as { custom_id: string }).custom_id.split(':')[1]));

describe('an open lobby', () => {
  it('shows who is in, when it closes, and offers its controls', () => {
    const body = renderLobby(lobby({ lobbyExpiresAt: 1_700_001_800_000 }));
    expect(text(body)).toContain('Players 2/8: <@200> 🤖 Ada (easy)');
    expect(text(body)).toContain('⌛ Closes <t:1700001800:R> if nobody starts it.');
    expect(actions(body)).toEqual(['join', 'leave', 'start', 'cancel', 'addbot', 'removebot']);
    expect(body.allowedMentions).toEqual({ parse: [] });
  });

  it('says who handed it on when the host left', () => {
    const body = renderLobby(lobby({ hostId: '201', hostLeft: 'Ann' }));
    expect(text(body)).toContain('👑 Ann left — <@201> is the host now.');
    expect(text(body)).toContain('Host: <@201>');
  });
});

describe('a lobby that closed without a game', () => {
  it.each([
    ['expired', '⌛ Nobody started this lobby in time, so it closed.'],
    ['empty', '✖ Everyone left, so this lobby closed.'],
    ['cancelled', '✖ This lobby was cancelled.'],
    [null, '✖ This lobby was cancelled.'],
  ] as const)('%s: says why, and its buttons are gone', (reason, why) => {
    const body = renderLobby(lobby({ status: 'cancelled', closedReason: reason, players: [] }));
    expect(body.embeds[0]!.title).toBe('🎲 Olathe — closed');
    expect(body.embeds[0]!.description).toBe(`${why} Start a new one with \`/olathe start\`.`);
    expect(text(body)).toContain('Players: nobody');
    expect(body.components).toEqual([]);
  });
});

describe("a started game's summary", () => {
  const summary = { threadId: '77', resultsUrl: RESULTS };

  it('in play: where, and who left', () => {
    const body = renderLobby(started('playing', [1]), { threadId: '77' });
    expect(body.embeds[0]!.description).toBe('▶ The game is being played in <#77>.');
    expect(text(body)).toContain('Players: <@200> <@201> (left)');
    expect(body.components).toEqual([]);
  });

  it("a tournament's table names no host: the night's host seated it and need not play there", () => {
    expect(text(renderLobby(started('playing'), { threadId: '77' }))).toContain('Host: <@200>');
    const table = renderLobby(started('playing', [], { hostId: '999', tournamentId: 4 }), { threadId: '77' });
    expect(text(table)).not.toContain('Host');
    expect(text(table)).toContain('Players: <@200> <@201>');
  });

  it('finished: over, how it came out, and a link to the results', () => {
    const body = renderLobby(started('finished'), summary);
    expect(body.embeds[0]!.title).toBe('🎲 Olathe — finished');
    expect(body.embeds[0]!.description).toBe(
      `🏁 The game is over in <#77>.\n🏆 Shared win: <@200> and <@201> with −2 points each!\n[See the results](${RESULTS})`,
    );
  });

  it('ended early, by a stop or by everyone leaving: says which, links the results, names no winner', () => {
    const stopped = renderLobby(started('ended'), summary);
    expect(stopped.embeds[0]!.title).toBe('🎲 Olathe — ended early');
    expect(stopped.embeds[0]!.description).toBe(
      `⏹ The game ended early in <#77>: it was stopped before the cards were full.\n[See the results](${RESULTS})`,
    );
    const everyone = renderLobby(started('ended', [0, 1]), summary);
    expect(everyone.embeds[0]!.description).toBe(
      `⏹ The game ended early in <#77>: everyone left.\n[See the results](${RESULTS})`,
    );
  });

  it('its channel lost: says so, and keeps the standings, since no results message can be posted', () => {
    const body = renderLobby(started('ended', [], { channelGone: true }), { threadId: '77', channelGone: true });
    expect(body.embeds[0]!.description).toBe(
      '⏹ The game ended early: its channel was deleted or closed to me.\n<@200> −2 · <@201> −2',
    );
  });
});

describe('the answers to /olathe quit and /olathe end', () => {
  it('says what happened to the lobby, or to the game', () => {
    expect(quitText(lobby({ hostId: '201', hostLeft: 'Ann' }), true)).toBe(
      'You left the lobby; <@201> is the host now.',
    );
    expect(quitText(lobby(), false)).toBe('You left the lobby.');
    expect(quitText(lobby({ status: 'cancelled', closedReason: 'empty' }), true)).toBe(
      'You left the lobby. Nobody else was in it, so it closed.',
    );
    expect(quitText(started('playing', [0]), false)).toBe('You left the game; your card still scores.');
    expect(endText(lobby({ status: 'cancelled', closedReason: 'cancelled' }), '200')).toBe(
      '<@200> cancelled the lobby.',
    );
    expect(endText(started('ended'), '200')).toBe('<@200> ended the game.');
  });
});
