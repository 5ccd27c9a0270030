// Ratings: OpenSkill's Plackett-Luce model per variant, the shown number, seasons, and the computer players'
// fixed skills. Pure: no Discord, no SQL. docs/RATINGS.md explains it to players.
export type { Entrant, Skill } from './model';
export { BETA, MU, SIGMA, newSkill, rateRanking } from './model';
export { ELO_SCALE, PROVISIONAL_GAMES, PROVISIONAL_SIGMA, START_RATING, displayed, isProvisional } from './scale';
export { SEASON_RESET_SHARE, isLaterSeason, seasonOf, softReset } from './season';
export { COMPUTER_SIGMA, COMPUTER_SKILLS, computerOf } from './computer';
export type { EndStatus, PersonRating, RatedGame, RatedSeat, RatingChange, ShownRating } from './game-rating';
export { isRated, peopleOf, rateGame } from './game-rating';
