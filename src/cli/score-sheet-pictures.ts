// `npm run pictures`: draws the score-sheet pictures of docs/images/ again from games the computer players
// play (the same games every run), so the docs' pictures follow any change to the drawing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cardSheetInput, renderScoreSheet, resultsSheetInput } from '../picture/score-sheet';
import { SAMPLE_DATE, finishedGame, sampleGame } from './sample-games';

async function main(): Promise<void> {
  const out = join(process.cwd(), 'docs', 'images');
  mkdirSync(out, { recursive: true });
  const balut = sampleGame(finishedGame('balut', 4, 'docs-balut'));
  const olathe = sampleGame(finishedGame('olathe', 3, 'docs-olathe'));
  const pictures: Record<string, Promise<Buffer>> = {
    'results-balut.png': renderScoreSheet(resultsSheetInput(balut, SAMPLE_DATE)),
    'results-olathe.png': renderScoreSheet(resultsSheetInput(olathe, SAMPLE_DATE)),
    'results-olathe-da.png': renderScoreSheet(resultsSheetInput({ ...olathe, locale: 'da' }, SAMPLE_DATE)),
    'card-olathe.png': renderScoreSheet(cardSheetInput(olathe, 0, SAMPLE_DATE)),
  };
  for (const [name, png] of Object.entries(pictures)) {
    writeFileSync(join(out, name), await png);
    console.log(`wrote docs/images/${name}`);
  }
}

await main();
