// `npm run bench -- startup`: what a start of the built bot costs, as `npm start` runs it. Each start goes from spawn
// to the loopback Discord's READY, idles 2 s and stops (discord.js makes a stack trace as it closes the gateway,
// where Node decodes the maps the trace passes through). Per start: CPU to READY, resident memory idle, and the CPU
// of the whole life, read from this process's reaped children's times. Then what the first stack trace through the
// bot's files keeps for good: Node decodes each map a frame names once, and holds it for the process's life.
//
//   OLATHE_BENCH_STARTS   starts per version (default 8)
//   OLATHE_BENCH_BEFORE   also these commits or folders (comma-separated), built and shown beside the working tree,
//                         the order of the starts alternating so all sample the same stretches of a noisy machine
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtLaunch, startBot } from '../support/bot';
import { fmt, machine, printTable } from '../support/figures';
import { sleep } from '../support/processes';
import { wholeEnv } from '../support/settings';
import type { Tree } from '../support/tree';
import { ROOT, buildIn, materialise, workingTree } from '../support/tree';

const IDLE_MS = 2000;

/** CPU in ms of this process's children that have been waited for (fields 16 and 17 of /proc/self/stat). */
function reapedChildrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

interface Start {
  readyCpuMs: number;
  idleRssMb: number;
  lifeCpuMs: number;
}

async function oneStart(tree: Tree): Promise<Start> {
  const bot = await startBot(tree, builtLaunch(tree.dir));
  // deploy-commands has exited and been reaped: what is counted from here on is the bot's alone.
  const before = reapedChildrenCpuMs();
  const readyCpuMs = bot.cpuMs()!;
  await sleep(IDLE_MS);
  const idleRssMb = bot.rssMb()!;
  await bot.stop();
  return { readyCpuMs, idleRssMb, lifeCpuMs: reapedChildrenCpuMs() - before };
}

/** The heap that decoding every map of dist/index.js's files keeps, and its CPU, in a fresh process, as Node does it. */
function firstStackTrace(tree: Tree): { heapMb: number; cpuMs: number } {
  const script = `
    const { SourceMap } = require('node:module'); const fs = require('node:fs');
    const files = new Set(['index.js']);
    for (const f of files) for (const m of fs.readFileSync('dist/' + f, 'utf8').matchAll(/(?:from|import)\\s*\\(?"\\.\\/([\\w.-]+\\.js)"/g)) files.add(m[1]);
    const maps = [...files].map((f) => fs.readFileSync('dist/' + f + '.map', 'utf8'));
    gc(); const heap = process.memoryUsage().heapUsed; const cpu = process.cpuUsage();
    const kept = maps.map((text) => { const map = new SourceMap(JSON.parse(text)); map.findEntry(0, 0); return map; });
    const used = process.cpuUsage(cpu); gc();
    const heapMb = (process.memoryUsage().heapUsed - heap) / 2 ** 20;
    console.log(JSON.stringify({ heapMb, cpuMs: (used.user + used.system) / 1000, maps: kept.length }));`;
  return JSON.parse(execFileSync(process.execPath, ['--expose-gc', '-e', script], { cwd: tree.dir, encoding: 'utf8' }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[], digits = 0) =>
  `${fmt(median(xs), digits)} (${fmt(Math.min(...xs), digits)}–${fmt(Math.max(...xs), digits)})`;

export async function run(): Promise<void> {
  const starts = wholeEnv('OLATHE_BENCH_STARTS', 8);
  const trees = [workingTree(ROOT)];
  try {
    for (const spec of (process.env.OLATHE_BENCH_BEFORE ?? '').split(',').filter((s) => s.trim()))
      trees.push(materialise(ROOT, spec.trim()));
    console.log(machine());
    for (const tree of trees) buildIn(tree);
    const results = new Map<Tree, Start[]>(trees.map((t) => [t, []]));
    for (let i = 0; i < starts; i++)
      for (const tree of i % 2 === 0 ? trees : [...trees].reverse()) results.get(tree)!.push(await oneStart(tree));
    console.log(`${starts} starts each; medians (min–max)`);
    const rows = [...results].map(([tree, measured]) => {
      const trace = firstStackTrace(tree);
      const col = (pick: (s: Start) => number, digits = 0) => spread(measured.map(pick), digits);
      return [
        tree.label,
        col((s) => s.readyCpuMs),
        col((s) => s.idleRssMb, 1),
        col((s) => s.lifeCpuMs),
        `${fmt(trace.heapMb, 1)} MB / ${fmt(trace.cpuMs)} ms`,
      ];
    });
    printTable(
      ['version', 'CPU to READY, ms', 'RSS idle, MB', 'CPU of the whole life, ms', 'first stack trace keeps'],
      rows,
      true,
    );
  } finally {
    for (const tree of trees) tree.dispose();
  }
}
