// The daily challenge's texts: names that can never become mentions or markdown, a thread name within
// Discord's 100 characters, the board within an embed's limits in English and Danish, and the results lines.
import { describe, expect, it } from 'vitest';
import { checkMessageLimits } from '../../../src/fake-discord/message-limits';
import { tr } from '../../../src/discord/i18n';
import { dailyBoardEmbed, dailyResultLines, dailyThreadName, plainName } from '../../../src/discord/render/daily';
import type { DailyBoard } from '../../../src/service/game-service';

const board = (over: Partial<DailyBoard> = {}): DailyBoard => ({
  day: '2026-11-24',
  rows: Array.from({ length: 15 }, (_, i) => ({
    rank: i < 2 ? 1 : i + 1,
    userId: `u${i}`,
    name: `${i}${'W'.repeat(80)}`,
    final: 29 - i,
    raw: 700 - i,
  })),
  total: 40,
  own: { rank: 1, userId: 'u0', name: 'x', final: 29, raw: 700 },
  played: true,
  finished: true,
  solver: { final: 21, raw: 612 },
  ...over,
});

describe('daily texts', () => {
  it('shows names as plain text: no mention, channel link, @everyone or markdown', () => {
    expect(plainName('<@123> @everyone **bold** #general\nnext')).toBe(
      '<\u200b@\u200b123\\> @\u200beveryone \\*\\*bold\\*\\* #\u200bgeneral next',
    );
    expect(plainName('Alice')).toBe('Alice');
  });

  it('names the thread within 100 characters, on one line', () => {
    expect(dailyThreadName(tr('en'), '2026-11-24', 'Alice')).toBe('📅 Daily 2026-11-24 — Alice');
    const long = dailyThreadName(tr('da'), '2026-11-24', `Bob\n${'b'.repeat(200)}`);
    expect([...long].length).toBe(100);
    expect(long).not.toContain('\n');
    expect(long.startsWith('📅 Dagens 2026-11-24 — Bob b')).toBe(true);
  });

  it('draws the board with ties, the asker and the solver, within Discord limits in every language', () => {
    for (const language of ['en', 'da']) {
      const embed = dailyBoardEmbed(board(), 'world', tr(language));
      expect(checkMessageLimits({ content: '', embeds: [embed], components: [], flags: 0 })).toEqual([]);
      const lines = embed.description!.split('\n');
      expect(lines[0]).toMatch(/^\*\*1\.\*\* 0W{31} — 29 /);
      expect(lines[1]).toMatch(/^\*\*1\.\*\* 1W{31} — /);
      expect(lines[2]).toMatch(/^\*\*3\.\*\* /);
    }
    const en = dailyBoardEmbed(board(), 'server', tr('en'));
    expect(en.title).toBe('📅 Daily challenge 2026-11-24 — this server');
    expect(en.description).toContain('You: **#1** of 40 — 29 points');
    expect(en.description).toContain("The expert solver on today's dice: 21 points (raw 612)");
    const fresh = dailyBoardEmbed(
      board({ rows: [], total: 0, own: null, played: false, finished: false, solver: null }),
      'world',
      tr('en'),
    );
    expect(fresh.description).toBe(
      "Nobody has finished today's challenge here yet.\n\nYou haven't played today's challenge yet: /olathe daily",
    );
    const playing = dailyBoardEmbed(board({ own: null, finished: false, solver: null }), 'world', tr('en'));
    expect(playing.description).toContain('Your game today is still in play.');
    expect(playing.description).not.toContain('solver');
  });

  const result = {
    day: '2026-11-24',
    final: 12,
    raw: 500,
    rankServer: 2,
    ofServer: 3,
    rankWorld: 7,
    ofWorld: 90,
    solverFinal: 1,
    solverRaw: 290,
  };

  it("says the rank when the game ended and the solver's score", () => {
    const lines = dailyResultLines(result, tr('en'));
    expect(lines).toEqual([
      '📅 **Daily challenge 2026-11-24**',
      'Rank when you finished: **#2** of 3 on this server · **#7** of 90 in the world',
      '🤖 The expert solver scored **1 point** (raw 290) on the same dice.',
      'The next challenge starts at midnight UTC. `/olathe daily board:` shows the boards.',
    ]);
  });

  it('gives only the world rank to a game played outside a server (the bot’s DM)', () => {
    const lines = dailyResultLines(result, tr('en'), false);
    expect(lines[1]).toBe('Rank when you finished: **#7** of 90 in the world');
    expect(lines.join('\n')).not.toContain('server');
  });
});
