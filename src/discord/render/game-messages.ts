// The one-line log a finished turn collapses to, the shout and the Balut scoreboard; the lobby (lobby.ts) and
// the results (results.ts) are exported from here too.
import type { Category, Dice, Variant } from '../../game';
import type { LastWrite, LogWork } from '../../service/game-service';
import { TIMEOUTS_BEFORE_REMOVAL, filledCellCount, scoreCell, totalCellCount } from '../../game';
import type { Translate } from '../i18n';
import type { MessageBody } from './turn';
import type { RenderableGame } from './view';
import { mention, seatName } from './view';
import { categoryName, columnName, diceText, gameT, variantName } from './text';

export { layoutText, variantName } from './text';
export type { LobbySummary } from './lobby';
export { MAX_PLAYERS, quitText, renderLobby } from './lobby';
export { renderResults } from './results';

const cry = (t: Translate, variant: Variant) => t(variant === 'olathe' ? 'log.cryOlathe' : 'log.cryBalut');

/**
 * A five of a kind, in a message of its own that stands out in a busy thread: the cry in the text (what a
 * notification or a reply preview shows), and the dice drawn large in a gold embed. Nobody is pinged.
 */
export function renderShout(game: RenderableGame, seat: number, dice: Dice): MessageBody {
  const variant = game.options.variant;
  const t = gameT(game);
  const worth = t('log.worth', { points: scoreCell('olathe', dice), row: categoryName(t, 'olathe', variant) });
  return {
    content: t('log.shout', { cry: cry(t, variant), who: mention(game, seat), face: dice[0]! }),
    embeds: [
      {
        description: `# ${diceText(dice)}\n${worth}`,
        color: 0xf1c40f,
        footer: { text: t('word.game', { id: game.id }) },
      },
    ],
    components: [],
    allowedMentions: { parse: [] },
  };
}

/** Balut's shared progress: each player's cells written, and the cell they wrote last — the game's log. */
export function renderScoreboard(game: RenderableGame, last: ReadonlyMap<number, LastWrite> = new Map()): MessageBody {
  const state = game.state!;
  const t = gameT(game);
  const parts = state.players.map((p, seat) => {
    const done = `${filledCellCount(p.card)}/${totalCellCount(p.card)}`;
    const write = last.get(seat);
    const latest = write
      ? t('log.latest', {
          verb: t(write.timedOut ? 'log.botWrote' : 'log.wrote'),
          score: write.score,
          where: cellWhere(t, game, write.category, write.column),
          dice: diceText(write.dice),
        })
      : '';
    return `**${seatName(game, seat)}** ${done}${p.left ? t('word.left') : ''}${latest}`;
  });
  return {
    embeds: [
      {
        title: t('log.progress', { variant: variantName(game) }),
        description: parts.join('\n'),
        footer: { text: t('word.game', { id: game.id }) },
      },
    ],
    components: [],
    allowedMentions: { parse: [] },
  };
}

/** The line an ended turn leaves in the channel: `**Alice** wrote 24 in Choice (Free 1) — ⚄ ⚄ ⚃ ⚅ ⚃`. */
export function logLine(game: RenderableGame, work: LogWork): string {
  const name = seatName(game, work.seat);
  const t = gameT(game);
  if (work.what === 'leave' || work.category === undefined || work.column === undefined || !work.dice)
    return t('log.leftGame', { name });
  return t('log.line', {
    name,
    verb: t(work.what === 'timeout' ? 'log.botWrote' : 'log.wrote'),
    score: work.score ?? scoreCell(work.category, work.dice),
    where: cellWhere(t, game, work.category, work.column),
    dice: diceText(work.dice),
    removed: work.removed ? t('log.removed', { name, count: TIMEOUTS_BEFORE_REMOVAL }) : '',
  });
}

/** "Choice (Free 1)": a cell as the card names it. */
function cellWhere(t: Translate, game: RenderableGame, category: Category, column: number): string {
  return `${categoryName(t, category, game.options.variant)} (${columnName(t, game.options.columns, column)})`;
}
