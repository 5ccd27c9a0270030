// `/olathe card`, `/olathe leaderboard`, `/olathe help`: reading, never changing, a game.
import type { ChatInputCommandInteraction } from 'discord.js';
import { MessageFlags, PermissionFlagsBits } from 'discord.js';
import { CATEGORIES, TOTAL_THRESHOLDS, categoryLabel, isCardFull } from '../../game';
import type { BotContext } from '../context';
import type { Args, OptionSpecs } from '../options';
import { subcommand } from '../options';
import { trFor } from '../i18n';
import { UserFacingError } from '../context';
import { layoutText, variantName } from '../render/game-messages';
import { leaderboardEmbed } from '../render/leaderboard';
import { cardTable, diceText, scoreLine } from '../render/text';
import { showHint as answerWithHint } from '../hint-replies';

export { LEADERBOARD_SIZE } from '../render/leaderboard';
export const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

const CARD_OPTIONS = {
  user: { type: 'user', description: 'Whose card (default: yours)' },
} as const satisfies OptionSpecs;

async function showCard(
  interaction: ChatInputCommandInteraction,
  args: Args<typeof CARD_OPTIONS>,
  ctx: BotContext,
): Promise<void> {
  const user = args.user ?? interaction.user;
  const t = trFor(interaction);
  const game = ctx.service.lastGameOf(interaction.guildId!, interaction.channelId, user.id);
  const seat = game?.players.find((p) => p.userId === user.id)?.seat;
  if (!game || !game.state || seat === undefined) {
    throw user.id === interaction.user.id
      ? UserFacingError.of('reply.noCardYou')
      : UserFacingError.of('reply.noCardOther', { userId: user.id });
  }
  const player = game.state.players[seat]!;
  const final = game.status !== 'playing' || player.left || isCardFull(player.card);
  const lines = ['```', cardTable(player.card, game.options.variant, t), '```', scoreLine(player.card, t, final)];
  if (player.turn.dice) lines.push(t('reply.diceOnTable', { dice: diceText(player.turn.dice) }));
  await interaction.reply({
    embeds: [
      {
        title: t('reply.cardTitle', {
          name: game.players[seat]!.name,
          variant: variantName(game),
          id: game.id,
          status: game.status,
        }),
        description: lines.join('\n'),
      },
    ],
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

const LEADERBOARD_OPTIONS = {
  period: {
    type: 'string',
    description: 'All time (default) or the last 30 days',
    choices: [
      { name: 'All time', value: 'all' },
      { name: 'Last 30 days', value: '30d' },
    ],
  },
} as const satisfies OptionSpecs;

async function showLeaderboard(
  interaction: ChatInputCommandInteraction,
  args: Args<typeof LEADERBOARD_OPTIONS>,
  ctx: BotContext,
): Promise<void> {
  const period = args.period ?? 'all';
  const since = period === '30d' ? Date.now() - THIRTY_DAYS_MS : undefined;
  const rows = ctx.service.leaderboard(interaction.guildId!, { since, includeBots: true });
  await interaction.reply({ embeds: [leaderboardEmbed(rows, period)], allowedMentions: { parse: [] } });
}

export function rulesText(): string {
  const thresholds = `Fours ≥ ${TOTAL_THRESHOLDS.fours}, Fives ≥ ${TOTAL_THRESHOLDS.fives}, Sixes ≥ ${TOTAL_THRESHOLDS.sixes}, Choice ≥ ${TOTAL_THRESHOLDS.choice}`;
  return [
    '**Each turn:** (Olathe: declare a column) → throw five dice up to 3 times, holding any between throws → write them into one empty cell.',
    `**Cells:** ${CATEGORIES.map((c) => categoryLabel(c, 'olathe')).join(', ')}. Fours/Fives/Sixes count those faces; Straight 1-5 = 15, 2-6 = 20; House (3+2) = pips; Choice = pips; Olathe (five of a kind) = 20 + pips. Dice that don't fit score 0.`,
    '**Columns:** Free — any empty cell. ↓ Down — Fours first, Olathe last. ↑ Up — Olathe first, Fours last.',
    `**Bonus points** (4 columns): ${thresholds} → 2 each; every Straight made → 4; every House made → 3; each Olathe → 2.`,
    '**Modifier** from the raw total: under 300 → −2, then +1 every 50 up to 650+ → +6. **Final = bonus + modifier** (−2 to 29). Other column counts scale the thresholds by N/4.',
    '**Balut:** 4 Free columns, everybody plays at once; the five-of-a-kind row is called Balut.',
    "**Full rules**, with worked examples: `docs/RULES.md` in the bot's repository.",
  ].join('\n');
}

async function showHelp(
  interaction: ChatInputCommandInteraction,
  _args: Args<NoOptions>,
  ctx: BotContext,
): Promise<void> {
  const game = ctx.service.openGameInChannel(interaction.channelId);
  const t = trFor(interaction);
  const here = game
    ? t('reply.helpHere', { variant: variantName(game), id: game.id, status: game.status, layout: layoutText(game) })
    : t('reply.helpNoGame');
  await interaction.reply({
    embeds: [{ title: t('reply.helpTitle'), description: `${rulesText()}\n\n${here}` }],
    flags: MessageFlags.Ephemeral,
  });
}

async function showHint(
  interaction: ChatInputCommandInteraction,
  _args: Args<NoOptions>,
  ctx: BotContext,
): Promise<void> {
  const game = ctx.service.openGameInChannel(interaction.channelId);
  if (!game) throw UserFacingError.of('reply.noGameForHint');
  await answerWithHint(interaction, game, ctx);
}

/** `/olathe settings [threads]`: shows the server's settings; changing them needs Manage Server. */
const SETTINGS_OPTIONS = {
  threads: { type: 'boolean', description: 'Play each game in a thread of its own (default on)' },
} as const satisfies OptionSpecs;

async function changeSettings(
  interaction: ChatInputCommandInteraction,
  args: Args<typeof SETTINGS_OPTIONS>,
  ctx: BotContext,
): Promise<void> {
  const guildId = interaction.guildId!;
  const threads = args.threads;
  if (threads !== undefined) {
    if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
      throw UserFacingError.of('reply.notManager');
    }
    ctx.service.setThreadsIn(guildId, threads);
  }
  const t = trFor(interaction);
  const text = t(ctx.service.threadsIn(guildId) ? 'reply.threadsOn' : 'reply.threadsOff');
  await interaction.reply({
    content: `${threads !== undefined ? t('reply.saved') : ''}${text}`,
    flags: MessageFlags.Ephemeral,
  });
}

type NoOptions = Record<never, never>;

export const hint = subcommand({
  description: 'The best dice to hold now, or the best cell to write (only you see it).',
  options: {},
  run: showHint,
});
export const card = subcommand({
  description: "Show a player's card in this channel's game (or their last finished one).",
  options: CARD_OPTIONS,
  run: showCard,
});
export const leaderboard = subcommand({
  description: "This server's best players.",
  options: LEADERBOARD_OPTIONS,
  run: showLeaderboard,
});
export const help = subcommand({
  description: "The rules in short, and this channel's game.",
  options: {},
  run: showHelp,
});
export const settings = subcommand({
  description: "This server's game settings (Manage Server to change them).",
  options: SETTINGS_OPTIONS,
  run: changeSettings,
});
