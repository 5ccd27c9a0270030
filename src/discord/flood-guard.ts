// What keeps someone who floods the bot from costing anything: a per-person allowance of the answers that cost
// work, the log lines and counts of refusals (src/limits/refusal-log.ts), and the public answers each person had
// lately (repeats.ts). One set per bot, all bounded, all in memory: a refusal writes nothing to the database.
import type { ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';
import type { Logger } from '../app/logger';
import { ExpiringMap } from '../limits/expiring-map';
import { RefusalLog } from '../limits/refusal-log';
import { UserLimiter } from '../limits/user-limiter';
import { UserFacingError } from './context';
import type { ComponentId } from './custom-id';
import type { Metrics } from './metrics';

/**
 * Ten answers at once, then one every 3 s (20 a minute): above anything a person types or a player asks for hints
 * in a game, and little work for one who floods. The wait to tell is then at most 3 s.
 */
export const ANSWER_BURST = 10;
export const ANSWERS_PER_SECOND = 1 / 3;
/** People whose allowance is kept; one who comes back after being forgotten starts with a full one. */
const MAX_PEOPLE = 10_000;

/**
 * The commands that read or draw (the database, the solver, a picture): all but `quit` and `end`, which leave or
 * stop one's own game and are never held back. A lobby (`start`) is one per channel, but a flood of them reads
 * too; `daily` reads the day's attempts before it refuses.
 */
const LIMITED_COMMANDS: ReadonlySet<string> = new Set([
  'start',
  'hint',
  'card',
  'leaderboard',
  'stats',
  'help',
  'settings',
  'daily',
  // `/olathe tournament create` and `show` (a group's subcommand is named alone).
  'create',
  'show',
]);
/** The buttons that answer with work of their own; turn and lobby buttons are the game, refused by its rules. */
const LIMITED_CONTROLS: ReadonlySet<string> = new Set(['hint', 'analysis', 'mycard', 'refresh']);

/** A public answer a person had in a channel (repeats.ts): when, for which options, and where it is. */
export interface Shown {
  args: string;
  link: string | null;
}

/** How long a public answer counts as just given: it is still on the screen of a channel at a normal pace. */
export const REPEAT_WINDOW_MS = 60_000;
const MAX_SHOWN = 5_000;

export class FloodGuard {
  readonly limiter = new UserLimiter(ANSWER_BURST, ANSWERS_PER_SECOND, MAX_PEOPLE);
  readonly refusals: RefusalLog;
  readonly shown = new ExpiringMap<Shown>(REPEAT_WINDOW_MS, MAX_SHOWN);

  constructor(log: Pick<Logger, 'info'>, metrics?: Metrics) {
    this.refusals = new RefusalLog({ log, ...(metrics ? { counter: metrics } : {}) });
  }

  /** Throws "slow down" when the interaction costs work and its person has used their allowance up. */
  allow(interaction: ChatInputCommandInteraction | MessageComponentInteraction, id: ComponentId | null): void {
    const limited = interaction.isChatInputCommand()
      ? LIMITED_COMMANDS.has(interaction.options.getSubcommand(false) ?? '')
      : id !== null && LIMITED_CONTROLS.has(id.action);
    if (!limited) return;
    const seconds = this.limiter.take(interaction.user.id);
    if (seconds > 0) throw UserFacingError.of('refusal.slowDown', { seconds });
  }
}

const guards = new WeakMap<object, FloodGuard>();

/** The bot's guard: one per context (the router's and the subcommands' own), made on first use. */
export function floodGuardOf(ctx: { log: Pick<Logger, 'info'>; metrics?: Metrics }): FloodGuard {
  let guard = guards.get(ctx);
  if (!guard) guards.set(ctx, (guard = new FloodGuard(ctx.log, ctx.metrics)));
  return guard;
}

/** Reasons counted apart by the key that words them; the rest are named after their key. */
const REASON_OF_KEY: Readonly<Record<string, string>> = {
  'refusal.slowDown': 'rate-limited',
  'reply.justShown': 'repeat',
  'reply.justShownHere': 'repeat',
};

/**
 * A refusal's reason for the log and the metrics' label: the engine's or the service's code, or the catalogue key
 * of the Discord layer's own refusal. All come from the code, so there are a few dozen at most.
 */
export function refusalReason(error: unknown): string {
  if (error instanceof UserFacingError) {
    if (!error.key) return 'other';
    const named = REASON_OF_KEY[error.key];
    return named ?? kebab(error.key.slice(error.key.lastIndexOf('.') + 1));
  }
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[a-z-]{1,40}$/.test(code) ? code : 'other';
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
