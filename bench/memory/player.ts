// A person playing solo games against one bot process, click after click (memory.bench.ts): hold
// and release, throw, write via the select, declare a column in Olathe — what a person's clicks would be.
import type { FakeUser, SlashOptionValue } from '../../src/fake-discord';
import { CATEGORIES } from '../../src/game';
import type { RunningBot } from '../support/bot';
import type { Control } from '../support/controls';
import { Board, picker, signatureOf, stampOf } from '../support/controls';

// Alternating a short Olathe card (declare selects, 14 turns) with Balut (28 turns).
const GAMES: Array<{ options: Record<string, SlashOptionValue>; cells: number }> = [
  { options: { variant: 'olathe', free: 2, down: 0, up: 0 }, cells: 2 * CATEGORIES.length },
  { options: { variant: 'balut' }, cells: 4 * CATEGORIES.length },
];
// A solo game: its one player sits in seat 0.
const SEAT = 0;
const TURN_ACTIONS = new Set(['throw', 'hold', 'write', 'declare']);

/** One person playing solo games against one bot, click after click. */
export class Player {
  readonly latencies: number[] = [];
  /** Why games were given up (see abandon); empty for a bot whose cards always follow the game. */
  readonly stuck: string[] = [];
  games = 0;
  /** Every interaction sent to the bot, by kind (a do-nothing bot is sent as many of each). */
  readonly sent = { slash: 0, button: 0, select: 0 };
  private gameId = -1;
  private writes = 0;
  private cells = 0;
  private readonly board: Board;
  private readonly user: FakeUser;
  private readonly pick = picker(20_240_601);

  constructor(readonly bot: RunningBot) {
    this.board = new Board(bot.fake);
    this.user = bot.fake.addUser({ username: 'bench', globalName: 'Bench' });
  }

  private turn() {
    return this.board.latest(
      (id) => TURN_ACTIONS.has(id.action) && id.gameId === this.gameId && 'seat' in id && id.seat === SEAT,
    );
  }

  private async newGame(): Promise<void> {
    const { fake } = this.bot;
    const game = GAMES[this.games++ % GAMES.length]!;
    const previous = this.gameId;
    this.sent.slash++;
    const ack = await fake.slash(this.user, 'olathe', game.options, { subcommand: 'start' }).acked();
    if (ack.ephemeral) throw new Error(`/olathe start was refused:\n${fake.describe()}`);
    const lobby = await fake.waitFor(
      () => this.board.latest((id) => id.action === 'start' && id.gameId > previous),
      10_000,
    );
    this.gameId = lobby.controls[0]!.id.gameId;
    this.writes = 0;
    this.cells = game.cells;
    this.sent.button++;
    await fake.click(this.user, lobby.message.id, lobby.controls[0]!.customId).acked();
    await fake.waitFor(() => this.turn(), 10_000);
  }

  /** One click as a person would make it; returns its dispatch → acknowledgement time in ms (null: refused). */
  async click(): Promise<number | null> {
    const { fake } = this.bot;
    if (this.gameId < 0) await this.newGame();
    const found = this.turn() ?? (await fake.waitFor(() => this.turn(), 10_000));
    const of = (action: string) => found.controls.filter((c) => c.id.action === action);
    const [declare] = of('declare');
    const [write] = of('write');
    const [throwButton] = of('throw');
    const holds = of('hold');
    const allHeld = holds.length === 5 && holds.every((h) => h.id.action === 'hold' && h.id.held === false);
    const roll = this.pick(100);
    let choice: { control: Control; value?: string };
    if (declare) choice = { control: declare, value: declare.options[this.pick(declare.options.length)]! };
    else if (!write) choice = { control: throwButton! };
    else if (throwButton && holds.length && roll < 35) choice = { control: holds[this.pick(holds.length)]! };
    else if (throwButton && !allHeld && roll < 65) choice = { control: throwButton };
    else choice = { control: write, value: write.options[this.pick(write.options.length)]! };

    const before = signatureOf(found.message.id, found.controls);
    this.sent[choice.value === undefined ? 'button' : 'select']++;
    const t0 = performance.now();
    const interaction =
      choice.value === undefined
        ? fake.click(this.user, found.message.id, choice.control.customId)
        : fake.select(this.user, found.message.id, choice.control.customId, [choice.value]);
    const ack = await interaction.acked();
    const ms = performance.now() - t0;
    const what = `${choice.control.customId}${choice.value === undefined ? '' : ` [${choice.value}]`}`;
    if (ack.ephemeral) {
      // Refused (the card showed an older moment than the game's): a cheaper path than a click that acts.
      await this.abandon(`${what} was refused`);
      return null;
    }
    const clicked = stampOf(choice.control);
    const last = choice.control.id.action === 'write' && ++this.writes === this.cells;
    const shown = await fake
      .waitFor(() => {
        const now = this.turn();
        const moment = now ? Math.max(...now.controls.map(stampOf)) : -1;
        // After the last cell no live control of the game is left at that moment or later.
        if (last) return moment < clicked;
        // A card that went back to an earlier moment does not show the click: its stamp may only move on.
        return now && signatureOf(now.message.id, now.controls) !== before && moment >= clicked;
      }, 5_000)
      .then(
        () => true,
        () => false,
      );
    if (!shown) await this.abandon(`the card did not show ${what} within 5 s`);
    else if (last) this.gameId = -1;
    return ms;
  }

  /** A game the card no longer lets a person play: say so in the report, end it, and play on in a new one. */
  private async abandon(why: string): Promise<void> {
    this.stuck.push(why);
    if (this.stuck.length > 10)
      throw new Error(`${this.stuck.length} games got stuck; the last: ${why}\n${this.bot.fake.describe()}`);
    this.sent.slash++;
    await this.bot.fake.slash(this.user, 'olathe', {}, { subcommand: 'end' }).acked();
    this.gameId = -1;
  }

  async measure(clicks: number): Promise<void> {
    const target = this.latencies.length + clicks;
    while (this.latencies.length < target) {
      const ms = await this.click();
      if (ms !== null) this.latencies.push(ms);
    }
  }
}
