// A turn: every move of a game in play, applied through the pure engine and saved with its events and the
// channel work it implies (channel-work.ts), in one transaction. What happens when no player moves in time (a
// turn's timeout, a computer player's step) is the clock's (clock-service.ts).
import type { Category, GameEvent, GameState, Rng } from '../game';
import { applyEvent, gameResults, throwEvent } from '../game';
import { incentiveBits } from '../db/rows';
import type { Stores } from '../db/storage';
import type { GameChanges, LeftReason, PlayerRow } from '../db/rows';
import { eventRow } from '../db/event-rows';
import type { OutboxItem, Step } from './channel-work';
import { channelWorkOf } from './channel-work';
import { earliestDeadline, nextDeadlines } from './deadlines';
import { MESSAGES, ServiceError, notYourCard } from './errors';
import { stampIsAhead, turnStamp } from './stamp';
import type { ActionResult } from './view';
import { playerViews } from './view';
import { botSeats, lobbyResult, endsATurn } from './service-core';
import type { Commit, EventMaker, Loaded } from './operation';
import { LobbyService } from './lobby-service';
import type { RatingChange } from '../rating';
import { endReads, ratedSeatsOf } from './ratings';
import { tableEnded } from './tournament-round';

export abstract class TurnService extends LobbyService {
  // ---------- a turn ----------

  // `card`, when given, is the seat whose card was clicked: only its owner may use it. Checked on the one
  // read of the game the action makes, so a click needs no read of its own.

  declare(gameId: number, userId: string, column: number, stamp?: string, card?: number): Promise<ActionResult> {
    return this.play(gameId, userId, stamp, (_, seat) => ({ type: 'declare', seat, column }), card);
  }

  toggleHold(gameId: number, userId: string, die: number, stamp?: string, card?: number): Promise<ActionResult> {
    return this.play(gameId, userId, stamp, (_, seat) => ({ type: 'hold', seat, die }), card);
  }

  /**
   * Holds (`held` true) or releases a die; nothing happens when it already is so — a double click on a
   * hold button asks for the same state twice.
   */
  setHold(
    gameId: number,
    userId: string,
    die: number,
    held: boolean,
    stamp?: string,
    card?: number,
  ): Promise<ActionResult> {
    return this.play(
      gameId,
      userId,
      stamp,
      (state, seat) => {
        const turn = state.players[seat]!.turn;
        return turn.dice && (turn.held[die] ?? false) === held ? null : { type: 'hold', seat, die };
      },
      card,
    );
  }

  /** Holds exactly the dice `held` marks, in one action (a hint's Apply); dice already so are left alone. */
  setHolds(
    gameId: number,
    userId: string,
    held: readonly boolean[],
    stamp?: string,
    card?: number,
  ): Promise<ActionResult> {
    const holds = (state: GameState, seat: number): GameEvent[] =>
      held.flatMap((want, die) => (state.players[seat]!.turn.held[die] === want ? [] : [{ type: 'hold', seat, die }]));
    return this.play(gameId, userId, stamp, holds, card);
  }

  throwDice(gameId: number, userId: string, stamp?: string, card?: number): Promise<ActionResult> {
    return this.play(
      gameId,
      userId,
      stamp,
      (state, seat, g) => throwEvent(state, seat, this.diceFor(g, state, seat)),
      card,
    );
  }

  write(
    gameId: number,
    userId: string,
    column: number,
    category: Category,
    stamp?: string,
    card?: number,
  ): Promise<ActionResult> {
    return this.play(gameId, userId, stamp, (_, seat) => ({ type: 'write', seat, column, category }), card);
  }

  predict(gameId: number, userId: string, count: number, card?: number): Promise<ActionResult> {
    return this.play(gameId, userId, undefined, (_, seat) => ({ type: 'predict', seat, count }), card);
  }

  /** Leaves a game for good (their card still scores); in a lobby, the same as leave. */
  quit(gameId: number, userId: string): Promise<ActionResult> {
    return this.mutate(gameId, (g) => {
      if (g.row.status === 'lobby') {
        const commit = this.leavePlan(g, userId);
        return async (tx) => lobbyResult(await commit(tx));
      }
      const state = this.requirePlaying(g);
      const seat = this.seatOf(g, userId);
      return this.playCommit(g, state, [() => ({ type: 'leave', seat })], this.now());
    });
  }

