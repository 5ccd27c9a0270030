// What clicks are doing to their own messages, for the Publisher: which messages a click is answering right
// now (the Publisher leaves those alone), and what the latest click showed on each, kept in memory and written
// to the database every few seconds — a click writes nothing after its answer. Lost in a crash, those digests
// cost one needless redraw of their messages after the restart. A write that fails (the database out of reach)
// keeps them for the next: forgotten, the Publisher would take the database's older digest for what a message
// shows, and never redraw a card that shows a move the database then lost in an outage.
//
// A click and a Publisher edit of the same message must not overlap: Discord may apply the two in either order,
// and the edit, drawn from an earlier read, could land last and take the card back a moment. The Publisher
// starts no edit of a message a click is answering, and a click that comes while an edit of its message is on
// its way waits for that edit to land before answering. Should the edit outlast the click's patience,
// the two overlap after all: each side counts the touches of the message, one that finds another touch happened
// during its own marks the message dirty, and the Publisher draws it again from the saved game.
//
// A Publisher pass may also have read the game before a click's move was saved, and reach the clicked message
// after the click answered: what it would draw is older than what shows. Clicks are numbered as they begin, and
// a pass leaves alone every message clicked since it started (the click's answer, or its failure, says the rest).
import type { GameService } from '../service/game-service';

interface Shown {
  gameId: number;
  key: string;
  messageId: string;
  digest: string;
}

/**
 * What a click showed, its digest worked out only when asked for: most clicks' digests are never read (the next
 * click replaces them before the flush or a Publisher pass), and hashing every card was a tenth of a hold's CPU.
 */
interface Remembered extends Omit<Shown, 'digest'> {
  digest: string | (() => string);
}

function digestNow(entry: Remembered): string {
  if (typeof entry.digest !== 'string') entry.digest = entry.digest();
  return entry.digest;
}

const FLUSH_AFTER_MS = 5000;

/** When a Publisher pass started, for `clickedSince` and `passEnded`. */
export interface PassStart {
  readonly clicks: number;
  readonly epoch: number;
}

export class ClickRecords {
  private readonly answering = new Map<string, number>();
  private readonly shown = new Map<string, Remembered>();
  private readonly touches = new Map<string, number>();
  /** The number of the latest click begun on each message, and of the latest click begun at all. */
  private readonly clickedAt = new Map<string, number>();
  private clickCount = 0;
  /** Each pass under way (a pass may run while another game's runs): the click count and epoch it started at. */
  private readonly passes: PassStart[] = [];
  /** Counts pass starts and successful writes, to tell which passes read the game before a write committed. */
  private epoch = 0;
  /** The Publisher's edits and posts on their way, each resolved as it lands: clicks on the message wait. */
  private readonly drawing = new Map<string, { landed: Promise<void>; land: () => void }>();
  private readonly dirty = new Set<string>();
  /** Messages a click turned into their log line while the Publisher was posting them (see `collapse`). */
  private readonly collapsed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** The records a flush is writing now and that nothing newer replaced since: kept again if the write fails. */
  private readonly flushing = new Map<string, Remembered>();
  private writing: Promise<void> = Promise.resolve();
  /**
   * Records written to the database, kept while a pass that read the game before that write is under way: its
   * read holds the older digest, and it would take a card showing a click's answer for one to draw again. Drawn
   * again, the card's edit could land after the player's next click, taking the card back a moment.
   */
  private readonly written = new Map<string, { entry: Remembered; epoch: number }>();

  constructor(
    private readonly service: GameService,
    private readonly onError: (error: unknown) => void,
  ) {}

  /**
   * A click is answering this message: until `end`, its answer is what shows it. When an edit of the message is
   * on its way, waits (`patienceMs` at most) for it to land, so the click's answer lands after it. Returns the
   * click's touch.
   */
  async begin(gameId: number, key: string, patienceMs: number): Promise<number> {
    const k = `${gameId}:${key}`;
    this.answering.set(k, (this.answering.get(k) ?? 0) + 1);
    this.clickedAt.set(k, ++this.clickCount);
    const draw = this.drawing.get(k);
    if (draw && patienceMs > 0) await landedWithin(draw.landed, patienceMs);
    return this.touch(k);
  }

  /** A Publisher pass starts, before it reads the game. Returns its start, for `clickedSince` and `passEnded`. */
  passStarted(): PassStart {
    const start = { clicks: this.clickCount, epoch: ++this.epoch };
    this.passes.push(start);
    return start;
  }

  passEnded(start: PassStart): void {
    const at = this.passes.indexOf(start);
    if (at >= 0) this.passes.splice(at, 1);
    this.forgetWritten();
  }

  /** A click began on the message after the pass that started at `start` read the game. */
  clickedSince(gameId: number, key: string, start: PassStart): boolean {
    return (this.clickedAt.get(`${gameId}:${key}`) ?? 0) > start.clicks;
  }

