// What the channel shows of a tournament, worked out from the saved tournament alone (and the few facts of its
// games a pass reads: each table's thread, the night's ratings): the sign-up message, the standings message once
// round 1 is seated, and at the end the podium. Pure, so a reconcile after any crash reaches the same answer.
// Nothing here pings: the table games' turn messages call each player to their table.
import type { APIEmbed } from 'discord.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import type { StandingRow } from '../../tournament';
import { byePoints, standings } from '../../tournament';
import type { TournamentView } from '../../service/tournament-view';
import { encodeTournamentControl } from '../custom-id';
import type { MessageBody } from './turn';
import { plainName } from './daily';
import { formatLine, personName, pointsText, stamp, tournamentT, withinBudget, wholeText } from './tournament-words';
import type { PodiumFacts } from './tournament-podium';
import { podiumBody, podiumPicture, podiumPictureName } from './tournament-podium';
import type { PodiumPictureInput } from '../../picture/podium';

export const SIGNUP_KEY = 'signup';
export const STANDINGS_KEY = 'standings';
export const PODIUM_KEY = 'podium';

/** What a pass reads besides the tournament: each table game's thread by game id, and the night's ratings. */
export interface TournamentFacts extends PodiumFacts {
  threads: Readonly<Record<string, string>>;
}

export interface WantedTournamentMessage {
  key: string;
  body: MessageBody;
  /** Posted once and then left as it is: the podium's picture and ratings are of the moment it was posted. */
  once?: boolean;
  /** Drawn when the message is posted, never per pass. */
  picture?: { name: string; input: () => PodiumPictureInput };
}

const TABLES_BUDGET = 2000;
const STANDINGS_BUDGET = 3200;

/** Every message the tournament's channel should show now, in the order they are posted. */
export function wantedTournamentMessages(
  view: TournamentView,
  facts: TournamentFacts = { threads: {} },
): WantedTournamentMessage[] {
  const wanted: WantedTournamentMessage[] = [{ key: SIGNUP_KEY, body: signupBody(view) }];
  if (view.state.rounds.length > 0) wanted.push({ key: STANDINGS_KEY, body: standingsBody(view, facts.threads) });
  if (view.state.status === 'finished') {
    const name = podiumPictureName(view.id);
    wanted.push({
      key: PODIUM_KEY,
      body: podiumBody(view, facts, name),
      once: true,
      picture: { name, input: () => podiumPicture(view) },
    });
  }
  return wanted;
}

/** The sign-up message: what the night is, when it starts, who is in, and Join / Leave / Start now while open. */
export function signupBody(view: TournamentView): MessageBody {
  const t = tournamentT(view);
  const { state } = view;
  const { options } = state;
  const language = view.locale;
  const lines: string[] = [];
  if (state.status === 'signup') {
    lines.push(t('tournament.starts', { full: stamp(options.startsAt, 'F'), relative: stamp(options.startsAt, 'R') }));
    lines.push(t('tournament.signupOpen'));
  } else if (state.status === 'running') {
    lines.push(t('tournament.running', { round: state.rounds.length, rounds: options.rounds }));
  } else if (state.status === 'finished') lines.push(t('tournament.finished'));
  else lines.push(t(view.closedReason === 'too-few-players' ? 'tournament.cancelledEmpty' : 'tournament.cancelled'));
  lines.push('', formatLine(view), shapeLine(view));
  lines.push(
    options.oddPolicy === 'bye'
      ? t('tournament.leftovers.bye', { points: pointsText(byePoints(options.tableSize), language) })
      : t('tournament.leftovers.computer'),
  );
  if (state.fillTo > 0) lines.push(t('tournament.fill', { count: state.fillTo }));
  lines.push(t('tournament.host', { hostId: view.hostId }));
  if (view.event.problem === 'no-permission') lines.push('', t('tournament.noEvent'));
  const names = state.people.map((p) => personName(view, p.userId));
  const more = (count: number) => t('tournament.more', { count });
  const list = names.length ? cutList(names, more) : t('tournament.nobody');
  const embed: APIEmbed = {
    title: `🏆 ${personLikeTitle(options.name)}`,
    description: lines.join('\n'),
    color: state.status === 'signup' ? 0x57f287 : state.status === 'running' ? 0x5865f2 : 0x99aab5,
    fields: [{ name: t('tournament.signedUp', { count: names.length }), value: list }],
    footer: { text: t('tournament.footer', { id: view.id }) },
  };
  return { embeds: [embed], components: state.status === 'signup' ? signupButtons(view) : [], allowedMentions: NONE };
}

