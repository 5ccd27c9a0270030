// The moves part of the tournament bench: the bot's CPU over a stretch of play divided by the moves it saved in
// it, for a tournament's tables and for a lone game of the same seats (two people, two computer players), both
// played by the same People.
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { control } from '../../test/e2e/harness';
import type { RunningBot } from '../support/bot';
import { sleep } from '../support/processes';
import type { Database, Moves } from './database';
import { movesBetween } from './database';
import { People } from './people';

export interface Stretch {
  wallMs: number;
  /** The bot process's CPU (user + system), ms. */
  cpuMs: number;
  moves: Moves;
  /** Turns the people played, and failed to. */
  played: number;
  failed: number;
  failures: string[];
}

export interface PlaySettings {
  warmUpS: number;
  playS: number;
}

/**
 * `users` play their turns for the warm-up, then for `playS` while the bot's CPU and the saved moves are counted;
 * then they stop, and their tables wait on their next turn (the timer is a day).
 */
export async function playStretch(
  bot: RunningBot,
  db: Database,
  users: readonly FakeUser[],
  s: PlaySettings,
): Promise<Stretch> {
  const people = new People(bot.fake);
  people.play(users);
  await sleep(s.warmUpS * 1000);
  const [cpu, from, turns] = [bot.cpuMs()!, Date.now(), people.turns];
  await sleep(s.playS * 1000);
  const [cpuAfter, to, played] = [bot.cpuMs()!, Date.now(), people.turns - turns];
  await people.stop();
  return {
    wallMs: to - from,
    cpuMs: cpuAfter - cpu,
    moves: await movesBetween(db, from, to),
    played,
    failed: people.failed,
    failures: people.failures,
  };
}

/**
 * A lone game in its own channel with a table's seats: `a` opens it with two computer players of the night's
 * difficulty and the same day-long timer, `b` joins, `a` starts; it plays in its thread.
 */
export async function startLoneGame(fake: FakeDiscord, channelId: string, a: FakeUser, b: FakeUser): Promise<void> {
  const options = { bots: 2, difficulty: 'normal', 'turn-timeout': 1440 };
  const lobby = await fake.slash(a, 'olathe', options, { subcommand: 'start', channelId }).reply();
  await fake.click(b, lobby.id, control(lobby, 'join').customId).acked();
  await fake.click(a, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
}
