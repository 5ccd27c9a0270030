// The clock's side of a game: computer players run on the same clock as turn timeouts. A bot seat that may act
// has a deadline of now + botStepMs, and when it passes, expireTurns applies one step of the solver's play
// instead of a timeout. Deadlines live in the games' rows, so nothing about a bot or a timer lives in memory.
import type { GameEvent, GameState } from '../game';
import { applyEvent, seatsToAct, timeoutEvent } from '../game';
import type { Difficulty } from '../solver/strategy';
import { botEvents } from '../solver/strategy';
import { dueSeats } from './deadlines';
import { fallbackBotEvents } from './bots';
import { ServiceError } from './errors';
import type { ActionResult } from './view';
import { botSeats } from './service-core';
import type { EventMaker } from './operation';
import { TurnService } from './turn-service';

export abstract class ClockService extends TurnService {
  /**
   * Times out every turn whose deadline has passed (RULES.md "Turn timeout"), makes one step for each
   * computer player whose next step is due (never a timeout), and closes each lobby nobody started in time:
   * one result per game.
   */
  async expireTurns(now: number = this.now()): Promise<ActionResult[]> {
    const results: ActionResult[] = [];
    for (const gameId of await this.store.dueGameIds(now)) {
      const result = await this.expireGame(gameId, now);
      if (result && (result.events.length > 0 || result.finished)) results.push(result);
    }
    return results;
  }

  protected async expireGame(gameId: number, now: number): Promise<ActionResult | null> {
    try {
      return await this.mutateOrSkip(gameId, (g) => {
        if (g.row.status === 'lobby') return this.expireLobby(g, now);
        if (g.row.status !== 'playing' || !g.state) return null;
        const due = dueSeats(g.deadlines, now);
        if (due.length === 0) return null; // another connection moved the game on since we looked
        // A due seat that cannot act gets no event; the commit still drops its deadline, so it is not due forever.
        const bots = botSeats(g.players);
        const makers: EventMaker[] = due.map((seat) => (state) => {
          if (!seatsToAct(state).includes(seat)) return null;
          const difficulty = bots.get(seat);
          return difficulty
            ? this.botStep(gameId, state, seat, difficulty)
            : timeoutEvent(state, seat, this.diceFor(g, state, seat));
        });
        return this.playCommit(g, g.state, makers, now);
      });
    } catch (error) {
      // Lost every race to other connections: the game is still due, and the next tick tries again.
      if (error instanceof ServiceError && error.code === 'busy') return null;
      throw error;
    }
  }

  /** One step of a computer player, checked against the engine; a plain legal step if the solver fails. */
  protected botStep(gameId: number, state: GameState, seat: number, difficulty: Difficulty): GameEvent[] {
    try {
      const events = botEvents(state, seat, difficulty, this.rng);
      let trial = state;
      for (const event of events) trial = applyEvent(trial, event);
      if (events.length > 0) return events;
      throw new Error('the solver made no move');
    } catch (error) {
      this.onBotError?.(error, { gameId, seat });
      return fallbackBotEvents(state, seat, this.rng);
    }
  }

  /** The earliest stored deadline — a turn's timeout or a computer player's next step — so the bot can set one timer; null when none. */
  nextDeadline(): Promise<number | null> {
    return this.store.nextDeadline();
  }
}
