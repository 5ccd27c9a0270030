// An engine-neutral store interface (../storage.ts) as SQLite's statements implement it: better-sqlite3 runs a
// statement synchronously, so each SQLite store method returns its value, and ./storage.ts hands it out as the
// promise the interface promises, in or outside a transaction.

/** `T`'s methods with their promised results returned directly. */
export type Sync<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
};
