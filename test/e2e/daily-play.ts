// One person's daily challenge (`/olathe daily`) played through the loopback Discord a whole turn at a time,
// its results read back as the board should show them, and the day's board asked for: for the tests that need
// finished daily games on given servers (the standby test: the board reads the games of every host).
import type { FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import { control, findControl, publicMessages } from './harness';

export interface DailyPlayer {
  user: FakeUser;
  /** Where the daily is asked for; its game plays in a thread started from the answer. */
  channelId: string;
  /** The cell each turn writes, of those offered: two players on the same dice then score differently. */
  writes: 'first' | 'last';
  thread?: string;
}

/** Asks for today's daily; the game's thread is remembered on the player. */
export async function startDaily(fake: FakeDiscord, p: DailyPlayer): Promise<void> {
  const answer = await fake.slash(p.user, 'olathe', {}, { subcommand: 'daily', channelId: p.channelId }).reply();
  if (!answer.content.includes('takes on the daily challenge'))
    throw new Error(`no daily game for ${p.user.username}: ${answer.content}`);
  p.thread = await fake.waitFor(() => fake.threads(p.channelId).find((c) => c.id === answer.id)?.id);
}

export function dailyResults(fake: FakeDiscord, p: DailyPlayer): FakeMessage | undefined {
  return publicMessages(fake, [p.thread!]).find((m) => (m.embeds[0]?.title ?? '').includes('game over'));
}

/** Plays one whole turn: declares the first column offered, throws once, writes. False once the game is over. */
export async function playDailyTurn(fake: FakeDiscord, p: DailyPlayer): Promise<boolean> {
  const cue = `<@${p.user.id}>, your turn`;
  const next = await fake.waitFor(() => {
    if (dailyResults(fake, p)) return 'over' as const;
    return publicMessages(fake, [p.thread!]).find((m) => m.content.includes(cue) && m.components.length > 0);
  }, 30_000);
  if (next === 'over') return false;
  const declare = findControl(next, 'declare');
  if (declare) await fake.select(p.user, next.id, declare.customId, [declare.options![0]!.value]).acked();
  await fake.click(p.user, next.id, control(fake.message(next.id)!, 'throw').customId).acked();
  const write = control(fake.message(next.id)!, 'write');
  const cell = p.writes === 'first' ? write.options![0]! : write.options!.at(-1)!;
  await fake.select(p.user, next.id, write.customId, [cell.value]).acked();
  return true;
}

/** Plays the game out and waits for its results. */
export async function finishDaily(fake: FakeDiscord, p: DailyPlayer): Promise<FakeMessage> {
  while (await playDailyTurn(fake, p));
  return fake.waitFor(() => dailyResults(fake, p), 15_000);
}

/** A daily game's score as the results show it: final points and raw total, and the board's line for it. */
export interface DailyScore {
  final: number;
  raw: number;
  /** "Eve — 17 points (raw 120)": a board row after its rank. */
  row: string;
}

export function dailyScore(results: FakeMessage): DailyScore {
  // A daily game has one seat: one field, "1. Eve — 17 points", whose lines include "Raw 120 → modifier …".
  const field = results.embeds[0]!.fields![0]!;
  const named = /^1\. (.+ — (−?\d+) points?)$/.exec(field.name);
  const raw = /Raw (\d+) →/.exec(field.value);
  if (!named || !raw) throw new Error(`no score in the results: ${JSON.stringify(results.embeds[0])}`);
  const final = Number(named[2]!.replace('−', '-'));
  return { final, raw: Number(raw[1]), row: `${named[1]} (raw ${raw[1]})` };
}

/** Today's board (`/olathe daily board:`) as `user` sees it from `channelId`: its text. */
export async function dailyBoard(
  fake: FakeDiscord,
  user: FakeUser,
  channelId: string,
  board: 'server' | 'world',
): Promise<string> {
  const answer = await fake.slash(user, 'olathe', { board }, { subcommand: 'daily', channelId }).reply();
  return answer.embeds.map((e) => e.description ?? '').join('\n');
}
