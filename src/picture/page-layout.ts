// The whole picture: a title (variant, layout, game, date) over the players' cards, two to a row (one card
// alone for `/olathe card`), winners first. At least 600 px wide so Discord shows it large.
import type { ColumnKind } from '../game';
import type { Translate } from '../discord/i18n';
import { tr } from '../discord/i18n';
import { columnName } from '../discord/render/text';
import type { CardTexts } from './card-layout';
import { cardGeometry, cardSteps } from './card-layout';
import type { Drawing, DrawStep, MeasureText } from './drawing';
import { INK, fitText } from './drawing';
import type { ScoreSheetInput, SheetPlayer } from './sheet-input';
import { drawableName } from './sheet-input';

export const MIN_WIDTH = 600;
const MARGIN = 16;
const TITLE_H = 58;
/** More columns than any layout allows are drawn as this many: the picture stays a sane size. */
const MOST_COLUMNS = 8;

/** "26 November 2025" in the game's language, in UTC like the daily challenge; "" for a date that is not one. */
function dateText(date: number, locale: string): string {
  if (!Number.isFinite(date)) return '';
  const options = { dateStyle: 'long', timeZone: 'UTC' } as const;
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', options).format(date);
  }
}

function titleSteps(input: ScoreSheetInput, t: Translate, width: number, measure: MeasureText): DrawStep[] {
  const variant = t(input.variant === 'balut' ? 'word.balut' : 'word.olathe');
  const title =
    input.kind === 'card'
      ? t('picture.cardTitle', { variant })
      : t('picture.resultsTitle', { variant, early: input.endedEarly ? t('results.titleEarly') : '' });
  const kinds: readonly ColumnKind[] = input.columns;
  const layout = t('text.layout', {
    columns: kinds.map((_, i) => columnName(t, kinds, i)).join(' · '),
    throws: t('word.throws', { count: input.throwsPerTurn }),
  });
  const date = dateText(input.date, input.locale ?? 'en');
  const dateW = date ? measure(date, 13, false) + 16 : 0;
  const inner = width - 2 * MARGIN;
  const line = (value: string, y: number, size: number, bold: boolean, color: string, room = inner): DrawStep => ({
    kind: 'text',
    x: MARGIN + 2,
    y,
    text: fitText(value, room, size, bold, measure),
    size,
    bold,
    color,
    align: 'left',
  });
  const steps: DrawStep[] = [
    line(title, 30, 22, true, INK.text, inner - dateW),
    line(`${layout} · ${t('word.game', { id: input.gameId })}`, 50, 13, false, INK.faint),
  ];
  if (date) {
    steps.push({
      kind: 'text',
      x: width - MARGIN,
      y: 30,
      text: date,
      size: 13,
      bold: false,
      color: INK.faint,
      align: 'right',
    });
  }
  return steps;
}

/** Names made drawable, the order kept. */
function drawablePlayers(input: ScoreSheetInput, t: Translate): SheetPlayer[] {
  return input.players.map((p, i) => ({ ...p, name: drawableName(p.name, t('word.seat', { n: i + 1 })) }));
}

/** The picture's drawing steps for the input, texts in the input's language. */
export function scoreSheetDrawing(input: ScoreSheetInput, measure: MeasureText): Drawing {
  const t = tr(input.locale);
  const players = drawablePlayers(input, t);
  const columns = Math.min(
    MOST_COLUMNS,
    Math.max(1, input.columns.length, ...players.map((p) => p.breakdown.columns.length)),
  );
  const headings = Array.from({ length: columns }, (_, i) =>
    i < input.columns.length ? columnName(t, input.columns, i) : '',
  );
  const texts: CardTexts = { t, variant: input.variant, headings, measure };
  const perRow = players.length <= 1 ? 1 : 2;
  const geometry = cardGeometry(columns, texts, perRow === 1 ? MIN_WIDTH - 2 * MARGIN : 0);
  const width = Math.max(MIN_WIDTH, MARGIN + perRow * (geometry.width + MARGIN));
  const rows = Math.max(1, Math.ceil(players.length / perRow));
  const height = TITLE_H + rows * (geometry.height + MARGIN);
  const steps = titleSteps(input, t, width, measure);
  const final =
    input.kind === 'results' ||
    players.every((p) => p.breakdown.columns.every((c) => Object.values(c.cells).every((v) => v !== null)));
  players.forEach((player, i) => {
    const x = MARGIN + (i % perRow) * (geometry.width + MARGIN);
    const y = TITLE_H + Math.floor(i / perRow) * (geometry.height + MARGIN);
    steps.push(...cardSteps(player, { x, y, geometry, showPlace: input.kind === 'results', final }, texts));
  });
  return { width, height, background: INK.paper, steps };
}
