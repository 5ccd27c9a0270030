// The server's leaderboard: people ranked by wins, computer players ranked apart, every figure labelled.
import type { APIEmbed } from 'discord.js';
import type { LeaderboardRow } from '../../service/game-service';
import { count } from './text';

export const LEADERBOARD_SIZE = 15;
/** Long display names are cut so fifteen rows stay within an embed's description. */
const NAME_LENGTH = 32;

export type LeaderboardPeriod = 'all' | '30d';

/** What the marks of a row mean: said once, under the rows. */
export const LEADERBOARD_LEGEND =
  '🎲 fives of a kind: thrown, and scored in an Olathe or Balut cell · 🔮 predictions that were exactly right · avg and best: final points';

function line(r: LeaderboardRow, i: number): string {
  const name = [...r.name].slice(0, NAME_LENGTH).join('');
  return (
    `**${i + 1}. ${name}** — ${count(r.wins, 'win')} in ${count(r.games, 'game')} (${Math.round(r.winRate * 100)}%)` +
    ` · avg ${r.averageFinal.toFixed(1)} · best ${r.bestFinal}` +
    ` · 🎲 ${r.olathesThrown} thrown, ${r.olathesScored} scored · 🔮 ${r.exactPredictions}`
  );
}

/** The leaderboard's embed: the best people, then every computer player difficulty. */
export function leaderboardEmbed(rows: readonly LeaderboardRow[], period: LeaderboardPeriod): APIEmbed {
  const title = `🏆 Leaderboard — ${period === '30d' ? 'last 30 days' : 'all time'}`;
  if (rows.length === 0) return { title, description: 'No finished games yet. Start one with /olathe start!' };
  const people = rows.filter((r) => !r.isBot).slice(0, LEADERBOARD_SIZE);
  const computers = rows.filter((r) => r.isBot);
  const parts = people.length ? people.map(line) : ['No human has finished a game yet.'];
  if (computers.length)
    parts.push('', '**Computer players** (ranked apart, one row per difficulty)', ...computers.map(line));
  return { title, description: parts.join('\n'), footer: { text: LEADERBOARD_LEGEND } };
}
