// Clicks and commands the bot must refuse, aimed at one open turn message: other people on its controls, old
// stamps, illegal cells, garbage and truncated custom_ids, random stamps, other games' ids, lobby actions on a game
// in play. Sent as a modified client could (`unchecked`: the fake does not ask whether the message shows the
// control), many at once; each must be answered privately, and nothing else may happen in the channel.
import { expect } from 'vitest';
import { parseCustomId } from '../../src/discord/custom-id';
import { CATEGORIES } from '../../src/game';
import type { FakeDiscord, FakeInteraction, FakeMessage, FakeUser, LoggedRequest } from '../../src/fake-discord';
import type { Control } from './harness';
import { controlsOf } from './harness';

export interface Refused {
  /** What it is, for a failure's message. */
  what: string;
  send(): FakeInteraction;
}

export interface Target {
  fake: FakeDiscord;
  gameId: number;
  /** The open turn message, the player whose turn it is, a seated player whose turn it is not, a stranger. */
  card: FakeMessage;
  owner: FakeUser;
  seated: FakeUser;
  outsider: FakeUser;
  /** Controls each of these people may have clicked once, no longer current: old stamps, another game's. */
  stale: { by: FakeUser; control: Control }[];
  /** Current controls of another game, clicked here by people whose cards they are not. */
  foreign: Control[];
}

/** A small seeded generator, so that a failing run can be read again. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

export function refusedClicks(t: Target, seed: number): Refused[] {
  const { fake, card, owner, seated, outsider, gameId: g } = t;
  const rand = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const out: Refused[] = [];
  const click = (user: FakeUser, customId: string, what: string) =>
    out.push({
      what: `${what}: ${customId} by ${user.username}`,
      send: () => fake.click(user, card.id, customId, { unchecked: true }),
    });
  const select = (user: FakeUser, customId: string, value: string, what: string) =>
    out.push({
      what: `${what}: ${customId} [${value}] by ${user.username}`,
      send: () => fake.select(user, card.id, customId, [value], { unchecked: true }),
    });
  const use = (user: FakeUser, c: Control, what: string) => {
    if (c.type === 2) click(user, c.customId, what);
    for (const o of c.options ?? []) select(user, c.customId, o.value, what);
  };
  const controls = controlsOf(card);
  for (const c of controls) for (const user of [outsider, seated]) use(user, c, 'not theirs');
  // A player's own 💡 is a hint whatever its stamp says: only the other hints are refused.
  for (const { by, control } of t.stale)
    if (!(by === owner && control.id?.action === 'hint')) use(by, control, 'stale');
  for (const c of t.foreign) for (const user of [owner, seated]) use(user, c, 'other game');
  const write = controls.find((c) => c.id?.action === 'write');
  if (write) {
    const offered = new Set(write.options!.map((o) => o.value));
    for (let column = 0; column < 8; column++)
      for (const category of CATEGORIES)
        if (!offered.has(`${column}.${category}`) && rand() < 0.5)
          select(owner, write.customId, `${column}.${category}`, 'illegal cell');
    for (const value of ['', 'x', '0.', '.sixes', '0.sixes.1', '99.sixes', '-1.ones'])
      select(owner, write.customId, value, 'no cell');
  }
  const anyone = [owner, seated, outsider];
  // A hold's id cut before its last part is the older toggle's, a move still: only cuts that mean nothing.
  for (const c of controls)
    for (let cut = 1; cut < c.customId.length; cut += 2)
      if (!parseCustomId(c.customId.slice(0, cut))) click(pick(anyone), c.customId.slice(0, cut), 'truncated');
  // Random stamps on every seat, most of them ahead of the game: what a card the game never saved would carry.
  const current = new Set(controls.flatMap((c) => (c.id && 'stamp' in c.id ? [c.id.stamp] : [])));
  for (let n = 0; n < 100; n++) {
    const stamp = `${Math.floor(rand() * 30)}.${Math.floor(rand() * 10)}`;
    if (current.has(stamp)) continue;
    const action = pick(['throw', 'hold', 'hint'] as const);
    const tail = action === 'hold' ? `:${Math.floor(rand() * 5)}:${Math.floor(rand() * 2)}` : '';
    const id = `o1:${action}:${g}:${pick([0, 1, 2, 7])}:${stamp}${tail}`;
    click(pick(action === 'hint' ? [seated, outsider] : anyone), id, 'random stamp');
  }
  for (let n = 0; n < 60; n++) {
    const text = Array.from({ length: 1 + Math.floor(rand() * 110) }, () =>
      String.fromCharCode(33 + Math.floor(rand() * 94)),
    ).join('');
    click(pick(anyone), pick([text, `o1:${text}`, `o1:throw:${g}:${text}`]), 'random');
  }
  for (const id of [`o1:throw:${g + 1000}:0:0.0`, 'o1:throw:99999999:0:0.1', `o2:throw:${g}:0:0.0`])
    click(owner, id, 'no such game');
  for (const action of ['join', 'start', 'cancel', 'leave', 'analysis', 'rematch', 'mycard', 'addbot'])
    click(action === 'start' || action === 'mycard' ? owner : outsider, `o1:${action}:${g}`, 'lobby action');
  click(seated, `o1:cancel:${g}`, 'lobby action');
  const command = (user: FakeUser, sub: string) =>
    out.push({
      what: `/olathe ${sub} by ${user.username}`,
      send: () => fake.slash(user, 'olathe', {}, { subcommand: sub, channelId: card.channelId }),
    });
  // (Not `end` by a seated player: the host may end the game.)
  command(outsider, 'end');
  command(outsider, 'quit');
  command(outsider, 'start');
  command(seated, 'start');
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Sends them `batch` at a time, a batch all at once; each must be answered privately. */
export async function sendAll(refused: Refused[], batch = 24): Promise<void> {
  for (let at = 0; at < refused.length; at += batch)
    await Promise.all(
      refused.slice(at, at + batch).map(async (r) => {
        const answer = await r.send().reply(10_000);
        expect(answer.flags & 64, r.what).toBe(64);
      }),
    );
}

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Posts, edits, deletions and reactions of messages everyone sees (the channel routes). */
export function publicWrites(requests: LoggedRequest[]): string[] {
  return requests.filter((r) => WRITES.has(r.method) && r.path.includes('/channels/')).map(line);
}

/** Every request but an interaction's own answer (its callback). */
export function besidesAnswers(requests: LoggedRequest[]): string[] {
  return requests
    .filter((r) => !(r.method === 'POST' && /\/interactions\/\d+\/[^/]+\/callback$/.test(r.path)))
    .map(line);
}

const line = (r: LoggedRequest) => `${r.method} ${r.path} ${r.status}`;
