// The score-sheet picture of a game's results (every player's card) or of one player's card: a PNG for the
// results embed (`image: attachment://…`) and `/olathe card`. Pure: no Discord, no database. A rendering that
// fails rejects; the caller keeps the results in words and logs why.
import type { MeasureText } from './drawing';
import type { paintPng } from './paint';
import { scoreSheetDrawing } from './page-layout';
import type { ScoreSheetInput } from './sheet-input';

export type { ScoreSheetInput, SheetPlayer } from './sheet-input';
export { cardSheetInput, resultsSheetInput } from './from-game';
export { scoreSheetDrawing } from './page-layout';

/**
 * The painter, loaded at the first picture: loading Skia added about 18 MB of resident memory here, and once
 * pictures are drawn it settled some 45–60 MB higher (8-player pictures, MALLOC_ARENA_MAX=2 as in the image).
 * A process that draws no picture pays none of it.
 */
let painter: Promise<{ measure: MeasureText; paintPng: typeof paintPng }> | undefined;

function loadPainter() {
  painter ??= import('./paint').then((paint) => ({ measure: paint.canvasMeasure(), paintPng: paint.paintPng }));
  painter.catch(() => (painter = undefined));
  return painter;
}

/** The PNG of the input's score sheets, at least 600 px wide. */
export async function renderScoreSheet(input: ScoreSheetInput): Promise<Buffer> {
  const { measure, paintPng } = await loadPainter();
  return paintPng(scoreSheetDrawing(input, measure));
}
