// The flood bench's tables (flood.bench.ts): the player's latency alone and during the flood, what the bot answers
// on one core, its memory, what the flood made it send to Discord and write to its log, and the goals.
import { fmt, percentiles, printTable, verdict } from '../support/figures';
import type { LogRule, Stretch } from './effects';
import { commonest, restCalls } from './effects';
import type { Tally } from './visitors';

const GOALS = { p99: 1.5, rssMb: 20 };

export interface Settings {
  clicks: number;
  rounds: number;
  rate: number;
  accounts: number;
  burst: number;
  total: number;
  visitors: number;
  concurrency: number;
}

/** Bad interactions sent as fast as answered: what came of them, how long, the bot's CPU, what it did besides. */
export interface Part {
  tally: Tally;
  ms: number;
  botCpuMs: number;
  benchCpuMs?: number;
  stretch: Stretch;
}

export interface Measured {
  settings: Settings;
  latency: {
    quiet: number[];
    flood: number[];
    failures: { quiet: string[]; flood: string[] };
    stretches: { warmUp: Stretch; alone: Stretch; quiet: Stretch; flood: Stretch };
    tally: Tally;
    floodMs: number;
    skipped: number;
  };
  /** From the latency part's end to the bot's next reconcile, which may redraw the card after the player's clicks. */
  settling: Stretch;
  throughput: Part;
  memory: {
    part: Part;
    rss: { idleMs: number; before: number; atOnce: number; peak: number; after: number; minute: number };
  };
  log: LogRule;
  breaches: string[];
}

const answered = (t: Tally) => t.privately + t.publicly;
const sum = (stretches: Stretch[], count: (s: Stretch) => number) => stretches.reduce((n, s) => n + count(s), 0);
const mb = (n: number) => `${fmt(n, 1)} MB`;
const signed = (n: number, digits = 1) => `${n >= 0 ? '+' : ''}${fmt(n, digits)}`;

function latencyTable(m: Measured): { p99Ratio: number; refused: number } {
  const { settings: s, latency: l } = m;
  const [quiet, flood] = [percentiles(l.quiet), percentiles(l.flood)];
  const p99Ratio = flood.p99 / quiet.p99;
  const refused = l.failures.quiet.length + l.failures.flood.length;
  console.log(
    `\nThe player's hold clicks on a solo Balut card in its thread, click → acknowledgement, in ${s.rounds} phases ` +
      `alone and ${s.rounds} during the flood, alternating`,
  );
  const p99Goal = `≤ ${GOALS.p99}× alone: ${fmt(p99Ratio, 2)}× ${verdict(p99Ratio <= GOALS.p99)}`;
  printTable(
    ['', 'alone', 'during the flood', 'goal'],
    [
      ['clicks measured', fmt(l.quiet.length), fmt(l.flood.length), ''],
      ['p50, ms', fmt(quiet.p50, 2), fmt(flood.p50, 2), ''],
      ['p99, ms', fmt(quiet.p99, 2), fmt(flood.p99, 2), p99Goal],
      ['legal clicks refused', fmt(l.failures.quiet.length), fmt(l.failures.flood.length), `0: ${verdict(!refused)}`],
    ],
  );
  const first = [...l.failures.quiet, ...l.failures.flood][0];
  if (first) console.log(`  first refused: ${first}`);
  const t = l.tally;
  const skipped = l.skipped ? `, ${fmt(l.skipped)} not sent: too many unanswered` : '';
  console.log(
    `  the flood: ${fmt(t.sent)} bad interactions in ${fmt(l.floodMs / 1000, 1)} s of flood phases, ` +
      `${fmt((t.sent * 1000) / l.floodMs, 1)} a second (paced at ${s.rate} from ${s.accounts} accounts${skipped}): ` +
      `${fmt(t.byVisitor.stranger)} strangers' clicks, ${fmt(t.byVisitor.spammer)} commands, ` +
      `${fmt(t.byVisitor.forger)} forged ids; ${fmt(t.privately)} answered privately, ${fmt(t.publicly)} publicly`,
  );
  return { p99Ratio, refused };
}

