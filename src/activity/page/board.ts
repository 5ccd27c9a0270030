// The board: holds what the server last sent and what the person is doing (whose card is shown, a write waiting
// for its confirmation, the shouts already shown), and draws it all again from that on every change. The dice of a
// throw tumble before they land (dice.ts); everything else is drawn at once.
import type { BoardView, FreeCell } from '../board-view';
import type { BoardMove, ServerMessage } from '../protocol';
import {
  canClickDie,
  defaultShownSeat,
  needsConfirmation,
  newShouts,
  shoutKey,
  tumblingDice,
  wasThrown,
  writeMove,
} from './board-logic';
import { drawCardTable } from './card-table';
import { drawDie, tumble } from './dice';
import type { Tumble } from './dice';
import {
  button,
  drawConfirmation,
  drawHint,
  drawPlayerTabs,
  drawResults,
  drawShout,
  drawTurnControls,
  el,
  turnLine,
} from './panels';
import { drawTournament } from './tournament';
import type { TournamentText } from './tournament-words';
import { tournamentWordsFor } from './tournament-words';
import type { Words } from './words';
import { wordsFor } from './words';

export interface BoardSend {
  move(move: BoardMove): boolean;
  rematch(): boolean;
}

const SHOUT_MS = 3500;

export class Board {
  private words: Words;
  private tournamentWords: TournamentText | null = null;
  private board: BoardView | null = null;
  private shownSeat: number | null = null;
  /** The person chose whose card to see (a tab): a spectator's board otherwise follows whose turn it is. */
  private seatPicked = false;
  private asking: BoardMove | null = null;
  private readonly seenShouts = new Set<string>();
  private tumbling: Tumble | null = null;
  private notice = '';
  private noticeKind: 'info' | 'error' = 'info';
  private message = '';

  constructor(
    private readonly root: HTMLElement,
    private readonly send: BoardSend,
    locale: string,
    private readonly reducedMotion: () => boolean,
  ) {
    this.words = wordsFor(locale);
  }

  get language(): string {
    return this.words.language;
  }

  /** A sentence instead of the board: connecting, no game, refused … */
  status(text: string, kind: 'info' | 'error' = 'info'): void {
    this.message = text;
    this.noticeKind = kind;
    this.draw();
  }

  /** A passing note over the board (a move refused, the socket dropped); '' clears it. */
  note(text: string, kind: 'info' | 'error' = 'info'): void {
    this.notice = text;
    this.noticeKind = kind;
    this.draw();
  }

  receive(message: ServerMessage): void {
    switch (message.t) {
      case 'welcome':
        this.words = wordsFor(message.locale);
        this.tournamentWords = null;
        document.documentElement.lang = this.words.language;
        return this.note('');
      case 'board':
        return this.show(message.board);
      case 'no-game':
        this.board = null;
        return this.status(this.words.t('noGame'));
      case 'result':
        if (!message.ok) this.note(message.reason, 'error');
        return;
      case 'refused':
        // Only for now: the board as last drawn stays under the reason, and the page tries again (live.ts).
        if (message.retry) return this.note(message.reason, 'error');
        return this.status(this.words.t('refused', { reason: message.reason }), 'error');
      case 'pong':
        return;
    }
  }

  private show(next: BoardView): void {
    const before = this.board;
    this.board = next;
    this.message = '';
    if (this.shownSeat === null || !next.players[this.shownSeat] || (next.viewerSeat === null && !this.seatPicked))
      this.shownSeat = defaultShownSeat(next);
    // A confirmation belongs to the moment it was asked at; any newer board ends it.
    if (this.asking && 'stamp' in this.asking && this.asking.stamp !== next.you?.stamp) this.asking = null;
    const seat = this.shownSeat;
    const thrown =
      before !== null &&
      next.players[seat] !== undefined &&
      wasThrown(
        before.players[seat],
        next.players[seat],
        seat === next.viewerSeat && next.you ? { before: before.you?.stamp, after: next.you.stamp } : undefined,
      );
    this.tumbling?.skip();
    this.draw();
    if (thrown) this.tumbleDice(next.players[seat]!.held);
    for (const shout of newShouts(next, this.seenShouts)) this.shout(shout);
  }

  private tumbleDice(held: readonly boolean[]): void {
    const tray = this.root.querySelector<HTMLElement>('.tray');
    const indices = tumblingDice(held, this.reducedMotion());
    if (!tray || indices.length === 0) return;
    tray.title = this.words.t('skip');
    const landed = [...tray.children].map((spot) => [...spot.childNodes]);
    this.tumbling = tumble(tray, indices, () => {
      [...tray.children].forEach((spot, i) => spot.replaceChildren(...(landed[i] ?? [])));
      tray.title = '';
      this.tumbling = null;
    });
  }

  private shout(shout: BoardView['shouts'][number]): void {
    this.seenShouts.add(shoutKey(shout));
    const board = this.board;
    if (!board) return;
    const moment = drawShout(board, shout, this.words);
    this.root.append(moment);
    const remove = () => moment.remove();
    moment.addEventListener('click', remove);
    setTimeout(remove, SHOUT_MS);
  }

