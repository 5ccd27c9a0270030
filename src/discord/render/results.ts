// The results: who won (or that nobody could — a solo game, a game ended early), the standings, and each
// player's score taken apart — raw points, each incentive met or missed, the modifier's band, the final
// points — so a player sees why they won or lost.
import type { APIEmbedField } from 'discord.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import type { Breakdown, Variant } from '../../game';
import { TOTAL_THRESHOLDS, categoryLabel, gameResults, modifierBand, scaledThreshold } from '../../game';
import { encodeCustomId } from '../custom-id';
import type { MessageBody } from './turn';
import type { RenderableGame } from './view';
import { mention, seatName } from './view';
import { fivesText, points, signed, variantName } from './text';

/** Names in the table are cut to this many characters; they come last in a row, so none shifts a column. */
const TABLE_NAME_LENGTH = 20;

/** "17 points", "1 point", "−2 points". */
export function pointsText(n: number): string {
  return `${points(n)} ${Math.abs(n) === 1 ? 'point' : 'points'}`;
}

/** Every person left (or was removed): the computer players stop with them. */
function everyoneLeft(game: RenderableGame): boolean {
  return game.state!.players.every((p, seat) => p.left || game.players[seat]?.isBot === true);
}

/** Why a game ended before the cards were full, in a few words. */
export function endReason(game: RenderableGame): string {
  if (game.channelGone) return 'its channel was deleted or closed to me';
  if (everyoneLeft(game)) return 'everyone left';
  return 'it was stopped before the cards were full';
}

/** How the game came out, in one line. Only a game that two or more played to the end has a winner. */
export function headline(game: RenderableGame): string {
  const results = gameResults(game.state!);
  if (game.status === 'ended') return `⏹ Game ended early — ${endReason(game)}. The cards score as they stand.`;
  const stayed = results.standings.filter((s) => !s.left);
  const top = results.standings[0]!;
  if (stayed.length === 1) {
    const alone = game.players.length > 1 ? ' — the only one who played to the end' : '';
    return `🏁 ${mention(game, stayed[0]!.seat)} finished with ${pointsText(stayed[0]!.breakdown.final)}${alone}.`;
  }
  const winners = results.winners.map((seat) => mention(game, seat));
  if (winners.length === 0) return 'Nobody finished the game.';
  const next = results.standings[1];
  // Equal final points are decided by the raw total (RULES.md "Winner"): said, or the win looks arbitrary.
  const onRaw = next && !next.left && next.breakdown.final === top.breakdown.final ? ', ahead on the raw total' : '';
  if (winners.length === 1) return `🏆 ${winners[0]} wins with ${pointsText(top.breakdown.final)}${onRaw}!`;
  return `🏆 Shared win: ${winners.join(' and ')} with ${pointsText(top.breakdown.final)} each!`;
}

/** "Alice 17 · Bob 8": the standings in one line, for where no results message can go. */
export function standingsLine(game: RenderableGame): string {
  return gameResults(game.state!)
    .standings.map((s) => `${mention(game, s.seat)} ${points(s.breakdown.final)}`)
    .join(' · ');
}

/** The standings as a monospace table: numbers first, the name last. */
function standingsTable(game: RenderableGame): string[] {
  const { standings } = gameResults(game.state!);
  const header = `${''.padEnd(3)}${'raw'.padStart(4)}${'bonus'.padStart(6)}${'mod'.padStart(5)}${'final'.padStart(6)}`;
  const lines = [header];
  for (const s of standings) {
    const b = s.breakdown;
    const name = [...seatName(game, s.seat)].slice(0, TABLE_NAME_LENGTH).join('');
    lines.push(
      `${`${s.place}.`.padEnd(3)}${String(b.rawTotal).padStart(4)}${signed(b.incentiveTotal).padStart(6)}${signed(b.modifier).padStart(5)}${points(b.final).padStart(6)}  ${name}${s.left ? ' (left)' : ''}`,
    );
  }
  return lines;
}

