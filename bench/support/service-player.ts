// A simple player of the service's games, for the benches that drive GameService itself (the service bench and
// the shards bench's writers): tables opened and played click by click as a person at the table might, each action
// timed.
import type { GameOptions, Rng } from '../../src/game';
import { declarableColumns, seatsToAct, writableCells } from '../../src/game';
import type { GameService, GameView } from '../../src/service/game-service';
import { turnStamp } from '../../src/service/game-service';
import { percentile } from './figures';

/** The layouts the tables are opened with, one chosen at random for each. */
export const LAYOUTS: GameOptions[] = [
  { variant: 'olathe', columns: ['free', 'free', 'down', 'up'], throwsPerTurn: 3, predictions: true },
  { variant: 'olathe', columns: ['free', 'free', 'free', 'down', 'up'], throwsPerTurn: 3, predictions: false },
  { variant: 'olathe', columns: ['free', 'free'], throwsPerTurn: 5, predictions: false },
  { variant: 'balut', columns: ['free', 'free', 'free', 'free'], throwsPerTurn: 3, predictions: false },
];

/** Each action's time, from its call to its answer, in ns. */
export class Latencies {
  private readonly ns: number[] = [];
  time<T>(fn: () => T): T {
    const start = process.hrtime.bigint();
    const value = fn();
    this.ns.push(Number(process.hrtime.bigint() - start));
    return value;
  }
  /** An action of the service, from its call to its answer. */
  async timed<T>(fn: () => T | Promise<T>): Promise<T> {
    const start = process.hrtime.bigint();
    const value = await fn();
    this.ns.push(Number(process.hrtime.bigint() - start));
    return value;
  }
  get count(): number {
    return this.ns.length;
  }
  /** `p` from 0 to 100. */
  percentileMs(p: number): number {
    return percentile(this.ns, p / 100) / 1e6;
  }
  meanMs(): number {
    return this.ns.reduce((a, b) => a + b, 0) / this.ns.length / 1e6;
  }
}

/** One click for a game: declare, throw, hold or write, as a person at the table might. */
export async function click(service: GameService, view: GameView, pick: Rng): Promise<GameView> {
  const state = view.state!;
  const acting = seatsToAct(state);
  const seat = acting.length === 1 ? acting[0]! : acting[(pick.face() * 6 + pick.face()) % acting.length]!;
  const player = state.players[seat]!;
  const userId = view.players[seat]!.userId;
  const stamp = turnStamp(player);
  if (state.options.variant === 'olathe' && player.turn.column === null) {
    const columns = declarableColumns(state, seat);
    return (await service.declare(view.id, userId, columns[pick.face() % columns.length]!, stamp)).view;
  }
  if (player.turn.dice === null) return (await service.throwDice(view.id, userId, stamp)).view;
  const throwsLeft = player.turn.throwsUsed < Math.min(3, state.options.throwsPerTurn);
  const roll = pick.face();
  if (throwsLeft && roll <= 2) return (await service.toggleHold(view.id, userId, (pick.face() - 1) % 5, stamp)).view;
  if (throwsLeft && roll <= 4 && !player.turn.held.every(Boolean))
    return (await service.throwDice(view.id, userId, stamp)).view;
  const cells = writableCells(state, seat);
  const cell = cells[(pick.face() * 6 + pick.face()) % cells.length]!;
  return (await service.write(view.id, userId, cell.column, cell.category, stamp)).view;
}

let channelSeq = 0;

/** A fresh game in play: lobby, joins and start, each one timed as an action too. */
export async function newTable(
  service: GameService,
  pick: Rng,
  guild: string,
  time: Latencies,
  channelId = `bench-channel-${++channelSeq}`,
): Promise<GameView> {
  const options = LAYOUTS[pick.face() % LAYOUTS.length]!;
  const players = 1 + (pick.face() % 4);
  const users = Array.from(
    { length: players },
    () => `user-${(pick.face() * 36 + pick.face() * 6 + pick.face()) % 120}`,
  );
  const unique = [...new Set(users)];
  let view = await time.timed(() =>
    service.openLobby({ guildId: guild, channelId, host: { id: unique[0]!, name: unique[0]! }, options }),
  );
  for (const id of unique.slice(1)) view = await time.timed(() => service.join(view.id, { id, name: id }));
  return time.timed(() => service.start(view.id, unique[0]!));
}