function throughputTable(m: Measured): void {
  const { settings: s, throughput: t, memory } = m;
  const row = (name: string, p: Part, accounts: number) => [
    name,
    fmt(p.tally.sent),
    fmt(accounts),
    fmt(p.ms / 1000, 1),
    fmt((answered(p.tally) * 1000) / p.ms),
    fmt(p.botCpuMs / p.tally.sent, 3),
    fmt((answered(p.tally) * 1000) / p.botCpuMs),
    `${fmt((100 * p.botCpuMs) / p.ms)} %`,
    `${fmt(p.tally.privately)} / ${fmt(p.tally.publicly)}`,
  ];
  console.log(`\nBad interactions sent as fast as the bot answers them, ${s.concurrency} in flight`);
  printTable(
    [
      '',
      'sent',
      'accounts',
      's',
      'answered/s',
      'bot CPU ms each',
      'answered per CPU-s',
      'bot busy',
      'private / public',
    ],
    [row('throughput', t, s.accounts), row('memory', memory.part, s.visitors)],
  );
  if (t.benchCpuMs !== undefined)
    console.log(`  the bench and its loopback Discord used ${fmt((100 * t.benchCpuMs) / t.ms)} % of a core meanwhile`);
  for (const [name, tally] of [
    ['latency', m.latency.tally],
    ['throughput', t.tally],
    ['memory', memory.part.tally],
  ] as const) {
    console.log(
      `  ${name}: ${fmt(tally.publicly)} public answers, ${fmt(tally.publicTooSoon)} of them less than a minute ` +
        "after the same person's to the same",
    );
    if (tally.firstFailure) console.log(`  ${name}: first unanswered: ${tally.firstFailure}`);
  }
}

function memoryTable(m: Measured): number {
  const { part, rss } = m.memory;
  const grew = rss.after - rss.before;
  const idle = `${fmt(rss.idleMs / 1000)} s idle`;
  console.log(
    `\nResident memory of the bot, ${fmt(part.tally.sent)} bad interactions from ${fmt(m.settings.visitors)} accounts`,
  );
  printTable(
    [`before (${idle})`, 'at the end', 'peak', `after (${idle})`, 'a minute after', 'after − before', 'goal'],
    [
      [
        mb(rss.before),
        mb(rss.atOnce),
        mb(rss.peak),
        mb(rss.after),
        mb(rss.minute),
        `${signed(grew)} MB`,
        `≤ ${GOALS.rssMb} MB: ${verdict(grew <= GOALS.rssMb)}`,
      ],
    ],
  );
  return grew;
}

