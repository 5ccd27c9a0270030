// What the service hands back of a tournament (a club night): plain data built from its stored row, so the
// Discord layer draws its messages and its Discord event from what is saved alone.
import type { StandingRow, TournamentState } from '../tournament';
import { standings } from '../tournament';
import type { TournamentRow } from '../db/tournament-rows';

/** What the server's Discord scheduled event should say, as the tournament's state decides it. */
export type WantedEventStatus = 'scheduled' | 'active' | 'completed' | 'cancelled';

export interface TournamentView {
  id: number;
  guildId: string;
  /** Where its sign-up, standings and podium are posted; every table plays in a thread of its own there. */
  channelId: string;
  hostId: string;
  /** The language of its channel messages, fixed at create. */
  locale: string;
  createdAt: number;
  /** The pure state (src/tournament): options, people, rounds, tables and their results. */
  state: TournamentState;
  /** Display names by user id, as each person had when they joined (user text: plain text only). */
  names: Readonly<Record<string, string>>;
  /** Discord message ids by key ('signup', 'standings', 'podium'). */
  messages: Readonly<Record<string, string>>;
  /** Digests of what each message under `messages` was last seen to show. */
  shown: Readonly<Record<string, string>>;
  /** The Discord scheduled event: its id once made, and what it was last seen to be; null before. */
  event: { id: string | null; shown: string | null; problem: 'no-permission' | null };
  /** What that event should be now, by the state's status. */
  wantedEvent: WantedEventStatus;
  /** The standings of the state (src/tournament's `standings`): everyone signed up, best first. */
  standings: readonly StandingRow[];
  /** When it finished or was cancelled; null while open. */
  finishedAt: number | null;
  /** Why it was cancelled: by the host, or too few people had signed up by the start time; null otherwise. */
  closedReason: 'cancelled' | 'too-few-players' | null;
}

const WANTED_EVENT: Readonly<Record<TournamentState['status'], WantedEventStatus>> = {
  signup: 'scheduled',
  running: 'active',
  finished: 'completed',
  cancelled: 'cancelled',
};

/** The view of a stored row. */
export function tournamentView(row: TournamentRow): TournamentView {
  return {
    id: row.id,
    guildId: row.guild_id,
    channelId: row.channel_id,
    hostId: row.host_id,
    locale: row.locale,
    createdAt: row.created_at,
    state: row.state,
    names: row.names,
    messages: row.messages,
    shown: row.shown,
    event: { id: row.event_id, shown: row.event_shown, problem: row.event_problem },
    wantedEvent: WANTED_EVENT[row.state.status],
    standings: standings(row.state),
    finishedAt: row.finished_at,
    closedReason: row.closed_reason,
  };
}
