// The rules engine: pure functions over plain data. No Discord, no SQL, no I/O.
export * from './dice';
export * from './rng';
export * from './layout';
export * from './card';
export * from './scoring';
export * from './errors';
export * from './state';
export * from './game';
export * from './results';
export * from './card-json';
export * from './daily-dice';