  /** Stops a game (or cancels a lobby): the host, or a member who may manage messages. */
  end(gameId: number, userId: string, who: { canManage: boolean }): Promise<ActionResult> {
    return this.mutate(gameId, (g) => {
      if (g.row.status !== 'lobby' && g.row.status !== 'playing')
        throw new ServiceError('game-over', MESSAGES.gameOver);
      if (userId !== g.row.host_id && !who.canManage) throw new ServiceError('not-host', MESSAGES.notHostOrManager);
      if (g.row.status === 'lobby') {
        const commit = this.cancelCommit(g);
        return async (tx) => lobbyResult(await commit(tx));
      }
      const state = this.requirePlaying(g);
      return this.playCommit(g, state, [() => ({ type: 'end' })], this.now());
    });
  }

  protected play(
    gameId: number,
    userId: string,
    stamp: string | undefined,
    make: (state: GameState, seat: number, g: Loaded) => GameEvent | readonly GameEvent[] | null,
    card?: number,
  ): Promise<ActionResult> {
    return this.mutate(gameId, (g) => {
      if (card !== undefined) {
        const owner = g.players[card];
        if (!owner) throw new ServiceError('not-a-player', MESSAGES.noSuchCard);
        if (owner.user_id !== userId)
          throw new ServiceError('not-your-card', notYourCard(owner.name), { owner: owner.name });
      }
      const state = this.requirePlaying(g);
      const seat = this.seatOf(g, userId);
      const player = state.players[seat]!;
      if (stamp !== undefined && stamp !== turnStamp(player))
        throw stampIsAhead(stamp, player)
          ? new ServiceError('card-ahead', MESSAGES.cardAhead)
          : new ServiceError('stale', MESSAGES.stale);
      return this.playCommit(g, state, [(s) => make(s, seat, g)], this.now());
    });
  }

  /** Applies the events (the engine refuses illegal ones here, before any write) and plans their commit. */
  protected playCommit(
    g: Loaded,
    state: GameState,
    makers: EventMaker[],
    now: number,
    extra: Partial<GameChanges> = {},
  ): Commit<ActionResult> {
    const steps: Step[] = [];
    let after = state;
    const apply = (event: GameEvent) => {
      const next = applyEvent(after, event);
      steps.push({ before: after, event, after: next });
      after = next;
    };
    for (const make of makers) {
      const made = make(after);
      if (!made) continue;
      for (const event of Array.isArray(made) ? (made as readonly GameEvent[]) : [made as GameEvent]) apply(event);
    }
    // Nobody left to play with: when the last person quits or is removed, the computer players stop too.
    const bots = botSeats(g.players);
    if (
      after.status === 'playing' &&
      steps.length > 0 &&
      bots.size > 0 &&
      after.players.every((p, seat) => p.left || bots.has(seat))
    ) {
      apply({ type: 'end' });
    }
    const over = after.status !== 'playing';
    const acted = new Set(steps.flatMap((s) => ('seat' in s.event ? [s.event.seat] : [])));
    const deadlines = over
      ? {}
      : nextDeadlines(state, after, g.deadlines, now, g.row.turn_timeout_ms, this.pacing(g, acted));
    const changes: Partial<GameChanges> = {
      status: after.status,
      finished_at: over ? now : null,
      version: after.version,
      state: after,
      deadlines,
      next_deadline: earliestDeadline(deadlines),
      ...extra,
    };
    const players = g.players.map((p) => this.playerAfter(p, state, after, steps));
    const rows = steps.map((s) => eventRow(g.row.id, now, s.before, s.event, s.after));
    const works = channelWorkOf(steps);
    const result = (
      messages: Record<string, string>,
      outbox: OutboxItem[],
      ratings: RatingChange[] = [],
    ): ActionResult => {
      const view = this.viewAfter(g, changes, messages, playerViews(players), after, deadlines);
      return {
        view,
        before: state,
        events: steps.map((s) => s.event),
        // The shouts are the channel work's: one place says what a five of a kind is.
        shouts: outbox.flatMap(({ work }) =>
          work.kind === 'shout'
            ? [{ seat: work.seat, userId: view.players[work.seat]?.userId ?? '', dice: work.dice }]
            : [],
        ),
        turnEnded: steps.some((s) => endsATurn(s)),
        finished: over,
        outbox,
        ratings,
      };
    };
    const seatsChanged = players.some((p, seat) => {
      const old = g.players[seat]!;
      return p.prediction !== old.prediction || (p.left_reason !== old.left_reason && p.left_reason !== null);
    });
    if (!over && !seatsChanged) {
      // The row, its events and its channel work (a hold, a throw, a write that does not end the game): one write
      // that commits by itself, on PostgreSQL one statement and one round trip. With no point between
      // its parts, the hooks are told as the parts join it, before it is sent: a crash at one leaves nothing, as
      // a rollback there would.
      const alone: Commit<ActionResult> = async (stores) => {
        this.step('save game');
        for (const row of rows) this.step(`insert ${row.type}`);
        this.step('update players');
        this.step('insert outbox');
        const saved = await this.saveMove(stores, g, changes, { events: rows, outbox: works, at: now });
        const outbox = works.map((work, n): OutboxItem => ({ id: saved.outbox[n]!, gameId: g.row.id, work }));
        return result(saved.messages, outbox);
      };
      alone.alone = true;
      return alone;
    }
    return async (tx) => {
      const messages = await this.save(tx, g, changes);
      for (const row of rows) {
        await tx.games.insertEvent(row);
        this.step(`insert ${row.type}`);
      }
      for (const [seat, p] of players.entries()) {
        const old = g.players[seat]!;
        if (p.prediction !== old.prediction) await tx.games.setPrediction(g.row.id, seat, p.prediction);
        if (p.left_reason !== old.left_reason && p.left_reason)
          await tx.games.setLeft(g.row.id, seat, p.left_reason, now);
      }
      this.step('update players');
      const ratings = over ? await this.saveResults(tx, g, after, now) : [];
      // What the channel must show beyond the state, saved with the move so no crash can lose it.
      const outbox: OutboxItem[] = [];
      for (const work of works)
        outbox.push({ id: await tx.outbox.insert(g.row.id, work, now), gameId: g.row.id, work });
      this.step('insert outbox');
      return result(messages, outbox, ratings);
    };
  }

