// What a refused click or command is told. The service and the engine say what is wrong in words of the game
// (a code and a sentence, never a slash command); this layer adds what to do about it: the command that helps,
// and whose turn it is, read from the game as the service shows it (never from the refusal's words).
import type { ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';
import { factVars, isGameError, nextSeat } from '../game';
import type { GameView } from '../service/game-service';
import type { BotContext } from './context';
import { UserFacingError } from './context';
import { parseCustomId } from './custom-id';
import type { MessageKey, Translate } from './i18n';
import { DEFAULT_LANGUAGE, tr, trFor } from './i18n';
import { seatName } from './render/view';
import { factWords } from './render/text';
import { MESSAGES } from '../service/errors';
import { messageLink, playKey } from './channel-view';
import { isTournamentError } from '../tournament';
import { tournamentErrorText } from './render/tournament-words';

const ENGLISH = tr(DEFAULT_LANGUAGE);

/** The catalogue key of each of the service's sentences (its MESSAGES are the English `error.*` texts). */
const ERROR_KEYS: ReadonlyMap<string, MessageKey> = new Map(
  Object.entries(MESSAGES).map(([name, text]) => [text, `error.${name}` as MessageKey]),
);

/** The error's own sentence in the reader's language. */
function said(error: Error, t: Translate): string {
  if (error instanceof UserFacingError) return error.text(t);
  if (isGameError(error)) return t(`game.${error.sentence}`, factVars(error.facts, factWords(t)));
  if (isTournamentError(error)) return tournamentErrorText(error, t);
  const code = (error as { code?: unknown }).code;
  const vars = (error as { vars?: Record<string, string> }).vars;
  if (code === 'not-your-card' && vars?.owner !== undefined) return t('refusal.notYourCard', { owner: vars.owner });
  const key = ERROR_KEYS.get(error.message);
  return key ? t(key) : error.message;
}

/** What the wording may look at besides the error. */
export interface RefusalFacts {
  userId: string;
  /** The game the refused control or command was about; read only when the wording needs it. */
  game?: () => GameView | null;
  /** The refused control was a hint's own (Apply, or its confirmation). */
  fromHint?: boolean;
}

/** Codes after which the game's state says more: whose turn it is, or whether the game is still on. */
const NEEDS_GAME: ReadonlySet<string> = new Set(['not-your-turn', 'not-your-card', 'stale', 'game-over']);

/** The refusal in the language of `t` (English unless told). */
export function refusalText(error: Error, facts?: RefusalFacts, t: Translate = ENGLISH): string {
  const code = (error as { code?: unknown }).code;
  const message = said(error, t);
  if (error instanceof UserFacingError || typeof code !== 'string') return message;
  const game = facts && NEEDS_GAME.has(code) ? readGame(facts) : null;
  const turn = game && facts ? whoseTurn(game, facts.userId, t) : null;
  switch (code) {
    case 'no-game':
      return `${message} ${t('refusal.startNew')}`;
    case 'game-over':
      // A full Balut card is refused as game-over while the others still play: nothing to start then.
      return game?.status === 'playing' ? message : `${message} ${t('refusal.startNew')}`;
    case 'channel-busy':
      return `${message} ${t('refusal.hostCanEnd')}`;
    case 'not-your-turn':
      return turn ?? message;
    case 'stale': {
      const newest = game && facts && !facts.fromHint ? newestCardLink(game, facts.userId) : null;
      return join(
        join(facts?.fromHint ? t('refusal.staleHint') : message, newest && t('refusal.newestCard', { link: newest })),
        turn,
      );
    }
    case 'not-your-card':
      // Balut has no turns to name: a player there is pointed to their own card instead.
      return join(message, turn ?? (game && facts && playsBalut(game, facts.userId) ? t('refusal.ownCard') : null));
    default:
      return message;
  }
}

/**
 * Whose turn it is, for a player waiting for theirs: "It's Bob's turn — yours comes next." when they play right
 * after, "It's Bob's turn." otherwise. Null in Balut (everyone plays at once), for the player whose turn it is,
 * for someone not playing (a spectator is told whose card it is, which is enough), and for a game not in play.
 */
export function whoseTurn(game: GameView, userId: string, t: Translate = ENGLISH): string | null {
  const state = game.state;
  if (game.status !== 'playing' || !state || state.options.variant !== 'olathe') return null;
  const mine = game.players.find((p) => p.userId === userId)?.seat;
  if (mine === undefined || mine === state.current || state.players[mine]?.left) return null;
  const name = seatName(game, state.current);
  return t(nextSeat(state) === mine ? 'refusal.turnOfThenYours' : 'refusal.turnOf', { name });
}

/** The refusal for an interaction: its game is the one its custom_id names, or the channel's for a command. */
export async function refusalFor(
  error: Error,
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: Pick<BotContext, 'service'>,
): Promise<string> {
  const id = interaction.isChatInputCommand() ? null : parseCustomId(interaction.customId);
  // Read before the wording, and only when the wording looks at it (refusalText reads it only then).
  const code = (error as { code?: unknown }).code;
  const needed = !(error instanceof UserFacingError) && typeof code === 'string' && NEEDS_GAME.has(code);
  let read: GameView | null = null;
  try {
    if (needed)
      read = id ? await ctx.service.game(id.gameId) : await ctx.service.openGameInChannel(interaction.channelId);
  } catch {
    // The wording is a courtesy: the refusal itself goes out even if the game cannot be read now.
  }
  const game = (): GameView | null => read;
  return refusalText(
    error,
    { userId: interaction.user.id, game, fromHint: id?.action === 'apply' || id?.action === 'confirm' },
    trFor(interaction),
  );
}

/**
 * Where the player's newest card is, as a message link: their Balut card, or the message of their Olathe turn
 * while it is theirs (the table where the bot is not a member). Null when there is none to point to.
 */
export function newestCardLink(game: GameView, userId: string): string | null {
  const state = game.state;
  const seat = game.players.find((p) => p.userId === userId)?.seat;
  if (game.status !== 'playing' || !state || seat === undefined || game.playChannelId === null) return null;
  const balut = state.options.variant === 'balut';
  // Where Balut cards are private, the table's 🃏 button shows a player theirs: no message of its own to link.
  if (balut ? game.repliesOnly : !game.repliesOnly && state.current !== seat) return null;
  const id = game.messages[playKey(game, seat)];
  return id === undefined ? null : messageLink(game.guildId, game.playChannelId, id);
}

function playsBalut(game: GameView, userId: string): boolean {
  const seat = game.players.find((p) => p.userId === userId)?.seat;
  const player = seat === undefined ? undefined : game.state?.players[seat];
  return game.status === 'playing' && game.options.variant === 'balut' && player !== undefined && !player.left;
}

function readGame(facts: RefusalFacts): GameView | null {
  try {
    return facts.game?.() ?? null;
  } catch {
    // The wording is a courtesy: the refusal itself goes out even if the game cannot be read now.
    return null;
  }
}

function join(first: string, second: string | null): string {
  return second ? `${first} ${second}` : first;
}
