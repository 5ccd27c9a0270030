// The die-face emojis the project draws and uploads as application emojis: six faces, each plain and held.
// Names say die and face (`die_1` … `die_6`, `die_1_held` … `die_6_held`), so they read well in `<:name:id>`.

/** Width and height of each drawing in pixels: the size Discord asks for emoji images. */
export const DIE_SIZE = 128;

export const DIE_FACES = [1, 2, 3, 4, 5, 6] as const;
export type DieFace = (typeof DIE_FACES)[number];

export interface DieEmojiSpec {
  face: DieFace;
  held: boolean;
  /** The emoji's name on Discord, and its file's name (without .png) in assets/dice/. */
  name: string;
}

export function dieEmojiName(face: DieFace, held: boolean): string {
  return held ? `die_${face}_held` : `die_${face}`;
}

/** The twelve emojis, plain faces first. */
export const DIE_EMOJIS: readonly DieEmojiSpec[] = [false, true].flatMap((held) =>
  DIE_FACES.map((face) => ({ face, held, name: dieEmojiName(face, held) })),
);
