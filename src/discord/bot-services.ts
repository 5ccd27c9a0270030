// What the bot's parts are given to reach the game, the log and Discord. Apart from context.ts, so that the
// Publisher, itself one of BotContext's parts, can be given them without importing the context it is in.
import type { REST } from 'discord.js';
import type { Logger } from '../app/logger';
import type { GameService } from '../service/game-service';
import type { Metrics } from './metrics';

export interface BotServices {
  service: GameService;
  log: Logger;
  rest: REST;
  /** The operator's counters; none when unset. */
  metrics?: Metrics;
}
