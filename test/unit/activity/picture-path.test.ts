// The results picture's address is the board's pass to it (an <img> carries no token): signed per game with the
// app's secret, relative to the page so it works under any prefix Discord's proxy or the playground puts it.
import { describe, expect, it } from 'vitest';
import { picturePath } from '../../../src/activity/picture';

describe("the results picture's address", () => {
  it('is relative to the page, and signed for its game under its key', () => {
    const path = picturePath(42, 'secret');
    expect(path).toMatch(/^api\/picture\/42-[\w-]{22}\.png$/);
    expect(new URL(path, 'https://1.discordsays.com/activity/').pathname).toBe(`/activity/${path}`);
    expect(picturePath(42, 'secret')).toBe(path);
    expect(picturePath(43, 'secret').split('-')[1]).not.toBe(path.split('-')[1]);
    expect(picturePath(42, 'another secret')).not.toBe(path);
  });
});
