// The one-line log a finished turn collapses to, the shout and the Balut scoreboard; the lobby (lobby.ts) and
// the results (results.ts) are exported from here too.
import type { Dice, Variant } from '../../game';
import type { LastWrite, LogWork } from '../../service/game-service';
import {
  TIMEOUTS_BEFORE_REMOVAL,
  categoryLabel,
  columnLabel,
  filledCellCount,
  scoreCell,
  totalCellCount,
} from '../../game';
import type { MessageBody } from './turn';
import type { RenderableGame } from './view';
import { mention, seatName } from './view';
import { diceText, variantName } from './text';

export { layoutText, variantName } from './text';
export type { LobbySummary } from './lobby';
export { DIFFICULTY_TEXT, MAX_PLAYERS, quitText, renderLobby } from './lobby';
export { renderResults } from './results';

const SHOUT_TEXT = {
  cry: (variant: Variant) => (variant === 'olathe' ? 'O-la-the!' : 'Ba-lut!'),
  line: (cry: string, who: string, face: number) => `🎶 **${cry}** 🎶  ${who} threw five ${face}s!`,
  worth: (points: number, row: string) => `Five of a kind — worth **${points}** written in the ${row} row.`,
};

/**
 * A five of a kind, in a message of its own that stands out in a busy thread: the cry in the text (what a
 * notification or a reply preview shows), and the dice drawn large in a gold embed. Nobody is pinged.
 */
export function renderShout(game: RenderableGame, seat: number, dice: Dice): MessageBody {
  const variant = game.options.variant;
  return {
    content: SHOUT_TEXT.line(SHOUT_TEXT.cry(variant), mention(game, seat), dice[0]!),
    embeds: [
      {
        description: `# ${diceText(dice)}\n${SHOUT_TEXT.worth(scoreCell('olathe', dice), categoryLabel('olathe', variant))}`,
        color: 0xf1c40f,
        footer: { text: `game ${game.id}` },
      },
    ],
    components: [],
    allowedMentions: { parse: [] },
  };
}

/** Balut's shared progress: each player's cells written, and the cell they wrote last — the game's log. */
export function renderScoreboard(game: RenderableGame, last: ReadonlyMap<number, LastWrite> = new Map()): MessageBody {
  const state = game.state!;
  const parts = state.players.map((p, seat) => {
    const done = `${filledCellCount(p.card)}/${totalCellCount(p.card)}`;
    const write = last.get(seat);
    const where = write
      ? `${categoryLabel(write.category, game.options.variant)} (${columnLabel(game.options.columns, write.column)})`
      : '';
    const latest = write
      ? ` · ${write.timedOut ? 'ran out of time — the bot wrote' : 'wrote'} ${write.score} in ${where} — ${diceText(write.dice)}`
      : '';
    return `**${seatName(game, seat)}** ${done}${p.left ? ' (left)' : ''}${latest}`;
  });
  return {
    embeds: [
      {
        title: `📋 ${variantName(game)} — progress`,
        description: parts.join('\n'),
        footer: { text: `game ${game.id}` },
      },
    ],
    components: [],
    allowedMentions: { parse: [] },
  };
}

/** The line an ended turn leaves in the channel: `**Alice** wrote 24 in Choice (Free 1) — ⚄ ⚄ ⚃ ⚅ ⚃`. */
export function logLine(game: RenderableGame, work: LogWork): string {
  const name = seatName(game, work.seat);
  if (work.what === 'leave' || work.category === undefined || work.column === undefined || !work.dice)
    return `**${name}** left the game.`;
  const where = `${categoryLabel(work.category, game.options.variant)} (${columnLabel(game.options.columns, work.column)})`;
  const verb = work.what === 'timeout' ? 'ran out of time — the bot wrote' : 'wrote';
  const removed = work.removed
    ? ` ${name} timed out ${TIMEOUTS_BEFORE_REMOVAL} turns in a row and leaves the game.`
    : '';
  return `**${name}** ${verb} ${work.score ?? scoreCell(work.category, work.dice)} in ${where} — ${diceText(work.dice)}${removed}`;
}
