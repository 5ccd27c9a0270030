// Tournaments (club nights): sign-up, rounds of tables, standings. Pure like the rules engine: a state changed
// only by events, each refused with a typed reason when it does not apply. No Discord, no SQL, no clock reads.
// docs/TOURNAMENTS.md explains the rules to hosts.
export type {
  DropReason,
  OddPolicy,
  Person,
  Round,
  Seat,
  SeatResult,
  Table,
  TableStatus,
  TournamentEdit,
  TournamentEvent,
  TournamentOptions,
  TournamentState,
  TournamentStatus,
} from './types';
export { EDITABLE_OPTIONS, ODD_POLICIES } from './types';
export type { TournamentErrorCode, TournamentErrorFacts } from './errors';
export { TOURNAMENT_MESSAGES, TournamentError, isTournamentError } from './errors';
export type { TournamentInput } from './options';
export {
  DEFAULT_TABLE_SIZE,
  DEFAULT_TURN_TIMER_MS,
  MAX_LEAD_MS,
  MAX_NAME_LENGTH,
  MAX_PLAYERS,
  MAX_ROUNDS,
  MAX_TABLE_SIZE,
  MAX_TURN_TIMER_MINUTES,
  MIN_ROUNDS,
  MIN_TABLE_SIZE,
  MIN_TURN_TIMER_MINUTES,
  tournamentOptions,
} from './options';
export type { TablePlan } from './tables';
export { MIN_PEOPLE, planTables, snakeTables } from './tables';
export type { SwissInput } from './swiss';
export { SEARCH_BUDGET, swissTables } from './swiss';
export type { StandingRow } from './standings';
export { byePoints, placementPoints, standings } from './standings';
export { activePeople, fillIns, meetings, nextMultipleFill, pairKey, seatRound } from './seating';
export { applyTournamentEvent, currentRound, newTournament, replayTournament } from './tournament';
