// The hold clicks of the click, idle and activity benches: one player holds and releases dice on a solo Balut card
// in the game's thread, clicking the bot's own hold buttons; its twin sends the same clicks to a yardstick bot, on
// a copy of that card in a thread of its own, which that bot only acknowledges (or echoes). Every click is timed
// from the moment the fake makes it to the moment the bot's callback request reaches the fake: not the time the
// fake then takes to read and apply the answer, which would count the card's size against the bot and not against
// Discord.
import type { FakeMessage, FakeUser, SlashOptionValue } from '../../src/fake-discord';
import type { RunningBot } from './bot';
import type { Control } from './controls';
import { Board, controlsOf } from './controls';
import { botThread, postCopy } from './mirror';
import { sleep } from './processes';

/**
 * A person sees the card change before clicking again; the fake shows it the moment it has the bot's answer,
 * before the bot has even read Discord's reply to it. Without a pause the next click would reach the bot in
 * that instant, every time: a double click, which the bot must then check the card after
 * (src/discord/click-records.ts).
 */
const PAUSE_MS = 3;
const humanPause = () => sleep(PAUSE_MS);

export interface Clicker {
  readonly bot: RunningBot;
  readonly latencies: number[];
  /** When the fake dispatched the last click, on this process's clock (the relay's too). */
  readonly lastDispatchedAt: number;
  setUp(): Promise<void>;
  /** One click; returns its dispatch → acknowledgement time in ms. */
  click(): Promise<number>;
}

/** The bot under test: a solo Balut game in a thread, thrown once, then die after die held and released. */
export class HoldClicker implements Clicker {
  readonly latencies: number[] = [];
  lastDispatchedAt = NaN;
  private readonly board: Board;
  private readonly user: FakeUser;
  private gameId = -1;
  private clicks = 0;

  /** `options` are added to `/olathe start`'s, e.g. a longer turn timeout for a bench that runs for minutes. */
  constructor(
    readonly bot: RunningBot,
    private readonly options: Record<string, SlashOptionValue> = {},
  ) {
    this.board = new Board(bot.fake);
    this.user = bot.fake.addUser({ username: 'bench', globalName: 'Bench' });
  }

  private controls(action: string): { messageId: string; controls: Control[] } | undefined {
    const found = this.board.latest((id) => id.action === action && id.gameId === this.gameId);
    return found && { messageId: found.message.id, controls: found.controls };
  }

  /** The card as the bot last drew it. */
  card(): FakeMessage {
    const found = this.board.latest((id) => id.action === 'hold' && id.gameId === this.gameId);
    if (!found) throw new Error('the game shows no card with hold buttons');
    return found.message;
  }

  async setUp(): Promise<void> {
    const { fake } = this.bot;
    const ack = await fake
      .slash(this.user, 'olathe', { variant: 'balut', ...this.options }, { subcommand: 'start' })
      .acked();
    if (ack.ephemeral) throw new Error(`/olathe start was refused:\n${fake.describe()}`);
    const lobby = await fake.waitFor(() => this.board.latest((id) => id.action === 'start'), 10_000);
    this.gameId = lobby.controls[0]!.id.gameId;
    await fake.click(this.user, lobby.message.id, lobby.controls[0]!.customId).acked();
    const card = await fake.waitFor(() => this.controls('throw'), 10_000);
    if (fake.message(card.messageId)?.channelId === fake.channelId)
      throw new Error('the Balut card is in the channel, not in a thread: the bench measures the default path');
    await fake.click(this.user, card.messageId, card.controls[0]!.customId).acked();
    await fake.waitFor(() => this.controls('hold'), 10_000);
  }

  async click(): Promise<number> {
    const { fake } = this.bot;
    const die = this.clicks++ % 5;
    const found = this.controls('hold');
    const control = found?.controls.find((c) => c.id.action === 'hold' && c.id.die === die);
    if (!found || !control || control.id.action !== 'hold')
      throw new Error(`no hold button for die ${die + 1}:\n${fake.describe()}`);
    const wanted = control.id.held;
    const ack = await fake.click(this.user, found.messageId, control.customId).acked();
    const ms = ack.arrivedAfterMs;
    this.lastDispatchedAt = ack.dispatchedAt;
    if (ack.ephemeral) throw new Error(`a hold click was refused:\n${fake.describe()}`);
    // The next click must carry what the card shows now: wait (unmeasured) for the button to flip.
    await fake.waitFor(() => {
      const now = this.controls('hold')?.controls.find((c) => c.id.action === 'hold' && c.id.die === die);
      return now && now.id.action === 'hold' && now.id.held !== wanted;
    }, 5_000);
    await humanPause();
    return ms;
  }
}

/**
 * The yardstick: the same hold clicks sent to a bot that only acknowledges them, on a copy of the bot's own card
 * (the same embed and controls, so every click carries as much as the bot's do) in a thread of its own.
 */
export class MirrorClicker implements Clicker {
  readonly latencies: number[] = [];
  lastDispatchedAt = NaN;
  private readonly user: FakeUser;
  private messageId = '';
  private holds: string[] = [];
  private clicks = 0;

  constructor(
    readonly bot: RunningBot,
    private readonly model: HoldClicker,
  ) {
    this.user = bot.fake.addUser({ username: 'bench', globalName: 'Bench' });
  }

  async setUp(): Promise<void> {
    const { fake } = this.bot;
    const card = this.model.card();
    const thread = await botThread(fake, 'a lobby to start a thread from', 'bench');
    this.messageId = await postCopy(fake, thread, card);
    this.holds = controlsOf(card)
      .filter((c) => c.id.action === 'hold')
      .map((c) => c.customId);
  }

  async click(): Promise<number> {
    const customId = this.holds[this.clicks++ % this.holds.length]!;
    const ack = await this.bot.fake.click(this.user, this.messageId, customId).acked();
    const ms = ack.arrivedAfterMs;
    this.lastDispatchedAt = ack.dispatchedAt;
    await humanPause();
    return ms;
  }
}
