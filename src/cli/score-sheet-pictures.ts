// `npm run pictures`: draws the score-sheet pictures of docs/images/ again from games the computer players
// play (the same games every run), so the README's pictures follow any change to the drawing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameState } from '../game';
import type { RenderableGame } from '../discord/render/view';
import { cardSheetInput, renderScoreSheet, resultsSheetInput } from '../picture/score-sheet';
import { finishedGame } from './sample-games';

export const SAMPLE_NAMES = ['Astrid', 'Bjørn', 'Camille', 'Dmitri', 'Eun-ji', 'Farah', 'Gustav', 'Hélène'];
/** 26 November 2025, noon UTC: a fixed date, so a picture changes only when the drawing does. */
export const SAMPLE_DATE = Date.UTC(2025, 10, 26, 12);

/** A finished game as the results renderer sees it. */
export function sampleGame(state: GameState, locale = 'en', id = 42): RenderableGame & { state: GameState } {
  return {
    id,
    hostId: '1',
    status: state.status,
    options: state.options,
    turnTimeoutMs: 300_000,
    state,
    deadlines: {},
    locale,
    players: state.players.map((_, seat) => ({ seat, userId: String(100 + seat), name: SAMPLE_NAMES[seat % 8]! })),
  };
}

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

if (import.meta.url === `file://${process.argv[1]}`) await main();
