// What the service hands back of a tournament (a club night): plain data built from its stored row, so the
// Discord layer draws its messages and its Discord event from what is saved alone.
import type { TournamentState } from '../tournament';

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
}
