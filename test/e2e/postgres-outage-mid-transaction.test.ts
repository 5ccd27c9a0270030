// A database outage starting mid-transaction: a solo Balut game, dice on the table, Alice throws again and
// PostgreSQL (durable commits) is stopped with `pg_ctl stop -m immediate` while that throw's transaction is on
// the server — a PostgreSQL-aware relay between bot and server (test/support/pg-fault-proxy.ts) holds it at the
// chosen moment, and stopping the server cuts the bot's connections as a real outage would:
//   'open'      — the throw held back before the server: nothing was saved. A throw is one statement that
//                 commits by itself, sent before the server went, so the bot cannot know whether it
//                 arrived: it says the throw may or may not have been saved, and the card shows it was not;
//   'committed' — the server committed it, the answer was lost with the connection: the throw stands, and the
//                 player must not be told "nothing changed".
// Then the outage tests' clicks for 8 s (test/e2e/outage.ts), the restart, and within 15 s of it the same turn message
// shows the saved game by itself, a hold on it works, and the game finishes with every cell written once.
// PostgreSQL only (vitest.config.ts): the server is the test's own, to be stopped and started.
import { afterEach, describe, expect, it } from 'vitest';
import { tr } from '../../src/discord/i18n';
import type { FakeMessage } from '../../src/fake-discord';
import type { FaultMoment, PgFaultProxy } from '../support/pg-fault-proxy';
import { startPgFaultProxy } from '../support/pg-fault-proxy';
import type { PostgresServer } from '../support/postgres';
import { freshDatabase, startPostgres } from '../support/postgres';
import type { World } from './harness';
import { control, startWorld } from './harness';
import { clickThroughOutage, finishAndCheck, openSoloBalut, throwOn, untilAHoldWorks } from './outage';

const OUTAGE_MS = 8000;
const t = tr('en');
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: PostgresServer | undefined;
let proxy: PgFaultProxy | undefined;
let world: World | undefined;

afterEach(async () => {
  await world?.close();
  await proxy?.close();
  await server?.stop();
  world = proxy = server = undefined;
});

/** The throw control's stamp on the message as it shows now: `<turns taken>.<throws used>`. */
const stampOf = (message: FakeMessage) => {
  const id = control(message, 'throw').id!;
  return id.action === 'throw' ? id.stamp : '';
};

async function outageDuringAThrow(moment: FaultMoment) {
  server = await startPostgres({ durableCommits: true });
  proxy = await startPgFaultProxy(server.port);
  const url = new URL(await freshDatabase(server));
  url.port = String(proxy.port);
  world = await startWorld({ diceSeed: 'outage-mid-transaction', env: { DATABASE_URL: url.toString() } });
  const w = world;
  const card = await throwOn(w, await openSoloBalut(w));

  const reached = proxy.arm(moment);
  const during = w.fake.click(w.users.alice, card.id, control(card, 'throw').customId);
  await reached;
  await server.crash();
  const went = Date.now();
  await during.acked();
  const duringAnswer = (await during.reply()).content;
  const answers = await clickThroughOutage(w, card, went);
  await delay(Math.max(0, OUTAGE_MS - (Date.now() - went)));
  await server.start();
  const back = Date.now();
  const throws = ((await w.sql("SELECT seq FROM events WHERE type = 'throw'")) as unknown[]).length;
  return { w, card, duringAnswer, answers, back, throws };
}

describe('PostgreSQL stopped in the middle of a throw, for 8 s, in a solo Balut game', () => {
  it('with the throw held back before the server: nothing saved, not called saved, then the card works again', async () => {
    const { w, card, duringAnswer, answers, back, throws } = await outageDuringAThrow('open');
    expect(duringAnswer).toBe(t('refusal.databaseLostMidSave'));
    expect(answers).toEqual(Array(4).fill(t('refusal.databaseUnavailable')));
    expect(throws).toBe(1);

    const recovery = await untilAHoldWorks(w, card.id, back);
    console.info(`throw held back at the stop: first hold taken ${recovery.holdTakenMs} ms after the restart`);
    expect(recovery.refusals).toEqual([]);
    expect(stampOf(w.fake.message(card.id)!)).toBe('0.1');
    await finishAndCheck(w);
  }, 120_000);

  it('with the throw committed but its answer lost: the throw stands, is not called undone, and is shown', async () => {
    const { w, card, duringAnswer, answers, back, throws } = await outageDuringAThrow('committed');
    expect(duringAnswer).toBe(t('refusal.databaseLostMidSave'));
    expect(duringAnswer).not.toContain('nothing changed');
    expect(answers).toEqual(Array(4).fill(t('refusal.databaseUnavailable')));
    expect(throws).toBe(2);

    // Without a click: the card is drawn again from the saved game, which has the second throw.
    await w.fake.waitFor(() => stampOf(w.fake.message(card.id)!) === '0.2' || undefined, 15_000);
    const shownMs = Date.now() - back;
    const recovery = await untilAHoldWorks(w, card.id, back);
    console.info(
      `committed at the stop: card drawn again ${shownMs} ms, first hold taken ${recovery.holdTakenMs} ms after the restart`,
    );
    expect(recovery.refusals).toEqual([]);
    await finishAndCheck(w);
  }, 120_000);
});
