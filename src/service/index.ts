// The Discord-free service layer: everything a front end needs to run games.
export * from './game-service';
export type { Deadlines } from './deadlines';