const NONE = { parse: [] as [] };

/** "3 rounds · tables of 4 · 10 min a turn". */
function shapeLine(view: TournamentView): string {
  const t = tournamentT(view);
  const { options } = view.state;
  return t('tournament.shape', {
    rounds: t('tournament.rounds', { count: options.rounds }),
    size: options.tableSize,
    minutes: Math.round(options.turnTimeoutMs / 60_000),
  });
}

/** The tournament's name as a title: plain text (the host typed it), on one line. */
function personLikeTitle(name: string): string {
  return plainName(name);
}

/** A field's value holds 1024 characters: the names, cut with "… and N more" when they would not fit. */
function cutList(names: readonly string[], more: (count: number) => string): string {
  if (names.join(', ').length <= 1024) return names.join(', ');
  let kept = names.length;
  const text = (k: number) => `${names.slice(0, k).join(', ')} ${more(names.length - k)}`;
  while (kept > 0 && text(kept).length > 1024) kept--;
  return text(kept);
}

function signupButtons(view: TournamentView): MessageBody['components'] {
  const t = tournamentT(view);
  const button = (action: 'join' | 'leave' | 'start', label: string, style: ButtonStyle) => ({
    type: ComponentType.Button as const,
    custom_id: encodeTournamentControl({ action, tournamentId: view.id }),
    label,
    style: style as ButtonStyle.Primary,
  });
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        button('join', t('tournament.join'), ButtonStyle.Success),
        button('leave', t('tournament.leave'), ButtonStyle.Secondary),
        button('start', t('tournament.startNow'), ButtonStyle.Primary),
      ],
    },
  ];
}

/**
 * The standings message: the round under way (or the last one) with each table's thread and how it stands, then
 * the standings with points and the tie-breaks. Edited as tables finish and rounds are seated.
 */
export function standingsBody(view: TournamentView, threads: Readonly<Record<string, string>>): MessageBody {
  const t = tournamentT(view);
  const { state } = view;
  const round = state.rounds[state.rounds.length - 1];
  const title = personLikeTitle(state.options.name);
  const over = state.status === 'finished' || state.status === 'cancelled';
  const embeds: APIEmbed[] = [];
  if (round) {
    const lines = round.tables.map((table) => {
      const players = table.seats.map((s) =>
        s.kind === 'person' ? personName(view, s.userId) : t('tournament.computer'),
      );
      const thread = table.gameId === null ? undefined : threads[table.gameId];
      const winners = (table.results ?? [])
        .filter((r) => r.place === 1)
        .map((r) => (table.seats[r.seat]?.kind === 'person' ? personName(view, r.userId) : t('tournament.computer')));
      return t('tournament.table', {
        number: table.number,
        where: thread ? t('tournament.inThread', { threadId: thread }) : '',
        players: players.join(', '),
        status: t(`tournament.tableStatus.${table.status}`, { winners: winners.join(', ') }),
      });
    });
    const more = (count: number) => t('tournament.moreTables', { count });
    let description = withinBudget(lines, TABLES_BUDGET, more);
    if (round.byes.length)
      description += `\n${t('tournament.byes', { names: round.byes.map((u) => personName(view, u)).join(', ') })}`;
    embeds.push({
      title: over
        ? t('tournament.finalTitle', { name: title })
        : t('tournament.standingsTitle', { name: title, round: round.number, rounds: state.options.rounds }),
      description,
      color: over ? 0x99aab5 : 0x5865f2,
    });
  }
  embeds.push({
    title: t('tournament.standings'),
    description: standingsText(view, standings(state)),
    footer: { text: t('tournament.tieBreaks') },
  });
  return { embeds, components: [], allowedMentions: NONE };
}

/** One line a person: shared ranks repeat ("1." twice), halves shown the language's way. */
export function standingsText(view: TournamentView, rows: readonly StandingRow[]): string {
  const t = tournamentT(view);
  const played = rows.some((r) => r.tables > 0 || r.byes > 0);
  if (!played) return t('tournament.noStandings');
  const language = view.locale;
  const lines = rows.map((r) =>
    t('tournament.row', {
      rank: r.rank,
      name: personName(view, r.userId),
      left: r.dropped ? t('tournament.leftMark') : '',
      points: t('tournament.points', { count: r.points, points: pointsText(r.points, language) }),
      final: wholeText(r.finalPoints, language),
      opponents: pointsText(Math.round(r.opponentsAverage * 100) / 100, language),
    }),
  );
  return withinBudget(lines, STANDINGS_BUDGET, (count) => t('tournament.moreRows', { count }));
}
