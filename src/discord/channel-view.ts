// What the channel should show for a game, worked out from the saved game alone: the messages the Publisher
// keeps in line (turn messages, Balut's cards and progress, the results, the lobby summary), each under a
// key, with the body it should show. Pure, so a reconcile after any crash reaches the same answer.
import { createHash } from 'node:crypto';
import { seatsToAct } from '../game';
import type { ActionResult, GameView, LastWrite, LogWork, OutboxItem } from '../service/game-service';
import { NO_SERVER } from '../service/game-service';
import { offersRematch } from '../service/rematch';
import type { WantedPicture } from './sheet-picture';
import { resultsPicture, showingPicture } from './sheet-picture';
import type { MessageBody } from './render/turn';
import { renderTurn } from './render/turn';
import { withDailyResult } from './render/daily';
import { renderTable } from './render/private-cards';
import { gameT } from './render/text';
import { logLine, renderLobby, renderResults, renderScoreboard, variantName } from './render/game-messages';

export interface WantedMessage {
  key: string;
  /** 'play': the game's thread (or channel); 'parent': the channel the lobby is in. */
  where: 'play' | 'parent';
  body: MessageBody;
  /** Who a first post of it notifies (edits and re-posts notify nobody). */
  ping: string[];
  /** Only ever edited: the lobby is posted by /olathe start (a rematch's lobby excepted), never by the Publisher. */
  editOnly?: boolean;
  /** A picture attached when the message is posted (drawn then, never per pass); edits keep the file. */
  picture?: WantedPicture;
}

export const LOBBY_KEY = 'lobby';
export const RESULTS_KEY = 'results';
export const PROGRESS_KEY = 'scoreboard';
/** Olathe where the bot is not a member: one message for the whole game, each click updating it. */
export const TABLE_KEY = 'table';

/** Olathe posts a fresh message per turn: its key names the seat and the turn. */
export const turnKey = (seat: number, turn: number) => `turn:${seat}:${turn}`;
/** Balut keeps one card message per player, edited in place. */
export const cardKey = (seat: number) => `card:${seat}`;

export function isTurnKey(key: string): boolean {
  return key.startsWith('turn:');
}

export function messageLink(guildId: string, channelId: string, messageId: string): string {
  // A DM's messages are linked under "@me", as Discord's own "Copy Message Link" gives them.
  return `https://discord.com/channels/${guildId === NO_SERVER ? '@me' : guildId}/${channelId}/${messageId}`;
}

/** Every message the channel should show for this game now, in the order they should appear. */
export function wantedMessages(game: GameView, lastWrites: ReadonlyMap<number, LastWrite>): WantedMessage[] {
  const wanted: WantedMessage[] = [];
  const state = game.state;
  if (state && game.playChannelId !== null) {
    const acting = new Set(seatsToAct(state));
    if (state.options.variant === 'olathe' && game.repliesOnly) {
      wanted.push({ key: TABLE_KEY, where: 'play', ...olatheTable(game) });
    } else if (state.options.variant === 'olathe') {
      for (const seat of acting)
        wanted.push({ key: turnKey(seat, state.players[seat]!.turnsTaken), where: 'play', ...turnMessage(game, seat) });
    } else if (game.repliesOnly) {
      // Each card is shown privately to its player (render/private-cards.ts); the table is public.
      wanted.push({ key: PROGRESS_KEY, where: 'play', ...renderTable(game, lastWrites) });
    } else {
      for (const p of game.players)
        wanted.push({ key: cardKey(p.seat), where: 'play', ...cardMessage(game, p.seat, acting.has(p.seat)) });
      wanted.push({ key: PROGRESS_KEY, where: 'play', body: renderScoreboard(game, lastWrites), ping: [] });
    }
    if (game.status === 'finished' || game.status === 'ended') {
      const picture = resultsPicture(game)!;
      const words = renderResults(game, { analysis: game.players.some((p) => !p.isBot), rematch: offersRematch(game) });
      wanted.push({
        key: RESULTS_KEY,
        where: 'play',
        // The embed points at the picture whether or not it could be drawn: the digest stays the same either
        // way, and an edit's reference to a file the message lacks shows no image (channel-sync.ts).
        body: showingPicture(withDailyResult(game, words), picture.name),
        ping: [],
        picture,
      });
    }
  }
  // A rematch's lobby has no /olathe start to post it: the Publisher posts it, pinging the people seated in it
  // but the one who opened it, and posts it again (under the deleted one's id, see nonceOf) if it is deleted.
  if (game.rematchOf !== null && game.status === 'lobby') {
    const ping = game.players.filter((p) => !p.isBot && p.userId !== game.hostId).map((p) => p.userId);
    wanted.push({ key: LOBBY_KEY, where: 'parent', body: lobbySummary(game), ping });
  } else if (game.messages[LOBBY_KEY])
    wanted.push({ key: LOBBY_KEY, where: 'parent', body: lobbySummary(game), ping: [], editOnly: true });
  return wanted;
}

