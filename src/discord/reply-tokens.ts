// Where the bot is not a member (a group DM, a server reached only by a user's install), Discord lets it show
// things only through interaction tokens: each interaction's token may edit the app's messages in its channel
// and create follow-ups there, for 15 minutes, at most 5 follow-ups for an interaction that only a user's
// install authorised (discord-api-docs, interactions/receiving-and-responding: "Followup Messages").
// ReplyTokens keeps, per channel, the freshest tokens its interactions brought, in memory only: a token is a
// secret that dies in 15 minutes, and after a restart the next click brings a new one.

/** Discord's 15 minutes, less a margin for a request on its way when the token is picked. */
export const TOKEN_USABLE_MS = 14 * 60_000;
/** The follow-ups one interaction authorised only by a user's install may create. */
export const FOLLOW_UPS_PER_TOKEN = 5;
/** Tokens kept per channel: enough follow-ups for a pass, few enough to stay small. */
const KEPT_PER_CHANNEL = 6;
/** Every so many tokens added, channels whose tokens all died are forgotten: memory stays bounded. */
const SWEEP_EVERY = 256;

export interface ReplyToken {
  token: string;
  /** When the interaction was created (ms since the epoch). */
  at: number;
  followUpsLeft: number;
  /**
   * 'none': not acknowledged yet, unusable; 'deferred': acknowledged without a message yet — usable for edits,
   * not for follow-ups, since Discord turns the first follow-up after a deferred reply into that (maybe
   * ephemeral) reply; 'answered': usable for both.
   */
  state: () => 'none' | 'deferred' | 'answered';
}

export class ReplyTokens {
  private readonly byChannel = new Map<string, ReplyToken[]>();
  /** Games whose pass stopped for want of a token, by channel: the next interaction there kicks them. */
  private readonly waiting = new Map<string, Set<number>>();
  /** Interactions answered per channel so far: a pass that found no token knows whether one came since. */
  private readonly arrivals = new Map<string, number>();
  private added = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** A token an interaction in the channel brought, used as its `state` allows. */
  add(channelId: string, token: string, at: number, state: ReplyToken['state'] = () => 'answered'): void {
    const list = this.fresh(channelId).filter((t) => t.token !== token);
    list.unshift({ token, at, followUpsLeft: FOLLOW_UPS_PER_TOKEN, state });
    list.sort((a, b) => b.at - a.at);
    this.byChannel.set(channelId, list.slice(0, KEPT_PER_CHANNEL));
    if (++this.added % SWEEP_EVERY === 0) this.sweep();
  }

  /** How many channels it keeps anything for (tokens, a count of answers, waiting games). */
  get channels(): number {
    return new Set([...this.byChannel.keys(), ...this.arrivals.keys(), ...this.waiting.keys()]).size;
  }

  /** An interaction there was handled (and so acknowledged): returns the games that were waiting for a token. */
  answered(channelId: string): number[] {
    this.arrivals.set(channelId, this.arrivalsIn(channelId) + 1);
    const games = this.waiting.get(channelId);
    this.waiting.delete(channelId);
    return games ? [...games] : [];
  }

  /** The freshest token for an edit, or for a follow-up (one with follow-ups left); null when there is none. */
  pick(channelId: string, forFollowUp: boolean): ReplyToken | null {
    const usable = (t: ReplyToken) => {
      const state = t.state();
      return forFollowUp ? state === 'answered' && t.followUpsLeft > 0 : state !== 'none';
    };
    return this.fresh(channelId).find(usable) ?? null;
  }

  /** A follow-up was made with the token (or Discord said it has none left: `all`). */
  spent(channelId: string, token: string, all = false): void {
    const t = this.byChannel.get(channelId)?.find((x) => x.token === token);
    if (t) t.followUpsLeft = all ? 0 : Math.max(0, t.followUpsLeft - 1);
  }

  /** Discord refused the token (expired, or unknown after its interaction failed): never used again. */
  drop(channelId: string, token: string): void {
    const list = this.byChannel.get(channelId);
    if (list)
      this.byChannel.set(
        channelId,
        list.filter((t) => t.token !== token),
      );
  }

  arrivalsIn(channelId: string): number {
    return this.arrivals.get(channelId) ?? 0;
  }

  /**
   * A game that could not be shown for want of a token, when the channel had seen `arrivals` tokens: kicked by
   * the next interaction there. False when a token came meanwhile: the caller tries again now.
   */
  wait(channelId: string, gameId: number, arrivals: number): boolean {
    if (this.arrivalsIn(channelId) > arrivals) return false;
    let games = this.waiting.get(channelId);
    if (!games) this.waiting.set(channelId, (games = new Set()));
    games.add(gameId);
    return true;
  }

  /** Forgets the channels with no live token and no waiting game. */
  private sweep(): void {
    for (const channelId of new Set([...this.byChannel.keys(), ...this.arrivals.keys()])) {
      if (this.fresh(channelId).length > 0 || this.waiting.has(channelId)) continue;
      this.arrivals.delete(channelId);
    }
  }

  private fresh(channelId: string): ReplyToken[] {
    const now = this.now();
    const list = (this.byChannel.get(channelId) ?? []).filter((t) => now - t.at < TOKEN_USABLE_MS);
    if (list.length === 0) this.byChannel.delete(channelId);
    else this.byChannel.set(channelId, list);
    return list;
  }
}
