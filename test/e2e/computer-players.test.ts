// Computer players seated from /olathe start and from the lobby's select play their own turns (no clicks),
// in both variants; the results offer each person an analysis of their decisions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { World } from './harness';
import {
  control,
  embedText,
  ephemeralAnswer,
  playToTheEnd,
  publicMessages,
  resultsMessage,
  startWorld,
} from './harness';

let world: World;
beforeAll(async () => {
  world = await startWorld({ diceSeed: 'bots', botStepMs: 30 });
});
afterAll(async () => {
  await world?.close();
});

describe('computer players', () => {
  it('play an Olathe game with a person, who then gets an analysis', async () => {
    const { fake, users } = world;
    const { alice, bob } = users;
    const lobby = await fake
      .slash(alice, 'olathe', { free: 2, down: 0, up: 0, bots: 1, difficulty: 'expert' }, { subcommand: 'start' })
      .reply();
    // One name for a computer player everywhere: the lobby, its turns' log lines, the results, the leaderboard.
    expect(embedText(lobby)).toMatch(/Players 2\/8: <@\d+> 🤖 Turing \(expert\)/);
    const addBot = control(lobby, 'addbot');
    expect(await ephemeralAnswer(fake.select(bob, lobby.id, addBot.customId, ['easy']))).toBe(
      'Only the host can do that.',
    );
    await fake.select(alice, lobby.id, addBot.customId, ['easy']).acked();
    expect(embedText(fake.message(lobby.id)!)).toMatch(/Players 3\/8[\s\S]*\(easy\)/);
    // The host can take a computer player off again; nobody else can.
    const removeBot = control(fake.message(lobby.id)!, 'removebot');
    const easy = removeBot.options!.find((o) => o.label.includes('(easy)'))!;
    expect(removeBot.options!.map((o) => o.label)).toEqual([
      expect.stringMatching(/\(expert\)/),
      expect.stringMatching(/\(easy\)/),
    ]);
    expect(await ephemeralAnswer(fake.select(bob, lobby.id, removeBot.customId, [easy.value]))).toBe(
      'Only the host can do that.',
    );
    await fake.select(alice, lobby.id, removeBot.customId, [easy.value]).acked();
    expect(embedText(fake.message(lobby.id)!)).toMatch(/Players 2\/8/);
    expect(embedText(fake.message(lobby.id)!)).not.toMatch(/\(easy\)/);
    await fake.select(alice, lobby.id, addBot.customId, ['easy']).acked();
    expect(embedText(fake.message(lobby.id)!)).toMatch(/Players 3\/8[\s\S]*\(easy\)/);
    await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();

    const turns = await playToTheEnd(fake, [alice]);
    expect(turns).toBe(14);
    const botLines = publicMessages(fake).filter((m) =>
      /^\*\*🤖 (Turing \(expert\)|Ada \(easy\))\*\* wrote \d+ in /.test(m.content),
    );
    expect(botLines).toHaveLength(28);
    // Bots never ping anyone and leave no open controls behind.
    expect(publicMessages(fake).filter((m) => m.components.length > 0 && m.content.includes('🤖'))).toEqual([]);

    const results = resultsMessage(fake)!;
    expect(embedText(results)).toMatch(/^\d\. 🤖 Turing \(expert\) — /m);
    const analysis = await fake.click(alice, results.id, control(results, 'analysis').customId).reply();
    expect(analysis.ephemeralFor).toBe(alice.id);
    expect(embedText(analysis)).toMatch(/Accuracy \d+%\*\* — \d+ of \d+ decisions/);
    expect(embedText(analysis)).toMatch(/gave away \*\*\d+\.\d\d\*\* points/);
    expect(await ephemeralAnswer(fake.click(bob, results.id, control(results, 'analysis').customId))).toMatch(
      /not playing in this game|not a player/i,
    );

    const board = await fake.slash(bob, 'olathe', { by: 'wins' }, { subcommand: 'leaderboard' }).reply();
    expect(embedText(board)).toMatch(/1\. Alice\*\* — [01] wins? in 1/);
    expect(embedText(board)).toMatch(/\*\*Computer players\*\* \(ranked apart, one row per difficulty\)\n\*\*1\. 🤖/);
    expect(embedText(board)).toMatch(/\*\*\d\. 🤖 Turing \(expert\)\*\* — /);
    expect(embedText(board)).toMatch(/\*\*\d\. 🤖 Ada \(easy\)\*\* — /);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 90_000);

  it('play Balut alongside a person at the same time', async () => {
    const { fake, users } = world;
    const { carol } = users;
    const lobby = await fake
      .slash(carol, 'olathe', { variant: 'balut', bots: 2, difficulty: 'normal' }, { subcommand: 'start' })
      .reply();
    await fake.click(carol, lobby.id, control(lobby, 'start').customId).acked();
    const before = resultsMessage(fake);
    const turns = await playToTheEnd(fake, [carol]);
    expect(turns).toBe(28);
    const results = resultsMessage(fake)!;
    expect(results.id).not.toBe(before?.id);
    expect(embedText(results).match(/^\d\. 🤖 Hopper( 2)? \(normal\)/gmu)).toHaveLength(2);
    expect(fake.breaches).toEqual([]);
  }, 90_000);
});
