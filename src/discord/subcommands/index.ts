// The subcommands of /olathe, in the order Discord lists them: each one's description and options as data
// (commands/olathe.ts builds the command's definition from them) and what it does.
import type { SubcommandEntry, SubcommandGroupEntry } from '../options';
import { start } from './start';
import { card, help, hint, leaderboard, settings } from './info';
import { end, quit } from './leave';
import { daily } from './daily';
import { stats } from './stats';
import { tournament } from './tournament';

export const subcommands: Readonly<Record<string, SubcommandEntry | SubcommandGroupEntry>> = {
  start,
  hint,
  card,
  leaderboard,
  stats,
  help,
  quit,
  end,
  settings,
  daily,
  tournament,
};
