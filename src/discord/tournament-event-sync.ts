// A tournament's scheduled event brought in line with its saved state: made once (its id saved right after),
// found again by the mark its description ends with when a crash lost that id, then started, completed or
// cancelled as the tournament goes. Without the permission Discord asks for, the problem is saved once and never
// tried again for that tournament (the sign-up message says why); an event a moderator deleted is left deleted.
import type { REST } from 'discord.js';
import { Routes } from 'discord.js';
import type { GameService } from '../service/game-service';
import type { TournamentView, WantedEventStatus } from '../service/tournament-view';
import type { EventOutcome } from './scheduled-events';
import { ScheduledEvents } from './scheduled-events';
import { MISSING_ACCESS, MISSING_PERMISSIONS, errorCode } from './discord-errors';
import { eventShown, markedTournament, shownStatus, wantedEvent } from './render/tournament-event';

/** Discord's numbers of the statuses (resources/guild-scheduled-event). */
const STATUS_OF: Readonly<Record<number, WantedEventStatus>> = {
  1: 'scheduled',
  2: 'active',
  3: 'completed',
  4: 'cancelled',
};

/** An event must not start in the past: one made late (a night started early, a crash) starts this far ahead. */
const LATE_START_MS = 60_000;

export class TournamentEventSync {
  constructor(
    private readonly service: GameService,
    private readonly rest: REST,
    private readonly now: () => number = Date.now,
  ) {}

  /** Brings the event in line; true when it saved something the sign-up message shows (the problem). */
  async sync(view: TournamentView): Promise<boolean> {
    if (view.event.problem !== null) return false;
    const wanted = wantedEvent(view, '');
    let seen = shownStatus(view.event.shown);
    if (seen === 'gone') return false;
    let eventId = view.event.id;
    let shown = view.event.shown;
    if (eventId === null) {
      const found = await this.find(view);
      if (found === 'no-permission') return this.noPermission(view);
      if (found) {
        eventId = found.id;
        seen = found.status;
        // Its texts are not known: a scheduled one is edited once to what is wanted.
        shown = eventShown(seen, null);
      } else {
        // A night over (or called off) before it had an event needs none now.
        if (wanted.status === 'completed' || wanted.status === 'cancelled') return false;
        const made = await this.events(view).create(await this.draft(view), REASON);
        if (made.kind === 'noPermission') return this.noPermission(view);
        if (made.kind !== 'ok') return false;
        eventId = made.eventId;
        seen = 'scheduled';
        shown = eventShown(seen, wanted);
      }
      // Saved at once: a crash after this finds the id, never makes a second event.
      await this.service.tournaments.eventMade(view.id, eventId, shown);
    }
    return this.follow(view, eventId, seen, shown);
  }

  /** The status transitions Discord allows, taken one at a time towards the wanted one. */
  private async follow(
    view: TournamentView,
    eventId: string,
    from: WantedEventStatus | 'gone' | null,
    shown: string | null,
  ): Promise<boolean> {
    const wanted = wantedEvent(view, '');
    const events = this.events(view);
    let seen = from ?? 'scheduled';
    if (seen === 'scheduled' && wanted.status === 'scheduled' && shown !== eventShown('scheduled', wanted)) {
      if (wanted.start <= this.now()) return false;
      const outcome = await events.edit(eventId, await this.draft(view), REASON);
      return this.after(view, outcome, eventShown('scheduled', wanted));
    }
    while (seen !== wanted.status && seen !== 'completed' && seen !== 'cancelled') {
      let outcome: EventOutcome;
      let next: WantedEventStatus;
      if (seen === 'scheduled' && wanted.status === 'cancelled')
        [outcome, next] = [await events.cancel(eventId, REASON), 'cancelled'];
      else if (seen === 'scheduled') [outcome, next] = [await events.start(eventId, REASON), 'active'];
      else [outcome, next] = [await events.complete(eventId, REASON), 'completed'];
      if (outcome.kind !== 'ok') return this.after(view, outcome, '');
      await this.service.tournaments.eventShown(view.id, eventShown(next, wanted));
      seen = next;
    }
    return false;
  }

  private async after(view: TournamentView, outcome: EventOutcome, shown: string): Promise<boolean> {
    if (outcome.kind === 'noPermission') return this.noPermission(view);
    await this.service.tournaments.eventShown(view.id, outcome.kind === 'gone' ? eventShown('gone', null) : shown);
    return false;
  }

  private async noPermission(view: TournamentView): Promise<boolean> {
    await this.service.tournaments.eventProblem(view.id, 'no-permission');
    return true;
  }

  private events(view: TournamentView): ScheduledEvents {
    return new ScheduledEvents(this.rest, view.guildId);
  }

  /** The event as Discord is to show it: the channel by its name, and a start that is not in the past. */
  private async draft(view: TournamentView) {
    const channel = (await this.rest.get(Routes.channel(view.channelId))) as { name?: string };
    const wanted = wantedEvent(view, channel.name ?? 'olathe');
    const start = Math.max(wanted.start, this.now() + LATE_START_MS);
    const end = Math.max(wanted.end, start + LATE_START_MS);
    return {
      name: wanted.name,
      description: wanted.description,
      channelName: channel.name ?? 'olathe',
      start: new Date(start),
      end: new Date(end),
    };
  }

  /** The guild's event of this tournament, by the mark its description ends with (a crash lost its id). */
  private async find(
    view: TournamentView,
  ): Promise<{ id: string; status: WantedEventStatus } | null | 'no-permission'> {
    let list: Array<{ id: string; description?: string | null; status: number }>;
    try {
      list = (await this.rest.get(Routes.guildScheduledEvents(view.guildId))) as typeof list;
    } catch (error) {
      const code = errorCode(error);
      if (code === MISSING_PERMISSIONS || code === MISSING_ACCESS) return 'no-permission';
      throw error;
    }
    const event = list.find((e) => markedTournament(e.description) === view.id);
    return event ? { id: event.id, status: STATUS_OF[event.status] ?? 'scheduled' } : null;
  }
}

const REASON = { reason: 'Olathe tournament' };
