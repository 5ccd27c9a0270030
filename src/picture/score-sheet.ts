// The score-sheet picture of a game's results (every player's card) or of one player's card: a PNG for the
// results embed (`image: attachment://…`) and `/olathe card`. Pure: no Discord, no database. A rendering that
// fails rejects; the caller keeps the results in words and logs why.
import type { MeasureText } from './drawing';
import { scoreSheetDrawing } from './page-layout';
import { canvasMeasure, paintPng } from './paint';
import type { ScoreSheetInput } from './sheet-input';

export type { ScoreSheetInput, SheetPlayer } from './sheet-input';
export { cardSheetInput, resultsSheetInput } from './from-game';
export { scoreSheetDrawing } from './page-layout';

let measure: MeasureText | undefined;

/** The PNG of the input's score sheets, at least 600 px wide. */
export async function renderScoreSheet(input: ScoreSheetInput): Promise<Buffer> {
  measure ??= canvasMeasure();
  return paintPng(scoreSheetDrawing(input, measure));
}
