// `npm run --silent score` — the scoring calculator (RULES.md "Scoring calculator format (engine JSON)").
//
//   npm run --silent score < cards.jsonl     one card per line in, one breakdown per line out, same order
//   npm run --silent score -- card.json      the one card in a file (any JSON formatting)
//
// stdout carries breakdowns and nothing else. On the first bad card the cards before it are already printed,
// ONE line goes to stderr naming where and what (`line 3: $.columns[0].cells.house: missing category key
// "house"`), and the exit status is 2.
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { breakdownJson, parseCardJson } from '../game';
import { scoreCard } from '../game';

const USAGE = 'usage: npm run --silent score [-- card.json]   (no file: JSON Lines cards on stdin)';
const BAD_INPUT = 2;
/** Output is gathered and written in chunks of about this many characters. */
const FLUSH_AT = 64 * 1024;

/** The breakdown line for one card's JSON text, or the problem (without its location). */
function scoreText(text: string): { ok: true; line: string } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `not JSON: ${brief(error instanceof Error ? error.message : String(error))}` };
  }
  const parsed = parseCardJson(value);
  if (!parsed.ok) return { ok: false, problem: `${parsed.path}: ${parsed.problem}` };
  return { ok: true, line: breakdownJson(scoreCard(parsed.card)) };
}

function brief(message: string): string {
  const oneLine = message.replace(/\s+/g, ' ').trim();
  return oneLine.length > 200 ? `${oneLine.slice(0, 200)}…` : oneLine;
}

function fail(message: string): void {
  process.stderr.write(`${brief(message)}\n`);
  process.exitCode = BAD_INPUT;
}

async function scoreFile(name: string): Promise<void> {
  let text: string;
  try {
    text = await readFile(name, 'utf8');
  } catch (error) {
    fail(`${name}: cannot read the file (${readErrorText(error)})`);
    return;
  }
  const result = scoreText(stripBom(text));
  if (!result.ok) {
    fail(`${name}: ${result.problem}`);
    return;
  }
  process.stdout.write(`${result.line}\n`);
}

function readErrorText(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * JSON Lines on stdin, scored as they arrive: lines are handled as readline emits them, output is gathered
 * and written once per batch (or every FLUSH_AT characters), and input pauses while stdout is backed up.
 */
function scoreStdin(): Promise<void> {
  return new Promise((resolve) => {
    const input = process.stdin;
    const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
    let lineNumber = 0;
    let pending = '';
    let flushScheduled = false;
    let stopped = false;
    let waitingForDrain = false;

    const flush = (): void => {
      flushScheduled = false;
      if (pending === '') return;
      const chunk = pending;
      pending = '';
      if (!process.stdout.write(chunk) && !waitingForDrain && !stopped) {
        waitingForDrain = true;
        rl.pause();
        process.stdout.once('drain', () => {
          waitingForDrain = false;
          if (!stopped) rl.resume();
        });
      }
    };

    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      rl.close();
      input.destroy(); // nothing more is read; a writer still sending gets EPIPE rather than hanging
    };

    // `npm run score < cards | head -1`: the reader has gone, so stop quietly instead of crashing.
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      pending = '';
      stop();
    });

    rl.on('line', (raw) => {
      if (stopped) return;
      lineNumber++;
      const text = lineNumber === 1 ? stripBom(raw) : raw;
      if (text.trim() === '') return;
      const result = scoreText(text);
      if (!result.ok) {
        flush(); // the cards before the bad line are printed first
        fail(`line ${lineNumber}: ${result.problem}`);
        stop();
        return;
      }
      pending += `${result.line}\n`;
      if (pending.length >= FLUSH_AT) flush();
      else if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    });

    rl.on('close', () => {
      flush();
      resolve();
    });
  });
}

async function main(args: readonly string[]): Promise<void> {
  if (args.length === 1 && (args[0] === '-h' || args[0] === '--help')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (args.length > 1) {
    fail(`expected at most one file, got ${args.length} arguments — ${USAGE}`);
    return;
  }
  const [file] = args;
  if (file === undefined || file === '-') await scoreStdin();
  else await scoreFile(file);
}

await main(process.argv.slice(2));
