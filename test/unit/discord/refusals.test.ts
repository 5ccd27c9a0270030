// What a refused click or command is told: the service's words, then what to do — the command that helps, and
// whose turn it is, read from the saved game (never from the refusal's text). Games come from a real service.
import { describe, expect, it } from 'vitest';
import { GAME_MESSAGES, GameError, LAYOUT_PROBLEM_VARS, layoutColumns, nextSeat } from '../../../src/game';
import type { GameErrorFacts } from '../../../src/game';
import { openSqliteTestStorage } from '../../support/storage';
import type { GameView } from '../../../src/service/game-service';
import { GameService, ServiceError } from '../../../src/service/game-service';
import { MESSAGES, notYourCard } from '../../../src/service/errors';
import { UserFacingError } from '../../../src/discord/context';
import { refusalText, whoseTurn } from '../../../src/discord/refusals';
import { tr } from '../../../src/discord/i18n';
import { BALUT, OLATHE, riggedRng, startedGame } from '../../integration/service/helpers';

const english = tr('en');

function service(): GameService {
  const db = openSqliteTestStorage(':memory:');
  return new GameService(db, { rng: riggedRng(), now: () => 1_700_000_000_000 });
}

/** A started game played in its channel (no thread). */
const started = (s: GameService, ids: string[], options = OLATHE): Promise<GameView> =>
  startedGame(s, ids, options, { guildId: 'g', threads: false });

const notYourTurn = new GameError('not-your-turn', 'notYourTurn');

describe('whose turn a refusal names', () => {
  it('tells the next player theirs comes next, the others only whose turn it is', async () => {
    const s = service();
    const game = await started(s, ['ann', 'ben', 'cat']);
    const facts = (userId: string) => ({ userId, game: () => game });
    expect(refusalText(notYourTurn, facts('ben'))).toBe("It's ANN's turn — yours comes next.");
    expect(refusalText(notYourTurn, facts('cat'))).toBe("It's ANN's turn.");
    expect(refusalText(new ServiceError('not-your-card', notYourCard('ANN')), facts('ben'))).toBe(
      "This is ANN's card — only they can use its buttons. It's ANN's turn — yours comes next.",
    );
    expect(refusalText(new ServiceError('stale', MESSAGES.stale), facts('cat'))).toBe(
      `${MESSAGES.stale} It's ANN's turn.`,
    );
    // The player in turn, and someone watching, are not told whose turn it is.
    expect(refusalText(new ServiceError('stale', MESSAGES.stale), facts('ann'))).toBe(MESSAGES.stale);
    expect(refusalText(new ServiceError('not-your-card', notYourCard('ANN')), facts('eve'))).toBe(notYourCard('ANN'));
  });

  it('follows the seat order past players who left, and says nothing in Balut', async () => {
    const s = service();
    let game = await started(s, ['ann', 'ben', 'cat']);
    game = (await s.quit(game.id, 'ben')).view;
    expect(nextSeat(game.state!)).toBe(2);
    expect(whoseTurn(game, 'cat')).toBe("It's ANN's turn — yours comes next.");
    expect(whoseTurn(game, 'ben')).toBeNull();
    const balut = await started(s, ['ann', 'ben'], BALUT);
    expect(nextSeat(balut.state!)).toBeNull();
    expect(whoseTurn(balut, 'ben')).toBeNull();
    expect(refusalText(notYourTurn, { userId: 'ben', game: () => balut })).toBe(notYourTurn.message);
    // There a player on someone else's card is pointed to their own.
    expect(
      refusalText(new ServiceError('not-your-card', notYourCard('ANN')), { userId: 'ben', game: () => balut }),
    ).toBe(`${notYourCard('ANN')} ${english('refusal.ownCard')}`);
    expect(
      refusalText(new ServiceError('not-your-card', notYourCard('ANN')), { userId: 'eve', game: () => balut }),
    ).toBe(notYourCard('ANN'));
  });

  it('reads the game only when the wording needs it, and still answers when it cannot', () => {
    let reads = 0;
    const game = () => {
      reads++;
      throw new Error('database is locked');
    };
    expect(refusalText(notYourTurn, { userId: 'ben', game })).toBe(notYourTurn.message);
    expect(refusalText(new ServiceError('not-host', MESSAGES.notHost), { userId: 'ben', game })).toBe(MESSAGES.notHost);
    expect(reads).toBe(1);
  });
});

