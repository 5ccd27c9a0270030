// The build's source maps without the bundled packages' code (scripts/build.mjs). Node.js, run with
// --enable-source-maps, parses a file's whole map the first time a stack trace passes through the file: with
// discord.js, undici, pg … bundled in, the shared chunk's map was 1.8 MB and the first stack trace of a process
// (one is made as the bot stops) cost 0.4–0.5 s of CPU (issue 34). Stack traces through a package then show the
// bundle's own line, as they showed the package's file before it was bundled; the project's code keeps its `.ts`
// lines.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** The numbers of one segment of a `mappings` string (base64 VLQ). */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const c of text) {
    const digit = DIGIT.get(c);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

export function encodeNumber(n) {
  let value = n < 0 ? (-n << 1) | 1 : n << 1;
  let text = '';
  do {
    let digit = value & 31;
    value >>>= 5;
    if (value > 0) digit |= 32;
    text += BASE64[digit];
  } while (value > 0);
  return text;
}

/**
 * The map (its JSON text) with the segments of the sources `drop` accepts replaced by unmapped ones (a column
 * alone), a run of them by one, and those sources left out. Returns the JSON text.
 *
 * A run spans lines: Node.js looks a position up as the last segment at or before it, whatever its line, so lines
 * after an unmapped segment need none of their own. Node keeps an entry per segment once it parses a map (the
 * first stack trace through its file, which the HTTP client makes as an idle connection times out): one unmapped
 * segment per line of the bundled packages was 80,000 entries, ~5 MB of the bot's heap for as long as it ran.
 */
export function withoutSources(json, drop) {
  const map = JSON.parse(json);
  const keep = map.sources.map((source) => !drop(source));
  let kept = 0;
  const newIndex = keep.map((k) => (k ? kept++ : -1));
  map.sources = map.sources.filter((source, i) => keep[i]);
  // The absolute values, as the previous segment left them (source, line, column and name run across lines).
  const was = { source: 0, line: 0, column: 0, name: 0 };
  const now = { source: 0, line: 0, column: 0, name: 0 };
  // Before the first segment nothing is mapped, as after an unmapped one.
  let unmapped = true;
  map.mappings = map.mappings
    .split(';')
    .map((line) => {
      let generated = 0;
      let written = 0;
      const out = [];
      for (const text of line ? line.split(',') : []) {
        const [column, source, sourceLine, sourceColumn, name] = decodeSegment(text);
        generated += column;
        if (source === undefined) {
          if (!unmapped) out.push(encodeNumber(generated - written));
          [written, unmapped] = [generated, true];
          continue;
        }
        was.source += source;
        was.line += sourceLine;
        was.column += sourceColumn;
        if (name !== undefined) was.name += name;
        if (!keep[was.source]) {
          if (!unmapped) out.push(encodeNumber(generated - written));
          [written, unmapped] = [generated, true];
          continue;
        }
        const target = newIndex[was.source];
        let segment =
          encodeNumber(generated - written) +
          encodeNumber(target - now.source) +
          encodeNumber(was.line - now.line) +
          encodeNumber(was.column - now.column);
        if (name !== undefined) {
          segment += encodeNumber(was.name - now.name);
          now.name = was.name;
        }
        [now.source, now.line, now.column] = [target, was.line, was.column];
        out.push(segment);
        [written, unmapped] = [generated, false];
      }
      return out.join(',');
    })
    .join(';');
  return JSON.stringify(map);
}
