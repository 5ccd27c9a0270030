// What the loopback Discord saw of the bot over a whole night: no 4xx but those a test's injected faults
// answered or its kills caused, and allowed_mentions on every request that posts or edits a message (posts, edits, follow-ups, and
// the interaction callbacks that answer with a message or update one).
import { expect } from 'vitest';
import type { FakeDiscord, LoggedRequest } from '../../src/fake-discord';

const MESSAGE_ROUTES: Array<[string, RegExp]> = [
  ['POST', /\/channels\/\d+\/messages$/],
  ['PATCH', /\/channels\/\d+\/messages\/\d+$/],
  ['POST', /\/webhooks\/\d+\/[^/]+$/],
  ['PATCH', /\/webhooks\/\d+\/[^/]+\/messages\/[^/]+$/],
];

/** The message a request sends, if it sends one. */
function messageOf(r: LoggedRequest): Record<string, unknown> | null {
  const body = (r.body ?? {}) as Record<string, unknown>;
  if (MESSAGE_ROUTES.some(([method, path]) => r.method === method && path.test(r.path))) return body;
  // Callback types 4 (a reply) and 7 (the clicked message updated) carry a message.
  if (
    r.method === 'POST' &&
    /\/interactions\/\d+\/[^/]+\/callback$/.test(r.path) &&
    [4, 7].includes(body.type as number)
  )
    return (body.data ?? {}) as Record<string, unknown>;
  return null;
}

/** `caused`: the 4xx the test's own doings (a kill -9) may bring. */
export function checkRequests(fake: FakeDiscord, caused: (r: LoggedRequest) => boolean = () => false): void {
  const requests = fake.requests;
  const refused = requests.filter((r) => r.status >= 400 && r.status < 500 && !r.fault && !caused(r));
  expect(refused.map((r) => `${r.method} ${r.path} → ${r.status}`)).toEqual([]);
  const unmentioned = requests.filter((r) => {
    const message = messageOf(r);
    return message !== null && message.allowed_mentions === undefined;
  });
  expect(unmentioned.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body).slice(0, 200)}`)).toEqual([]);
  expect(requests.filter((r) => messageOf(r) !== null).length).toBeGreaterThan(100);
}
