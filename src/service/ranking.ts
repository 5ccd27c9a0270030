// How players are ranked, everywhere a rank is shown (the leaderboard, /olathe stats, any board after them):
// competition ranking, "1, 2, 2, 4". Players equal on every key share a rank number, and the next rank skips
// as many numbers as shared the one before. The keys of a record (wins and games) are, in order:
//   1. more wins;
//   2. the better win rate (wins / games);
//   3. the better average final points;
//   4. the better best final points.
// Rates and averages are compared exactly (cross-multiplied), never as rounded decimals, so the shown figures
// cannot disagree with the order.

/** What a record is ranked by. */
export interface RankedRecord {
  wins: number;
  games: number;
  /** The sum of the final points of the games. */
  totalFinal: number;
  bestFinal: number;
}

/** Negative when `a` ranks above `b`, 0 when they share a rank. */
export function compareRecords(a: RankedRecord, b: RankedRecord): number {
  return (
    b.wins - a.wins ||
    b.wins * a.games - a.wins * b.games ||
    b.totalFinal * a.games - a.totalFinal * b.games ||
    b.bestFinal - a.bestFinal
  );
}

/**
 * `items` sorted by `compare` (then by `order` among equals, which changes the listing but never a rank), each
 * with its competition rank: equal by `compare` shares a number, and the next one is its 1-based position.
 */
export function competitionRanks<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  order: (a: T, b: T) => number = () => 0,
): Array<{ item: T; rank: number }> {
  const sorted = [...items].sort((a, b) => compare(a, b) || order(a, b));
  const ranked: Array<{ item: T; rank: number }> = [];
  sorted.forEach((item, i) => {
    const previous = ranked[i - 1];
    ranked.push({ item, rank: previous && compare(previous.item, item) === 0 ? previous.rank : i + 1 });
  });
  return ranked;
}
