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
  /** The clicked message: its id, and whatever else the handler under test reads of it (default: one showing the control). */
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
    // A person clicks what a message shows, so by default the message shows the clicked control.
    message: made.message ?? { id: '99', components: [{ type: 1, components: [{ type: 2, custom_id: customId }] }] },
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
