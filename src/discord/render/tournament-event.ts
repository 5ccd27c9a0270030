// The server's scheduled event for a tournament, as its saved state decides it: the night's name, a description
// that names the channel (and ends with the tournament's mark, by which a lost event id is found again), the
// start time, an end estimated at ROUND_ESTIMATE_MS a round, and the status. Pure.
import { createHash } from 'node:crypto';
import type { TournamentView, WantedEventStatus } from '../../service/tournament-view';
import { tournamentT, variantOf } from './tournament-words';

/**
 * What a round takes, for the event's end time only: a 4-player Olathe game on the default card takes about half
 * an hour at a club's pace, and the slowest table decides when the next round starts.
 */
export const ROUND_ESTIMATE_MS = 45 * 60_000;

export interface WantedEvent {
  status: WantedEventStatus;
  name: string;
  description: string;
  start: number;
  end: number;
}

/** The mark the description ends with, the same in every language. */
export const eventMark = (tournamentId: number) => `Olathe T${tournamentId}`;

/** The tournament whose mark a description ends with; null for any other event. */
export function markedTournament(description: string | null | undefined): number | null {
  const match = /Olathe T(\d{1,9})\s*$/.exec(description ?? '');
  return match ? Number(match[1]) : null;
}

export function wantedEvent(view: TournamentView, channelName: string): WantedEvent {
  const t = tournamentT(view);
  const { options } = view.state;
  const description = t('tournament.eventDescription', {
    variant: variantOf(view),
    channel: channelName,
    rounds: t('tournament.rounds', { count: options.rounds }),
    size: options.tableSize,
  });
  return {
    status: view.wantedEvent,
    name: options.name,
    description: `${description}\n\n${eventMark(view.id)}`,
    start: options.startsAt,
    end: options.startsAt + options.rounds * ROUND_ESTIMATE_MS,
  };
}

/** What `event.shown` keeps: the status Discord was last seen to have, and a digest of the texts and times. */
export function eventShown(status: WantedEventStatus | 'gone', event: Omit<WantedEvent, 'status'> | null): string {
  if (!event) return status;
  const digest = createHash('sha1')
    .update(JSON.stringify([event.name, event.description, event.start, event.end]))
    .digest('base64url')
    .slice(0, 12);
  return `${status}:${digest}`;
}

/** The status part of what `event.shown` keeps; null when nothing was shown yet. */
export function shownStatus(shown: string | null): WantedEventStatus | 'gone' | null {
  const status = shown?.split(':')[0];
  return status === 'scheduled' ||
    status === 'active' ||
    status === 'completed' ||
    status === 'cancelled' ||
    status === 'gone'
    ? status
    : null;
}
