// The results: who won (or that nobody could — a solo game, a game ended early), the standings, and each
// player's score taken apart — raw points, each incentive met or missed, the modifier's band, the final
// points — so a player sees why they won or lost.
import type { APIEmbedField } from 'discord.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import type { Breakdown, Variant } from '../../game';
import { TOTAL_THRESHOLDS, gameResults, modifierBand, scaledThreshold } from '../../game';
import type { GameRatings } from '../../service/game-service';
import type { Translate } from '../i18n';
import { languageOf } from '../i18n';
import { encodeCustomId } from '../custom-id';
import type { MessageBody } from './turn';
import type { RenderableGame } from './view';
import { mention, seatName } from './view';
import { categoryName, fivesText, gameT, points, signed, variantName } from './text';

/** Names in the table are cut to this many characters; they come last in a row, so none shifts a column. */
const TABLE_NAME_LENGTH = 20;

/** "17 points", "1 point", "−2 points". */
export function pointsText(n: number, t: Translate): string {
  return t('word.points', { count: Math.abs(n), points: points(n) });
}

/** Every person left (or was removed): the computer players stop with them. */
function everyoneLeft(game: RenderableGame): boolean {
  return game.state!.players.every((p, seat) => p.left || game.players[seat]?.isBot === true);
}

/** Why a game ended before the cards were full, in a few words. */
export function endReason(game: RenderableGame): string {
  const t = gameT(game);
  if (game.channelGone) return t('results.channelGone');
  if (everyoneLeft(game)) return t('results.everyoneLeft');
  return t('results.stopped');
}

/** How the game came out, in one line. Only a game that two or more played to the end has a winner. */
export function headline(game: RenderableGame): string {
  const results = gameResults(game.state!);
  const t = gameT(game);
  if (game.status === 'ended') return t('results.endedEarly', { reason: endReason(game) });
  const stayed = results.standings.filter((s) => !s.left);
  const top = results.standings[0]!;
  if (stayed.length === 1) {
    const alone = game.players.length > 1 ? t('results.alone') : '';
    const who = mention(game, stayed[0]!.seat);
    return t('results.finishedWith', { who, points: pointsText(stayed[0]!.breakdown.final, t), alone });
  }
  const winners = results.winners.map((seat) => mention(game, seat));
  if (winners.length === 0) return t('results.nobodyFinished');
  const next = results.standings[1];
  // Equal final points are decided by the raw total (RULES.md "Winner"): said, or the win looks arbitrary.
  const onRaw = next && !next.left && next.breakdown.final === top.breakdown.final ? t('results.onRaw') : '';
  const total = pointsText(top.breakdown.final, t);
  if (winners.length === 1) return t('results.wins', { who: winners[0]!, points: total, onRaw });
  return t('results.sharedWin', { who: winners.join(t('results.and')), points: total });
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
  const t = gameT(game);
  const h = (key: 'raw' | 'bonus' | 'mod' | 'final', width: number) => t(`results.tableHeader.${key}`).padStart(width);
  const header = `${''.padEnd(3)}${h('raw', 4)}${h('bonus', 6)}${h('mod', 5)}${h('final', 6)}`;
  const lines = [header];
  for (const s of standings) {
    const b = s.breakdown;
    const name = [...seatName(game, s.seat)].slice(0, TABLE_NAME_LENGTH).join('');
    lines.push(
      `${`${s.place}.`.padEnd(3)}${String(b.rawTotal).padStart(4)}${signed(b.incentiveTotal).padStart(6)}${signed(b.modifier).padStart(5)}${points(b.final).padStart(6)}  ${name}${s.left ? t('word.left') : ''}`,
    );
  }
  return lines;
}

/** The incentives of a card, each met (✓, with its points) or missed (✗, with how far it got). */
export function incentiveLines(b: Breakdown, variant: Variant, t: Translate): string[] {
  const n = b.columns.length;
  const met: string[] = [];
  const missed: string[] = [];
  for (const category of ['fours', 'fives', 'sixes', 'choice'] as const) {
    const label = categoryName(t, category, variant);
    const need = Math.ceil(scaledThreshold(TOTAL_THRESHOLDS[category], n));
    const total = b.categoryTotals[category];
    if (b.incentives[category] > 0)
      met.push(t('results.met', { label, total, need, points: signed(b.incentives[category]) }));
    else missed.push(t('results.missed', { label, total, need }));
  }
  for (const category of ['straight', 'house'] as const) {
    const made = b.columns.filter((c) => (c.cells[category] ?? 0) > 0).length;
    const label = t('results.madeOf', { label: categoryName(t, category, variant), made, n });
    if (b.incentives[category] > 0) met.push(`✓ ${label} ${signed(b.incentives[category])}`);
    else missed.push(`✗ ${label}`);
  }
  const fives = b.columns.filter((c) => (c.cells.olathe ?? 0) > 0).length;
  if (fives > 0) met.push(`✓ ${fivesText(fives, variant, t)} ${signed(b.incentives.olathe)}`);
  return [met.length ? met.join(' · ') : t('results.noBonus'), ...(missed.length ? [missed.join(' · ')] : [])];
}

