import type { ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../context';
import { start } from './start';
import { card, help, hint, leaderboard, settings } from './info';
import { end, quit } from './leave';

export type Subcommand = (interaction: ChatInputCommandInteraction, context: BotContext) => Promise<void>;

export const subcommands: Record<string, Subcommand> = { start, card, leaderboard, help, hint, quit, end, settings };
