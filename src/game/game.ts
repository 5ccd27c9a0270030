// How a game changes: only by events (RULES.md "A turn", "End of game", "Turn timeout", "The prediction side
// game"). `applyEvent` is pure: the same events always rebuild the same state, so a stored event list is a full
// record of a game. Randomness enters only when an event is made (`throwEvent`, `timeoutEvent`), never when it
// is applied. The state itself, and what may be done in it now, are state.ts's.
import type { Dice, Face } from './dice';
import { CATEGORIES, DICE_COUNT, isDice } from './dice';
import type { CellRef } from './card';
import { emptyCellCount, isCardFull, nextOrderedCell, withCell } from './card';
import { fillOrder } from './layout';
import { GameError } from './errors';
import type { Rng } from './rng';
import type { GameEvent, GameOptions, GameState, Player, Turn } from './state';
import { FRESH_TURN, TIMEOUTS_BEFORE_REMOVAL, isPlaying, lowestScoringCell, newGame, seatAfter } from './state';

export function replay(options: GameOptions, playerIds: readonly string[], events: readonly GameEvent[]): GameState {
  let state = newGame(options, playerIds);
  for (const event of events) state = applyEvent(state, event);
  return state;
}

// ---------- making events that need dice ----------

/** The throw a player makes now: held dice stay, the others are thrown with `rng`. Validated first. */
export function throwEvent(state: GameState, seat: number, rng: Rng): GameEvent {
  const player = checkThrow(state, seat);
  const { dice: previous, held } = player.turn;
  const dice: Face[] = [];
  for (let i = 0; i < DICE_COUNT; i++) dice.push(previous && held[i] ? previous[i]! : rng.face());
  return { type: 'throw', seat, dice: dice as unknown as Dice };
}

/** The event that ends a timed-out turn; it carries a throw only when nothing was thrown yet. */
export function timeoutEvent(state: GameState, seat: number, rng: Rng): GameEvent {
  checkActor(state, seat);
  const player = state.players[seat]!;
  const dice = player.turn.dice ? null : (Array.from({ length: DICE_COUNT }, () => rng.face()) as unknown as Dice);
  return { type: 'timeout', seat, dice };
}

// ---------- applying events ----------

export function applyEvent(state: GameState, event: GameEvent): GameState {
  const next = applyRule(state, event);
  // Every rule returns a state object of its own making (never `state` itself), so the version can be set
  // on it in place rather than copying the whole state once more per event (the hot path of replays,
  // bots and the simulator).
  (next as { version: number }).version = state.version + 1;
  return next;
}

function applyRule(state: GameState, event: GameEvent): GameState {
  switch (event.type) {
    case 'predict':
      return predict(state, event.seat, event.count);
    case 'declare':
      return declare(state, event.seat, event.column);
    case 'hold':
      return toggleHold(state, event.seat, event.die);
    case 'throw':
      return applyThrow(state, event.seat, event.dice);
    case 'write':
      return write(state, event.seat, { column: event.column, category: event.category }, false);
    case 'timeout':
      return timeOut(state, event.seat, event.dice);
    case 'leave':
      return leave(state, event.seat);
    case 'end':
      if (!isPlaying(state)) throw gameOver();
      return { ...state, status: 'ended' };
  }
}

function gameOver(): GameError {
  return new GameError('game-over', 'gameOver');
}

function checkSeat(state: GameState, seat: number): Player {
  if (!isPlaying(state)) throw gameOver();
  const player = state.players[seat];
  if (!player) throw new GameError('not-a-player', 'notAPlayer');
  if (player.left) throw new GameError('player-left', 'playerLeft');
  return player;
}

/** The player, if it is their moment to act (their turn in Olathe; any time in Balut). */
function checkActor(state: GameState, seat: number): Player {
  const player = checkSeat(state, seat);
  if (state.options.variant === 'olathe' && state.current !== seat) {
    throw new GameError('not-your-turn', 'notYourTurn');
  }
  // Balut: a player whose card is full has no turns left (Olathe never gives them the turn).
  if (isCardFull(player.card)) throw new GameError('game-over', 'cardFull');
  return player;
}

function withPlayer(state: GameState, seat: number, player: Player): GameState {
  const players = state.players.slice();
  players[seat] = player;
  return { ...state, players };
}

function predict(state: GameState, seat: number, count: number): GameState {
  const player = checkSeat(state, seat);
  if (!state.options.predictions) throw new GameError('predictions-off', 'predictionsOff');
  if (player.turnsTaken > 0 || player.turn.dice !== null) {
    throw new GameError('prediction-closed', 'predictionClosed');
  }
  if (!Number.isInteger(count) || count < 0 || count > 99) {
    throw new GameError('bad-prediction', 'badPrediction');
  }
  return withPlayer(state, seat, { ...player, prediction: count });
}

function declare(state: GameState, seat: number, column: number): GameState {
  const player = checkActor(state, seat);
  if (state.options.variant !== 'olathe') {
    throw new GameError('declare-not-in-balut', 'declareNotInBalut');
  }
  if (player.turn.dice !== null) throw new GameError('already-thrown', 'alreadyThrown');
  if (player.turn.column !== null) {
    throw new GameError('already-declared', 'alreadyDeclared', {
      columns: state.options.columns,
      column: player.turn.column,
    });
  }
  const col = player.card.columns[column];
  if (!col || !Number.isInteger(column)) throw new GameError('no-such-column', 'noSuchColumn');
  if (emptyCellCount(col) === 0) {
    throw new GameError('column-full', 'columnFull', { columns: state.options.columns, column });
  }
  return withPlayer(state, seat, { ...player, turn: { ...player.turn, column } });
}

