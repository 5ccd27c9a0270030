// What every command and component handler is given: the game service, the log, and the bot's own
// REST routes for messages made without a click.
import type { REST } from 'discord.js';
import type { GameService } from '../service/game-service';
import type { Logger } from '../logger';
import type { Publisher } from './publisher';

export interface BotContext {
  service: GameService;
  log: Logger;
  rest: REST;
  /** Brings the channel in line with the saved games (messages made without a click). */
  publisher: Publisher;
}

/** A refusal the user caused: shown to them as an ephemeral sentence, state unchanged. */
export class UserFacingError extends Error {
  override readonly name = 'UserFacingError';
}
