// The season podium as a picture, in the score sheet's paper, ink and fonts: a title, then for each variant three
// steps (second, first, third, the first the tallest) with each person's name, rating and games. The texts come
// worded and their numbers written by the caller (src/discord/render/season-podium.ts); names are drawn as text,
// never parsed. Pure layout here; the painter (./paint.ts) is loaded at the first picture, as the sheet's is.
import type { Drawing, DrawStep, MeasureText } from './drawing';
import { INK, fitText } from './drawing';
import type { paintPng } from './paint';
import { drawableName } from './sheet-input';

export interface PodiumPictureInput {
  title: string;
  subtitle: string;
  sections: ReadonlyArray<{
    label: string;
    /** Best first, three at most shown; `rank` 1–3 (equal ratings share it). */
    people: ReadonlyArray<{ name: string; rank: number; rating: string; games: string }>;
  }>;
}

export const PODIUM_WIDTH = 640;
const MARGIN = 20;
const TITLE_H = 70;
const LABEL_H = 30;
const NAME_H = 48;
const STEP_W = 180;
const GAP = 12;
const SECTION_GAP = 22;
const STEP_H: Record<number, number> = { 1: 124, 2: 104, 3: 88 };
const TALLEST = 124;
/** Where the three steps stand, left to right: second, first, third. */
const SLOT_OF_PLACE = [1, 0, 2];
const COLOURS: Record<number, { ink: string; fill: string }> = {
  1: { ink: INK.gold, fill: INK.goldFill },
  2: { ink: '#707784', fill: '#eceef1' },
  3: { ink: '#9a5b32', fill: '#f5e4d6' },
};

const text = (
  x: number,
  y: number,
  value: string,
  size: number,
  bold: boolean,
  color: string,
  align: 'left' | 'center' | 'right' = 'center',
): DrawStep => ({ kind: 'text', x, y, text: value, size, bold, color, align });

function sectionSteps(section: PodiumPictureInput['sections'][number], top: number, measure: MeasureText): DrawStep[] {
  const steps: DrawStep[] = [text(MARGIN, top + 20, section.label, 17, true, INK.text, 'left')];
  const row = 3 * STEP_W + 2 * GAP;
  const left = (PODIUM_WIDTH - row) / 2;
  const floor = top + LABEL_H + NAME_H + TALLEST;
  section.people.slice(0, 3).forEach((person, place) => {
    const slot = SLOT_OF_PLACE[place]!;
    const rank = Math.min(3, Math.max(1, person.rank));
    const colour = COLOURS[rank]!;
    const height = STEP_H[rank]!;
    const x = left + slot * (STEP_W + GAP);
    const centre = x + STEP_W / 2;
    const name = fitText(drawableName(person.name, '?'), STEP_W - 8, 15, true, measure);
    steps.push(
      text(centre, floor - height - 26, name, 15, true, INK.text),
      {
        kind: 'rect',
        x,
        y: floor - height,
        w: STEP_W,
        h: height,
        fill: colour.fill,
        stroke: colour.ink,
        lineWidth: 2,
        radius: 6,
      },
      text(centre, floor - height + 28, String(rank), 22, true, colour.ink),
      text(centre, floor - height + 56, fitText(person.rating, STEP_W - 8, 20, true, measure), 20, true, INK.text),
      text(centre, floor - height + 76, fitText(person.games, STEP_W - 8, 12, false, measure), 12, false, INK.faint),
    );
  });
  steps.push({ kind: 'line', points: [MARGIN, floor, PODIUM_WIDTH - MARGIN, floor], color: INK.grid, width: 2 });
  return steps;
}

const SECTION_H = LABEL_H + NAME_H + TALLEST + SECTION_GAP;

/** The podium's drawing steps; every text measured with `measure`. */
export function podiumDrawing(input: PodiumPictureInput, measure: MeasureText): Drawing {
  const inner = PODIUM_WIDTH - 2 * MARGIN;
  const steps: DrawStep[] = [
    text(MARGIN, 36, fitText(input.title, inner, 24, true, measure), 24, true, INK.text, 'left'),
    text(MARGIN, 58, fitText(input.subtitle, inner, 13, false, measure), 13, false, INK.faint, 'left'),
  ];
  input.sections.forEach((section, i) => steps.push(...sectionSteps(section, TITLE_H + i * SECTION_H, measure)));
  const height = TITLE_H + Math.max(1, input.sections.length) * SECTION_H;
  return { width: PODIUM_WIDTH, height, background: INK.paper, steps };
}

let painter: Promise<{ measure: MeasureText; paintPng: typeof paintPng }> | undefined;

function loadPainter() {
  painter ??= import('./paint').then((paint) => ({ measure: paint.canvasMeasure(), paintPng: paint.paintPng }));
  painter.catch(() => (painter = undefined));
  return painter;
}

/** The podium as a PNG, 640 px wide. */
export async function renderPodium(input: PodiumPictureInput): Promise<Buffer> {
  const { measure, paintPng } = await loadPainter();
  return paintPng(podiumDrawing(input, measure));
}
