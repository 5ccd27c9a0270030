// docs/RULES.md "Worked examples": every documented card, scored by the engine the calculator uses
// (src/cli/score.ts: parseCardJson → scoreCard → breakdownJson), must give exactly the documented breakdown.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { breakdownJson, parseCardJson } from '../../src/game/card-json';
import { scoreCard } from '../../src/game/scoring';

const DOC_PATH = fileURLToPath(new URL('../../docs/RULES.md', import.meta.url));
const MIN_EXAMPLES = 4;

interface Example {
  name: string;
  /** 1-based line of the example's marker, for messages. */
  line: number;
  input: string;
  output: string;
}

const MARKER = /^<!--\s*example:\s*([\w.-]+)\s*-->\s*$/;
const FENCE_OPEN = /^```json\s*$/;
const FENCE_CLOSE = /^```\s*$/;

/**
 * The example pairs of the document: a marker line `<!-- example: name -->`, then (blank lines allowed) the
 * input card in a ```json block, then — prose allowed in between, but before the next marker — the expected
 * breakdown in the next ```json block. A marker without both blocks is an error, not a skipped example.
 */
function extractExamples(markdown: string): Example[] {
  const lines = markdown.split(/\r?\n/);
  const examples: Example[] = [];

  /** The body of the ```json block opening at or after `from` (blank lines only before it if `adjacent`). */
  const jsonBlock = (from: number, adjacent: boolean, what: string): { body: string; end: number } => {
    let i = from;
    while (i < lines.length && !FENCE_OPEN.test(lines[i]!)) {
      if (MARKER.test(lines[i]!)) throw new Error(`line ${i + 1}: next example marker before the ${what}`);
      if (adjacent && lines[i]!.trim() !== '')
        throw new Error(`line ${i + 1}: expected the ${what} (a \`\`\`json block) right after the marker`);
      i++;
    }
    if (i >= lines.length) throw new Error(`no \`\`\`json block for the ${what} after line ${from}`);
    const start = i + 1;
    let end = start;
    while (end < lines.length && !FENCE_CLOSE.test(lines[end]!)) end++;
    if (end >= lines.length) throw new Error(`line ${i + 1}: unclosed \`\`\`json block (${what})`);
    return { body: lines.slice(start, end).join('\n'), end: end + 1 };
  };

  for (let i = 0; i < lines.length; i++) {
    const match = MARKER.exec(lines[i]!);
    if (!match) continue;
    const name = match[1]!;
    const input = jsonBlock(i + 1, true, `input card of example "${name}"`);
    const output = jsonBlock(input.end, false, `expected breakdown of example "${name}"`);
    examples.push({ name, line: i + 1, input: input.body, output: output.body });
    i = output.end - 1;
  }
  return examples;
}

/** What is wrong with one example, or null when the engine gives exactly the documented breakdown. */
function exampleProblem(example: Example): string | null {
  let card: unknown;
  let expected: unknown;
  try {
    card = JSON.parse(example.input);
  } catch (error) {
    return `input is not JSON: ${(error as Error).message}`;
  }
  try {
    expected = JSON.parse(example.output);
  } catch (error) {
    return `expected breakdown is not JSON: ${(error as Error).message}`;
  }
  const parsed = parseCardJson(card);
  if (!parsed.ok) return `the calculator refuses the card: ${parsed.path}: ${parsed.problem}`;
  const actual = breakdownJson(scoreCard(parsed.card));
  // Same values and the same key order as the calculator prints.
  return actual === JSON.stringify(expected) ? null : `documented ${JSON.stringify(expected)}\n  engine     ${actual}`;
}

const doc = readFileSync(DOC_PATH, 'utf8');
const examples = extractExamples(doc);

describe('docs/RULES.md worked examples', () => {
  it(`has at least ${MIN_EXAMPLES} example pairs, each with a distinct name`, () => {
    expect(examples.length).toBeGreaterThanOrEqual(MIN_EXAMPLES);
    expect(new Set(examples.map((e) => e.name)).size).toBe(examples.length);
  });

  it.each(examples.map((e) => [e.name, e] as const))('example %s scores exactly as documented', (_name, example) => {
    const parsed = parseCardJson(JSON.parse(example.input));
    if (!parsed.ok) throw new Error(`example at line ${example.line}: ${parsed.path}: ${parsed.problem}`);
    const actual = JSON.parse(breakdownJson(scoreCard(parsed.card))) as unknown;
    expect(actual, `example "${example.name}" (line ${example.line})`).toStrictEqual(JSON.parse(example.output));
    expect(exampleProblem(example)).toBeNull();
  });

  it('documents how to run the calculator', () => {
    expect(doc).toContain('npm run --silent score < cards.jsonl');
    expect(doc).toContain('npm run --silent score -- card.json');
  });
});

describe('the example check itself', () => {
  const first = examples[0]!;

  it('notices a documented number the engine disagrees with', () => {
    const wrong = {
      ...first,
      output: first.output.replace(/"final":\s*(-?\d+)/, (_m, n: string) => `"final": ${Number(n) + 1}`),
    };
    expect(wrong.output).not.toBe(first.output);
    expect(exampleProblem(wrong)).toMatch(/^documented/);
  });

  it('notices a changed card', () => {
    const changed = {
      ...first,
      input: first.input.replace(/\[(\d),/, (_m, d: string) => `[${d === '6' ? 1 : Number(d) + 1},`),
    };
    expect(changed.input).not.toBe(first.input);
    expect(exampleProblem(changed)).not.toBeNull();
  });

  it('refuses a marker without its two blocks', () => {
    expect(() => extractExamples('<!-- example: lonely -->\n\nsome prose\n')).toThrow(/right after the marker/);
    expect(() => extractExamples('<!-- example: half -->\n```json\n{}\n```\n\n<!-- example: next -->\n')).toThrow(
      /marker before/,
    );
    expect(() => extractExamples('<!-- example: open -->\n```json\n{}\n')).toThrow(/unclosed/);
  });
});
