// Tournaments (club nights) as saved state, like a game: each change is one transaction on the tournament's row,
// guarded by its `rev` (a lost race is read and decided again), and the state changes only through the pure
// core's events (src/tournament). A round starts in one transaction with its tables' games; a table's end is
// recorded in its game's end transaction (turn-service.ts saveResults), which also starts the next round.
//
// The public methods (GameService.tournaments). Every refusal changes nothing and is a TournamentError (the core's
// code and facts: bad options, a start time in the past or beyond a year, rounds or table sizes out of range,
// 'signup-closed' for a Join after the start, …) or a ServiceError ('no-tournament', 'tournament-channel-busy',
// 'not-host', 'busy'), each with a plain sentence.
// - create(input): a tournament in sign-up in a channel without an open one; its start time is its next_deadline.
// - join(id, user): signs up, keeping the display name shown at that moment (user text: plain text only).
// - leave(id, userId): leaves during sign-up.
// - fill(id, byUserId, upTo, who): host: computer players fill the field up to `upTo` (0: none).
// - startNow(id, byUserId, who): host: closes sign-up and seats round 1 now (before the start time).
// - edit(id, byUserId, who, changes): host, during sign-up before the start time: changes the name, start time,
//   rounds, table size, turn timer or left-over policy (at least one), checked as at create; a moved start moves
//   next_deadline with it. The same values again write nothing.
// - cancel(id, byUserId, who): host: cancels it (tables under way play on as ordinary games).
// - drop(id, userId): a person leaves the running tournament (keeps their points; not seated again).
//   The host checks pass for the host, or for `who.canManage` (Manage Server or Manage Events, says Discord).
// - tournament(id), openInChannel(channelId), recent(guildId, limit), ofGame(gameId): reads (TournamentView).
// - startDueTournaments(now): the turn clock's: starts each of this shard's tournaments whose start time came,
//   and carries on any whose round is over but whose next round is not seated (a retry after a failure).
// - markShown(id, key, messageId, digest), eventMade(id, eventId, shown), eventShown(id, shown),
//   eventProblem(id, problem): what the Discord layer's sync saw it show; not guarded by `rev`.
// - toSync(now): this shard's tournaments whose channel may need a pass: open ones and those over in the last day.
// - onChanged(listener): told a tournament's id after each commit of this process that changed it (a table's
//   end included): the Discord layer then draws it again and kicks its round's games.
import type { TournamentEdit, TournamentInput, TournamentState } from '../tournament';
import { TournamentError, applyTournamentEvent, newTournament } from '../tournament';
import type { Storage, Stores } from '../db/storage';
import type { TournamentRow, TournamentTable } from '../db/tournament-rows';
import { botDifficulty } from './bots';
import { MESSAGES, ServiceError } from './errors';
import type { ServiceHooks } from './service-core';
import { Conflict, MESSAGE_KEY, RECONCILE_FINISHED_MS } from './service-core';
import type { RoundContext, TournamentWrite } from './tournament-round';
import { ADVANCE_RETRY_MS, closingColumns } from './tournament-round';
import { dueWrite, startWrite } from './tournament-starts';
import type { TournamentView } from './tournament-view';
import { tournamentView } from './tournament-view';

/** What a host asks for in a channel: the options are the core's (defaults filled in by it). */
export interface CreateTournamentInput {
  guildId: string;
  channelId: string;
  host: { id: string; name: string };
  options: TournamentInput;
  /** The language of its channel messages (the guild's preferred locale); English when not given. */
  locale?: string;
}

/** Who asks for a host's action: the host, or a member Discord says may manage the server or its events. */
export interface TournamentActor {
  canManage: boolean;
}

/** A tournament carried on by the clock: the games of the tables it started. */
export interface TournamentStarted {
  id: number;
  gameIds: number[];
}

export interface TournamentServiceOptions {
  now: () => number;
  botStepMs: number;
  hooks: ServiceHooks;
}

/** A change that keeps losing races (other hosts writing the row) is tried this often, then refused as busy. */
const ATTEMPTS = 5;
const MAX_NAME_LENGTH = 80;
export const MAX_RECENT = 25;

export class TournamentService {
  private readonly listeners = new Set<(id: number) => void>();

  constructor(
    private readonly storage: Storage,
    private readonly options: TournamentServiceOptions,
  ) {}

