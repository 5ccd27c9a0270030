// A tournament's tables, played to their end on the run's engine, offer no rematch: their results message has the
// analysis and no Rematch button, and a Rematch click sent anyway is refused with the reason, opening nothing.
import { afterAll, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/service/errors';
import { wantedMessages } from '../../../src/discord/channel-view';
import { parseCustomId } from '../../../src/discord/custom-id';
import { harness, refusal, removeTempDirs } from './helpers';
import { sql } from '../../support/storage';
import { NOT_MANAGER, openNight, people, playGames, roundGames, signUp } from './tournament-helpers';

afterAll(removeTempDirs);

it("gives a tournament table's results no Rematch, and refuses one asked for anyway", async () => {
  const h = await harness();
  const night = await openNight(h, { rounds: 1, tableSize: 2 });
  await signUp(h, night.id, people(4));
  const games = roundGames(await h.service.tournaments.startNow(night.id, 'host', NOT_MANAGER));
  expect(games).toHaveLength(2);
  for (const id of games) await h.service.setPlayChannel(id, `thread-${id}`);
  await playGames(h, games);
  expect((await h.service.tournaments.tournament(night.id))!.state.status).toBe('finished');
  const count = async () => (await sql(h.storage, 'SELECT id FROM games')).length;
  const before = await count();
  for (const id of games) {
    const view = (await h.service.game(id))!;
    expect(view.status).toBe('finished');
    expect(view.tournamentId).toBe(night.id);
    const results = wantedMessages(view, new Map()).find((w) => w.key === 'results')!.body;
    const actions = (results.components ?? []).flatMap((row) =>
      (row as { components: Array<{ custom_id: string }> }).components.map((b) => parseCustomId(b.custom_id)?.action),
    );
    expect(actions).toEqual(['analysis']);
    expect(await refusal(() => h.service.rematch(id, 'p1'))).toMatchObject({
      code: 'no-rematch',
      message: MESSAGES.rematchTournament,
    });
  }
  expect(await count()).toBe(before);
});
