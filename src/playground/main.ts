// `npm run playground`: the fake Discord, the real bot against it, and a web page to play on localhost.
import dotenv from 'dotenv';
import { runPlayground } from './cli';
import { commands } from '../../commands';

dotenv.config({ quiet: true });

runPlayground(process.env, commands).catch((error) => {
  console.error(`olathe: the playground could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
