// One place of the soak (soak.bench.ts): a server channel, whose games play in threads started from their lobby,
// or a person's DM with the bot, whose games play in the DM. A place holds one open game at a time (the bot's
// rule: `channel-busy`), so it plays game after game: a host opens a lobby, people join, computer players are
// seated from the lobby's menu, the host starts, everyone plays until the results are shown, and the next game
// opens after a pause. A game's place is watched for silence: no message of it changing for the stall limit
// while it is in play is a stalled game.
import type { ChangeEvent, FakeUser, SlashOptionValue } from '../../src/fake-discord';
import type { ComponentId } from '../../src/discord/custom-id';
import { encodeCustomId } from '../../src/discord/custom-id';
import { controlsOf } from '../support/controls';
import { sleep } from '../support/processes';
import type { SoakContext } from './human';
import { playSeat } from './human';

const DIFFICULTIES = ['easy', 'normal', 'expert'] as const;
/** Olathe on a short card (two Free columns, 14 turns) or the default one (Free, Free, Down, Up: 28 turns). */
const OLATHE_LAYOUTS: Array<{ options: Record<string, SlashOptionValue>; columns: number }> = [
  { options: { free: 2, down: 0, up: 0 }, columns: 2 },
  { options: {}, columns: 4 },
];
const CATEGORY_COUNT = 7;

export interface PlaceSpec {
  index: number;
  /** The server channel or the DM. */
  channelId: string;
  dm: boolean;
  /** Who may sit at its games: eight members in a server channel, the DM's person in a DM. */
  users: FakeUser[];
}

export interface Stall {
  place: number;
  gameId: number;
  game: string;
  /** Longest silence of the game while in play, ms. */
  silentMs: number;
  /** Seats that had a card with live controls when it was first seen silent. */
  liveSeats: number[];
}

/** A game's id (-1: no lobby opened) and whether it left its place clean (results shown, or lobby cancelled). */
type Outcome = { gameId: number; clean: boolean };

export class Place {
  started = 0;
  finished = 0;
  /** What went wrong in this place's lobbies, by what it was, counted. */
  readonly problems = new Map<string, number>();
  readonly stalls: Stall[] = [];
  private lastChange = Date.now();
  private playing: { gameId: number; game: string; seats: number } | null = null;
  private stall: Stall | null = null;
  /** This place's channel and its current game's thread (the thread has the lobby message's id). */
  private readonly channels = new Set<string>();

  constructor(
    readonly spec: PlaceSpec,
    private readonly ctx: SoakContext,
    private readonly stallMs: number,
  ) {
    this.channels.add(spec.channelId);
  }

  /** A change in any channel: progress when it is this place's. */
  changed(event: ChangeEvent): void {
    if (!this.channels.has(event.channelId) || event.message.ephemeralFor !== undefined) return;
    this.lastChange = Date.now();
    this.stall = null;
  }

  /** Called every second: a game in play whose place has been silent for the limit is stalled. */
  watch(now: number): void {
    const game = this.playing;
    if (!game || this.ctx.board.finished(game.gameId) || this.ctx.stopped()) return;
    const silent = now - this.lastChange;
    if (silent < this.stallMs) return;
    if (!this.stall) {
      const liveSeats = [...Array(game.seats).keys()].filter((s) => this.ctx.board.seatCard(game.gameId, s));
      this.stall = { place: this.spec.index, gameId: game.gameId, game: game.game, silentMs: silent, liveSeats };
      this.stalls.push(this.stall);
    }
    this.stall.silentMs = silent;
  }

  async run(): Promise<void> {
    let previous = -1;
    let failed = false;
    while (!this.ctx.stopped()) {
      const { gameId, clean }: Outcome = await this.playOne(failed).catch((error: unknown) => {
        this.problem(`a game failed: ${String(error)}`);
        return { gameId: -1, clean: false };
      });
      failed = !clean;
      if (previous >= 0) this.ctx.board.forget(previous);
      previous = gameId;
      this.playing = null;
      if (!this.ctx.stopped()) await sleep(this.ctx.think());
    }
  }

  private problem(text: string): void {
    this.problems.set(text, (this.problems.get(text) ?? 0) + 1);
  }

