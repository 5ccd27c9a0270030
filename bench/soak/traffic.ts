// What the soak's people send (soak.bench.ts): every interaction goes to the bot's fake Discord, and at the same
// instant the same kind of interaction to the do-nothing bot's (the mirror), so the yardstick bears the same
// interactions per second, at the same moments, on the same busy machine. The mirror's clicks land on copies of
// the bot's own messages (a lobby, an Olathe turn, a Balut card: the first of each the bot shows), so each
// carries a message of the same size; `unchecked`, since a copy's custom_ids are not the clicked card's.
import type { AckInfo, FakeDiscord, FakeInteraction, FakeMessage, FakeUser } from '../../src/fake-discord';
import type { SlashOptionValue } from '../../src/fake-discord';
import { parseCustomId } from '../../src/discord/custom-id';
import { botThread, postCopy } from '../support/mirror';

/** Which of the mirror's copies a click lands on. */
export type Kind = 'lobby' | 'olathe' | 'balut';

export interface Latencies {
  /** Dispatch → the bot's callback reaching the fake, ms, one per answered interaction. */
  ms: number[];
  sent: number;
  answered: number;
  /** Not acknowledged within Discord's 3 s: the person sees "This interaction failed". */
  unanswered: number;
}

const newLatencies = (): Latencies => ({ ms: [], sent: 0, answered: 0, unanswered: 0 });

/**
 * The card a click was made on. 'current': the clicker's newest card (a lobby: the lobby), their previous click
 * answered and shown on it — a legal click on a current card. 'went back': the newest card too, but showing an
 * earlier moment than it had shown before (the bot drew an old state over a newer one). 'stale': the previous
 * click was not answered in time or not shown, so the card may be behind the game (the person cannot know).
 */
export type Card = 'current' | 'went back' | 'stale';

/** An ephemeral answer to a click: what it said and what the click was. */
export interface Refusal {
  text: string;
  action: string;
  kind: Kind;
  /** What the clicker's card was: see Card. */
  card: Card;
}

export interface Answer {
  /** null when the bot never acknowledged it. */
  ack: AckInfo | null;
  /** The ephemeral answer's text when it was one (a refusal). */
  refusal: string | null;
}

