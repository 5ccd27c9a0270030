// Rebuilding each player's card from what the channel shows: every finished Olathe turn collapses to a log
// line "**Alice** wrote 24 in Choice (Free 1) — ⚄ ⚄ ⚃ ⚅ ⚃" (or the die emojis), which names the cell and the dice; Balut's
// progress message shows each player's latest such line, so its versions hold them all.
import type { FakeMessage } from '../../src/fake-discord';
import { CATEGORIES } from '../../src/game';
import { FIVE_DICE, facesOf } from './dice-text';
import { runScript } from './harness';

const LOG_LINE = new RegExp(
  String.raw`^\*\*(.+?)\*\* (?:\d+\/\d+ (?:\(left\) )?· )?(?:wrote|ran out of time — the bot wrote) \d+ in (\w+) \((Free \d|↓ Down|↑ Up)\) — (${FIVE_DICE})`,
  'u',
);

/** Every line the channel showed, with the earlier versions of edited messages. */
export function shownLines(messages: FakeMessage[]): string[] {
  return messages.flatMap((m) =>
    [...m.history, m]
      .flatMap((v) => [v.content, ...v.embeds.map((e) => e.description ?? '')])
      .flatMap((text) => text.split('\n')),
  );
}

export interface CardJson {
  variant: string;
  columns: { kind: string; cells: Record<string, number[] | null> }[];
}

export function cardsFromLog(
  messages: FakeMessage[],
  variant: 'olathe' | 'balut',
  kinds: string[],
): Map<string, CardJson> {
  const cards = new Map<string, CardJson>();
  const labels = kinds.map((k, i) =>
    k === 'down' ? '↓ Down' : k === 'up' ? '↑ Up' : `Free ${kinds.slice(0, i + 1).filter((x) => x === 'free').length}`,
  );
  for (const line of new Set(shownLines(messages))) {
    const match = LOG_LINE.exec(line);
    if (!match) continue;
    const [, name, categoryLabel, columnLabel, diceText] = match;
    const category = CATEGORIES.find(
      (c) => c === categoryLabel!.toLowerCase() || (c === 'olathe' && categoryLabel === 'Balut'),
    )!;
    const dice = facesOf(diceText!);
    if (!cards.has(name!)) {
      cards.set(name!, {
        variant,
        columns: kinds.map((kind) => ({ kind, cells: Object.fromEntries(CATEGORIES.map((c) => [c, null])) })),
      });
    }
    const cell = cards.get(name!)!.columns[labels.indexOf(columnLabel!)]!.cells;
    const seen = cell[category];
    if (seen && seen.join() !== dice.join())
      throw new Error(`the log writes ${name}'s ${columnLabel} ${category} twice`);
    cell[category] = dice;
  }
  return cards;
}

/** Scores cards with the project's calculator (`npm run --silent score`), one JSON line each. */
export async function scoreWithCalculator(
  cards: CardJson[],
): Promise<Array<{ rawTotal: number; incentiveTotal: number; modifier: number; final: number }>> {
  const run = await runScript('src/cli/score.ts', process.env, cards.map((c) => JSON.stringify(c)).join('\n') + '\n');
  if (run.code !== 0) throw new Error(`score failed: ${run.stderr}`);
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/** The rows of the results table, numbers first and the name last: "1.  512   +14   +3    17  Alice". */
export function resultRows(
  description: string,
): Map<string, { raw: number; bonus: number; mod: number; final: number }> {
  const rows = new Map<string, { raw: number; bonus: number; mod: number; final: number }>();
  const num = (s: string) => Number(s.replace('−', '-').replace('+', ''));
  for (const line of description.split('\n')) {
    const m = /^\d+\.\s+(\d+)\s+([+−]?\d+)\s+([+−]?\d+)\s+([−-]?\d+) {2}(.+?)(?: \(left\))?$/u.exec(line);
    if (m) rows.set(m[5]!, { raw: num(m[1]!), bonus: num(m[2]!), mod: num(m[3]!), final: num(m[4]!) });
  }
  return rows;
}
