// The picture's fonts: Noto from @fontsource, each script under a family name of our own (so a machine's own
// "Noto Sans" never stands in), drawn through one CSS font list in which each character takes the first family
// that has it. src/picture/fonts.json is the one list of families; scripts/prune-fonts.mjs keeps exactly these
// files in the container image. A file is registered the first time a text needs one of its characters (the
// unicode ranges in each package's unicode.json): Chinese and Korean come in slices of a few hundred characters
// (101 and 124 files a weight), and a results sheet in Latin letters loads the Latin file alone. Registering
// every file at once cost about 0.5 s and 65 MB of resident memory; one slice costs a millisecond or so.
// The emoji are the one whole file (5.8 MB, ~0.25 s to register): Skia drew nothing from its slices, not even
// with all eleven registered, while the whole file draws in colour (COLRv1), ZWJ sequences and skin tones too.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';
import fontsJson from './fonts.json';

interface FontsConfig {
  weights: number[];
  families: { family: string; package: string; subsets: 'numbered' | string[]; weights?: number[] }[];
}
const FONTS = fontsJson as FontsConfig;

interface FontFile {
  /** The file's code points, as [first, last] pairs. */
  ranges: number[];
  /** One path per weight. */
  paths: string[];
  registered: boolean;
}

interface Family {
  name: string;
  files: FontFile[];
}

/** The font list every text is drawn and measured with: each character finds the first family that has it. */
export const FONT_LIST = FONTS.families.map((f) => `"${f.family}"`).join(', ');

/** "U+0000-00FF,U+0131" → [0x0, 0xff, 0x131, 0x131]. */
export function parseUnicodeRange(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const [first, last] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(first ?? '', 16);
    if (Number.isNaN(start)) continue;
    out.push(start, last ? parseInt(last, 16) : start);
  }
  return out;
}

/**
 * The subsets (unicode.json's keys) a family uses: those fonts.json names, or "numbered", the slices `[0]`, `[1]` …
 * The file of a subset and weight is `<package>-<subset, without brackets>-<weight>-normal.woff2`. A subset that
 * unicode.json does not list (noto-color-emoji's whole "emoji" file) covers the ranges of all it lists.
 */
export function subsetsOf(subsets: 'numbered' | string[], unicode: Record<string, string>): string[] {
  return subsets === 'numbered' ? Object.keys(unicode).filter((k) => /^\[\d+\]$/.test(k)) : subsets;
}

export const fontFileName = (pkg: string, subset: string, weight: number) =>
  `${pkg}-${subset.replace(/[[\]]/g, '')}-${weight}-normal.woff2`;

let families: Family[] | undefined;

/** The families with their files' ranges; a package that is not installed is left out (its script falls back). */
function loadFamilies(): Family[] {
  const require = createRequire(import.meta.url);
  const out: Family[] = [];
  for (const f of FONTS.families) {
    let unicode: Record<string, string>;
    let dir: string;
    try {
      const path = require.resolve(`@fontsource/${f.package}/unicode.json`);
      unicode = require(path) as Record<string, string>;
      dir = join(dirname(path), 'files');
    } catch {
      continue;
    }
    const weights = f.weights ?? FONTS.weights;
    out.push({
      name: f.family,
      files: subsetsOf(f.subsets, unicode).map((subset) => ({
        ranges: parseUnicodeRange(unicode[subset] ?? Object.values(unicode).join(',')),
        paths: weights.map((w) => join(dir, fontFileName(f.package, subset, w))),
        registered: false,
      })),
    });
  }
  return out;
}

const covers = (file: FontFile, cp: number) => {
  for (let i = 0; i < file.ranges.length; i += 2) if (cp >= file.ranges[i]! && cp <= file.ranges[i + 1]!) return true;
  return false;
};

/** Every file of the first family that has `cp` and holds it (a ZWJ or a variation selector sits in several). */
function registerFor(cp: number, all: Family[]): void {
  for (const family of all) {
    const holding = family.files.filter((file) => covers(file, cp));
    if (holding.length === 0) continue;
    for (const file of holding) {
      if (file.registered) continue;
      file.registered = true;
      // A missing or unreadable file is not an error: the character falls back to the machine's fonts.
      for (const path of file.paths) GlobalFonts.registerFromPath(path, family.name);
    }
    return;
  }
}

/** Code points already seen: each is looked up once per process. */
const seen = new Set<number>();
/** Printable ASCII, which the Latin file has: registered with the first text. */
const ASCII = /^[\x20-\x7e]*$/;
let asciiDone = false;

/** Registers the files that `text`'s characters need, before it is measured or drawn. */
export function fontsFor(text: string): void {
  if (asciiDone && ASCII.test(text)) return;
  const all = (families ??= loadFamilies());
  if (!asciiDone) {
    asciiDone = true;
    registerFor(0x41, all);
  }
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (seen.has(cp)) continue;
    seen.add(cp);
    registerFor(cp, all);
  }
}

/** Every file the picture may register, relative to node_modules: what the container image must keep. */
export function allFontFiles(): string[] {
  const all = (families ??= loadFamilies());
  const root = (path: string) => path.slice(path.lastIndexOf('/@fontsource/') + 1);
  return all.flatMap((f) => f.files.flatMap((file) => file.paths.map(root)));
}
