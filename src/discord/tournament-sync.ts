// One pass over one tournament's channel, as ChannelSync does for a game: its scheduled event first (which may
// save a problem the sign-up message shows), then each wanted message (render/tournament.ts) compared with the
// digest of what it last showed, edited when it differs and posted when missing, with a nonce so a retry after a
// crash gets back the message Discord already made. Passes over one tournament run one after another; a failed
// one is tried again with backoff, then left to the minute's reconcile. It also kicks its round's table games that
// have no thread yet, so a round seated by the clock or by another table's end shows at once.
import type { REST } from 'discord.js';
import type { Logger } from '../app/logger';
import type { GameService, GameView } from '../service/game-service';
import type { TournamentView } from '../service/tournament-view';
import type { MessageRoutes } from './channel-rest';
import { digestOf, nonceOf } from './channel-view';
import { classify, describeFailure } from './discord-errors';
import type { AttachedFile } from './sheet-picture';
import { withoutPicture } from './sheet-picture';
import type { TournamentFacts, WantedTournamentMessage } from './render/tournament';
import { PODIUM_KEY, wantedTournamentMessages } from './render/tournament';
import type { RatingLine } from './render/tournament-podium';
import { renderPodium } from '../picture/podium';
import type { PodiumPictureInput } from '../picture/podium';
import { TournamentEventSync } from './tournament-event-sync';
import { standings } from '../tournament';
import { Passes } from './passes';

export type PodiumRenderer = (input: PodiumPictureInput) => Promise<Buffer>;

const MAX_ATTEMPTS = 5;

export class TournamentSync {
  private readonly passes = new Passes(
    (id) => this.attempt(id),
    () => this.stopped,
  );
  private readonly retries = new Map<number, NodeJS.Timeout>();
  private readonly attempts = new Map<number, number>();
  private readonly events: TournamentEventSync;
  private stopped = false;

  constructor(
    private readonly service: GameService,
    private readonly log: Logger,
    rest: REST,
    private readonly routes: MessageRoutes,
    /** Brings a table game's channel in line (the Publisher's kick). */
    private readonly kickGame: (gameId: number) => Promise<void>,
    private readonly renderPicture: PodiumRenderer = renderPodium,
    private readonly retryMs = { first: 1000, max: 60_000 },
  ) {
    this.events = new TournamentEventSync(service, rest);
  }

  /** Brings one tournament's channel in line soon; resolves when that pass is over. */
  kick(id: number): Promise<void> {
    return this.passes.kick(id);
  }

  idle(): Promise<void> {
    return this.passes.idle();
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
  }

  private async attempt(id: number): Promise<void> {
    try {
      await this.pass(id);
      clearTimeout(this.retries.get(id));
      this.retries.delete(id);
      this.attempts.delete(id);
    } catch (error) {
      const attempt = (this.attempts.get(id) ?? 0) + 1;
      const retry = this.service.storage.isUnavailable(error) || classify(error) === 'retry';
      const line = { tournamentId: id, attempt, ...describeFailure(error) };
      if (!retry && attempt >= MAX_ATTEMPTS) {
        this.log.error('Discord keeps refusing a tournament update; left to the next reconcile', line);
        this.attempts.delete(id);
        return;
      }
      this.attempts.set(id, attempt);
      const delay = Math.min(this.retryMs.max, this.retryMs.first * 2 ** (attempt - 1));
      this.log.warn('tournament update failed; trying again', { ...line, retryInMs: delay });
      if (this.stopped) return;
      clearTimeout(this.retries.get(id));
      this.retries.set(
        id,
        setTimeout(() => {
          this.retries.delete(id);
          void this.kick(id);
        }, delay),
      );
    }
  }

  /** One pass: the event, then the messages, from the tournament as saved now. */
  async pass(id: number): Promise<void> {
    const tournaments = this.service.tournaments;
    let view = await tournaments.tournament(id);
    if (!view) return;
    if (await this.events.sync(view)) view = (await tournaments.tournament(id)) ?? view;
    const facts = await this.facts(view);
    for (const wanted of wantedTournamentMessages(view, facts)) await this.show(view, wanted);
  }