/** Text without the ids that differ per game (mentions, channel links, message links), to count alike ones. */
const plain = (text: string) =>
  text
    .replace(/https:\/\/discord\.com\/channels\/\S+/g, '<link>')
    .replace(/<[@#]!?\d+>/g, '<id>')
    .slice(0, 200);

export class Traffic {
  readonly bot = newLatencies();
  readonly reference = newLatencies();
  readonly refusals: Refusal[] = [];
  /** Clicks sent while another click of the same game was still unanswered. */
  concurrent = 0;
  private readonly inFlight = new Map<number, number>();
  private readonly copies = new Map<Kind, string>();
  private readonly copying = new Set<Kind>();
  private readonly twins = new Map<string, FakeUser>();
  /** When clicks on a message were answered (ms since 1970), the last few per message: see cardHistory. */
  readonly answeredAt = new Map<string, number[]>();
  /** Interactions the mirror could not send yet (its copy of that kind was still being made). */
  mirrorSkipped = 0;

  constructor(
    private readonly fake: FakeDiscord,
    private readonly mirror: FakeDiscord,
    private readonly mirrorThread: string,
  ) {}

  /** The mirror's own user for one of the bot's fake's users (the same name). */
  private twin(user: FakeUser): FakeUser {
    let twin = this.twins.get(user.id);
    if (!twin) this.twins.set(user.id, (twin = this.mirror.addUser({ username: user.username })));
    return twin;
  }

  /**
   * A `/olathe` subcommand in a place, and its twin on the mirror; with the message it answered with (a start's
   * lobby), null when refused or not answered. `card`: as for a click (a start after a failed one is 'stale').
   */
  async command(
    user: FakeUser,
    subcommand: string,
    options: Record<string, SlashOptionValue>,
    channelId: string,
    card: Card = 'current',
  ): Promise<{ answer: Answer; message: FakeMessage | null }> {
    const sent = this.fake.slash(user, 'olathe', options, { subcommand, channelId });
    this.follow(this.mirror.slash(this.twin(user), 'olathe', options, { subcommand }), this.reference);
    const answer = await this.answer(sent, this.bot);
    if (answer.refusal !== null)
      this.refusals.push({ text: answer.refusal, action: `/olathe ${subcommand}`, kind: 'lobby', card });
    if (!answer.ack || answer.refusal !== null) return { answer, message: null };
    return { answer, message: await sent.reply(5000).catch(() => null) };
  }

  /** A button (no `values`) or a select on one of the bot's messages, and its twin on the mirror. */
  async click(
    user: FakeUser,
    gameId: number,
    kind: Kind,
    message: FakeMessage | string,
    customId: string,
    values?: string[],
    card: Card = 'current',
  ): Promise<Answer> {
    const id = typeof message === 'string' ? message : message.id;
    if (!this.copies.has(kind)) void this.copy(kind, id);
    const sent = values ? this.fake.select(user, id, customId, values) : this.fake.click(user, id, customId);
    const copy = this.copies.get(kind);
    if (copy) {
      const extras = { unchecked: true };
      const twin = this.twin(user);
      const mirrored = values
        ? this.mirror.select(twin, copy, customId, values, extras)
        : this.mirror.click(twin, copy, customId, extras);
      this.follow(mirrored, this.reference);
    } else this.mirrorSkipped++;
    const busy = this.inFlight.get(gameId) ?? 0;
    if (busy > 0) this.concurrent++;
    this.inFlight.set(gameId, busy + 1);
    try {
      const answer = await this.answer(sent, this.bot);
      if (answer.ack && answer.refusal === null)
        this.answeredAt.set(id, [...(this.answeredAt.get(id) ?? []).slice(-7), Date.now()]);
      if (answer.refusal !== null) {
        const action = parseCustomId(customId)?.action ?? customId;
        this.refusals.push({ text: answer.refusal, action, kind, card });
      }
      return answer;
    } finally {
      const left = (this.inFlight.get(gameId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(gameId, left);
      else this.inFlight.delete(gameId);
    }
  }

  private follow(sent: FakeInteraction, into: Latencies): void {
    void this.answer(sent, into);
  }

  private async answer(sent: FakeInteraction, into: Latencies): Promise<Answer> {
    into.sent++;
    const ack = await sent.acked().catch(() => null);
    if (!ack) {
      into.unanswered++;
      return { ack: null, refusal: null };
    }
    into.answered++;
    into.ms.push(ack.arrivedAfterMs);
    if (!ack.ephemeral) return { ack, refusal: null };
    const reply = await sent.reply(5000).catch(() => null);
    const text = reply ? reply.content || reply.embeds[0]?.description || '(empty)' : '(no reply message)';
    return { ack, refusal: plain(text) };
  }

  /** Copies the bot's message into the mirror's thread as that bot (support/mirror.ts). */
  private async copy(kind: Kind, messageId: string): Promise<void> {
    if (this.copying.has(kind)) return;
    this.copying.add(kind);
    const source = this.fake.message(messageId);
    if (!source) return void this.copying.delete(kind);
    try {
      this.copies.set(kind, await postCopy(this.mirror, this.mirrorThread, source));
    } catch (error) {
      // Tried again on the next click of this kind; the skipped clicks are counted meanwhile.
      this.copying.delete(kind);
      console.error(`the mirror could not copy a ${kind} message: ${String(error)}`);
    }
  }
}

/** A thread in the mirror's channel to hold the copies (the bot's cards live in threads too). */
export const mirrorThread = (mirror: FakeDiscord): Promise<string> =>
  botThread(mirror, 'the soak bench mirrors the bot’s clicks here', 'soak');