export function report(m: Measured): void {
  const { latency: l, throughput: t, memory, log } = m;
  const { p99Ratio, refused } = latencyTable(m);
  throughputTable(m);
  const grew = memoryTable(m);

  console.log('\nWhat the bot sent to the loopback Discord');
  const stretches: Array<[string, Stretch]> = [
    ['the player alone (warm-up)', l.stretches.warmUp],
    ['the flood alone, paced (warm-up)', l.stretches.alone],
    ['the player alone (quiet phases)', l.stretches.quiet],
    ['the player during the flood (flood phases)', l.stretches.flood],
    ["the player's card settling (to the next reconcile)", m.settling],
    ['the flood as fast as answered (throughput)', t.stretch],
    [`${fmt(memory.part.tally.sent)} from ${fmt(m.settings.visitors)} accounts (memory)`, memory.part.stretch],
  ];
  printTable(
    ['', 'requests', 'refused (4xx)', 'public writes', 'other REST calls', 'lookups / reconciles', 'log lines'],
    stretches.map(([name, s]) => [
      name,
      fmt(s.requests),
      fmt(s.clientErrors.length),
      fmt(s.publicWrites.length),
      fmt(s.besidesAnswers.length),
      `${s.lookups} / ${s.reconciles}`,
      fmt(s.lines),
    ]),
  );
  console.log(
    "  other REST calls: any but an answer (its callback or token webhook) or the minute reconcile's look at the card",
  );
  const all = stretches.map(([, s]) => s);
  const errors = all.flatMap((s) => s.clientErrors);
  // Beside the player's clicks, the flood's is what the bot sent beyond what it sent for as many clicks alone.
  const { warmUp, alone, quiet, flood } = l.stretches;
  const without = [warmUp, quiet];
  const within = [alone, flood];
  const floodOnly = [t.stretch, memory.part.stretch];
  const caused = (count: (s: Stretch) => number) =>
    Math.max(0, sum(within, count) - sum(without, count)) + sum(floodOnly, count);
  const writes = caused((s) => s.publicWrites.length);
  const calls = caused(restCalls);
  for (const [name, s] of stretches)
    for (const [what, lines] of [
      ['refused', s.clientErrors],
      ['public writes', s.publicWrites],
      ['other REST calls', s.besidesAnswers],
    ] as const)
      if (lines.length) console.log(`  ${name}, ${what}: ${commonest(lines)}`);

  console.log("\nThe bot's log (LOG_LEVEL=info) from the first bad interaction to a minute after the last");
  const byMessage = (map: Map<string, number>) => [...map].map(([k, n]) => `${k} ${fmt(n)}`).join(', ') || '—';
  printTable(
    ['', 'lines'],
    [
      ["the flood's people's lines", fmt(log.lines)],
      ['of them answers given, a line each', fmt(log.answers)],
      ['… to', byMessage(new Map([...log.answersTo].sort((a, b) => b[1] - a[1]).slice(0, 6)))],
      [`the rest, by message (${fmt(log.pairs)} people × kinds)`, byMessage(log.byMessage)],
      ["lines of no one's (the minute's reconciles left out)", byMessage(log.others)],
      ['… less than a minute after the last of their person and kind (or message)', fmt(log.tooSoon)],
    ],
    true,
  );

  const tallies = [l.tally, t.tally, memory.part.tally];
  const unanswered = tallies.reduce((n, x) => n + x.unanswered, 0);
  const tooSoon = tallies.reduce((n, x) => n + x.publicTooSoon, 0);
  console.log('\nGoals');
  printTable(
    ['goal', 'measured', ''],
    [
      [
        `the player's p99 during the flood ≤ ${GOALS.p99}× alone`,
        `${fmt(p99Ratio, 2)}×`,
        verdict(p99Ratio <= GOALS.p99),
      ],
      ["none of the player's legal clicks refused", fmt(refused), verdict(refused === 0)],
      [
        `RSS after ${fmt(memory.part.tally.sent)} from ${fmt(m.settings.visitors)} accounts within ${GOALS.rssMb} MB of before`,
        `${signed(grew)} MB`,
        verdict(grew <= GOALS.rssMb),
      ],
      ['no request refused by Discord (4xx)', fmt(errors.length), verdict(errors.length === 0)],
      ['no public message written because of the flood', fmt(writes), verdict(writes === 0)],
      ['no REST call but the answers because of the flood', fmt(calls), verdict(calls === 0)],
      [
        'a public answer at most once a minute per person and command',
        `${fmt(tooSoon)} sooner`,
        verdict(tooSoon === 0),
      ],
      [
        'log: at most a line per person and kind a minute, besides answers',
        `${fmt(log.tooSoon)} lines too soon`,
        verdict(log.tooSoon === 0),
      ],
      [
        'every bad interaction answered within 3 s',
        `${fmt(unanswered)} unanswered, ${m.breaches.length} breaches`,
        verdict(unanswered === 0 && m.breaches.length === 0),
      ],
    ],
    true,
  );
  if (m.breaches.length) console.log(`  first breach: ${m.breaches[0]}`);
}