function toggleHold(state: GameState, seat: number, die: number): GameState {
  const player = checkActor(state, seat);
  if (!Number.isInteger(die) || die < 0 || die >= DICE_COUNT) throw new GameError('no-such-die', 'noSuchDie');
  if (player.turn.dice === null) throw new GameError('nothing-thrown', 'nothingToHold');
  if (player.turn.throwsUsed >= state.options.throwsPerTurn) {
    throw new GameError('no-throws-left', 'noThrowsLeft');
  }
  const held = player.turn.held.slice();
  held[die] = !held[die];
  return withPlayer(state, seat, { ...player, turn: { ...player.turn, held } });
}

function checkThrow(state: GameState, seat: number): Player {
  const player = checkActor(state, seat);
  if (state.options.variant === 'olathe' && player.turn.column === null) {
    throw new GameError('not-declared', 'notDeclared');
  }
  if (player.turn.throwsUsed >= state.options.throwsPerTurn) {
    throw new GameError('no-throws-left', 'noThrowsLeft');
  }
  if (player.turn.dice !== null && player.turn.held.every(Boolean)) {
    throw new GameError('all-held', 'allHeld');
  }
  return player;
}

function applyThrow(state: GameState, seat: number, dice: Dice): GameState {
  const player = checkThrow(state, seat);
  if (!isDice(dice)) throw new GameError('bad-dice', 'badDice');
  const previous = player.turn.dice;
  if (previous && player.turn.held.some((h, i) => h && previous[i] !== dice[i])) {
    throw new GameError('bad-dice', 'badDice');
  }
  // Events are immutable data, so the state may share the event's dice.
  const turn: Turn = { ...player.turn, dice, throwsUsed: player.turn.throwsUsed + 1 };
  return withPlayer(state, seat, { ...player, turn });
}

/** Why this cell may not take the dice now, in plain words; null when it may. */
function writeProblem(state: GameState, player: Player, ref: CellRef): GameError | null {
  const { variant, columns } = state.options;
  const column = player.card.columns[ref.column];
  if (!column || !CATEGORIES.includes(ref.category)) return new GameError('no-such-cell', 'noSuchCell');
  if (variant === 'olathe' && player.turn.column !== ref.column) {
    return new GameError('wrong-column', 'wrongColumn', { columns, column: player.turn.column ?? 0 });
  }
  if (column.cells[ref.category] !== null) {
    return new GameError('cell-taken', 'cellTaken', { columns, variant, column: ref.column, category: ref.category });
  }
  const next = nextOrderedCell(column);
  if (next !== null && next !== ref.category) {
    const order = fillOrder(column.kind)!;
    return new GameError('cell-out-of-order', 'cellOutOfOrder', {
      columns,
      variant,
      column: ref.column,
      next,
      order: [order[0]!, order[order.length - 1]!],
    });
  }
  return null;
}

function write(state: GameState, seat: number, ref: CellRef, timedOut: boolean): GameState {
  const player = checkActor(state, seat);
  if (player.turn.dice === null) throw new GameError('nothing-thrown', 'nothingToWrite');
  const problem = writeProblem(state, player, ref);
  if (problem) throw problem;
  const card = withCell(player.card, ref, player.turn.dice);
  const consecutiveTimeouts = timedOut ? player.consecutiveTimeouts + 1 : 0;
  const removed = consecutiveTimeouts >= TIMEOUTS_BEFORE_REMOVAL && !isCardFull(card);
  const next: Player = {
    ...player,
    card,
    turn: FRESH_TURN,
    turnsTaken: player.turnsTaken + 1,
    consecutiveTimeouts,
    left: removed,
  };
  return afterTurn(withPlayer(state, seat, next));
}

/** RULES.md "Turn timeout": declare the emptiest column, throw once if needed, write the lowest-scoring legal cell. */
function timeOut(state: GameState, seat: number, dice: Dice | null): GameState {
  let player = checkActor(state, seat);
  if (state.options.variant === 'olathe' && player.turn.column === null) {
    const counts = player.card.columns.map(emptyCellCount);
    const column = counts.indexOf(Math.max(...counts)); // leftmost of the emptiest
    state = declare(state, seat, column);
  }
  player = state.players[seat]!;
  if (player.turn.dice === null) {
    if (!dice) throw new GameError('bad-dice', 'badDice');
    state = applyThrow(state, seat, dice);
  } else if (dice) {
    throw new GameError('bad-dice', 'badDice');
  }
  const target = lowestScoringCell(state, seat);
  return write(state, seat, target, true);
}

function leave(state: GameState, seat: number): GameState {
  const player = checkSeat(state, seat);
  const wasCurrent = state.options.variant === 'olathe' && state.current === seat;
  const next = withPlayer(state, seat, { ...player, left: true, turn: FRESH_TURN });
  return wasCurrent ? afterTurn(next) : settle(next);
}

/** After a turn: pass to the next seat that still plays (Olathe), and end the game when nobody can. */
function afterTurn(state: GameState): GameState {
  const seat = state.options.variant === 'olathe' ? seatAfter(state, state.current) : null;
  return seat === null ? settle(state) : { ...state, current: seat };
}

/** Ends the game when no active player has an empty cell: 'finished' if anyone completed, 'ended' if all left. */
function settle(state: GameState): GameState {
  const active = state.players.filter((p) => !p.left);
  if (active.some((p) => !isCardFull(p.card))) return state;
  return { ...state, status: active.length > 0 ? 'finished' : 'ended' };
}