  onChanged(listener: (id: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A committed write of this process changed the tournament (GameService tells a game's end through it). */
  changed(id: number): void {
    for (const listener of this.listeners) {
      try {
        listener(id);
      } catch {
        // A listener's failure must not turn a committed change into an error.
      }
    }
  }

  async create(input: CreateTournamentInput): Promise<TournamentView> {
    const now = this.options.now();
    if (botDifficulty(input.host.id) !== null) throw new ServiceError('bad-options', MESSAGES.tournamentBot);
    const state = newTournament(input.options, now);
    const busy = () => new ServiceError('tournament-channel-busy', MESSAGES.tournamentChannelBusy);
    if ((await this.storage.tournaments.openInChannel(input.channelId)) !== null) throw busy();
    let id: number;
    try {
      id = await this.storage.transaction(async (tx) => {
        const inserted = await tx.tournaments.insert({
          guild_id: input.guildId,
          channel_id: input.channelId,
          host_id: input.host.id,
          state,
          names: {},
          next_deadline: state.options.startsAt,
          locale: input.locale ?? 'en',
          created_at: now,
        });
        this.step('insert tournament');
        return inserted;
      });
    } catch (error) {
      // The unique index on open tournaments per channel: another create won the race.
      if (this.storage.isLostRace(error)) throw busy();
      throw error;
    }
    this.changed(id);
    return (await this.tournament(id))!;
  }

  join(id: number, user: { id: string; name: string }): Promise<TournamentView> {
    if (botDifficulty(user.id) !== null) throw new ServiceError('bad-options', MESSAGES.tournamentBot);
    return this.change(id, async (_, row, now) => {
      const state = applyTournamentEvent(row.state, { type: 'join', userId: user.id, at: now });
      const name = (user.name.trim() || user.id).slice(0, MAX_NAME_LENGTH);
      return { changes: { state, names: { ...row.names, [user.id]: name } }, gameIds: [] };
    });
  }

  leave(id: number, userId: string): Promise<TournamentView> {
    return this.change(id, async (_, row) => {
      const state = applyTournamentEvent(row.state, { type: 'leave', userId });
      const names = Object.fromEntries(Object.entries(row.names).filter(([user]) => user !== userId));
      return { changes: { state, names }, gameIds: [] };
    });
  }

  fill(id: number, byUserId: string, upTo: number, who: TournamentActor): Promise<TournamentView> {
    return this.change(id, async (_, row) => {
      requireHost(row, byUserId, who);
      const state = applyTournamentEvent(row.state, { type: 'fill', upTo });
      return state === row.state ? null : { changes: { state }, gameIds: [] };
    });
  }

  startNow(id: number, byUserId: string, who: TournamentActor): Promise<TournamentView> {
    return this.change(id, async (tx, row, now) => {
      requireHost(row, byUserId, who);
      return startWrite(tx, row, this.context(now));
    });
  }

  edit(id: number, byUserId: string, who: TournamentActor, changes: TournamentEdit): Promise<TournamentView> {
    return this.change(id, async (_, row, now) => {
      requireHost(row, byUserId, who);
      const state = applyTournamentEvent(row.state, { type: 'edit', changes, at: now });
      if (state === row.state) return null;
      // In sign-up the clock's deadline is the start time: it moves with it.
      const moved = state.options.startsAt !== row.state.options.startsAt;
      return { changes: { state, ...(moved && { next_deadline: state.options.startsAt }) }, gameIds: [] };
    });
  }

  cancel(id: number, byUserId: string, who: TournamentActor): Promise<TournamentView> {
    return this.change(id, async (_, row, now) => {
      requireHost(row, byUserId, who);
      const state = applyTournamentEvent(row.state, { type: 'cancel' });
      return { changes: { ...closingColumns(state, now), closed_reason: 'cancelled' }, gameIds: [] };
    });
  }

  drop(id: number, userId: string): Promise<TournamentView> {
    return this.change(id, async (_, row) => {
      const state = applyTournamentEvent(row.state, { type: 'drop', userId, reason: 'left' });
      return { changes: { state }, gameIds: [] };
    });
  }

  // ---------- the clock ----------

  /**
   * Starts each of this shard's tournaments whose start time has come (one with fewer than two people is
   * cancelled instead), and carries on any whose retry time has come. A failure of one is retried a minute
   * later and thrown once the others were tried.
   */
  async startDueTournaments(now: number = this.options.now()): Promise<TournamentStarted[]> {
    const started: TournamentStarted[] = [];
    let failure: unknown = null;
    for (const id of await this.storage.tournaments.dueIds(now)) {
      let done: TournamentStarted | null = null;
      try {
        await this.change(id, async (tx, row) => {
          const write = await dueWrite(tx, row, this.context(now));
          done = write && { id, gameIds: write.gameIds };
          return write;
        });
        if (done) started.push(done);
      } catch (error) {
        if (this.storage.isUnavailable(error)) throw error;
        failure ??= error;
        await this.change(id, async (_, row) =>
          row.next_deadline !== null && row.next_deadline <= now
            ? { changes: { next_deadline: now + ADVANCE_RETRY_MS }, gameIds: [] }
            : null,
        ).catch(() => {});
      }
    }
    if (failure !== null) throw failure;
    return started;
  }

  // ---------- the Discord layer's sync ----------

  async markShown(id: number, key: string, messageId: string | null, digest: string | null): Promise<void> {
    if (!MESSAGE_KEY.test(key)) throw new ServiceError('bad-message-key', `"${key}" is not a message key.`);
    if (!(await this.storage.tournaments.setShown(id, key, messageId, digest)))
      throw new ServiceError('no-tournament', MESSAGES.noTournament);
  }

  /** The scheduled event was made (or, with null, is gone): its id and what it shows; any problem is over. */
  eventMade(id: number, eventId: string | null, shown: string | null): Promise<void> {
    return this.setEvent(id, { id: eventId, shown: eventId === null ? null : shown, problem: null });
  }

  eventShown(id: number, shown: string | null): Promise<void> {
    return this.setEvent(id, { shown });
  }

  /** Why there is no event (the bot may not make one there), or null once that is over. */
  eventProblem(id: number, problem: 'no-permission' | null): Promise<void> {
    return this.setEvent(id, { problem });
  }

  private async setEvent(id: number, event: Parameters<Stores['tournaments']['setEvent']>[1]): Promise<void> {
    if (!(await this.storage.tournaments.setEvent(id, event)))
      throw new ServiceError('no-tournament', MESSAGES.noTournament);
  }

  /** This shard's tournaments whose channel may need a pass: open ones, and those over in the last day. */
  toSync(now: number = this.options.now()): Promise<number[]> {
    return this.storage.tournaments.toSync(now - RECONCILE_FINISHED_MS);
  }

  // ---------- reads ----------

  async tournament(id: number): Promise<TournamentView | null> {
    if (!Number.isSafeInteger(id)) return null;
    const row = await this.storage.tournaments.get(id);
    return row ? tournamentView(row) : null;
  }

  async openInChannel(channelId: string): Promise<TournamentView | null> {
    const id = await this.storage.tournaments.openInChannel(channelId);
    return id === null ? null : this.tournament(id);
  }

  /** A server's latest tournaments, newest first (at most MAX_RECENT). */
  async recent(guildId: string, limit = 5): Promise<TournamentView[]> {
    const rows = await this.storage.tournaments.recent(guildId, Math.max(1, Math.min(MAX_RECENT, limit)));
    return rows.map(tournamentView);
  }

  /** The tournament a game is a table of, and which; null for any other game. */
  async ofGame(gameId: number): Promise<(TournamentTable & { view: TournamentView }) | null> {
    if (!Number.isSafeInteger(gameId)) return null;
    const table = await this.storage.tournaments.tableOf(gameId);
    const view = table && (await this.tournament(table.tournamentId));
    return table && view ? { ...table, view } : null;
  }

  // ---------- how a change runs ----------

  /**
   * Reads the row locked in a write transaction, lets `plan` decide (it throws to refuse; null: nothing to
   * write) and writes what it decided, guarded by the row's rev. A lost race is decided again.
   */
  private async change(
    id: number,
    plan: (tx: Stores, row: TournamentRow, now: number) => Promise<TournamentWrite | null>,
  ): Promise<TournamentView> {
    if (!Number.isSafeInteger(id)) throw new ServiceError('no-tournament', MESSAGES.noTournament);
    for (let attempt = 1; ; attempt++) {
      try {
        const row = await this.storage.transaction(async (tx) => {
          const found = await tx.tournaments.lock(id);
          if (!found) throw new ServiceError('no-tournament', MESSAGES.noTournament);
          const write = await plan(tx, found, this.options.now());
          if (!write) return { row: found, written: false };
          if (!(await tx.tournaments.save(id, found.rev, write.changes))) throw new Conflict();
          this.step('save tournament');
          return { row: { ...found, ...write.changes, rev: found.rev + 1 }, written: true };
        });
        if (row.written) this.changed(id);
        return tournamentView(row.row);
      } catch (error) {
        const lost = error instanceof Conflict || this.storage.isLostRace(error);
        if (!lost) throw error;
        if (attempt >= ATTEMPTS) throw new ServiceError('busy', MESSAGES.busy);
      }
    }
  }

  private context(now: number): RoundContext {
    return { now, botStepMs: this.options.botStepMs, step: (label) => this.step(label) };
  }

  private step(label: string): void {
    this.options.hooks.afterStatement?.(label);
  }
}

function requireHost(row: TournamentRow, userId: string, who: TournamentActor): void {
  if (userId !== row.host_id && !who.canManage) throw new ServiceError('not-host', MESSAGES.tournamentNotHost);
}

export type { TournamentState };
export { TournamentError };
