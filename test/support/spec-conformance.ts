// vitest setup for every test file: after an end-to-end or browser file, no request the bot sent to any loopback
// Discord of the file broke Discord's published spec (src/fake-discord/spec-check.ts). Contract tests send bad
// requests on purpose, so the check is for the files that run the real bot.
import { afterAll, expect } from 'vitest';
import { SPEC_BREACHES } from '../../src/fake-discord/spec-breaches';

afterAll(() => {
  const file = expect.getState().testPath ?? '';
  if (!/[\\/]test[\\/](e2e|browser)[\\/]/.test(file)) return;
  expect(SPEC_BREACHES.splice(0), "requests that break Discord's published spec").toEqual([]);
});
