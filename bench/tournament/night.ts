// One club night on the loopback Discord, in a channel of its own: a host with Manage Events creates it, people
// join by the sign-up message's button, the host fills the field with computer players, and presses Start now.
// From that click the bench watches each table's thread until its first turn message is shown, and what the bot
// sent Discord meanwhile.
import type { ChangeEvent, FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import { PERMISSIONS, Permission } from '../../src/fake-discord';
import { parseTournamentControl } from '../../src/discord/custom-id';
import { planTables } from '../../src/tournament/tables';
import { sleep } from '../support/processes';

const DAY_MS = 24 * 60 * 60_000;
export const TABLE_SIZE = 4;

export interface NightPlan {
  people: number;
  /** People and computer players. */
  field: number;
}

/** The tables round 1 seats, as the tournament's own rule plans them. */
export const tablesOf = (plan: NightPlan): number =>
  planTables(plan.people, plan.field - plan.people, TABLE_SIZE, 'computer').people.length;

export function addPeople(fake: FakeDiscord, prefix: string, count: number): FakeUser[] {
  return Array.from({ length: count }, (_, i) =>
    fake.addUser({
      username: `${prefix}${i + 1}`,
      globalName: `${prefix.toUpperCase()} ${i + 1}`,
      // The first is the host: Manage Events lets them create the night.
      ...(i === 0 && { permissions: (BigInt(PERMISSIONS.member) | Permission.ManageEvents).toString() }),
    }),
  );
}

/** Until the bot has sent nothing for `quietMs` (its requests as `sent()` counts them), at most `maxMs`. */
export async function settle(sent: () => number, quietMs = 1000, maxMs = 120_000): Promise<void> {
  const until = performance.now() + maxMs;
  for (let seen = -1; seen !== sent() && performance.now() < until;) {
    seen = sent();
    await sleep(quietMs);
  }
}

const buttonOf = (m: FakeMessage, action: string): string | undefined => {
  const rows = m.components as Array<{ components?: Array<{ custom_id?: string }> }>;
  return rows
    .flatMap((r) => r.components ?? [])
    .map((c) => c.custom_id ?? '')
    .find((id) => parseTournamentControl(id)?.action === action);
};

export interface StartFigures {
  /** From the Start click to its acknowledgement, ms. */
  ackMs: number;
  /** Each table's first turn message, ms after the click, by thread, in the order they came. */
  firstTurns: Map<string, number>;
  /** Tables that had no first turn within the wait. */
  missing: number;
  /** Threads the bot started in the channel. */
  threads: number;
}

export class Night {
  readonly tables: number;
  tournamentId = 0;
  private signup: FakeMessage | undefined;

  constructor(
    private readonly fake: FakeDiscord,
    readonly channelId: string,
    readonly people: readonly FakeUser[],
    readonly plan: NightPlan,
  ) {
    this.tables = tablesOf(plan);
  }

  get host(): FakeUser {
    return this.people[0]!;
  }

  /** Created, joined by every person, filled to the field. */
  async signUp(): Promise<void> {
    const { fake, channelId, host } = this;
    const starts = new Date(Date.now() + DAY_MS).toISOString().slice(0, 16).replace('T', ' ');
    // A day-long turn timer: nobody's turn is played for them while the bench runs.
    const options = { name: 'Bench night', starts, rounds: 3, 'turn-timeout': 1440 };
    const made = await fake.slash(host, 'olathe', options, { subcommand: 'tournament create', channelId }).reply();
    const signup = await fake
      .waitFor(() => fake.messages(channelId).find((m) => buttonOf(m, 'join')), 20_000)
      .catch(() => {
        throw new Error(`no sign-up message after /olathe tournament create ("${made.content}")`);
      });
    this.signup = signup;
    this.tournamentId = parseTournamentControl(buttonOf(signup, 'join')!)!.tournamentId;
    for (const person of this.people) await fake.click(person, signup.id, buttonOf(signup, 'join')!).acked();
    const fill = { players: this.plan.field };
    const filled = await fake.slash(host, 'olathe', fill, { subcommand: 'tournament fill', channelId }).reply();
    if (!/up to/.test(filled.content)) throw new Error(`the fill was refused: ${filled.content}`);
  }

  /**
   * Start now, then each table's first turn (the first message in its thread calling a person, with controls);
   * resolves when every table shows one or `timeoutMs` has passed.
   */
  async start(timeoutMs: number): Promise<StartFigures> {
    const { fake, channelId } = this;
    const signup = fake.message(this.signup!.id)!;
    const firstTurns = new Map<string, number>();
    let clicked = 0;
    const watch = ({ type, message }: ChangeEvent) => {
      if (type === 'messageDelete' || firstTurns.has(message.channelId) || message.components.length === 0) return;
      if (!/^<@\d+>, your turn!/.test(message.content)) return;
      if (fake.channel(message.channelId)?.parentId !== channelId) return;
      firstTurns.set(message.channelId, performance.now() - clicked);
    };
    fake.on('change', watch);
    try {
      clicked = performance.now();
      await fake.click(this.host, signup.id, buttonOf(signup, 'start')!).acked();
      const ackMs = performance.now() - clicked;
      await fake.waitFor(() => firstTurns.size >= this.tables, timeoutMs).catch(() => undefined);
      return {
        ackMs,
        firstTurns: new Map(firstTurns),
        missing: Math.max(0, this.tables - firstTurns.size),
        threads: fake.threads(channelId).length,
      };
    } finally {
      fake.off('change', watch);
    }
  }
}
