// A click and a Publisher edit of the same message must not cross: the click waits for the edit to land. When
// they cross all the same, whichever ends second must find out, so the message is drawn again from the saved
// game rather than trusted to show what one of them sent.
import { describe, expect, it } from 'vitest';
import { ClickRecords } from '../../../src/discord/click-records';
import type { GameService } from '../../../src/service/game-service';

function records() {
  const written: unknown[] = [];
  const service = { recordShownAll: (entries: unknown[]) => written.push(...entries) } as unknown as GameService;
  return { clicks: new ClickRecords(service, () => undefined), written };
}

describe('click records', () => {
  it('a click that turns a message being posted into its log line tells the post not to record it', async () => {
    const { clicks } = records();
    // Not being drawn: nothing can bring the message back, nothing is kept.
    clicks.collapse(1, 'turn:0:1');
    expect(clicks.takeCollapsed(1, 'turn:0:1')).toBe(false);
    const draw = clicks.startDraw(1, 'turn:0:1');
    const click = await clicks.begin(1, 'turn:0:1', 0);
    clicks.end(1, 'turn:0:1', click);
    clicks.collapse(1, 'turn:0:1');
    expect(clicks.endDraw(1, 'turn:0:1', draw)).toBe(false);
    expect(clicks.takeCollapsed(1, 'turn:0:1')).toBe(true);
    expect(clicks.takeCollapsed(1, 'turn:0:1')).toBe(false);
  });

  it('a click alone on its message: its digest stands until written out, then the database has it', async () => {
    const { clicks, written } = records();
    const touch = await clicks.begin(1, 'card:0', 0);
    expect(clicks.isAnswering(1, 'card:0')).toBe(true);
    expect(clicks.end(1, 'card:0', touch)).toBe(true);
    expect(clicks.isAnswering(1, 'card:0')).toBe(false);
    clicks.remember({ gameId: 1, key: 'card:0', messageId: '9', digest: 'd1' });
    expect(clicks.digest(1, 'card:0')).toBe('d1');
    expect(clicks.digest(1, 'card:1')).toBeUndefined();
    await clicks.flush();
    expect(written).toEqual([{ gameId: 1, key: 'card:0', messageId: '9', digest: 'd1' }]);
    expect(clicks.digest(1, 'card:0')).toBeUndefined();
  });

  it('a pass that read the game before a write of the digests still sees them after it, and the next pass need not', async () => {
    const { clicks } = records();
    clicks.remember({ gameId: 1, key: 'card:0', messageId: '9', digest: 'd1' });
    // This pass read the game (and its digests) before they were written: the database's are older in its read.
    const early = clicks.passStarted();
    await clicks.flush();
    expect(clicks.digest(1, 'card:0')).toBe('d1');
    // A pass that starts after the write reads the digest from the database.
    const late = clicks.passStarted();
    clicks.passEnded(early);
    expect(clicks.digest(1, 'card:0')).toBeUndefined();
    clicks.passEnded(late);
    // A newer click, or a draw, replaces what the write kept.
    clicks.remember({ gameId: 1, key: 'card:1', messageId: '8', digest: 'e1' });
    const again = clicks.passStarted();
    await clicks.flush();
    clicks.drop(1, 'card:1');
    expect(clicks.digest(1, 'card:1')).toBeUndefined();
    clicks.passEnded(again);
  });

  it("works out a click's digest only when it is read, once, and not for a click the next one replaced", async () => {
    const { clicks, written } = records();
    const hashed: string[] = [];
    const lazily = (digest: string) => () => (hashed.push(digest), digest);
    clicks.remember({ gameId: 1, key: 'card:0', messageId: '9', digest: lazily('d1') });
    clicks.remember({ gameId: 1, key: 'card:0', messageId: '9', digest: lazily('d2') });
    expect(hashed).toEqual([]);
    expect(clicks.digest(1, 'card:0')).toBe('d2');
    expect(clicks.digest(1, 'card:0')).toBe('d2');
    await clicks.flush();
    expect(hashed).toEqual(['d2']);
    expect(written).toEqual([{ gameId: 1, key: 'card:0', messageId: '9', digest: 'd2' }]);
  });

  it('a click that starts while an edit of its message is on its way answers after the edit landed: nothing crosses', async () => {
    const { clicks } = records();
    const draw = clicks.startDraw(1, 'card:0');
    let answering = false;
    const began = clicks.begin(1, 'card:0', 60_000).then((touch) => ((answering = true), touch));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Still waiting: its answer would race the edit to Discord.
    expect(answering).toBe(false);
    expect(clicks.isAnswering(1, 'card:0')).toBe(true);
    expect(clicks.endDraw(1, 'card:0', draw)).toBe(true);
    const touch = await began;
    expect(clicks.end(1, 'card:0', touch)).toBe(true);
    expect(clicks.isDirty(1, 'card:0')).toBe(false);
  });

  it('a click waits for an edit no longer than its patience, and the two then cross', async () => {
    const { clicks } = records();
    const draw = clicks.startDraw(1, 'card:0');
    const touch = await clicks.begin(1, 'card:0', 30);
    expect(clicks.endDraw(1, 'card:0', draw)).toBe(false);
    expect(clicks.end(1, 'card:0', touch)).toBe(true);
    expect(clicks.isDirty(1, 'card:0')).toBe(true);
  });

  it('a click that starts while an edit is on its way, with no patience, leaves the message dirty, whichever ends first', async () => {
    for (const clickEndsFirst of [true, false]) {
      const { clicks } = records();
      const draw = clicks.startDraw(1, 'turn:0:3');
      const touch = await clicks.begin(1, 'turn:0:3', 0);
      if (clickEndsFirst) {
        expect(clicks.end(1, 'turn:0:3', touch)).toBe(false);
        expect(clicks.endDraw(1, 'turn:0:3', draw)).toBe(false);
      } else {
        expect(clicks.endDraw(1, 'turn:0:3', draw)).toBe(false);
        expect(clicks.end(1, 'turn:0:3', touch)).toBe(true);
      }
      expect(clicks.isDirty(1, 'turn:0:3')).toBe(true);
      // The Publisher's next edit, with nothing crossing it, makes the message known again.
      const again = clicks.startDraw(1, 'turn:0:3');
      expect(clicks.endDraw(1, 'turn:0:3', again)).toBe(true);
      expect(clicks.isDirty(1, 'turn:0:3')).toBe(false);
    }
  });

  it('touches of other messages or games do not count', async () => {
    const { clicks } = records();
    const draw = clicks.startDraw(1, 'card:0');
    clicks.end(1, 'card:1', await clicks.begin(1, 'card:1', 0));
    clicks.end(2, 'card:0', await clicks.begin(2, 'card:0', 0));
    expect(clicks.endDraw(1, 'card:0', draw)).toBe(true);
    expect(clicks.isDirty(1, 'card:0')).toBe(false);
  });

  it('two clicks on one message: answered until both are done, and then drawn again (their answers may land in either order)', async () => {
    const { clicks } = records();
    const a = await clicks.begin(1, 'card:0', 0);
    const b = await clicks.begin(1, 'card:0', 0);
    expect(clicks.end(1, 'card:0', a)).toBe(false);
    expect(clicks.isAnswering(1, 'card:0')).toBe(true);
    expect(clicks.end(1, 'card:0', b)).toBe(true);
    expect(clicks.isAnswering(1, 'card:0')).toBe(false);
    expect(clicks.isDirty(1, 'card:0')).toBe(true);
  });
  it('a pass leaves alone the messages clicked after it read the game, and only those, until it ends', async () => {
    const { clicks } = records();
    const before = await clicks.begin(1, 'card:0', 0);
    clicks.end(1, 'card:0', before);
    const pass = clicks.passStarted();
    // Clicked before the pass read the game: the pass's read has that move.
    expect(clicks.clickedSince(1, 'card:0', pass)).toBe(false);
    const after = await clicks.begin(1, 'card:1', 0);
    clicks.end(1, 'card:1', after);
    expect(clicks.clickedSince(1, 'card:1', pass)).toBe(true);
    expect(clicks.clickedSince(2, 'card:1', pass)).toBe(false);
    // The second pass of one game, started after the click, draws it again if it must.
    const next = clicks.passStarted();
    expect(clicks.clickedSince(1, 'card:1', next)).toBe(false);
    // A flush while the first pass runs keeps what that pass needs; once it ended, nothing is kept.
    await clicks.flush();
    expect(clicks.clickedSince(1, 'card:1', pass)).toBe(true);
    clicks.passEnded(pass);
    clicks.passEnded(next);
    await clicks.flush();
    expect(clicks.clickedSince(1, 'card:1', pass)).toBe(false);
  });

  it('a write that fails keeps what clicks showed for the next one, unless a newer click or a draw replaced it', async () => {
    let down = true;
    const written: unknown[] = [];
    const service = {
      recordShownAll: async (entries: unknown[]) => {
        await Promise.resolve();
        if (down) throw new Error('connect ECONNREFUSED');
        written.push(...entries);
      },
    } as unknown as GameService;
    const errors: unknown[] = [];
    const clicks = new ClickRecords(service, (error) => errors.push(error));
    clicks.remember({ gameId: 1, key: 'card:0', messageId: '9', digest: 'thrown' });
    clicks.remember({ gameId: 2, key: 'card:0', messageId: '8', digest: 'held' });
    clicks.remember({ gameId: 3, key: 'card:0', messageId: '7', digest: 'old' });
    const failing = clicks.flush();
    // While the write is on its way: game 2's card clicked again, game 3's drawn by the Publisher.
    clicks.remember({ gameId: 2, key: 'card:0', messageId: '8', digest: 'held twice' });
    clicks.drop(3, 'card:0');
    await failing;
    expect(errors).toHaveLength(1);
    // Still known: the Publisher must not take the database's older digest for what the card shows.
    expect(clicks.digest(1, 'card:0')).toBe('thrown');
    expect(clicks.digest(2, 'card:0')).toBe('held twice');
    expect(clicks.digest(3, 'card:0')).toBeUndefined();
    down = false;
    await clicks.flush();
    expect(written).toHaveLength(2);
    expect(written).toEqual(
      expect.arrayContaining([
        { gameId: 1, key: 'card:0', messageId: '9', digest: 'thrown' },
        { gameId: 2, key: 'card:0', messageId: '8', digest: 'held twice' },
      ]),
    );
  });
});
