// A button click as the router receives it, made by hand for the router's tests: the fields the router and the
// handlers read, and the answers they give (reply, followUp, update) recorded in order.
import type { Interaction } from 'discord.js';

export interface Answer {
  kind: 'reply' | 'followUp' | 'update';
  body: unknown;
}

export interface HandMadeClick {
  user?: { id: string; displayName: string };
  guildId?: string;
  channelId?: string;
  locale?: string;
  /** The clicked message: its id, and whatever else the handler under test reads of it. */
  message?: Record<string, unknown>;
  replied?: boolean;
}

export function handMadeClick(
  customId: string,
  made: HandMadeClick = {},
): { interaction: Interaction; calls: Answer[] } {
  const calls: Answer[] = [];
  const interaction = {
    id: '1',
    customId,
    user: made.user ?? { id: '42', displayName: 'Alice' },
    member: null,
    guildId: made.guildId ?? '7',
    channelId: made.channelId ?? '8',
    ...(made.locale ? { locale: made.locale } : {}),
    message: made.message ?? { id: '99' },
    replied: made.replied ?? false,
    deferred: false,
    isChatInputCommand: () => false,
    isButton: () => true,
    isStringSelectMenu: () => false,
    reply: async (body: unknown) => void calls.push({ kind: 'reply', body }),
    followUp: async (body: unknown) => void calls.push({ kind: 'followUp', body }),
    update: async (body: unknown) => void calls.push({ kind: 'update', body }),
  };
  return { interaction: interaction as unknown as Interaction, calls };
}
