// The card's rows as the valuation's tables index them (the engine's CATEGORIES order), and the largest card
// those tables reach. Plain numbers rather than the engine's names: they index typed arrays in hot loops.
import { CATEGORIES } from '../game';

export const CAT_COUNT = CATEGORIES.length;
export const FOURS = 0,
  FIVES = 1,
  SIXES = 2,
  STRAIGHT = 3,
  HOUSE = 4,
  CHOICE = 5,
  OLATHE = 6;
/** The most columns a game's card can have (Free 4 + Down + Up); the tables reach no further. */
export const MAX_COLUMNS = 6;
/** Free cells of one category a card can have (Olathe: 2–4 Free columns; Balut: 4). */
export const MAX_FREE_CELLS = 6;
export const MAX_CELLS = MAX_COLUMNS * CAT_COUNT;
