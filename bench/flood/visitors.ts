// The flood bench's bad interactions (flood.bench.ts), mixed in thirds: strangers clicking the seated player's own
// buttons (ids taken from the card as it stands, or as it stood), spammers of /olathe commands in the game's thread,
// and forgers of custom_ids no message carries. None of the accounts is seated, so none of it is a legal move. Each
// is sent to the bot on the loopback Discord and its acknowledgement waited for: paced by a timer, or as fast as
// the bot answers with a bound on how many are in flight.
import type { FakeDiscord, FakeInteraction, FakeUser } from '../../src/fake-discord';
import { controlsOf, picker } from '../support/controls';
import type { HoldClicker } from '../support/hold-clicker';
import { sleep } from '../support/processes';

export type Visitor = 'stranger' | 'spammer' | 'forger';

const COMMANDS = ['help', 'leaderboard', 'stats', 'hint', 'daily', 'start'] as const;
/** Actions that name only the game: on a game in play, by someone not in it, each must be refused. */
const GAME_ACTIONS = ['join', 'leave', 'start', 'cancel', 'addbot', 'removebot', 'analysis', 'rematch', 'mycard'];
const STALE_KEPT = 200;
/** Past Discord's 3 s deadline the fake has recorded a breach; the rest is slack for a loaded machine. */
const ANSWER_TIMEOUT_MS = 5_000;

/** What came of the bad interactions sent so far. */
export class Tally {
  sent = 0;
  privately = 0;
  publicly = 0;
  unanswered = 0;
  firstFailure = '';
  readonly byVisitor: Record<Visitor, number> = { stranger: 0, spammer: 0, forger: 0 };
  /** Public answers less than a minute after the same person's to the same command (one a minute is due). */
  publicTooSoon = 0;
  private readonly lastPublic = new Map<string, number>();

  public(user: FakeUser, what: string): void {
    this.publicly++;
    const [key, now] = [`${user.id} ${what}`, performance.now()];
    const before = this.lastPublic.get(key);
    if (before !== undefined && now - before < 60_000) this.publicTooSoon++;
    this.lastPublic.set(key, now);
  }
}

interface One {
  visitor: Visitor;
  what: string;
  send: () => FakeInteraction;
}

export class Visitors {
  private readonly pick: (n: number) => number;
  private readonly stale: string[] = [];
  private turn = 0;

  constructor(
    private readonly fake: FakeDiscord,
    private readonly player: HoldClicker,
    readonly accounts: readonly FakeUser[],
    seed: number,
  ) {
    this.pick = picker(seed);
  }

  /** `n` accounts in the server, none of them seated. */
  static accounts(fake: FakeDiscord, n: number, prefix: string): FakeUser[] {
    return Array.from({ length: n }, (_, i) =>
      fake.addUser({ username: `${prefix}${i}`, globalName: `${prefix} ${i}` }),
    );
  }

  /** Sends one and counts what came of it once it is answered (or not); never rejects. */
  async sendOne(tally: Tally): Promise<void> {
    const user = this.accounts[this.turn % this.accounts.length]!;
    const visitor = (['stranger', 'spammer', 'forger'] as const)[this.pick(3)]!;
    this.turn++;
    tally.sent++;
    tally.byVisitor[visitor]++;
    let what = '';
    try {
      const one = this[visitor](user);
      what = one.what;
      const ack = await one.send().acked(ANSWER_TIMEOUT_MS);
      if (ack.ephemeral) tally.privately++;
      else tally.public(user, one.what);
    } catch (error) {
      tally.unanswered++;
      tally.firstFailure ||= `${visitor} ${what}: ${String(error).split('\n')[0]}`;
    }
  }

