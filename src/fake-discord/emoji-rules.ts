// What Discord accepts as an application emoji (resources/emoji.mdx): a name of 2–32 of [A-Za-z0-9_] that the
// app does not use yet, an image given as a data URI of a PNG, JPEG, GIF, WebP or AVIF file (told by its bytes,
// whatever type the URI declares; discord-api-docs PR 8538) of at most 256 KiB, up to
// 2,000 emojis per app. And what it refuses on a button or a select option: a custom emoji (one with an id) the
// app does not own and no guild of the fake has. Text such as `<:die_1:123>` is never checked: it is just text.
import { isObject } from './json';
import type { JsonObject } from './json';
import type { Violation } from './limits';

export const APP_EMOJI_LIMITS = {
  perApplication: 2000,
  nameMin: 2,
  nameMax: 32,
  /** 256 KiB, as the docs say; bigger uploads are refused with 400. */
  imageBytes: 256 * 1024,
} as const;

const NAME = /^[A-Za-z0-9_]+$/;

/** Content types Discord takes for emoji, and how each file begins. */
const FORMATS: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  'image/avif': (b) =>
    b.subarray(4, 8).toString('latin1') === 'ftyp' && b.subarray(8, 12).toString('latin1') === 'avif',
};

export interface DecodedImage {
  contentType: string;
  bytes: Uint8Array;
}

/** Problems with a name (for a new emoji or a rename); `taken` says whether another emoji of the app has it. */
export function checkEmojiName(name: unknown, taken: (name: string) => boolean): Violation[] {
  const path = ['name'];
  if (typeof name !== 'string') {
    return [{ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required', rule: 'emoji name is missing' }];
  }
  const { nameMin, nameMax } = APP_EMOJI_LIMITS;
  if (name.length < nameMin || name.length > nameMax) {
    return [
      {
        path,
        code: 'BASE_TYPE_BAD_LENGTH',
        message: `Must be between ${nameMin} and ${nameMax} in length.`,
        rule: `emoji name "${name}" is ${name.length} characters (${nameMin}–${nameMax})`,
      },
    ];
  }
  if (!NAME.test(name)) {
    return [
      {
        path,
        code: 'STRING_TYPE_REGEX',
        message: 'String value did not match validation regex.',
        rule: `emoji name "${name}" has characters other than A–Z, a–z, 0–9 and _`,
      },
    ];
  }
  if (taken(name)) {
    // Observed wording; the docs do not list this error.
    return [
      {
        path,
        code: 'APPLICATION_EMOJI_NAME_ALREADY_TAKEN',
        message: 'Emoji name already taken',
        rule: `the application already has an emoji named "${name}"`,
      },
    ];
  }
  return [];
}

/** The image of a new emoji: a base64 data URI of an accepted format, at most 256 KiB once decoded. */
export function decodeEmojiImage(image: unknown): { image?: DecodedImage; violations: Violation[] } {
  const invalid = (rule: string): { violations: Violation[] } => ({
    violations: [{ path: ['image'], code: 'IMAGE_INVALID', message: 'Invalid image data', rule }],
  });
  if (typeof image !== 'string') return invalid('emoji image is missing or not a data URI string');
  const match = /^data:([\w.+/-]+);base64,([A-Za-z0-9+/=\s]*)$/.exec(image);
  if (!match) return invalid('emoji image is not a base64 data URI');
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.byteLength > APP_EMOJI_LIMITS.imageBytes) {
    return {
      violations: [
        {
          path: ['image'],
          code: 'BINARY_TYPE_MAX_SIZE',
          message: 'File cannot be larger than 256.0 kb.',
          rule: `emoji image is ${bytes.byteLength} bytes (limit ${APP_EMOJI_LIMITS.imageBytes})`,
        },
      ],
    };
  }
  // Discord goes by the bytes, not the declared type (discord.js labels every Buffer image/jpg).
  const contentType = Object.entries(FORMATS).find(([, looksLike]) => looksLike(bytes))?.[0];
  if (!contentType) return invalid(`emoji image (declared ${match[1]}) is not a PNG, JPEG, GIF, WebP or AVIF file`);
  return { image: { contentType, bytes: new Uint8Array(bytes) }, violations: [] };
}

/**
 * Custom emojis on buttons and select options that `known` does not recognise, as Discord reports them:
 * 50035 with BUTTON_COMPONENT_INVALID_EMOJI at `…emoji.id` (the code is the same for select options).
 */
export function checkComponentEmojis(components: unknown, known: (id: string) => boolean): Violation[] {
  const violations: Violation[] = [];
  const check = (emoji: unknown, path: Array<string | number>): void => {
    if (!isObject(emoji) || emoji.id === undefined || emoji.id === null) return;
    const id = String(emoji.id);
    if (known(id)) return;
    violations.push({
      path: [...path, 'emoji', 'id'],
      code: 'BUTTON_COMPONENT_INVALID_EMOJI',
      message: 'Invalid emoji',
      rule: `${path.join('.')} uses custom emoji ${id} (${String(emoji.name)}), which the application does not own`,
    });
  };
  const walk = (list: unknown, path: Array<string | number>): void => {
    if (!Array.isArray(list)) return;
    list.forEach((item: unknown, i) => {
      if (!isObject(item)) return;
      const here = [...path, i];
      check(item.emoji, here);
      if (Array.isArray(item.options)) {
        (item.options as unknown[]).forEach((option, j) => {
          if (isObject(option)) check((option as JsonObject).emoji, [...here, 'options', j]);
        });
      }
      walk(item.components, [...here, 'components']);
      if (isObject(item.accessory)) check(item.accessory.emoji, [...here, 'accessory']);
    });
  };
  walk(components, ['components']);
  return violations;
}
