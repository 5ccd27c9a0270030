// What the bot shows on the fake Discord, read as a person sees it: the controls of its messages, the moment each
// was drawn for, the newest card; and the seeded choices of the benches' players among them.
import type { FakeDiscord, FakeMessage } from '../../src/fake-discord';
import type { ComponentId } from '../../src/discord/custom-id';
import { parseCustomId } from '../../src/discord/custom-id';

export type Control = { customId: string; id: ComponentId; label: string; disabled: boolean; options: string[] };

/** Every control of ours on a message, however deeply nested (rows, containers, section accessories). */
export function controlsOf(message: Pick<FakeMessage, 'components'>): Control[] {
  const found: Control[] = [];
  const walk = (items: unknown): void => {
    if (!Array.isArray(items)) return;
    for (const raw of items) {
      if (!raw || typeof raw !== 'object') continue;
      const c = raw as Record<string, unknown>;
      const id = typeof c.custom_id === 'string' ? parseCustomId(c.custom_id) : null;
      if (id) {
        const options = Array.isArray(c.options)
          ? (c.options as Array<{ value: string }>).map((o) => String(o.value))
          : [];
        found.push({
          customId: c.custom_id as string,
          id,
          label: String(c.label ?? ''),
          disabled: c.disabled === true,
          options,
        });
      }
      walk(c.components);
      if (c.accessory) walk([c.accessory]);
    }
  };
  walk(message.components);
  return found;
}

/** A turn control's moment as a number (turns taken . throws used, one digit): later moments are larger. */
export const stampOf = (c: Control): number => ('stamp' in c.id ? Number(c.id.stamp) : 0);

/** What a card offers (its message and controls), to tell whether a click changed it. */
export const signatureOf = (messageId: string, controls: readonly Control[]): string =>
  messageId + controls.map((c) => `${c.customId}|${c.label}|${c.options.join(',')}`).join(';');

/** Keeps every public message that carries controls, from the fake's change events: whatever channel or thread. */
export class Board {
  private readonly withControls = new Map<string, FakeMessage>();
  constructor(fake: FakeDiscord) {
    fake.on('change', (event) => {
      const m = event.message;
      if (event.type === 'messageDelete' || m.ephemeralFor !== undefined || controlsOf(m).length === 0)
        this.withControls.delete(m.id);
      else this.withControls.set(m.id, m);
    });
  }
  /**
   * The message with an enabled control that `wanted` accepts, and those controls: the one drawn at the latest
   * moment of the turn (its stamp), then the newest. A card left behind with live but stale controls loses.
   */
  latest(wanted: (id: ComponentId) => boolean): { message: FakeMessage; controls: Control[] } | undefined {
    let best: { message: FakeMessage; controls: Control[]; rank: [number, bigint] } | undefined;
    for (const message of this.withControls.values()) {
      const controls = controlsOf(message).filter((c) => !c.disabled && wanted(c.id));
      if (!controls.length) continue;
      const rank: [number, bigint] = [Math.max(...controls.map(stampOf)), BigInt(message.id)];
      if (!best || rank[0] > best.rank[0] || (rank[0] === best.rank[0] && rank[1] > best.rank[1]))
        best = { message, controls, rank };
    }
    return best && { message: best.message, controls: best.controls };
  }
}

/** A small seeded generator of choices in [0, n), so the bots compared get the same sequence of them. */
export function picker(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}