export function lobbySummary(game: GameView): MessageBody {
  const results = game.messages[RESULTS_KEY];
  const play = game.playChannelId;
  return renderLobby(game, {
    threadId: play && play !== game.channelId ? play : null,
    resultsUrl: results && play ? messageLink(game.guildId, play, results) : null,
    channelGone: game.channelGone,
  });
}

/**
 * An Olathe turn message. Its player is pinged when their turn follows someone else's — always, unless
 * everyone else has left — never for their own steps (those are edits).
 */
export function turnMessage(game: GameView, seat: number): { body: MessageBody; ping: string[] } {
  const player = game.players[seat]!;
  const state = game.state!;
  if (player.isBot)
    return {
      body: {
        ...renderTurn(game, seat),
        content: gameT(game)('turn.playing', { name: player.name }),
        components: [],
        allowedMentions: { parse: [] },
      },
      ping: [],
    };
  const others = state.players.some((p, i) => i !== seat && !p.left);
  const ping = state.players[seat]!.turnsTaken === 0 || others ? [player.userId] : [];
  return {
    body: {
      ...renderTurn(game, seat),
      content: gameT(game)('turn.yourTurn', { userId: player.userId }),
      allowedMentions: { parse: [] },
    },
    ping,
  };
}

/**
 * Olathe where the bot is not a member: the turn of whoever is to play, in the one message every click updates
 * (a click that ends a turn shows the next one at once, with no token needed); pinging the first player when
 * it is posted. Each ended turn's log line is a follow-up of its own, pinging the next player (channel-sync).
 */
export function olatheTable(game: GameView): { body: MessageBody; ping: string[] } {
  const [seat] = seatsToAct(game.state!);
  if (seat === undefined) return { body: collapsedTurn(gameT(game)('turn.gameOver')), ping: [] };
  return turnMessage(game, seat);
}

/** A Balut card: the player's turn while they may act, the final card once they are done; pinged once, at the start. */
export function cardMessage(game: GameView, seat: number, acting: boolean): { body: MessageBody; ping: string[] } {
  const player = game.players[seat]!;
  const seatState = game.state!.players[seat]!;
  const rendered = renderTurn(game, seat);
  if (!acting) {
    const why = gameT(game)(
      player.left ? 'turn.whyLeft' : game.status === 'playing' ? 'turn.whyComplete' : 'turn.whyFinal',
    );
    return {
      body: { ...rendered, content: `**${player.name}** — ${why}.`, components: [], allowedMentions: { parse: [] } },
      ping: [],
    };
  }
  if (player.isBot)
    return {
      body: {
        ...rendered,
        content: gameT(game)('turn.playing', { name: player.name }),
        components: [],
        allowedMentions: { parse: [] },
      },
      ping: [],
    };
  const first = seatState.turnsTaken === 0 && seatState.turn.dice === null;
  return {
    body: {
      ...rendered,
      content: gameT(game)('turn.yourTurn', { userId: player.userId }),
      allowedMentions: { parse: [] },
    },
    ping: first ? [player.userId] : [],
  };
}

/** What an Olathe turn message collapses to when its turn ends. */
export function collapsedTurn(line: string): MessageBody {
  return { content: line, embeds: [], components: [], allowedMentions: { parse: [] } };
}

export function logBody(game: GameView, work: LogWork): MessageBody {
  return collapsedTurn(logLine(game, work));
}

