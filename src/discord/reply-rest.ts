// The Publisher's routes for a game played where the bot is not a member (a group DM, a server reached only by
// a user's install): the channel routes answer 403 there, so a message is posted as a follow-up of a recent
// interaction in the channel and edited through one's token (discord-api-docs, interactions/
// receiving-and-responding: "Create Followup Message", "Edit Followup Message"). With no usable token the
// request throws NoReplyToken: what was not shown stays unshown, since it is drawn from the saved game, until
// the next interaction there brings a token (the Publisher parks the game, and that interaction wakes it).
import type { REST } from 'discord.js';
import { Routes } from 'discord.js';
import type { MessageBody } from './render/turn';
import type { AttachedFile } from './sheet-picture';
import type { MessageRoutes } from './channel-rest';
import { apiBody, attachedFiles } from './channel-rest';
import { UNKNOWN_MESSAGE, errorCode } from './discord-errors';
import type { ReplyToken } from './reply-tokens';
import { ReplyTokens } from './reply-tokens';

export const INVALID_WEBHOOK_TOKEN = 50027;
export const UNKNOWN_WEBHOOK = 10015;
export const MAX_FOLLOW_UPS = 40094;

/** Nothing could be shown: no interaction in the channel brought a token that is still good. */
export class NoReplyToken extends Error {
  override readonly name = 'NoReplyToken';
  constructor(
    readonly channelId: string,
    /** How many interactions had been answered there when none was usable (ReplyTokens.wait). */
    readonly arrivals: number,
  ) {
    super('no fresh interaction token in the channel');
  }
}

/** What the tokens are taken from: a discord.js interaction. */
export interface TokenSource {
  applicationId: string;
  channelId: string | null;
  token: string;
  createdTimestamp: number;
  replied: boolean;
  deferred: boolean;
}

export class ReplyRest implements MessageRoutes {
  private app: string | null = null;

  constructor(
    private readonly rest: REST,
    private readonly tokens: ReplyTokens = new ReplyTokens(),
  ) {}

  /** An interaction's token, offered before its handler runs; used as its answer allows (ReplyToken.state). */
  offer(interaction: TokenSource): void {
    if (interaction.channelId === null) return;
    this.app = interaction.applicationId;
    const state = () => (interaction.replied ? 'answered' : interaction.deferred ? 'deferred' : 'none');
    this.tokens.add(interaction.channelId, interaction.token, interaction.createdTimestamp, state);
  }

  /** That interaction was handled: the games of its channel that waited for a token. */
  answered(channelId: string | null): number[] {
    return channelId === null ? [] : this.tokens.answered(channelId);
  }

  /** Parks a game that found no token until the next interaction there; false when one came meanwhile. */
  park(error: NoReplyToken, gameId: number): boolean {
    return this.tokens.wait(error.channelId, gameId, error.arrivals);
  }

  /**
   * A follow-up of the freshest interaction with follow-ups left. Webhooks take no nonce: a crash between
   * Discord's answer and the record of the message's id shows it twice (the next pass posts it again).
   */
  async post(
    channel: string,
    body: MessageBody,
    ping: readonly string[],
    _nonce: string,
    files: readonly AttachedFile[] = [],
  ): Promise<string> {
    const attached = attachedFiles(files);
    const message = await this.withToken(channel, true, (app, token) =>
      this.rest.post(Routes.webhook(app, token.token), {
        auth: false,
        query: new URLSearchParams({ wait: 'true' }),
        body: { ...apiBody(body, ping), ...(attached && { attachments: attached.attachments }) },
        ...(attached && { files: attached.files }),
      }),
    );
    return (message as { id: string }).id;
  }

  async edit(channel: string, id: string, body: MessageBody): Promise<boolean> {
    return this.orGone(() =>
      this.withToken(channel, false, (app, token) =>
        this.rest.patch(Routes.webhookMessage(app, token.token, id), { auth: false, body: apiBody(body) }),
      ),
    );
  }

  async exists(channel: string, id: string): Promise<boolean> {
    return this.orGone(() =>
      this.withToken(channel, false, (app, token) =>
        this.rest.get(Routes.webhookMessage(app, token.token, id), { auth: false }),
      ),
    );
  }

  async remove(channel: string, id: string): Promise<void> {
    await this.orGone(() =>
      this.withToken(channel, false, (app, token) =>
        this.rest.delete(Routes.webhookMessage(app, token.token, id), { auth: false }),
      ),
    );
  }

  /** The bot cannot react where it is not a member: the shout's mark is left out. */
  react(): Promise<boolean> {
    return Promise.resolve(false);
  }

  /** Never called: a game shown through replies plays in its channel (lobby-service sets it at the start). */
  startThread(channel: string): Promise<string> {
    return Promise.resolve(channel);
  }

  private async orGone(request: () => Promise<unknown>): Promise<boolean> {
    try {
      await request();
      return true;
    } catch (error) {
      if (errorCode(error) === UNKNOWN_MESSAGE) return false;
      throw error;
    }
  }

  /**
   * Runs the request with the freshest suitable token, dropping the ones Discord refuses as expired or spent
   * and trying the next; NoReplyToken when none is left.
   */
  private async withToken<T>(
    channel: string,
    followUp: boolean,
    request: (app: string, token: ReplyToken) => Promise<T>,
  ): Promise<T> {
    const app = this.app;
    for (;;) {
      const arrivals = this.tokens.arrivalsIn(channel);
      const token = app === null ? null : this.tokens.pick(channel, followUp);
      if (!token || app === null) throw new NoReplyToken(channel, arrivals);
      try {
        const result = await request(app, token);
        if (followUp) this.tokens.spent(channel, token.token);
        return result;
      } catch (error) {
        const code = errorCode(error);
        if (code === INVALID_WEBHOOK_TOKEN || code === UNKNOWN_WEBHOOK) this.tokens.drop(channel, token.token);
        else if (code === MAX_FOLLOW_UPS) this.tokens.spent(channel, token.token, true);
        else throw error;
      }
    }
  }
}