describe('what to do next', () => {
  it('names the slash command that helps; the service never does', () => {
    for (const text of Object.values(MESSAGES)) expect(text).not.toMatch(/\/olathe/);
    expect(refusalText(new ServiceError('no-game', MESSAGES.noGame))).toBe(
      `${MESSAGES.noGame} ${english('refusal.startNew')}`,
    );
    expect(refusalText(new ServiceError('channel-busy', MESSAGES.channelBusy))).toMatch(/\/olathe end\.$/);
    expect(refusalText(new UserFacingError('Pick one of the listed cells.'))).toBe('Pick one of the listed cells.');
  });

  it('offers a new game only when the game is over: a full Balut card waits for the others', async () => {
    const s = service();
    const balut = await started(s, ['ann', 'ben'], BALUT);
    const full = new GameError('game-over', 'cardFull');
    expect(refusalText(full, { userId: 'ann', game: () => balut })).toBe(full.message);
    const over = new ServiceError('game-over', MESSAGES.gameOver);
    const ended = (await s.end(balut.id, 'ann', { canManage: false })).view;
    expect(refusalText(over, { userId: 'ann', game: () => ended })).toBe(
      `${MESSAGES.gameOver} ${english('refusal.startNew')}`,
    );
  });

  it("says plainly that a hint's Apply is out of date", async () => {
    const s = service();
    const game = await started(s, ['ann', 'ben']);
    const stale = new ServiceError('stale', MESSAGES.stale);
    expect(refusalText(stale, { userId: 'ann', game: () => game, fromHint: true })).toBe(english('refusal.staleHint'));
  });
});

