// The tournament panel of a table's board: the night's name, "Round 2 of 3 · Table 1", and the standings with
// points and the first tie-break, the viewer's row marked. Drawn from the BoardView's `tournament` alone, which
// only a newer server sends; names are text, never markup.
import type { BoardTournament, BoardTournamentRow } from '../tournament-panel';
import { el } from './panels';
import type { TournamentText } from './tournament-words';

export function drawTournament(t: BoardTournament, words: TournamentText): HTMLElement {
  const box = el('section', 'tournament');
  box.setAttribute('aria-label', words.t('title', { name: t.name }));
  box.append(
    el('h2', '', words.t('title', { name: t.name })),
    el('p', 'where', words.t('where', { round: t.round, rounds: t.rounds, table: t.table })),
  );
  const table = el('table', 'tournament-standings');
  const caption = t.status === 'finished' ? 'final' : t.status === 'cancelled' ? 'cancelled' : 'standings';
  table.append(el('caption', '', words.t(caption)));
  const head = el('tr');
  head.append(
    heading(words.t('rank'), 'rank'),
    heading(words.t('player'), 'name'),
    heading(words.t('points'), 'points', words.t('pointsTitle')),
    heading(words.t('finalPoints'), 'final', words.t('finalPointsTitle')),
  );
  table.append(el('thead'), el('tbody'));
  table.tHead!.append(head);
  const body = table.tBodies[0]!;
  t.rows.forEach((row, i) => {
    if (t.skipped > 0 && i === t.rows.length - 1) body.append(gapRow('⋯'));
    body.append(standingRow(row, words));
  });
  const unlisted = t.people - t.rows.length - t.skipped;
  if (unlisted > 0) body.append(gapRow(words.t('more', { count: unlisted })));
  box.append(table);
  return box;
}

function standingRow(row: BoardTournamentRow, words: TournamentText): HTMLTableRowElement {
  const tr = el('tr', row.you ? 'you' : '');
  if (row.you) tr.setAttribute('aria-current', 'true');
  const name = el('td', 'name', row.name);
  if (row.dropped) name.append(el('span', 'left', ` (${words.t('left')})`));
  if (row.you) name.append(el('span', 'you-mark', ` (${words.t('you')})`));
  tr.append(
    el('td', 'rank', String(row.rank)),
    name,
    el('td', 'points', words.points(row.points)),
    el('td', 'final', words.number(row.finalPoints)),
  );
  return tr;
}

function heading(text: string, className: string, title = ''): HTMLTableCellElement {
  const th = el('th', className, text);
  th.scope = 'col';
  if (title) th.title = title;
  return th;
}

function gapRow(text: string): HTMLTableRowElement {
  const tr = el('tr', 'gap');
  const td = el('td', '', text);
  td.colSpan = 4;
  tr.append(td);
  return tr;
}