  private play(move: BoardMove): void {
    this.asking = null;
    if (this.send.move(move)) return this.note('');
    // Not sent: the socket is down, and its own note already says when the next try is (main.ts, `dropped`);
    // overwriting it with another number told the player a try was a second away when the next was 10 s off.
    if (this.notice) this.draw();
    else this.note(this.words.t('reconnecting', { seconds: 1 }), 'error');
  }

  private ask(move: BoardMove): void {
    if (!needsConfirmation(move)) return this.play(move);
    this.asking = move;
    this.draw();
  }

  private writeCell(cell: FreeCell): void {
    const move = writeMove(this.board?.you ?? null, cell);
    if (move) this.ask(move);
  }

  private draw(): void {
    const { words } = this;
    const board = this.board;
    const main = el('main', 'board');
    if (this.notice) main.append(el('p', `notice ${this.noticeKind}`, this.notice));
    if (!board || this.message) {
      main.append(el('p', `status ${this.noticeKind}`, this.message || words.t('connecting')));
      return this.replace(main);
    }
    const shown = this.shownSeat ?? 0;
    main.append(drawPlayerTabs(board, shown, words, (seat) => this.showSeat(seat)));
    if (board.status === 'lobby') main.append(el('p', 'status', words.t('lobby')));
    if (board.status === 'cancelled') main.append(el('p', 'status', words.t('cancelled')));
    if (board.viewerSeat === null && board.status === 'playing')
      main.append(el('p', 'spectator', words.t('spectator')));
    const line = turnLine(board, words);
    if (line && board.status === 'playing') main.append(el('h1', 'turn', line));
    const you = board.you;
    const ownShown = you !== null && shown === board.viewerSeat;
    const player = board.players[shown];
    if (player && board.status === 'playing') main.append(this.drawTray(player.dice, player.held, ownShown));
    if (ownShown && you && board.status === 'playing') {
      const on = { play: (m: BoardMove) => this.play(m), ask: (m: BoardMove) => this.ask(m) };
      if (this.asking)
        main.append(
          drawConfirmation(board, you, this.asking, words, {
            confirm: () => this.asking && this.play(this.asking),
            cancel: () => {
              this.asking = null;
              this.draw();
            },
          }),
        );
      else main.append(drawTurnControls(board, you, words, on));
      const hint = drawHint(board, you, words, on);
      if (hint) main.append(hint);
    }
    if (board.results) main.append(drawResults(board, board.results, words, () => this.rematch()));
    if (player)
      main.append(
        drawCardTable({
          board,
          player,
          free: ownShown && you ? you.free : null,
          words,
          onCell: (cell) => this.writeCell(cell),
        }),
      );
    // A tournament's table: the night's standings under the card (sent by newer servers only).
    if (board.tournament) {
      this.tournamentWords ??= tournamentWordsFor(words.language);
      main.append(drawTournament(board.tournament, this.tournamentWords));
    }
    this.replace(main);
  }

  private drawTray(dice: readonly number[] | null, held: readonly boolean[], own: boolean): HTMLElement {
    const tray = el('div', 'tray');
    tray.setAttribute('role', 'group');
    const you = this.board?.you ?? null;
    const clickable = own && canClickDie(you);
    for (let i = 0; i < 5; i++) {
      const face = dice?.[i] ?? 0;
      const isHeld = held[i] ?? false;
      const spot = button(
        '',
        () => {
          if (you && clickable) this.play({ kind: 'hold', die: i, held: !isHeld, stamp: you.stamp });
        },
        `die${isHeld ? ' held' : ''}`,
      );
      spot.dataset.die = String(i);
      spot.disabled = !clickable;
      spot.setAttribute('aria-pressed', String(isHeld));
      spot.setAttribute('aria-label', face ? this.words.t(isHeld ? 'dieHeld' : 'die', { n: i + 1, face }) : '');
      spot.append(drawDie(face, isHeld));
      tray.append(spot);
    }
    return tray;
  }

  private showSeat(seat: number): void {
    this.shownSeat = seat;
    this.seatPicked = true;
    this.draw();
  }

  private rematch(): void {
    if (this.send.rematch()) this.note(this.words.t('rematchAsked'));
  }

  /** Swaps the drawing, keeping the keyboard where it was (a redraw must not throw focus to the page's top). */
  private replace(main: HTMLElement): void {
    const focused = document.activeElement;
    const key = focused instanceof HTMLElement ? focusKey(focused) : null;
    this.root.querySelector('main.board')?.remove();
    this.root.prepend(main);
    if (key) main.querySelector<HTMLElement>(key)?.focus();
  }
}

/** A selector that finds the same control in the next drawing. */
function focusKey(element: HTMLElement): string | null {
  if (element.dataset.die) return `[data-die="${element.dataset.die}"]`;
  if (element.dataset.cell) return `[data-cell="${element.dataset.cell}"]`;
  if (element.dataset.seat) return `.player-tab[data-seat="${element.dataset.seat}"]`;
  if (element.classList.contains('throw')) return '.throw';
  return null;
}