  /**
   * One game from its lobby to its results: its id (-1 when no lobby opened), and whether it left the place
   * clean (results shown, or its lobby cancelled), so a next lobby's refusal as 'channel busy' is the bot's.
   */
  private async playOne(afterFailure: boolean): Promise<Outcome> {
    const { ctx, spec } = this;
    const { pick, traffic } = ctx;
    const balut = pick(2) === 0;
    const layout = balut ? { options: {}, columns: 4 } : OLATHE_LAYOUTS[pick(OLATHE_LAYOUTS.length)]!;
    const seats = 1 + pick(8);
    const people = spec.dm ? 1 : 1 + pick(seats);
    const host = spec.users[0]!;
    const variant = { variant: balut ? 'balut' : 'olathe', ...layout.options };
    const card = afterFailure ? 'stale' : 'current';
    const { answer, message: lobby } = await traffic.command(host, 'start', variant, spec.channelId, card);
    if (!lobby) {
      this.problem(`/olathe start: ${answer.refusal ?? (answer.ack ? 'no lobby shown' : 'not answered')}`);
      // A lobby whose answer never reached Discord still holds the channel (the bot saved it first), shown
      // nowhere: the host ends it, as the refusal says, and tries again.
      await sleep(ctx.think());
      await traffic.command(host, 'end', {}, spec.channelId, 'stale');
      return { gameId: -1, clean: false };
    }
    const start = controlsOf(lobby).find((c) => c.id.action === 'start');
    if (!start) throw new Error(`the lobby ${lobby.id} has no Start button`);
    const gameId = start.id.gameId;
    this.channels.clear();
    this.channels.add(spec.channelId).add(lobby.id);
    const id = (action: ComponentId['action']) => encodeCustomId({ action, gameId } as ComponentId);
    // People and computer players take their seats in a random order, one click each.
    const joining: Array<{ user: FakeUser } | null> = [
      ...spec.users.slice(1, people).map((user) => ({ user })),
      ...Array<null>(seats - people).fill(null),
    ];
    for (let i = joining.length - 1; i > 0; i--) {
      const j = pick(i + 1);
      const swapped = joining[i] ?? null;
      joining[i] = joining[j] ?? null;
      joining[j] = swapped;
    }
    const seatOf = new Map<FakeUser, number>([[host, 0]]);
    for (const [n, next] of joining.entries()) {
      await sleep(ctx.think());
      const answer = next
        ? await traffic.click(next.user, gameId, 'lobby', lobby.id, id('join'))
        : await traffic.click(host, gameId, 'lobby', lobby.id, id('addbot'), [DIFFICULTIES[pick(3)]!]);
      if (!answer.ack || answer.refusal !== null) {
        this.problem(`a lobby click was refused or not answered: ${answer.refusal ?? 'no answer'}`);
        const cancelled = await traffic.click(host, gameId, 'lobby', lobby.id, id('cancel'), undefined, 'stale');
        return { gameId, clean: cancelled.ack !== null && cancelled.refusal === null };
      }
      if (next) seatOf.set(next.user, n + 1);
    }
    await sleep(ctx.think());
    const started = await traffic.click(host, gameId, 'lobby', lobby.id, id('start'));
    if (started.refusal !== null || !started.ack) {
      this.problem(`Start was refused or not answered: ${started.refusal ?? 'no answer'}`);
      // Not answered in time, it may still have started the game: a person sees whether their card comes.
      const card = started.ack
        ? undefined
        : await ctx.board.wait(gameId, () => ctx.board.seatCard(gameId, 0), 10_000, ctx.stopped);
      if (!card) return { gameId, clean: false };
    }
    this.started++;
    const name = `${balut ? 'Balut' : `Olathe (${layout.columns} columns)`}, ${people} of ${seats} seats people`;
    this.playing = { gameId, game: name, seats };
    this.lastChange = Date.now();
    const kind = balut ? ('balut' as const) : ('olathe' as const);
    const seatGame = { gameId, kind, people, phase: pick(500) };
    await Promise.all(
      [...seatOf].map(([user, seat]) => playSeat(ctx, seatGame, seat, user, layout.columns * CATEGORY_COUNT)),
    );
    // Computer players may still be playing: the game is over when its results are shown.
    const never = 24 * 3600_000;
    await ctx.board.wait(gameId, () => (ctx.board.finished(gameId) ? true : undefined), never, ctx.stopped);
    if (ctx.board.finished(gameId)) this.finished++;
    return { gameId, clean: ctx.board.finished(gameId) };
  }
}