  protected playerAfter(p: PlayerRow, before: GameState, after: GameState, steps: Step[]): PlayerRow {
    const now = after.players[p.seat]!;
    const was = before.players[p.seat]!;
    let left_reason: LeftReason | null = p.left_reason;
    if (now.left && !was.left) {
      left_reason = steps.some((s) => s.event.type === 'leave' && s.event.seat === p.seat) ? 'quit' : 'removed';
    }
    return { ...p, prediction: now.prediction, left_reason };
  }

  /**
   * The ranking, winners, Olathes and predictions of a game that just finished or ended, on its seats, and its
   * rating changes (src/service/ratings.ts), which it returns: none when its end is not rated.
   */
  protected async saveResults(tx: Stores, g: Loaded, state: GameState, now: number): Promise<RatingChange[]> {
    const gameId = g.row.id;
    const results = gameResults(state);
    const { fives, rate } = await endReads(tx, g, ratedSeatsOf(g, state, results));
    for (const s of results.standings) {
      await tx.games.setResult(gameId, s.seat, {
        final_score: s.breakdown.final,
        raw_total: s.breakdown.rawTotal,
        place: s.place,
        won: results.winners.includes(s.seat) ? 1 : 0,
        olathes_thrown: fives.get(s.seat) ?? 0,
        olathes_scored: s.breakdown.columns.filter((c) => (c.cells.olathe ?? 0) > 0).length,
        exact_prediction: results.exactPredictions.includes(s.seat) ? 1 : 0,
        incentives_met: incentiveBits(s.breakdown.incentives),
      });
    }
    const rated = rate(now);
    await tx.stats.countGame(gameId, rated?.write);
    this.step('save results');
    // A tournament's table: its standings (and its next round) are decided in this same transaction.
    const ctx = { now, botStepMs: this.botStepMs, step: (label: string) => this.step(label) };
    const tournament = await tableEnded(tx, g, results, ctx);
    if (tournament !== null) this.tournamentNews.set(gameId, tournament);
    return rated?.game.changes ?? [];
  }

  /** The tournament each game's end changed, until that game's commit is told (GameService.gameChanged). */
  protected readonly tournamentNews = new Map<number, number>();

  /** Where a seat's next throw's dice come from: the fair source, or the day's (daily-service.ts). */
  protected abstract diceFor(g: Loaded, state: GameState, seat: number): Rng;
}