  /** A stranger uses one of the card's controls, as it is now or as it was, on the card. */
  private stranger(user: FakeUser): One {
    const card = this.player.card();
    const controls = controlsOf(card).filter((c) => !c.disabled);
    for (const c of controls)
      if (this.stale.length < STALE_KEPT && !this.stale.includes(c.customId)) this.stale.push(c.customId);
    const old = this.pick(4) === 0 && this.stale.length > 0;
    const control = controls[this.pick(controls.length)]!;
    if (!old && control.options.length > 0) {
      const value = control.options[this.pick(control.options.length)]!;
      return {
        visitor: 'stranger',
        what: control.customId,
        send: () => this.fake.select(user, card.id, control.customId, [value], { unchecked: true }),
      };
    }
    const customId = old ? this.stale[this.pick(this.stale.length)]! : control.customId;
    return this.click('stranger', user, customId);
  }

  /** A spammer repeats one of /olathe's commands in the game's thread. */
  private spammer(user: FakeUser): One {
    const subcommand = COMMANDS[this.pick(COMMANDS.length)]!;
    const channelId = this.player.card().channelId;
    return {
      visitor: 'spammer',
      what: `/olathe ${subcommand}`,
      send: () => this.fake.slash(user, 'olathe', {}, { subcommand, channelId }),
    };
  }

  /** A forger clicks, on the card, a custom_id no message carries. */
  private forger(user: FakeUser): One {
    const ids = controlsOf(this.player.card()).map((c) => c.customId);
    const game = Number(ids[0]!.split(':')[2]);
    const stamp = () => `${this.pick(30)}.${this.pick(10)}`;
    const forged = [
      // An old or future stamp on every seat, with every action a turn has.
      () => `o1:${['throw', 'hint', 'declare'][this.pick(3)]}:${game}:${this.pick(8)}:${stamp()}`,
      () => `o1:hold:${game}:${this.pick(8)}:${stamp()}:${this.pick(5)}:${this.pick(2)}`,
      // A real id cut short.
      () => {
        const id = ids[this.pick(ids.length)]!;
        return id.slice(0, 1 + this.pick(id.length - 1));
      },
      // Anything a modified client can send: up to Discord's 100 characters.
      () => {
        const text = Array.from({ length: 1 + this.pick(100) }, () => String.fromCharCode(33 + this.pick(94)));
        return ['', 'o1:', `o1:throw:${game}:`][this.pick(3)] + text.join('').slice(0, 90);
      },
      // Other games', and another version's.
      () =>
        [`o1:throw:${game + 1 + this.pick(1000)}:0:0.0`, 'o1:hold:99999999:0:1.1:0:1', `o2:throw:${game}:0:1.0`][
          this.pick(3)
        ]!,
      () => `o1:${GAME_ACTIONS[this.pick(GAME_ACTIONS.length)]}:${game}`,
    ];
    return this.click('forger', user, forged[this.pick(forged.length)]!());
  }

  private click(visitor: Visitor, user: FakeUser, customId: string): One {
    const cardId = this.player.card().id;
    return {
      visitor,
      what: customId,
      send: () => this.fake.click(user, cardId, customId, { unchecked: true }),
    };
  }
}

/** A flood paced by a timer at `perSecond`, until stopped; stop() resolves once every answer is in. */
export function pacedFlood(visitors: Visitors, perSecond: number, tally: Tally, maxInFlight = 1000) {
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let due = 0;
  let skipped = 0;
  const timer = setInterval(() => {
    const target = Math.floor(((performance.now() - started) * perSecond) / 1000);
    for (; due < target; due++) {
      // A bot that falls this far behind has failed already: the bench does not pile on without end.
      if (inFlight.size >= maxInFlight) {
        skipped++;
        continue;
      }
      const p = visitors.sendOne(tally).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
  }, 5);
  return {
    async stop(): Promise<{ ms: number; skipped: number }> {
      clearInterval(timer);
      const ms = performance.now() - started;
      await Promise.all(inFlight);
      return { ms, skipped };
    },
  };
}

/** `total` bad interactions, `concurrency` in flight at once, each sent as soon as one is answered. */
export async function saturate(
  visitors: Visitors,
  total: number,
  concurrency: number,
  tally: Tally,
  progress?: (sent: number) => void,
): Promise<void> {
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      if (progress && started % 20_000 === 0) progress(started);
      await visitors.sendOne(tally);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  // What the answers leave behind (a deferred reply's edit) is logged a moment later.
  await sleep(250);
}
