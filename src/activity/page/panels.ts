// The parts of the board around the card: the players' tabs, the controls of a turn (throw, declare, predict),
// the hint with its expected final score, the confirmation of a write or a declaration, the shout, the results.
// Each draws from the BoardView and hands what the person does to the callbacks it is given.
import type { BoardResults, BoardShout, BoardView, BoardYou } from '../board-view';
import type { BoardRating } from '../seat-ratings';
import type { BoardMove } from '../protocol';
import { columnNames, heldFaces, hintMove } from './board-logic';
import { diceText } from './dice';
import type { Words } from './words';

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text) element.textContent = text;
  return element;
}

export function button(text: string, onClick: () => void, className = ''): HTMLButtonElement {
  const b = el('button', className, text);
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

/** One tab per player with their rating and score; the shown one pressed. A tap shows their card. */
export function drawPlayerTabs(board: BoardView, shown: number, words: Words, show: (seat: number) => void) {
  const nav = el('nav', 'players');
  nav.setAttribute('aria-label', words.t('players'));
  for (const p of board.players) {
    const tab = button('', () => show(p.seat), 'player-tab');
    tab.dataset.seat = String(p.seat);
    tab.setAttribute('aria-pressed', String(p.seat === shown));
    if (board.acting.includes(p.seat)) tab.classList.add('acting');
    const name = el('span', 'name', `${p.isBot ? '🤖 ' : ''}${p.name}${p.left ? ` (${words.t('left')})` : ''}`);
    tab.append(name);
    if (p.rating) tab.append(ratingTag(p.rating, board.variant, words));
    tab.append(el('span', 'score', String(p.total)));
    nav.append(tab);
  }
  return nav;
}

/** The line above the dice: whose turn, or that everyone plays at once; a spectator is told they watch. */
export function turnLine(board: BoardView, words: Words): string {
  if (board.variant === 'balut') return words.t('simultaneous');
  if (board.current === null) return '';
  if (board.current === board.viewerSeat) return words.t('yourTurn');
  return words.t('turnOf', { name: board.players[board.current]?.name ?? '' });
}

export interface TurnCallbacks {
  play(move: BoardMove): void;
  ask(move: BoardMove): void;
}

/** Throw, declare and predict, as the card's buttons and menus offer them now. */
export function drawTurnControls(board: BoardView, you: BoardYou, words: Words, on: TurnCallbacks): HTMLElement {
  const box = el('div', 'controls');
  const names = columnNames(board.options.columns, words.column);
  if (you.declarable.length > 0) {
    box.append(el('p', 'prompt', words.t('declare')));
    const row = el('div', 'declare');
    for (const column of you.declarable)
      row.append(button(names[column] ?? '', () => on.ask({ kind: 'declare', column, stamp: you.stamp }), 'column'));
    box.append(row);
  }
  if (you.acting && you.declarable.length === 0) {
    const label = you.throwsLeft > 0 ? words.t('throw', { left: you.throwsLeft }) : words.t('noThrowsLeft');
    const throwButton = button(label, () => on.play({ kind: 'throw', stamp: you.stamp }), 'throw primary');
    throwButton.disabled = !you.canThrow;
    box.append(throwButton);
    if (you.dice === null) box.append(el('p', 'prompt', words.t('firstThrow')));
    else if (you.canHold) box.append(el('p', 'help', words.t('holdHelp')));
  }
  if (you.predict) {
    const label = el('label', 'predict', words.t('predict', { word: words.category('olathe', board.variant) }));
    const select = el('select');
    select.append(el('option', '', '—'));
    for (let n = 0; n <= you.predict.max; n++) {
      const option = el('option', '', String(n));
      option.value = String(n);
      option.selected = you.predict.current === n;
      select.append(option);
    }
    select.addEventListener('change', () => {
      if (select.value !== '') on.play({ kind: 'predict', count: Number(select.value) });
    });
    label.append(select);
    box.append(label);
  }
  return box;
}

/** The hint: the solver's choices with their expected final score, the best one applicable. */
export function drawHint(board: BoardView, you: BoardYou, words: Words, on: TurnCallbacks): HTMLElement | null {
  const hint = you.hint;
  if (!hint || !board.options.hints) return null;
  const details = el('details', 'hint');
  details.append(
    el('summary', '', `${words.t('hint')} · ${words.t('expected', { points: round(hint.expectedFinal) })}`),
  );
  const list = el('ol');
  const names = columnNames(board.options.columns, words.column);
  for (const choice of hint.choices.slice(0, 3)) {
    const cell =
      choice.category !== undefined && choice.column !== undefined
        ? words.t('cell', {
            category: words.category(choice.category, board.variant),
            column: names[choice.column] ?? '',
          })
        : '';
    const held = heldFaces(you.dice, choice.held);
    const text =
      choice.kind === 'hold'
        ? held.length > 0
          ? words.t('hintHold', { dice: diceText(held) })
          : words.t('hintHoldNothing')
        : choice.kind === 'write'
          ? words.t('hintWrite', { cell })
          : choice.kind === 'declare'
            ? words.t('hintDeclare', { column: names[choice.column ?? 0] ?? '' })
            : words.t('hintThrow');
    const item = el('li', '', words.t('hintChoice', { text, expected: round(choice.expectedFinal) }));
    const move = hintMove(you, choice);
    if (move)
      item.append(
        ' ',
        button(words.t('apply'), () => (choice.confirm ? on.ask(move) : on.play(move)), 'apply'),
      );
    list.append(item);
  }
  details.append(list);
  return details;
}

/** "Write ⚄ ⚄ ⚃ in Sixes (↓ Down) for 12 points?" with Write it and Cancel. */
export function drawConfirmation(
  board: BoardView,
  you: BoardYou,
  move: BoardMove,
  words: Words,
  on: { confirm(): void; cancel(): void },
): HTMLElement {
  const names = columnNames(board.options.columns, words.column);
  const box = el('div', 'confirm');
  box.setAttribute('role', 'alertdialog');
  box.setAttribute('aria-live', 'assertive');
  let text = '';
  if (move.kind === 'write') {
    const cell = you.free.find((c) => c.column === move.column && c.category === move.category);
    const score = cell?.points ?? 0;
    text = words.t('sureWrite', {
      dice: diceText(you.dice ?? []),
      cell: words.t('cell', {
        category: words.category(move.category, board.variant),
        column: names[move.column] ?? '',
      }),
      score,
      unit: words.unit(score),
    });
  } else if (move.kind === 'declare') text = words.t('sureDeclare', { column: names[move.column] ?? '' });
  box.append(el('p', '', text));
  const yes = button(words.t(move.kind === 'declare' ? 'declareIt' : 'writeIt'), on.confirm, 'primary yes');
  box.append(yes, button(words.t('cancel'), on.cancel, 'no'));
  queueMicrotask(() => yes.focus());
  return box;
}

/** The Olathe (Balut) shout: a moment over the board, gone by itself or with a click. */
export function drawShout(board: BoardView, shout: BoardShout, words: Words): HTMLElement {
  const box = el('div', 'shout');
  box.setAttribute('role', 'status');
  box.append(
    el('p', 'cry', words.t(board.variant === 'balut' ? 'shoutBalut' : 'shout')),
    el('p', '', words.t('shoutBy', { name: shout.name, dice: diceText(shout.dice) })),
  );
  return box;
}

export function drawResults(board: BoardView, results: BoardResults, words: Words, rematch: () => void): HTMLElement {
  const box = el('section', 'results');
  box.append(el('h2', '', words.t('results')));
  const winners = results.winners.map((seat) => board.players[seat]?.name ?? '').filter(Boolean);
  if (board.status === 'ended') box.append(el('p', '', words.t('endedEarly')));
  if (board.players.length > 1 && winners.length > 0)
    box.append(el('p', 'won', words.t('won', { names: winners.join(', ') })));
  else if (results.standings[0])
    box.append(el('p', '', words.t('finishedWith', { points: results.standings[0].final })));
  const list = el('ol', 'standings');
  for (const s of results.standings) {
    const item = el('li');
    item.append(
      el('span', 'place', words.t('place', { place: s.place })),
      el('span', 'name', `${s.name}${s.left ? ` (${words.t('left')})` : ''}`),
    );
    const rating = board.players[s.seat]?.rating;
    if (rating) item.append(ratingTag(rating, board.variant, words));
    item.append(el('span', 'final', words.points(s.final)));
    if (s.exactPrediction) item.append(el('span', 'exact', words.t('exact')));
    list.append(item);
  }
  box.append(list);
  // The score sheets the channel's results message shows, at the signed address the server gave this board
  // (relative, as every path).
  if (results.picture) {
    const picture = el('img', 'results-picture');
    picture.src = results.picture;
    picture.alt = words.t('resultsPicture');
    picture.loading = 'lazy';
    picture.decoding = 'async';
    // Not drawn (a failure): the standings above say it all.
    picture.addEventListener('error', () => picture.remove());
    box.append(picture);
  }
  // A server from before `rematch` was sent offered it to every seat.
  if (board.viewerSeat !== null && results.rematch !== false)
    box.append(button(words.t('rematch'), rematch, 'primary rematch'));
  return box;
}

/** "1,538?" beside a name; after a rated end the rating the game left and its change: "1,552? (+14)". */
export function ratingTag(rating: BoardRating, variant: string, words: Words): HTMLElement {
  const change = rating.change === null ? '' : ` (${words.ratingChange(rating.change)})`;
  const tag = el('span', `rating${rating.provisional ? ' provisional' : ''}`, `${words.rating(rating)}${change}`);
  tag.title = words.ratingTitle(rating, variant);
  return tag;
}

function round(points: number): string {
  return (Math.round(points * 10) / 10).toFixed(1);
}
