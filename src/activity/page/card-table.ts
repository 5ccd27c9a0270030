// A score card on the board: a row per category, a column per card column, each written cell with its points and,
// on the viewer's own card, each free cell with what the dice on the table would score there now — a button when
// the card's write menu would offer it. Totals under it, as the card's score line has them.
import { CATEGORIES } from '../../game';
import type { BoardPlayer, BoardView, FreeCell } from '../board-view';
import { canClickCell, columnNames } from './board-logic';
import type { Words } from './words';

export interface CardTableOptions {
  board: BoardView;
  player: BoardPlayer;
  /** The viewer's free cells when this is their own card (null: someone else's, read only). */
  free: FreeCell[] | null;
  words: Words;
  onCell(cell: FreeCell): void;
}

export function drawCardTable(options: CardTableOptions): HTMLTableElement {
  const { board, player, free, words } = options;
  const you = free ? board.you : null;
  const names = columnNames(board.options.columns, words.column);
  const table = document.createElement('table');
  table.className = 'card';
  const caption = document.createElement('caption');
  caption.textContent =
    player.seat === board.viewerSeat ? words.t('yourCard') : words.t('cardOf', { name: player.name });
  table.append(caption);
  const head = table.createTHead().insertRow();
  head.append(th(''), ...names.map((name) => th(name, 'col')));
  const body = table.createTBody();
  for (const category of CATEGORIES) {
    const row = body.insertRow();
    const label = words.category(category, board.variant);
    row.append(th(label, 'row'));
    names.forEach((columnName, column) => {
      const td = row.insertCell();
      const cellName = words.t('cell', { category: label, column: columnName });
      const written = player.cells.find((c) => c.column === column && c.category === category);
      if (written) {
        td.className = 'written';
        td.textContent = String(written.points);
        td.title = words.t('cellWritten', { cell: cellName, points: written.points });
        return;
      }
      const cell = free?.find((c) => c.column === column && c.category === category);
      if (!cell || cell.points === null) {
        td.className = 'empty';
        return;
      }
      const clickable = canClickCell(you, cell);
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `free${cell.scratch ? ' scratch' : ''}${clickable ? ' writable' : ''}`;
      button.textContent = String(cell.points);
      button.disabled = !clickable;
      button.dataset.cell = `${column}:${category}`;
      button.setAttribute('aria-label', words.t('cellFree', { cell: cellName, points: cell.points }));
      button.addEventListener('click', () => options.onCell(cell));
      td.append(button);
    });
  }
  const foot = table.createTFoot().insertRow();
  foot.append(th(words.t('sum'), 'row'));
  const total = foot.insertCell();
  total.colSpan = names.length;
  total.className = 'total';
  total.textContent = words.t('total', { points: player.total });
  return table;
}

function th(text: string, scope?: 'row' | 'col'): HTMLTableCellElement {
  const cell = document.createElement('th');
  cell.textContent = text;
  if (scope) cell.scope = scope;
  return cell;
}
