// Every slash command module, by name: loaded only by the programs' entry points (the bot, the playground and
// `npm run deploy-commands`), which hand them to the rest, so src/ never imports commands/.
import { commandMap } from '../src/discord/context';
import * as olathe from './olathe';

export const commands = commandMap([olathe]);