  /** The threads of the round's tables (kicking those that have none yet) and, before the podium, the ratings. */
  private async facts(view: TournamentView): Promise<TournamentFacts> {
    const games = new Map<string, GameView | null>();
    const read = async (gameId: string) => {
      if (!games.has(gameId)) games.set(gameId, await this.service.game(Number(gameId)));
      return games.get(gameId) ?? null;
    };
    const threads: Record<string, string> = {};
    const round = view.state.rounds[view.state.rounds.length - 1];
    const tables = (round?.tables ?? []).flatMap((t) => (t.gameId === null ? [] : [t.gameId]));
    // A table without its thread yet gets it now (the game's own pass), so the standings can link it.
    const starting = [];
    for (const gameId of tables) {
      const game = await read(gameId);
      if (game?.playChannelId === null && game.status === 'playing') starting.push(gameId);
    }
    await Promise.all(starting.map((gameId) => this.kickGame(Number(gameId))));
    for (const gameId of starting) games.delete(gameId);
    for (const gameId of tables) {
      const game = await read(gameId);
      if (game?.playChannelId && game.playChannelId !== game.channelId) threads[gameId] = game.playChannelId;
    }
    const podiumWanted = view.state.status === 'finished' && view.messages[PODIUM_KEY] === undefined;
    return { threads, ...(podiumWanted ? { ratings: await this.ratings(view, read) } : {}) };
  }

  /** Each person's rating before their first table and after their last, in standings order. */
  private async ratings(
    view: TournamentView,
    read: (gameId: string) => Promise<GameView | null>,
  ): Promise<RatingLine[]> {
    const lines: RatingLine[] = [];
    for (const row of standings(view.state)) {
      const tables = view.state.rounds.flatMap((r) =>
        r.tables.filter(
          (t) => t.gameId !== null && t.seats.some((s) => s.kind === 'person' && s.userId === row.userId),
        ),
      );
      const change = async (gameId: string | null | undefined) =>
        gameId ? (await read(gameId))?.ratings?.people.find((p) => p.userId === row.userId) : undefined;
      const first = await change(tables[0]?.gameId);
      const last = await change(tables.at(-1)?.gameId);
      if (first && last)
        lines.push({
          userId: row.userId,
          before: first.before.rating,
          provisionalBefore: first.before.provisional,
          after: last.after.rating,
          provisional: last.after.provisional,
        });
    }
    return lines;
  }

  /** Posts or edits one message if it differs from what it shows. */
  private async show(view: TournamentView, wanted: WantedTournamentMessage): Promise<void> {
    const digest = digestOf(wanted.body);
    const id = view.messages[wanted.key];
    if (id !== undefined && (wanted.once || view.shown[wanted.key] === digest)) return;
    if (id !== undefined && (await this.routes.edit(view.channelId, id, wanted.body))) {
      await this.service.tournaments.markShown(view.id, wanted.key, id, digest);
      return;
    }
    // First post, or again under the deleted one's id: a nonce no other delivery has.
    const nonce = nonceOf('tournament', view.id, wanted.key, id ?? '');
    const posted = await this.post(view, wanted, nonce);
    await this.service.tournaments.markShown(view.id, wanted.key, posted, digest);
  }

  /** The picture drawn when the message is posted; refused or undrawable, the words go alone. */
  private async post(view: TournamentView, wanted: WantedTournamentMessage, nonce: string): Promise<string> {
    let file: AttachedFile | null = null;
    if (wanted.picture) {
      try {
        file = { name: wanted.picture.name, data: await this.renderPicture(wanted.picture.input()) };
      } catch (error) {
        this.log.warn('the podium picture could not be drawn; shown in words only', {
          tournamentId: view.id,
          ...describeFailure(error),
        });
      }
    }
    if (file) {
      try {
        return await this.routes.post(view.channelId, wanted.body, [], nonce, [file]);
      } catch (error) {
        if (classify(error) === 'retry') throw error;
        this.log.warn('the podium picture was refused; posted in words', {
          tournamentId: view.id,
          ...describeFailure(error),
        });
      }
    }
    return this.routes.post(view.channelId, wanted.picture ? withoutPicture(wanted.body) : wanted.body, [], nonce);
  }
}
