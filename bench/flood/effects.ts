// What a stretch of the flood bench made the bot do besides answering (flood.bench.ts): the REST requests it sent to
// the loopback Discord, read off the fake's request log and cleared after each stretch (the log is cloned whole on
// every read), and the lines it wrote to its own log, read as JSON (LOG_FORMAT=json) to tell whose each one is.
import type { LoggedRequest } from '../../src/fake-discord';
import type { RunningBot } from '../support/bot';
import { sleep } from '../support/processes';

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
/** An interaction's own answer: its callback, or its token's webhook (a deferred reply's edit, a follow-up). */
const OWN_ANSWER = /\/interactions\/\d+\/[^/]+\/callback$|\/webhooks\/\d+\/[^/]+(\/|$)/;
/** The minute's reconcile looks each clickable message up (src/discord/publisher.ts): the bot's own clock. */
const LOOKUP = /^GET \/channels\/[^/]+\/messages\/[^/]+ /;
const RECONCILED = '"msg":"reconciled"';

export interface Stretch {
  requests: number;
  /** Refused by Discord: "METHOD path status". */
  clientErrors: string[];
  /** Posts, edits, deletions and reactions of messages everyone sees (the channel routes). */
  publicWrites: string[];
  /** Anything but an interaction's own answer or a message's lookup. */
  besidesAnswers: string[];
  /** Messages looked up, and the reconciles that look one up each (in the bot's log). */
  lookups: number;
  reconciles: number;
  /** Lines the bot logged. */
  lines: number;
}

export const emptyStretch = (): Stretch => ({
  requests: 0,
  clientErrors: [],
  publicWrites: [],
  besidesAnswers: [],
  lookups: 0,
  reconciles: 0,
  lines: 0,
});

export function addStretch(into: Stretch, more: Stretch): Stretch {
  into.requests += more.requests;
  into.clientErrors.push(...more.clientErrors);
  into.publicWrites.push(...more.publicWrites);
  into.besidesAnswers.push(...more.besidesAnswers);
  into.lookups += more.lookups;
  into.reconciles += more.reconciles;
  into.lines += more.lines;
  return into;
}

/** REST calls but the answers, less the lookups the minute's reconciles made by themselves. */
export const restCalls = (s: Stretch): number => s.besidesAnswers.length + Math.max(0, s.lookups - s.reconciles);

/** Reads what the bot did since the last take; keeps the fake's breaches, which clearing its records would lose. */
export class Watch {
  readonly breaches: string[] = [];
  readonly start: number;
  private mark: number;

  /** `names` are what a report calls the channels and messages it knows, in place of their ids. */
  constructor(
    private readonly bot: RunningBot,
    private readonly names: { channels: Record<string, string>; messages: Record<string, string> },
  ) {
    bot.fake.clearRecords();
    this.start = this.mark = bot.log().length;
  }

  /** Resolves once the bot has logged its next reconcile: every card compared since the player's last click. */
  async nextReconcile(timeoutMs = 75_000): Promise<void> {
    const from = this.bot.log().length;
    const until = performance.now() + timeoutMs;
    while (this.bot.log().indexOf(RECONCILED, from) < 0) {
      if (performance.now() > until) throw new Error(`no reconcile within ${timeoutMs} ms`);
      await sleep(250);
    }
  }

  take(): Stretch {
    const { fake } = this.bot;
    const requests = fake.requests;
    this.breaches.push(...fake.breaches);
    fake.clearRecords();
    const log = this.bot.log();
    const lines = log
      .slice(this.mark)
      .split('\n')
      .filter((l) => l.trim());
    this.mark = log.length;
    const { channels, messages } = this.names;
    const path = (p: string) =>
      p
        .replace(/^\/api\/v10/, '')
        .replace(/[\w-]{40,}/g, '<token>')
        .replace(/\/channels\/(\d+)/, (all, id: string) => (channels[id] ? `/channels/${channels[id]}` : all))
        .replace(/\/messages\/(\d+)/, (all, id: string) => (messages[id] ? `/messages/${messages[id]}` : all));
    const line = (r: LoggedRequest) => `${r.method} ${path(r.path)} ${r.status}`;
    const besides = requests.filter((r) => !OWN_ANSWER.test(r.path)).map(line);
    return {
      requests: requests.length,
      clientErrors: requests.filter((r) => r.status >= 400 && r.status < 500).map(line),
      publicWrites: requests.filter((r) => WRITES.has(r.method) && r.path.includes('/channels/')).map(line),
      besidesAnswers: besides.filter((l) => !LOOKUP.test(l)),
      lookups: besides.filter((l) => LOOKUP.test(l)).length,
      reconciles: lines.filter((l) => l.includes(RECONCILED)).length,
      lines: lines.length,
    };
  }
}

/** The most frequent of `lines`, with their counts, for a report to show what they were. */
export function commonest(lines: readonly string[], n = 3): string {
  const counts = new Map<string, number>();
  for (const l of lines) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([l, c]) => `${c}× ${l}`)
    .join('; ');
}

export interface LogRule {
  /** The flood's people's lines, and of them the answers given ("interaction", outcome ok): a line an answer. */
  lines: number;
  answers: number;
  /** People and kinds (or messages of no one's) with a line besides the answers, and lines less than a minute after
   * the last of theirs. */
  pairs: number;
  tooSoon: number;
  /** Lines of no one in particular (a warning, something node printed), by message; the reconciles left out. */
  others: Map<string, number>;
  /** By message, the lines besides the answers; the answers by what was asked (a custom_id's action). */
  byMessage: Map<string, number>;
  answersTo: Map<string, number>;
}

/** "One line per person and kind at most once a minute", checked on `text` (the bot's log since the flood began). */
export function logRule(text: string, flooders: ReadonlySet<string>): LogRule {
  const out: LogRule = {
    lines: 0,
    answers: 0,
    pairs: 0,
    tooSoon: 0,
    others: new Map(),
    byMessage: new Map(),
    answersTo: new Map(),
  };
  const last = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    let entry: { msg?: unknown; user?: unknown; kind?: unknown; outcome?: unknown; time?: unknown; what?: unknown } =
      {};
    try {
      entry = JSON.parse(raw) as typeof entry;
    } catch {
      // Not JSON: a stack or something node printed.
    }
    const msg = typeof entry.msg === 'string' ? entry.msg : '(not JSON)';
    const user = typeof entry.user === 'string' ? entry.user : null;
    if (msg === 'reconciled') continue;
    // The player's own lines are not the flood's; a line of no one's is held to the same rule, by its message.
    if (user !== null && user !== 'others' && !flooders.has(user)) continue;
    if (user === null) bump(out.others, msg);
    else {
      out.lines++;
      if (msg === 'interaction' && entry.outcome === 'ok') {
        out.answers++;
        bump(out.answersTo, String(entry.what).split(':').slice(0, 2).join(':'));
        continue;
      }
      bump(out.byMessage, msg);
    }
    const key = `${user ?? '(no one)'} ${typeof entry.kind === 'string' ? entry.kind : msg}`;
    const at = Date.parse(String(entry.time));
    const before = last.get(key);
    // Lines are stamped to the millisecond, a minute after the last at the soonest.
    if (before !== undefined && at - before < 60_000 - 5) out.tooSoon++;
    last.set(key, at);
  }
  out.pairs = last.size;
  return out;
}
