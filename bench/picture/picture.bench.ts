// `npm run bench -- picture`: how long the score-sheet picture takes, from the results' data to PNG bytes.
//   - 8-player Balut results picture        goal p99 ≤ 50 ms
//   - 1 and 2 players, and 8 of Olathe       (no goal; for scale)
//   - 8 players named in seven scripts with emoji (their fonts registered in the warm-up), goal p99 ≤ 50 ms
// Renderer chosen by this measurement, on the 8-player picture: @napi-rs/canvas with src/picture/png.ts, against
// the same canvas with Skia's own PNG encoder and @resvg/resvg-js (the same drawing steps as SVG, resvg.ts). Each
// render is timed alone after a warm-up; the PNG's size is what Discord uploads. Wall clock on a shared machine
// rises with its load (the load average is printed); the CPU time per render says how much of that is the picture
// rather than the machine.
import { performance } from 'node:perf_hooks';
import { SAMPLE_DATE, finishedGame, sampleGame } from '../../src/cli/sample-games';
import type { Variant } from '../../src/game';
import type { ScoreSheetInput } from '../../src/picture/score-sheet';
import { renderScoreSheet, resultsSheetInput, scoreSheetDrawing } from '../../src/picture/score-sheet';
import { canvasMeasure, paintCanvas } from '../../src/picture/paint';
import { loadAverage, machine, percentile } from '../support/figures';
import { resvgFontFiles, resvgPng } from './resvg';

const GOAL_MS = 50;
const WARM_UP = 20;
const RENDERS = 200;

interface Timing {
  p50: number;
  p99: number;
  /** This process's CPU time per render (all its threads: the deflate runs on libuv's pool). */
  cpu: number;
  bytes: number;
  width: number;
  height: number;
}

async function timed(render: () => Promise<Buffer> | Buffer): Promise<Timing> {
  let png: Buffer = Buffer.alloc(0);
  for (let i = 0; i < WARM_UP; i++) png = await render();
  const each = new Float64Array(RENDERS);
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < RENDERS; i++) {
    const start = performance.now();
    png = await render();
    each[i] = performance.now() - start;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / RENDERS;
  return {
    p50: percentile(each, 0.5),
    p99: percentile(each, 0.99),
    cpu: cpuMs,
    bytes: png.length,
    width: png.readUInt32BE(16),
    height: png.readUInt32BE(20),
  };
}

function line(label: string, t: Timing, goal: number | null): string {
  const figures = `p50 ${t.p50.toFixed(1).padStart(5)} ms  p99 ${t.p99.toFixed(1).padStart(5)} ms  CPU ${t.cpu.toFixed(1).padStart(5)} ms`;
  const size = `${t.width}×${t.height} px, ${(t.bytes / 1024).toFixed(0)} KiB`;
  const verdict = goal === null ? '' : `  goal p99 ≤ ${goal} ms ${t.p99 <= goal ? 'ok' : 'MISSED'}`;
  return `  ${label.padEnd(30)} ${figures}  ${size.padEnd(24)}${verdict}`;
}

/** Names whose characters come from every family of src/picture/fonts.json. */
const WORLD_NAMES = [
  '王小明',
  'さくら 🌸',
  '김민준',
  'محمد علي',
  'שלום כהן',
  'สมชาย ใจดี',
  'Émilie 🎲👍🏽',
  'Ζωή Σμιρνόβα',
];

function results(variant: Variant, players: number, names?: readonly string[]): ScoreSheetInput {
  const game = sampleGame(finishedGame(variant, players, `bench:${variant}:${players}`));
  if (names) game.players = game.players.map((p, seat) => ({ ...p, name: names[seat] ?? p.name }));
  return resultsSheetInput(game, SAMPLE_DATE);
}

export async function run(): Promise<void> {
  console.log(`score-sheet picture, ${RENDERS} renders each after ${WARM_UP} warm-up (Node ${process.version})`);
  console.log(`  ${machine(loadAverage(true))}`);
  console.log('@napi-rs/canvas (the renderer in src/picture):');
  for (const [variant, players] of [
    ['balut', 1],
    ['balut', 2],
    ['balut', 8],
    ['olathe', 8],
  ] as const) {
    const input = results(variant, players);
    const goal = variant === 'balut' && players === 8 ? GOAL_MS : null;
    console.log(
      line(`${variant}, ${players} player${players > 1 ? 's' : ''}`, await timed(() => renderScoreSheet(input)), goal),
    );
  }
  const world = results('balut', 8, WORLD_NAMES);
  console.log(line('balut, 8, names in 7 scripts', await timed(() => renderScoreSheet(world)), GOAL_MS));
  const input = results('balut', 8);
  const measure = canvasMeasure();
  console.log("the same canvas with Skia's own PNG encoder (every row filter, zlib's default level):");
  const skia = () => paintCanvas(scoreSheetDrawing(input, measure)).encode('png');
  console.log(line('balut, 8 players', await timed(skia), GOAL_MS));
  console.log('@resvg/resvg-js (the same drawing as SVG; fonts converted from WOFF once):');
  const fonts = resvgFontFiles();
  console.log(line('balut, 8 players', await timed(() => resvgPng(scoreSheetDrawing(input, measure), fonts)), GOAL_MS));
}
