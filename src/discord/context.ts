// What every command and component handler is given: the game service, the log, and the bot's own
// REST routes for messages made without a click.
import type { ChatInputCommandInteraction } from 'discord.js';
import type { BotServices } from './bot-services';
import type { Publisher } from './publisher';
import type { AckClock } from './metrics';
import type { MessageKey, Translate } from './i18n';
import { DEFAULT_LANGUAGE, tr } from './i18n';

export interface BotContext extends BotServices {
  /** Brings the channel in line with the saved games (messages made without a click). */
  publisher: Publisher;
  /** The slash commands, by name (the modules of commands/, loaded by the entry point). */
  commands: CommandMap;
  /** When each interaction was acknowledged, for its log line and the latency histogram. */
  acks?: AckClock;
}

/** A slash command module, as the discord.js guide has them: its definition, and what it does. */
export interface CommandModule {
  data: { name: string; toJSON(): unknown };
  execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void>;
}

export type CommandMap = ReadonlyMap<string, CommandModule>;

export function commandMap(modules: readonly CommandModule[]): CommandMap {
  return new Map(modules.map((m) => [m.data.name, m]));
}

/**
 * A refusal the user caused: shown to them as an ephemeral sentence, state unchanged. Its message is English
 * (for the log); with a catalogue key, the user reads it in their own language (refusals.ts).
 */
export class UserFacingError extends Error {
  override readonly name = 'UserFacingError';
  constructor(
    message: string,
    readonly key?: MessageKey,
    readonly vars?: Readonly<Record<string, string | number>>,
    /** Variables whose value is itself a text of the catalogue (a reason inside a sentence), by key. */
    readonly parts?: Readonly<Record<string, MessageKey>>,
  ) {
    super(message);
  }

  /** The refusal a catalogue key words, in the language of `t`. */
  text(t: Translate): string {
    if (!this.key) return this.message;
    const vars: Record<string, string | number> = { ...this.vars };
    for (const [name, key] of Object.entries(this.parts ?? {})) vars[name] = t(key, this.vars);
    return t(this.key, vars);
  }

  /** The refusal a catalogue key words. */
  static of(
    key: MessageKey,
    vars?: Record<string, string | number>,
    parts?: Record<string, MessageKey>,
  ): UserFacingError {
    const error = new UserFacingError('', key, vars, parts);
    return new UserFacingError(error.text(tr(DEFAULT_LANGUAGE)), key, vars, parts);
  }
}