describe("in the reader's language", () => {
  it("words the service's refusals, whose turn it is and the command that helps in Danish", async () => {
    const s = service();
    const game = await started(s, ['ann', 'ben', 'cat']);
    const danish = tr('da');
    expect(refusalText(new ServiceError('no-game', MESSAGES.noGame), undefined, danish)).toBe(
      `${danish('error.noGame')} ${danish('refusal.startNew')}`,
    );
    expect(refusalText(notYourTurn, { userId: 'ben', game: () => game }, danish)).toBe(
      danish('refusal.turnOfThenYours', { name: 'ANN' }),
    );
    const card = new ServiceError('not-your-card', notYourCard('ANN'), { owner: 'ANN' });
    expect(refusalText(card, { userId: 'eve', game: () => game }, danish)).toBe(
      danish('refusal.notYourCard', { owner: 'ANN' }),
    );
    expect(refusalText(UserFacingError.of('refusal.pickCell'), undefined, danish)).toBe(danish('refusal.pickCell'));
    expect(danish('refusal.pickCell')).not.toBe(english('refusal.pickCell'));
  });

  it('has a catalogue key for every sentence of the service', () => {
    for (const [name, text] of Object.entries(MESSAGES)) expect(english(`error.${name}` as never)).toBe(text);
    expect(english('refusal.notYourCard', { owner: 'ANN' })).toBe(notYourCard('ANN'));
  });

  it("words the engine's refusals with the reader's names of columns and categories", () => {
    const columns = layoutColumns({ free: 2, down: 1, up: 1 });
    const facts: GameErrorFacts = { columns, variant: 'olathe', column: 2, next: 'fours', order: ['fours', 'olathe'] };
    const outOfOrder = new GameError('cell-out-of-order', 'cellOutOfOrder', facts);
    expect(outOfOrder.message).toBe('↓ Down goes Fours → Olathe; next is Fours.');
    expect(refusalText(outOfOrder)).toBe(outOfOrder.message);
    expect(refusalText(outOfOrder, undefined, tr('da'))).toBe('↓ Ned udfyldes Firere → Olathe; næste er Firere.');
    const taken = new GameError('cell-taken', 'cellTaken', {
      columns,
      variant: 'balut',
      column: 0,
      category: 'olathe',
    });
    expect(refusalText(taken, undefined, tr('da'))).toBe('Balut (Fri 1) er allerede skrevet — vælg et tomt felt.');
  });

  it("has a catalogue key for every sentence of the engine, English the engine's own", () => {
    const facts: GameErrorFacts = { columns: ['free', 'up'], column: 1, category: 'house', next: 'sixes' };
    for (const sentence of Object.keys(GAME_MESSAGES) as (keyof typeof GAME_MESSAGES)[]) {
      const error = new GameError('bad-dice', sentence, { ...facts, order: ['olathe', 'fours'] });
      expect(refusalText(error)).toBe(error.message);
      expect(error.message).not.toMatch(/\{\{/);
      expect(refusalText(error, undefined, tr('da'))).not.toMatch(/\{\{|^game\./);
    }
  });

  it("says why a layout is not allowed in the reader's language, with the numbers filled in", () => {
    const refusal = UserFacingError.of('reply.seeHelp', LAYOUT_PROBLEM_VARS, { problem: 'layout.olatheThrows' });
    expect(refusal.message).toBe('Olathe allows 1 to 5 throws a turn. (See /olathe help.)');
    expect(refusalText(refusal, undefined, tr('da'))).toBe('Olathe tillader 1 til 5 kast pr. tur. (Se /olathe help.)');
  });
});

describe('a stale click is pointed to the newest card', () => {
  const stale = new ServiceError('stale', MESSAGES.stale);
  const shown = (game: GameView, messages: Record<string, string>): GameView => ({
    ...game,
    playChannelId: 'play',
    messages,
  });

  it("links a Balut player's own card, in the reader's language", async () => {
    const s = service();
    const game = shown(await started(s, ['ann', 'ben'], BALUT), { 'card:0': '900', 'card:1': '901' });
    const link = 'https://discord.com/channels/g/play/901';
    expect(refusalText(stale, { userId: 'ben', game: () => game })).toBe(`${MESSAGES.stale} Your newest card: ${link}`);
    expect(refusalText(stale, { userId: 'ben', game: () => game }, tr('da'))).toBe(
      `Den knap er fra et tidligere øjeblik i spillet — brug den nyeste blok. Din nyeste blok: ${link}`,
    );
  });

  it("links an Olathe player's turn message only while the turn is theirs", async () => {
    const s = service();
    const game = shown(await started(s, ['ann', 'ben']), { 'turn:0:0': '700' });
    expect(refusalText(stale, { userId: 'ann', game: () => game })).toBe(
      `${MESSAGES.stale} Your newest card: https://discord.com/channels/g/play/700`,
    );
    expect(refusalText(stale, { userId: 'ben', game: () => game })).toBe(
      `${MESSAGES.stale} It's ANN's turn — yours comes next.`,
    );
  });

  it('names no card that is not posted yet', async () => {
    const s = service();
    const game = shown(await started(s, ['ann', 'ben'], BALUT), {});
    expect(refusalText(stale, { userId: 'ben', game: () => game })).toBe(MESSAGES.stale);
  });
});

describe("refusals that are not the player's card", () => {
  it('a busy game and a card ahead of the saved game say so, in both languages', () => {
    expect(refusalText(new ServiceError('busy', MESSAGES.busy))).toBe(MESSAGES.busy);
    expect(refusalText(new ServiceError('busy', MESSAGES.busy), undefined, tr('da'))).toMatch(/^Spillet er optaget/);
    expect(refusalText(new ServiceError('card-ahead', MESSAGES.cardAhead))).toBe(MESSAGES.cardAhead);
    expect(refusalText(new ServiceError('card-ahead', MESSAGES.cardAhead), undefined, tr('da'))).toMatch(
      /^Den blok viser/,
    );
  });
});
