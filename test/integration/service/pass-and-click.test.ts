// A Publisher pass reads the game, then draws what differs. A click may save its move and answer its message in
// between: the pass then holds an older game than the message shows, and drawing it would put the old card
// back over the click's answer (on PostgreSQL, where a pass and a click really run side by side, a hold click
// seemed undone now and then). The real delivery (ChannelSync) on a real service, the click in that gap.
import { afterAll, describe, expect, it } from 'vitest';
import type { GameOptions } from '../../../src/game';
import { ClickRecords } from '../../../src/discord/click-records';
import { clickedMessage, digestOf } from '../../../src/discord/channel-view';
import type { GameService } from '../../../src/service/game-service';
import { DiscordStandIn } from './fixtures/discord-stand-in';
import { harness, removeTempDirs, user } from './helpers';

afterAll(removeTempDirs);

const OPTIONS: GameOptions = { variant: 'olathe', columns: ['free', 'free'], throwsPerTurn: 3, predictions: false };

/** Ann's solo game in the channel "solo", her dice thrown and shown. */
async function thrownAndShown() {
  const h = await harness();
  const discord = new DiscordStandIn();
  const clicks = new ClickRecords(h.service, () => {});
  const game = await h.service.openLobby({ guildId: 'g', channelId: 'solo', host: user('ann'), options: OPTIONS });
  await h.service.start(game.id, 'ann');
  await h.service.declare(game.id, 'ann', 0);
  h.rng.push([1, 2, 3, 4, 6]);
  await h.service.throwDice(game.id, 'ann');
  await discord.sync(h.service, clicks).pass(game.id, false);
  return { ...h, discord, clicks, gameId: game.id };
}

/** As the click path does it (Publisher.clicked / afterClick): the move saved, then its message answered. */
async function holdClick(service: GameService, clicks: ClickRecords, gameId: number, die: number) {
  const result = await service.toggleHold(gameId, 'ann', die);
  const clicked = clickedMessage(result, 0);
  const touch = await clicks.begin(gameId, clicked.key, 0);
  expect(clicks.end(gameId, clicked.key, touch)).toBe(true);
  const messageId = result.view.messages[clicked.key]!;
  clicks.remember({ gameId, key: clicked.key, messageId, digest: digestOf(clicked.body) });
  return { messageId, body: clicked.body };
}

describe('a Publisher pass and a click on the same message', () => {
  it('a pass that read the game before a hold was saved leaves the answered message alone', async () => {
    const { service, discord, clicks, gameId } = await thrownAndShown();
    let click: Awaited<ReturnType<typeof holdClick>> | undefined;
    // The pass's read, then the click, before the pass gets to the message.
    const racing = Object.create(service) as GameService;
    racing.channelState = async (id) => {
      const seen = await service.channelState(id);
      click ??= await holdClick(service, clicks, gameId, 0);
      return seen;
    };
    const editsBefore = discord.edits.length;
    await discord.sync(racing, clicks).pass(gameId, false);
    expect(click).toBeDefined();
    expect(discord.edits.slice(editsBefore).filter((e) => e.id === click!.messageId)).toEqual([]);

    // The next pass reads the hold: the message already shows it, nothing to draw.
    await discord.sync(service, clicks).pass(gameId, false);
    expect(discord.edits.slice(editsBefore)).toEqual([]);
  });

  it('a pass that started after the click draws the message when what it shows is not known', async () => {
    const { service, discord, clicks, gameId } = await thrownAndShown();
    const click = await holdClick(service, clicks, gameId, 1);
    // A Publisher edit crossed the click: which of the two Discord applied last is not known.
    const draw = clicks.startDraw(gameId, 'turn:0:0');
    expect(clicks.endDraw(gameId, 'turn:0:0', draw)).toBe(true);
    const crossed = await clicks.begin(gameId, 'turn:0:0', 0);
    clicks.startDraw(gameId, 'turn:0:0');
    expect(clicks.end(gameId, 'turn:0:0', crossed)).toBe(false);
    const editsBefore = discord.edits.length;
    await discord.sync(service, clicks).pass(gameId, false);
    const drawn = discord.edits.slice(editsBefore).filter((e) => e.id === click.messageId);
    expect(drawn.map((e) => digestOf(e.body))).toEqual([digestOf(click.body)]);
  });
});
