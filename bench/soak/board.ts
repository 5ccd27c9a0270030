// The soak bench's view of one fake Discord (soak.bench.ts): every public message with controls of ours,
// indexed by game, from the fake's change events, so a person waiting for their card costs nothing until a
// message of their game changes. With hundreds of games at once, support/controls.ts's Board (a scan of every
// message per look) and fake.waitFor (every predicate re-run on every change) would cost the driver more than
// the bots it measures.
import type { ChangeEvent, FakeDiscord, FakeMessage } from '../../src/fake-discord';
import type { Control } from '../support/controls';
import { controlsOf, signatureOf, stampOf } from '../support/controls';

export const TURN_ACTIONS: ReadonlySet<string> = new Set(['throw', 'hold', 'write', 'declare', 'predict']);

/** A seat's newest card: the message drawn at the latest moment of the turn, and its live turn controls. */
export interface SeatCard {
  messageId: string;
  controls: Control[];
  /** The moment (turns taken . throws used) the controls were drawn for. */
  moment: number;
  /** What the card offers, to tell whether a click changed it. */
  signature: string;
}

export class SoakBoard {
  /** gameId → messageId → its enabled controls of that game. */
  private readonly games = new Map<number, Map<string, Control[]>>();
  /** messageId → the games it carries controls of, to drop it from them when it changes. */
  private readonly messageGames = new Map<string, number[]>();
  private readonly finishedGames = new Set<number>();
  private readonly waiters = new Map<number, Set<() => void>>();

  constructor(fake: FakeDiscord, onChange: (event: ChangeEvent) => void) {
    fake.on('change', (event) => {
      this.index(event);
      onChange(event);
    });
  }

  private index(event: ChangeEvent): void {
    const m = event.message;
    if (m.ephemeralFor !== undefined) return;
    const touched = new Set(this.messageGames.get(m.id) ?? []);
    for (const gameId of touched) this.games.get(gameId)?.delete(m.id);
    this.messageGames.delete(m.id);
    if (event.type !== 'messageDelete') {
      const byGame = new Map<number, Control[]>();
      for (const c of controlsOf(m)) {
        // The results carry the analysis button: the game is over, whatever else its messages still show.
        if (c.id.action === 'analysis') this.finishedGames.add(c.id.gameId);
        if (c.disabled) continue;
        const list = byGame.get(c.id.gameId) ?? [];
        list.push(c);
        byGame.set(c.id.gameId, list);
      }
      for (const [gameId, controls] of byGame) {
        let messages = this.games.get(gameId);
        if (!messages) this.games.set(gameId, (messages = new Map()));
        messages.set(m.id, controls);
        touched.add(gameId);
      }
      if (byGame.size) this.messageGames.set(m.id, [...byGame.keys()]);
    }
    for (const gameId of touched) for (const wake of [...(this.waiters.get(gameId) ?? [])]) wake();
  }

  finished(gameId: number): boolean {
    return this.finishedGames.has(gameId);
  }

  /** Forgets a game once its place has moved on (bounded memory over a long run). */
  forget(gameId: number): void {
    for (const messageId of this.games.get(gameId)?.keys() ?? []) this.messageGames.delete(messageId);
    this.games.delete(gameId);
    this.finishedGames.delete(gameId);
  }

  /** The enabled controls of a game on one message (e.g. its lobby). */
  controlsOn(gameId: number, messageId: string): Control[] {
    return this.games.get(gameId)?.get(messageId) ?? [];
  }

  /** The seat's newest card with live turn controls; undefined while it has none (not its turn, card full). */
  seatCard(gameId: number, seat: number): SeatCard | undefined {
    let best: { messageId: string; controls: Control[]; moment: number } | undefined;
    for (const [messageId, all] of this.games.get(gameId) ?? []) {
      const controls = all.filter((c) => TURN_ACTIONS.has(c.id.action) && 'seat' in c.id && c.id.seat === seat);
      if (!controls.length) continue;
      const moment = Math.max(...controls.map(stampOf));
      const newer =
        !best || moment > best.moment || (moment === best.moment && BigInt(messageId) > BigInt(best.messageId));
      if (newer) best = { messageId, controls, moment };
    }
    if (!best) return undefined;
    return { ...best, signature: signatureOf(best.messageId, best.controls) };
  }

  /**
   * Resolves with `look()`'s first defined value, looked at now and after each change of the game's messages;
   * undefined after `timeoutMs` or once `stop()` says so (checked at each change and every second).
   */
  wait<T>(gameId: number, look: () => T | undefined, timeoutMs: number, stop: () => boolean): Promise<T | undefined> {
    const first = look();
    if (first !== undefined || timeoutMs <= 0) return Promise.resolve(first);
    return new Promise((resolve) => {
      let set = this.waiters.get(gameId);
      if (!set) this.waiters.set(gameId, (set = new Set()));
      const done = (value: T | undefined) => {
        set.delete(wake);
        if (!set.size) this.waiters.delete(gameId);
        clearTimeout(timer);
        clearInterval(poll);
        resolve(value);
      };
      const wake = () => {
        const value = look();
        if (value !== undefined || stop()) done(value);
      };
      set.add(wake);
      const timer = setTimeout(() => done(undefined), timeoutMs);
      const poll = setInterval(() => stop() && done(undefined), 1000);
    });
  }
}

/**
 * What one card has shown, for a refusal's or a regression's example: the moment of each version, oldest first,
 * and for the last few which request drew it — a channel PATCH (the bot's Publisher) or the answer to a click,
 * matched by time (`answeredAt`: when clicks on it were answered) — and how long before now.
 */
export function cardHistory(fake: FakeDiscord, messageId: string, answeredAt: readonly number[]): string {
  const m = fake.message(messageId);
  if (!m) return '(message gone)';
  const versions = [...m.history, m];
  const shownAt = versions.map((_, i) => (i === 0 ? m.createdAt : m.history[i - 1]!.replacedAt));
  const moment = (components: FakeMessage['components']) =>
    Math.max(-1, ...controlsOf({ ...m, components }).map(stampOf));
  const patches = fake.requests
    .filter((r) => r.method === 'PATCH' && r.path.endsWith(`/messages/${messageId}`))
    .map((r) => r.at);
  const now = Date.now();
  return versions
    .map((v, i) => {
      if (i < versions.length - 4) return String(moment(v.components));
      // The fake logs a request as it arrives and applies it once read and checked: a few ms later.
      const patch = patches.filter((at) => at <= shownAt[i]! && shownAt[i]! - at <= 200).pop();
      const patchGap = patch === undefined ? Infinity : shownAt[i]! - patch;
      const clickGap = Math.min(...answeredAt.map((at) => Math.abs(at - shownAt[i]!)));
      const by =
        patchGap <= 200 && patchGap <= clickGap
          ? `PATCH that arrived ${patchGap} ms before`
          : clickGap <= 50
            ? 'click answer'
            : 'neither found';
      return `${moment(v.components)} (${by}, ${now - shownAt[i]!} ms ago)`;
    })
    .join(' → ');
}
