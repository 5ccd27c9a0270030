// The results picture in the real delivery (ChannelSync on a real service), against a Discord stand-in that
// records what each post and edit carried: the picture is drawn when the results are posted and only then
// (not by passes that find nothing to change, not by an edit, which keeps the file); a picture that cannot be
// drawn, or a post Discord refuses with the file, still delivers the results in words, with one log line.
import { DiscordAPIError } from 'discord.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChannelRest } from '../../../src/discord/channel-rest';
import { ChannelSync } from '../../../src/discord/channel-sync';
import { RESULTS_KEY } from '../../../src/discord/channel-view';
import { ClickRecords } from '../../../src/discord/click-records';
import type { MessageBody } from '../../../src/discord/render/turn';
import type { AttachedFile, SheetRenderer } from '../../../src/discord/sheet-picture';
import type { Logger } from '../../../src/app/logger';
import type { ScoreSheetInput } from '../../../src/picture/score-sheet';
import { SMALL, harness, playOut, removeTempDirs, startedGame } from './helpers';

afterAll(removeTempDirs);

const DISCORD_EPOCH = 1420070400000n;

interface Sent {
  kind: 'post' | 'edit';
  id: string;
  body: MessageBody;
  files: string[];
}

function standIn(refuseFiles = false) {
  const sent: Sent[] = [];
  let next = 0n;
  const rest = {
    post: async (_channel: string, body: MessageBody, _ping: unknown, _nonce: string, files: AttachedFile[] = []) => {
      if (refuseFiles && files.length > 0)
        throw new DiscordAPIError({ code: 50013, message: 'Missing Permissions' }, 50013, 403, 'POST', '/x', {});
      const id = String(((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) + next++);
      sent.push({ kind: 'post', id, body, files: files.map((f) => f.name) });
      return id;
    },
    edit: async (_channel: string, id: string, body: MessageBody) => {
      sent.push({ kind: 'edit', id, body, files: [] });
      return true;
    },
    exists: async () => true,
    remove: async () => {},
    react: async () => true,
    startThread: async (_channel: string, messageId: string) => `thread-${messageId}`,
  };
  return { rest: rest as unknown as ChannelRest, sent };
}

function recordingLog() {
  const warnings: Array<{ msg: string; fields: Record<string, unknown> }> = [];
  const log: Logger = {
    debug() {},
    info() {},
    warn: (msg: string, fields?: Record<string, unknown>) => void warnings.push({ msg, fields: fields ?? {} }),
    error() {},
  };
  return { log, warnings };
}

/** A finished two-player game, its channel brought in line by `sync`. */
async function finishedAndShown(render: SheetRenderer, refuseFiles = false) {
  const h = await harness();
  const discord = standIn(refuseFiles);
  const { log, warnings } = recordingLog();
  const sync = new ChannelSync(h.service, log, discord.rest, new ClickRecords(h.service, () => {}), render);
  const game = await playOut(h.service, await startedGame(h.service, ['ann', 'ben'], SMALL));
  while (await sync.pass(game.id, false));
  const results = (await h.service.game(game.id))!.messages[RESULTS_KEY]!;
  return { ...h, sync, game, discord, warnings, results, posts: () => discord.sent.filter((s) => s.id === results) };
}

describe('the results picture, delivered', () => {
  it('is drawn once, when the results are posted: a pass with nothing to change and an edit draw nothing', async () => {
    const inputs: ScoreSheetInput[] = [];
    const render: SheetRenderer = async (input) => (inputs.push(input), Buffer.from('png'));
    const { service, sync, game, posts, results, warnings } = await finishedAndShown(render);
    expect(inputs.map((i) => [i.kind, i.gameId, i.players.length])).toEqual([['results', game.id, 2]]);
    expect(inputs[0]!.date).toBe((await service.game(game.id))!.finishedAt);
    const [post] = posts();
    expect(post!.files).toEqual([`results-${game.id}.png`]);
    expect(post!.body.embeds[0]!.image).toEqual({ url: `attachment://results-${game.id}.png` });

    await sync.pass(game.id, true);
    await service.recordShown(game.id, RESULTS_KEY, results, null); // its digest lost: the next pass edits it
    await sync.pass(game.id, false);
    const edit = posts().at(-1)!;
    expect(edit.kind).toBe('edit');
    // The edit names the same file, which the message keeps (no `attachments` sent): nothing drawn or uploaded.
    expect(edit.body.embeds[0]!.image).toEqual({ url: `attachment://results-${game.id}.png` });
    expect(inputs).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('that cannot be drawn leaves the results in words, posted anyway, and one log line saying why', async () => {
    const { game, posts, warnings } = await finishedAndShown(async () => {
      throw new Error('no canvas here');
    });
    const [post] = posts();
    expect(post!.kind).toBe('post');
    expect(post!.files).toEqual([]);
    expect(post!.body.embeds[0]!.image).toBeUndefined();
    expect(post!.body.embeds[0]!.fields!.length).toBe(2);
    expect(warnings).toEqual([
      {
        msg: 'the score-sheet picture could not be drawn; shown in words only',
        fields: { gameId: game.id, picture: `results-${game.id}.png`, message: 'Error: no canvas here' },
      },
    ]);
  });

  it('refused by Discord with the file (no Attach Files) is posted again in words, and the game goes on', async () => {
    const { service, game, posts, warnings } = await finishedAndShown(async () => Buffer.from('png'), true);
    const [post] = posts();
    expect(post!.files).toEqual([]);
    expect(post!.body.embeds[0]!.image).toBeUndefined();
    expect(warnings.map((w) => [w.msg, w.fields.code])).toEqual([
      ['the picture was refused; the message is posted in words', 50013],
    ]);
    // Missing Permissions on the file alone did not end the game as a lost channel.
    expect((await service.game(game.id))!.channelGone).toBe(false);
  });
});