  /** The click's answer is done; false when a Publisher edit overlapped it, so what shows is not known. */
  end(gameId: number, key: string, touch: number): boolean {
    const k = `${gameId}:${key}`;
    const left = (this.answering.get(k) ?? 1) - 1;
    if (left > 0) this.answering.set(k, left);
    else this.answering.delete(k);
    if (!this.drawing.has(k) && this.touches.get(k) === touch) return true;
    this.dirty.add(k);
    this.shown.delete(k);
    return false;
  }

  /** The Publisher starts an edit or post of this message. Returns its touch. */
  startDraw(gameId: number, key: string): number {
    const k = `${gameId}:${key}`;
    let land = (): void => undefined;
    const landed = new Promise<void>((resolve) => (land = resolve));
    this.drawing.set(k, { landed, land });
    return this.touch(k);
  }

  /** The Publisher's edit landed; false when a click overlapped it, so it must be drawn again. */
  endDraw(gameId: number, key: string, touch: number): boolean {
    const k = `${gameId}:${key}`;
    this.drawing.get(k)?.land();
    this.drawing.delete(k);
    if (this.touches.get(k) === touch) {
      this.dirty.delete(k);
      return true;
    }
    this.dirty.add(k);
    return false;
  }

  /**
   * The click turned its message into the turn's log line, and the game forgets the message. When the Publisher
   * is drawing it right now (the click came on a message whose post had not returned yet), the Publisher must not
   * record it under its key again when its post returns: `takeCollapsed` tells it so.
   */
  collapse(gameId: number, key: string): void {
    const k = `${gameId}:${key}`;
    if (this.drawing.has(k)) this.collapsed.add(k);
  }

  takeCollapsed(gameId: number, key: string): boolean {
    return this.collapsed.delete(`${gameId}:${key}`);
  }

  /** What the message shows is not known: an overlap left it so. */
  isDirty(gameId: number, key: string): boolean {
    return this.dirty.has(`${gameId}:${key}`);
  }

  private touch(k: string): number {
    const n = (this.touches.get(k) ?? 0) + 1;
    this.touches.set(k, n);
    return n;
  }

  isAnswering(gameId: number, key: string): boolean {
    return this.answering.has(`${gameId}:${key}`);
  }

  /** The message now shows what the click answered with. */
  remember(entry: Remembered): void {
    const k = `${entry.gameId}:${entry.key}`;
    this.flushing.delete(k);
    this.written.delete(k);
    this.shown.set(k, entry);
    this.flushSoon();
  }

  private flushSoon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), FLUSH_AFTER_MS);
    this.timer.unref();
  }

  /** The digest the latest click showed, if newer than what the database holds. */
  digest(gameId: number, key: string): string | undefined {
    const k = `${gameId}:${key}`;
    const entry = this.shown.get(k) ?? this.flushing.get(k) ?? this.written.get(k)?.entry;
    return entry && digestNow(entry);
  }

  /** Something newer than the click is known (the Publisher drew the message, or it is gone). */
  drop(gameId: number, key: string): void {
    this.shown.delete(`${gameId}:${key}`);
    this.flushing.delete(`${gameId}:${key}`);
    this.written.delete(`${gameId}:${key}`);
  }

  /** Writes what clicks showed; one write at a time, so a failed one knows which records are still its own. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // A count matters only while a click or an edit of its message is under way.
    for (const k of this.touches.keys()) if (!this.answering.has(k) && !this.drawing.has(k)) this.touches.delete(k);
    // A click's number matters only to the passes that started before it.
    const oldest = Math.min(this.clickCount, ...this.passes.map((p) => p.clicks));
    for (const [k, n] of this.clickedAt) if (n <= oldest) this.clickedAt.delete(k);
    if (this.shown.size === 0) return;
    const entries: Shown[] = [...this.shown.values()].map((e) => ({ ...e, digest: digestNow(e) }));
    for (const [k, entry] of this.shown) this.flushing.set(k, entry);
    this.shown.clear();
    try {
      await this.service.recordShownAll(entries);
      const epoch = ++this.epoch;
      for (const [k, entry] of this.flushing) this.written.set(k, { entry, epoch });
      this.forgetWritten();
    } catch (error) {
      for (const [k, entry] of this.flushing) this.shown.set(k, entry);
      if (this.shown.size > 0) this.flushSoon();
      this.onError(error);
    } finally {
      this.flushing.clear();
    }
  }

  /** A written record is needed only while a pass that started before its write is under way. */
  private forgetWritten(): void {
    const oldest = Math.min(...this.passes.map((p) => p.epoch));
    for (const [k, { epoch }] of this.written) if (epoch < oldest) this.written.delete(k);
  }
}

function landedWithin(landed: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([landed, late]).finally(() => clearTimeout(timer));
}
