// `node scripts/prune-fonts.mjs [project folder]`: deletes from node_modules/@fontsource the font files the
// score-sheet picture never loads. The packages carry every weight as woff and woff2 (about 165 MB); the picture
// registers the woff2 files of src/picture/fonts.json's subsets in its weights (src/picture/fonts.ts, which names
// the files the same way: `<package>-<subset, without brackets>-<weight>-normal.woff2`), about 14 MB (457 files).
// scripts/container-build.sh runs it after the build; the container test checks what it kept.
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every font file the picture may register, relative to node_modules (as src/picture/fonts.ts's allFontFiles). */
export function keptFontFiles(root) {
  const fonts = JSON.parse(readFileSync(join(root, 'src', 'picture', 'fonts.json'), 'utf8'));
  const kept = [];
  for (const family of fonts.families) {
    const unicodeFile = join(root, 'node_modules', '@fontsource', family.package, 'unicode.json');
    if (!existsSync(unicodeFile)) continue;
    const unicode = JSON.parse(readFileSync(unicodeFile, 'utf8'));
    const subsets =
      family.subsets === 'numbered' ? Object.keys(unicode).filter((k) => /^\[\d+\]$/.test(k)) : family.subsets;
    for (const subset of subsets)
      for (const weight of family.weights ?? fonts.weights)
        kept.push(
          `@fontsource/${family.package}/files/${family.package}-${subset.replace(/[[\]]/g, '')}-${weight}-normal.woff2`,
        );
  }
  return kept;
}

/** Deletes the other files under each listed package's files/; returns how many files and bytes went. */
export function pruneFonts(root) {
  const kept = new Set(keptFontFiles(root));
  const packages = new Set([...kept].map((path) => path.split('/')[1]));
  let files = 0;
  let bytes = 0;
  for (const pkg of packages) {
    const dir = join(root, 'node_modules', '@fontsource', pkg, 'files');
    for (const name of readdirSync(dir)) {
      if (kept.has(`@fontsource/${pkg}/files/${name}`)) continue;
      bytes += statSync(join(dir, name)).size;
      files++;
      rmSync(join(dir, name));
    }
  }
  return { files, bytes };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? '.');
  const { files, bytes } = pruneFonts(root);
  console.log(`prune-fonts: deleted ${files} font files the picture never loads (${(bytes / 2 ** 20).toFixed(0)} MB)`);
}
