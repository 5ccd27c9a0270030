// Bad input is counted, not narrated: a person's refusals of one kind make at most one log line a minute. The
// first is written at once (an operator looking into one refusal finds it), the rest of the minute is summed by
// reason and written when the minute is up. Bounded: past `maxPeople` people with a line due, the rest of each kind
// is summed under "others". Every refusal is also counted for the metrics, by kind and reason.
import type { Logger } from '../app/logger';

/** What a refusal is counted by: its kind (command, button, select, activity) and a reason from the code. */
export interface RefusalCounter {
  refusal(kind: string, reason: string): void;
}

export interface RefusalDetail {
  /** The command or custom_id refused; clipped, since a forged one may be anything. */
  what?: string;
  channel?: string | null;
}

export interface RefusalLogOptions {
  log: Pick<Logger, 'info'>;
  counter?: RefusalCounter;
  now?: () => number;
  /** One line per person and kind at most this often. */
  everyMs?: number;
  maxPeople?: number;
  /** Writes the lines that are due by itself (a timer that does not keep the process up); tests call flush(). */
  autoFlush?: boolean;
}

/** The longest text of a refusal a line shows; Discord's own custom_ids are at most 100 characters. */
export const MAX_WHAT = 100;
/** Reasons kept apart in one line; they come from the code, so this is only a guard. */
const MAX_REASONS = 16;
const TICK_MS = 5_000;

interface Entry {
  /** Its key in `entries`, or in `others` (by kind alone). */
  key: string;
  others: boolean;
  user: string;
  kind: string;
  /** When this key's last line was written. */
  loggedAt: number;
  /** When the first refusal the next line counts came. */
  since: number;
  count: number;
  reasons: Map<string, number>;
  what?: string;
  channel?: string | null;
}

/** At most MAX_WHAT characters of `text`, marked when cut. */
export function clip(text: string, max = MAX_WHAT): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export class RefusalLog {
  private readonly entries = new Map<string, Entry>();
  private readonly others = new Map<string, Entry>();
  private readonly log: Pick<Logger, 'info'>;
  private readonly now: () => number;
  private readonly everyMs: number;
  private readonly maxPeople: number;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: RefusalLogOptions) {
    this.log = options.log;
    this.now = options.now ?? Date.now;
    this.everyMs = options.everyMs ?? 60_000;
    this.maxPeople = options.maxPeople ?? 2_000;
  }

  record(user: string, kind: string, reason: string, detail: RefusalDetail = {}): void {
    this.options.counter?.refusal(kind, reason);
    const now = this.now();
    const key = `${kind}:${user}`;
    let entry = this.entries.get(key);
    if (!entry && this.entries.size >= this.maxPeople) {
      entry = this.others.get(kind);
      if (!entry) this.others.set(kind, (entry = this.fresh(kind, 'others', kind, now - this.everyMs)));
    }
    if (!entry) this.entries.set(key, (entry = this.fresh(key, user, kind, now - this.everyMs)));
    if (entry.count++ === 0) entry.since = now;
    const reasons = entry.reasons;
    const counted = reasons.has(reason) || reasons.size < MAX_REASONS ? reason : 'other';
    reasons.set(counted, (reasons.get(counted) ?? 0) + 1);
    if (detail.what !== undefined) entry.what = clip(detail.what);
    if (detail.channel !== undefined) entry.channel = detail.channel;
    if (now - entry.loggedAt >= this.everyMs) this.write(entry, now);
    this.schedule();
  }

  /** Writes the lines whose minute is up, and forgets the people with nothing new since their last line. */
  flush(): void {
    const now = this.now();
    for (const map of [this.entries, this.others]) {
      for (const [key, entry] of map) {
        // Written in order, so the first entry whose minute is not up ends the look.
        if (now - entry.loggedAt < this.everyMs) break;
        map.delete(key);
        if (entry.count > 0) this.write(entry, now);
      }
    }
    if (this.entries.size === 0 && this.others.size === 0) this.stop();
  }

  /** Writes what is left, whatever its age, and stops the timer (the bot is stopping). */
  close(): void {
    const now = this.now();
    for (const entry of [...this.entries.values(), ...this.others.values()])
      if (entry.count > 0) this.write(entry, now);
    this.entries.clear();
    this.others.clear();
    this.stop();
  }

  /** People and kinds kept, "others" included. */
  get size(): number {
    return this.entries.size + this.others.size;
  }

  private fresh(key: string, user: string, kind: string, loggedAt: number): Entry {
    return { key, others: user === 'others', user, kind, loggedAt, since: loggedAt, count: 0, reasons: new Map() };
  }

  /** One line for the entry; it then moves to the back, as the most recently written. */
  private write(entry: Entry, now: number): void {
    this.log.info('refused', {
      user: entry.user,
      kind: entry.kind,
      count: entry.count,
      // From the first refusal counted to this line: 0 for one written at once.
      seconds: Math.round((now - entry.since) / 1000),
      reasons: Object.fromEntries(entry.reasons),
      ...(entry.what !== undefined ? { last: entry.what } : {}),
      ...(entry.channel !== undefined ? { channel: entry.channel } : {}),
    });
    entry.loggedAt = now;
    entry.count = 0;
    entry.reasons = new Map();
    const map = entry.others ? this.others : this.entries;
    map.delete(entry.key);
    map.set(entry.key, entry);
  }

  private schedule(): void {
    if (this.timer || this.options.autoFlush === false) return;
    this.timer = setInterval(() => this.flush(), TICK_MS);
    this.timer.unref();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
