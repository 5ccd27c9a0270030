// The database-outage tests' player, on either engine: a solo Balut game in its thread with dice on the table,
// the database out of reach for a while, four clicks meanwhile (a hold at 0.8 s, Throw at 2.6 s, a write at
// 4.4 s, another hold at 6.2 s), then holds on the same turn message until one works, and the game played to its
// end.
import { expect } from 'vitest';
import type { GameState } from '../../src/game';
import type { FakeInteraction, FakeMessage } from '../../src/fake-discord';
import type { World } from './harness';
import {
  control,
  controlsOf,
  findControl,
  playToTheEnd,
  quiet,
  resultsMessage,
  threadOf,
  waitForTurn,
} from './harness';

/** When each click comes, in ms after the database went out of reach. */
export const OUTAGE_CLICKS_AT = { hold: 800, throw: 2600, write: 4400, secondHold: 6200 } as const;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a solo Balut game for Alice (in its thread, as a server's games are by default); her card, no dice yet. */
export async function openSoloBalut(world: World): Promise<FakeMessage> {
  const { fake, users } = world;
  const lobby = await fake.slash(users.alice, 'olathe', { variant: 'balut' }, { subcommand: 'start' }).reply();
  await fake.click(users.alice, lobby.id, control(lobby, 'start').customId).acked();
  const turn = await waitForTurn(fake, users.alice);
  expect(turn.channelId).toBe(threadOf(fake, lobby.id));
  await quiet(world);
  return turn;
}

/** Throws the dice on Alice's card; the card as the click's answer left it. */
export async function throwOn(world: World, card: FakeMessage): Promise<FakeMessage> {
  await world.fake.click(world.users.alice, card.id, control(card, 'throw').customId).acked();
  const thrown = world.fake.message(card.id)!;
  expect(findControl(thrown, 'hold')).not.toBeNull();
  return thrown;
}

/**
 * The outage's four clicks on `card` (as it was when the database went, at `wentAt`), each at its moment. Every
 * one must be acknowledged within Discord's 3 s (the fake refuses a later one); returns their answers.
 */
export async function clickThroughOutage(world: World, card: FakeMessage, wentAt: number): Promise<string[]> {
  const { fake, users } = world;
  const write = control(card, 'write');
  const clicks: Array<[number, () => FakeInteraction]> = [
    [OUTAGE_CLICKS_AT.hold, () => fake.click(users.alice, card.id, control(card, 'hold', 0).customId)],
    [OUTAGE_CLICKS_AT.throw, () => fake.click(users.alice, card.id, control(card, 'throw').customId)],
    [OUTAGE_CLICKS_AT.write, () => fake.select(users.alice, card.id, write.customId, [write.options![0]!.value])],
    [OUTAGE_CLICKS_AT.secondHold, () => fake.click(users.alice, card.id, control(card, 'hold', 1).customId)],
  ];
  const answers: string[] = [];
  for (const [at, click] of clicks) {
    await delay(Math.max(0, at - (Date.now() - wentAt)));
    const interaction = click();
    await interaction.acked();
    const answer = await interaction.reply();
    answers.push(answer.flags & 64 ? answer.content : '(the card was updated)');
  }
  return answers;
}

export interface Recovery {
  /** How long after `since` a click on the card was first taken. */
  firstTakenMs: number;
  /** How long after `since` a hold on it was first taken. */
  holdTakenMs: number;
  /** The private answers of the clicks refused before that. */
  refusals: string[];
}

/**
 * Clicks the newest controls of the message `cardId` every half second, as a player would, until a hold is taken
 * (a Throw first when the card shows no dice): the old turn message working again. Gives up after `withinMs`.
 */
export async function untilAHoldWorks(
  world: World,
  cardId: string,
  since: number,
  withinMs = 15_000,
): Promise<Recovery> {
  const { fake, users } = world;
  const refusals: string[] = [];
  let firstTakenMs: number | null = null;
  while (Date.now() - since < withinMs) {
    const card = fake.message(cardId)!;
    const hold = controlsOf(card).find((c) => c.id?.action === 'hold' && !c.disabled);
    const clicked = hold ?? control(card, 'throw');
    const click = fake.click(users.alice, cardId, clicked.customId);
    await click.acked();
    const answer = await click.reply();
    if (answer.flags & 64) {
      refusals.push(answer.content);
      await delay(500);
      continue;
    }
    firstTakenMs ??= Date.now() - since;
    if (hold) return { firstTakenMs, holdTakenMs: Date.now() - since, refusals };
  }
  throw new Error(`no hold on the card was taken within ${withinMs} ms; refused: ${JSON.stringify(refusals)}`);
}

/** Plays Alice's game to its results; every one of the 28 cells written once, by one write event each. */
export async function finishAndCheck(world: World): Promise<void> {
  const { fake, users } = world;
  expect(await playToTheEnd(fake, [users.alice])).toBeGreaterThan(0);
  expect(resultsMessage(fake)).toBeDefined();
  const [game] = (await world.sql("SELECT id, state FROM games WHERE status = 'finished'")) as {
    id: number;
    state: string;
  }[];
  const writes = (await world.sql(
    "SELECT col, category FROM events WHERE game_id = $1 AND type = 'write' ORDER BY seq",
    [game!.id],
  )) as { col: number; category: string }[];
  expect(writes).toHaveLength(28); // 4 columns × 7 categories
  expect(new Set(writes.map((w) => `${w.col}:${w.category}`)).size).toBe(28);
  const state = JSON.parse(game!.state) as GameState;
  expect(state.players[0]!.turnsTaken).toBe(28);
  const filled = state.players[0]!.card.columns.flatMap((c) => Object.values(c.cells).filter((v) => v !== null));
  expect(filled).toHaveLength(28);
  expect(fake.breaches).toEqual([]);
}
