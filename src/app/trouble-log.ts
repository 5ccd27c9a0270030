// A trouble that repeats on a timer (the shard lock's session refusing the turn clock's look every 2 s, for as
// long as a migration holds `games`) is logged when it starts and when it ends, not at every repeat, which
// would bury everything else in the log.

export interface TroubleLog {
  /** It happened (again): logged only if it was not already under way. */
  trouble(error: unknown): void;
  /** It did not happen this time: its end is logged if it was under way. */
  fine(): void;
}

export function troubleLog(started: (error: unknown) => void, ended: () => void): TroubleLog {
  let underWay = false;
  return {
    trouble(error) {
      if (!underWay) started(error);
      underWay = true;
    },
    fine() {
      if (underWay) ended();
      underWay = false;
    },
  };
}
