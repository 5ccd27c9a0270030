// The build's source maps without the bundled packages' code (scripts/build.mjs). Node.js, run with
// --enable-source-maps, parses a file's whole map the first time a stack trace passes through the file: with
// discord.js, undici, pg … bundled in, the shared chunk's map was 1.8 MB and the first stack trace of a process
// (one is made as the bot stops) cost 0.4–0.5 s of CPU (issue 34). Stack traces through a package then show the
// bundle's own position (its line and column: the bundle has few lines), where they showed the package's file
// before it was bundled; the project's code keeps its `.ts` lines.

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
 * alone), a run of them by one, and those sources left out; of the rest, only a segment that starts another
 * source line. Returns the JSON text.
 *
 * Node.js looks a position up as the last segment at or before it, whatever its line. So a run of unmapped code
 * needs one segment, across lines, and a frame in our code finds its source line in the line's first segment: a
 * stack trace needs the line, and esbuild's other segments (one per expression) only refine the column. Node keeps
 * an entry per segment once it parses a map (the first stack trace through its file, which the HTTP client makes as
 * an idle connection times out): one unmapped segment per line of the bundled packages was 80,000 entries, ~5 MB of
 * the bot's heap for as long as it ran, and the segments within our lines 23,000 of the 28,657 left after that.
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
      // The columns are deltas from the last segment written: one skipped moves nothing.
      const unmap = () => {
        if (!unmapped) {
          out.push(encodeNumber(generated - written));
          written = generated;
        }
        unmapped = true;
      };
      for (const text of line ? line.split(',') : []) {
        const [column, source, sourceLine, sourceColumn, name] = decodeSegment(text);
        generated += column;
        if (source === undefined) {
          unmap();
          continue;
        }
        was.source += source;
        was.line += sourceLine;
        was.column += sourceColumn;
        if (name !== undefined) was.name += name;
        if (!keep[was.source]) {
          unmap();
          continue;
        }
        const target = newIndex[was.source];
        // The same source line as the segment before, which a lookup here finds: nothing to add.
        if (!unmapped && target === now.source && was.line === now.line) continue;
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