/** "Raw 512 → modifier +3 (band 500–549)". */
export function modifierLine(b: Breakdown, t: Translate): string {
  const band = modifierBand(b.rawTotal, b.columns.length);
  let range = `${band.from}–${band.to}`;
  if (band.from === null) range = t('results.bandUnder', { n: band.to! + 1 });
  else if (band.to === null) range = t('results.bandAbove', { n: band.from });
  return t('results.modifier', { raw: b.rawTotal, modifier: signed(band.modifier), range });
}

/** One player's score taken apart: a field of the results. */
function breakdownField(game: RenderableGame, seat: number, place: number, left: boolean, b: Breakdown): APIEmbedField {
  const t = gameT(game);
  const name = `${place}. ${seatName(game, seat)}${left ? t('word.left') : ''} — ${pointsText(b.final, t)}`;
  const lines = [
    ...incentiveLines(b, game.options.variant, t),
    modifierLine(b, t),
    t('results.sum', { bonus: b.incentiveTotal, modifier: signed(b.modifier), points: points(b.final) }),
  ];
  return { name: [...name].slice(0, 256).join(''), value: lines.join('\n') };
}

/** A rating as shown, written the language's way: "1,538", "1.538" in Danish; "1,520?" while provisional. */
export function ratingText(rating: number, provisional: boolean, language: string): string {
  return `${rating.toLocaleString(language)}${provisional ? '?' : ''}`;
}

/** A rating's change: "+26", "−12" (a minus sign, as signed() writes), "±0". */
export function ratingDelta(delta: number, language: string): string {
  if (delta === 0) return '±0';
  return `${delta > 0 ? '+' : '−'}${Math.abs(delta).toLocaleString(language)}`;
}

/**
 * What the game did to the ratings, as its end saved them, in the standings' order: "Alice 1,512 → 1,538 (+26)"
 * for each person, with a word on a first rated game or a season's first; a computer player's fixed rating.
 * Nothing for a game that was not rated. People are their mentions, as in the headline: no name becomes markup.
 */
export function ratingLines(game: RenderableGame & { ratings?: GameRatings }): string[] {
  const ratings = game.ratings;
  if (!ratings || ratings.people.length === 0) return [];
  const t = gameT(game);
  const language = languageOf(game.locale);
  const people = new Map(ratings.people.map((c) => [c.seat, c]));
  const fixed = new Map(ratings.computers.map((c) => [c.seat, c.rating]));
  const lines = [t('results.ratings')];
  for (const { seat } of gameResults(game.state!).standings) {
    const who = mention(game, seat);
    const change = people.get(seat);
    const computer = fixed.get(seat);
    if (change) {
      const line = t('results.ratingChange', {
        who,
        before: ratingText(change.before.rating, change.before.provisional, language),
        after: ratingText(change.after.rating, change.after.provisional, language),
        delta: ratingDelta(change.delta, language),
      });
      const reset = change.seasonReset;
      if (change.first) lines.push(`${line}${t('results.ratingFirst')}`);
      else if (reset)
        lines.push(
          `${line}${t('results.ratingSeason', { season: reset.season, rating: ratingText(reset.rating, false, language) })}`,
        );
      else lines.push(line);
    } else if (computer !== undefined)
      lines.push(t('results.ratingFixed', { who, rating: ratingText(computer, false, language) }));
  }
  return lines;
}

/** What the results offer besides the scores: each person's analysis, and a rematch (see offersRematch). */
export interface ResultsControls {
  analysis?: boolean;
  rematch?: boolean;
}

export function renderResults(
  game: RenderableGame & { ratings?: GameRatings },
  opts: ResultsControls = {},
): MessageBody {
  const state = game.state!;
  const results = gameResults(state);
  const t = gameT(game);
  const parts = [headline(game), '```', ...standingsTable(game), '```'];
  if (state.options.predictions) {
    const guessed = results.exactPredictions.map((seat) => mention(game, seat));
    parts.push(
      t('results.predicted', {
        count: results.olathesScored,
        fives: fivesText(results.olathesScored, game.options.variant, t),
        guessed: guessed.length ? t('results.guessed', { who: guessed.join(', ') }) : t('results.nobodyGuessed'),
      }),
    );
  }
  parts.push(...ratingLines(game));
  const body: MessageBody = {
    embeds: [
      {
        title: t('results.title', {
          variant: variantName(game),
          early: game.status === 'ended' ? t('results.titleEarly') : '',
        }),
        description: parts.join('\n'),
        color: 0xfee75c,
        fields: results.standings.map((s) => breakdownField(game, s.seat, s.place, s.left, s.breakdown)),
        footer: { text: t('results.footer', { id: game.id }) },
      },
    ],
    components: [],
    allowedMentions: { parse: [] },
  };
  const buttons = [];
  if (opts.analysis) {
    buttons.push({
      type: ComponentType.Button as const,
      custom_id: encodeCustomId({ action: 'analysis', gameId: game.id }),
      label: t('results.analysis'),
      style: ButtonStyle.Secondary as const,
    });
  }
  if (opts.rematch) {
    buttons.push({
      type: ComponentType.Button as const,
      custom_id: encodeCustomId({ action: 'rematch', gameId: game.id }),
      label: t('rematch.button'),
      style: ButtonStyle.Primary as const,
    });
  }
  if (buttons.length > 0) body.components.push({ type: ComponentType.ActionRow, components: buttons });
  return body;
}