/** The thread a game plays in: "🎲 Olathe #12 — Alice, Bob" within Discord's 100 characters, on one line. */
export function threadName(game: GameView): string {
  const names = game.players.map((p) => p.name.replace(/[\r\n\t]+/g, ' ').trim()).join(', ');
  const name = `🎲 ${variantName(game)} #${game.id} — ${names}`;
  return [...name].slice(0, 100).join('');
}

/** What a click's own message shows after the action: the click's update answers with it. */
export interface ClickedMessage {
  key: string;
  body: MessageBody;
  /** The ended turn's log item, when the click ended its turn: its update delivers it. */
  log?: OutboxItem;
}

/** The message a seat plays on now: its Balut card, the Olathe table where the bot is not a member, or its turn's. */
export function playKey(game: GameView, seat: number): string {
  const state = game.state!;
  if (state.options.variant === 'balut') return cardKey(seat);
  return game.repliesOnly ? TABLE_KEY : turnKey(seat, state.players[seat]!.turnsTaken);
}

/** The message a seat's click was on, and what it shows now: the next step, the next turn, or the log line. */
export function clickedMessage(result: ActionResult, seat: number): ClickedMessage {
  const game = result.view;
  const state = game.state!;
  const key = playKey(game, seat);
  if (state.options.variant === 'balut')
    return { key, body: cardMessage(game, seat, seatsToAct(state).includes(seat)).body };
  // The ended turn's log line goes out on its own (a follow-up pinging the next player), not into this message.
  if (game.repliesOnly) return { key, body: olatheTable(game).body };
  const log = result.outbox.find((item) => item.work.kind === 'log' && item.work.seat === seat);
  if (log && log.work.kind === 'log') return { key: turnKey(seat, log.work.turn), body: logBody(game, log.work), log };
  return { key, body: turnMessage(game, seat).body };
}

/** Said once to the host, pinging them, when Discord refused the game's thread. */
export function noThreadNote(game: GameView): MessageBody {
  return {
    content: gameT(game)('turn.noThread', { hostId: game.hostId, id: game.id }),
    embeds: [],
    components: [],
  };
}

/** A short digest of what a body shows (not whom it pings): equal digests, nothing to edit. */
export function digestOf(body: MessageBody): string {
  const shown = JSON.stringify({ c: body.content ?? '', e: body.embeds, k: body.components });
  return createHash('sha1').update(shown).digest('base64url').slice(0, 16);
}

/**
 * A nonce (≤ 25 characters) that is the same for every try of one delivery and different for any other.
 * Discord answers a create whose nonce it saw in the last few minutes with the earlier message, so a nonce
 * must never name two messages, even across restarts. Each one the bot sends, checked for that:
 * - shouts (thread and channel) and log lines: workNonce, from the event's sequence number;
 * - wanted messages: (game, key, the id of the message it replaces, or '' for the first post). A key's first
 *   post happens once: turn keys name a seat's turn, which never comes back; cards, progress and results stay
 *   wanted until the game is gone; a rematch's lobby, once posted, is drawn again under the deleted one's id
 *   (it used to be forgotten and posted "first" again). A message's id is never reused, so neither are these;
 * - the no-thread note: (game, 'no-thread'), posted only while the game has no play channel, set once.
 * Game ids are not reused either: games rows are never deleted.
 */
export function nonceOf(...parts: Array<string | number>): string {
  return createHash('sha1').update(parts.join('|')).digest('base64url').slice(0, 25);
}

/**
 * The nonce of a piece of channel work posted in the play channel or, for a shout, also in the parent one.
 * From the event's sequence number, which a game never reuses; not from the outbox row's id, which SQLite
 * handed out again once the outbox had emptied (before migration 0010), so a second shout came back as the
 * first. Work saved without a seq falls back to its id, kept apart from seqs by its own tag.
 */
export function workNonce(gameId: number, item: OutboxItem, where: 'play' | 'parent' = 'play'): string {
  const seq: unknown = item.work.seq;
  const names = typeof seq === 'number' ? ['seq', seq] : ['id', item.id];
  return nonceOf(gameId, item.work.kind, ...names, ...(where === 'parent' ? ['parent'] : []));
}