/** The incentives of a card, each met (✓, with its points) or missed (✗, with how far it got). */
export function incentiveLines(b: Breakdown, variant: Variant): string[] {
  const n = b.columns.length;
  const met: string[] = [];
  const missed: string[] = [];
  for (const category of ['fours', 'fives', 'sixes', 'choice'] as const) {
    const label = categoryLabel(category, variant);
    const need = Math.ceil(scaledThreshold(TOTAL_THRESHOLDS[category], n));
    const total = b.categoryTotals[category];
    if (b.incentives[category] > 0) met.push(`✓ ${label} ${total} (≥ ${need}) ${signed(b.incentives[category])}`);
    else missed.push(`✗ ${label} ${total}/${need}`);
  }
  for (const category of ['straight', 'house'] as const) {
    const made = b.columns.filter((c) => (c.cells[category] ?? 0) > 0).length;
    const label = `${categoryLabel(category, variant)}s ${made}/${n}`;
    if (b.incentives[category] > 0) met.push(`✓ ${label} ${signed(b.incentives[category])}`);
    else missed.push(`✗ ${label}`);
  }
  const fives = b.columns.filter((c) => (c.cells.olathe ?? 0) > 0).length;
  if (fives > 0) met.push(`✓ ${fivesText(fives, variant)} ${signed(b.incentives.olathe)}`);
  return [met.length ? met.join(' · ') : 'No bonus met.', ...(missed.length ? [missed.join(' · ')] : [])];
}

/** "Raw 512 → modifier +3 (band 500–549)". */
export function modifierLine(b: Breakdown): string {
  const band = modifierBand(b.rawTotal, b.columns.length);
  let range = `${band.from}–${band.to}`;
  if (band.from === null) range = `under ${band.to! + 1}`;
  else if (band.to === null) range = `${band.from} and more`;
  return `Raw ${b.rawTotal} → modifier ${signed(band.modifier)} (band ${range})`;
}

/** One player's score taken apart: a field of the results. */
function breakdownField(game: RenderableGame, seat: number, place: number, left: boolean, b: Breakdown): APIEmbedField {
  const name = `${place}. ${seatName(game, seat)}${left ? ' (left)' : ''} — ${pointsText(b.final)}`;
  const lines = [
    ...incentiveLines(b, game.options.variant),
    modifierLine(b),
    `Bonus ${b.incentiveTotal} + modifier ${signed(b.modifier)} = **${points(b.final)}**`,
  ];
  return { name: [...name].slice(0, 256).join(''), value: lines.join('\n') };
}

export function renderResults(game: RenderableGame, opts: { analysis?: boolean } = {}): MessageBody {
  const state = game.state!;
  const results = gameResults(state);
  const parts = [headline(game), '```', ...standingsTable(game), '```'];
  if (state.options.predictions) {
    const guessed = results.exactPredictions.map((seat) => mention(game, seat));
    parts.push(
      `🔮 ${fivesText(results.olathesScored, game.options.variant)} ${results.olathesScored === 1 ? 'was' : 'were'} scored — ${guessed.length ? `${guessed.join(', ')} guessed it.` : 'nobody guessed it.'}`,
    );
  }
  const body: MessageBody = {
    embeds: [
      {
        title: `🏁 ${variantName(game)} — game over${game.status === 'ended' ? ' (ended early)' : ''}`,
        description: parts.join('\n'),
        color: 0xfee75c,
        fields: results.standings.map((s) => breakdownField(game, s.seat, s.place, s.left, s.breakdown)),
        footer: { text: `game ${game.id} · final = bonus + modifier; the modifier comes from the raw total` },
      },
    ],
    components: [],
    allowedMentions: { parse: [] },
  };
  if (opts.analysis) {
    body.components.push({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          custom_id: encodeCustomId({ action: 'analysis', gameId: game.id }),
          label: '📊 My analysis',
          style: ButtonStyle.Secondary,
        },
      ],
    });
  }
  return body;
}
