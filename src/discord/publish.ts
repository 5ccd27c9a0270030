// Messages the bot posts or edits without a click (the next player's turn, the shout, the scoreboard,
// the results, a timed-out turn): always through the bot's channel-message routes, never an interaction
// token, which expires after 15 minutes.
import { Routes } from 'discord.js';
import type { ActionResult, GameView } from '../service/game-service';
import { applyEvent, seatsToAct } from '../game';
import type { BotContext } from './context';
import type { MessageBody } from './render/turn';
import { renderTurn } from './render/turn';
import { renderLobby, renderResults, renderScoreboard, renderShout, turnLogLine } from './render/game-messages';

export function apiBody(body: MessageBody): Record<string, unknown> {
  return {
    content: body.content ?? '',
    embeds: body.embeds,
    components: body.components,
    ...(body.allowedMentions ? { allowed_mentions: body.allowedMentions } : {}),
  };
}

export async function postMessage(ctx: BotContext, channelId: string, body: MessageBody): Promise<string> {
  const message = (await ctx.rest.post(Routes.channelMessages(channelId), { body: apiBody(body) })) as { id: string };
  return message.id;
}

export async function editMessage(ctx: BotContext, channelId: string, messageId: string, body: MessageBody): Promise<void> {
  await ctx.rest.patch(Routes.channelMessage(channelId, messageId), { body: apiBody(body) });
}

export const turnKey = (seat: number) => `turn:${seat}`;

/** A turn message collapsed to its one-line log, its controls gone. */
export function collapsedTurn(line: string): MessageBody {
  return { content: line, embeds: [], components: [], allowedMentions: { parse: [] } };
}

/** The fresh turn message that starts a turn, pinging its player (a computer player's has no controls). */
export function turnMessage(game: GameView, seat: number): MessageBody {
  const player = game.players[seat]!;
  if (player.isBot) {
    return { ...renderTurn(game, seat), content: `${player.name} is playing…`, components: [], allowedMentions: { parse: [] } };
  }
  return {
    ...renderTurn(game, seat),
    content: `<@${player.userId}>, your turn!`,
    allowedMentions: { users: [player.userId] },
  };
}

/** A turn that just ended, the log line its message collapses to, and that message when known. */
export interface EndedTurn {
  seat: number;
  messageId: string | null;
  line: string;
}

/**
 * Takes the turn messages of the turns this action ended out of the game's message list — synchronously,
 * right after the action was saved, so no channel update already under way can mistake them for open
 * turns — and gives each its log line (replaying the action's events over the state before them).
 */
export function claimEndedTurns(ctx: BotContext, result: ActionResult): EndedTurn[] {
  const game = result.view;
  const messages = ctx.service.game(game.id)?.messages ?? game.messages;
  const ended: EndedTurn[] = [];
  let state = result.before;
  for (const event of result.events) {
    const next = state ? applyEvent(state, event) : null;
    if (state && next && (event.type === 'write' || event.type === 'timeout' || event.type === 'leave')) {
      const messageId = messages[turnKey(event.seat)] ?? null;
      const line = turnLogLine(game, state, event, next) ?? `**${game.players[event.seat]!.name}** left the game.`;
      ended.push({ seat: event.seat, messageId, line });
      if (messageId) ctx.service.setMessageId(game.id, turnKey(event.seat), null);
    }
    state = next;
  }
  return ended;
}

/**
 * Brings the channel in line with the game after an action: shouts every five of a kind, collapses the
 * turn messages of turns that ended (except the one the click already updated), posts a fresh message for
 * every turn that began, and the results when the game is over. Call `claimEndedTurns` first, before any
 * await. Failures are logged, not thrown: the action itself is already saved.
 */
export function publishAfterAction(ctx: BotContext, result: ActionResult, ended: EndedTurn[], clickedMessageId?: string): Promise<void> {
  return oneAtATime(result.view.id, () => publish(ctx, result, ended, clickedMessageId));
}

/**
 * Channel updates of one game run one after another: two clicks close together would otherwise both see
 * "the next player has no turn message yet" and post it twice.
 */
const queues = new Map<number, Promise<void>>();
export function oneAtATime(gameId: number, work: () => Promise<void>): Promise<void> {
  const previous = queues.get(gameId) ?? Promise.resolve();
  const next = previous.then(work, work);
  queues.set(gameId, next);
  void next.finally(() => {
    if (queues.get(gameId) === next) queues.delete(gameId);
  });
  return next;
}

async function publish(ctx: BotContext, result: ActionResult, ended: EndedTurn[], clickedMessageId?: string): Promise<void> {
  const game = result.view;
  try {
    for (const shout of result.shouts) await postMessage(ctx, game.channelId, renderShout(game, shout.seat, shout.dice));
    for (const turn of ended) {
      if (turn.messageId && turn.messageId !== clickedMessageId) await editMessage(ctx, game.channelId, turn.messageId, collapsedTurn(turn.line));
    }
    // A computer player's step comes without a click: its turn message is redrawn through the channel.
    if (!clickedMessageId) await redrawOpenTurns(ctx, result, ended);
    await syncTurnMessages(ctx, game.id, { progressChanged: ended.length > 0 });
  } catch (error) {
    ctx.log.error('could not update the channel after an action', { gameId: game.id, error });
  }
}

async function redrawOpenTurns(ctx: BotContext, result: ActionResult, ended: EndedTurn[]): Promise<void> {
  const game = ctx.service.game(result.view.id);
  if (!game || game.status !== 'playing') return;
  const seats = new Set(result.events.flatMap((e) => ('seat' in e ? [e.seat] : [])));
  for (const seat of seats) {
    const messageId = game.messages[turnKey(seat)];
    if (messageId && !ended.some((t) => t.seat === seat)) await editMessage(ctx, game.channelId, messageId, turnMessage(game, seat));
  }
}

/**
 * Posts turn messages for seats that may act and have none, and (when a turn ended) Balut's progress
 * message; at the end, the results. Reads the game afresh.
 */
export async function syncTurnMessages(ctx: BotContext, gameId: number, opts: { progressChanged: boolean }): Promise<void> {
  const game = ctx.service.game(gameId);
  const state = game?.state;
  if (!game || !state) return;
  if (game.status === 'playing') {
    for (const seat of seatsToAct(state)) {
      if (game.messages[turnKey(seat)]) continue;
      const turnsTaken = state.players[seat]!.turnsTaken;
      const id = await postMessage(ctx, game.channelId, turnMessage(game, seat));
      // A quick player can finish the turn from this message before its id is stored; that click already
      // collapsed it, so only a turn still in play gets its message recorded.
      const now = ctx.service.game(game.id)?.state?.players[seat];
      if (now && now.turnsTaken === turnsTaken) ctx.service.setMessageId(game.id, turnKey(seat), id);
    }
    if (state.options.variant === 'balut' && opts.progressChanged) await upsert(ctx, game, 'scoreboard', renderScoreboard(game));
    return;
  }
  // Over: close every open turn message, then post the results once.
  for (const [key, messageId] of Object.entries(game.messages)) {
    if (!key.startsWith('turn:') || !messageId) continue;
    await editMessage(ctx, game.channelId, messageId, collapsedTurn('🏁 The game is over.'));
    ctx.service.setMessageId(game.id, key, null);
  }
  if (state.options.variant === 'balut') await upsert(ctx, game, 'scoreboard', renderScoreboard(game));
  if (!game.messages.results) {
    const id = await postMessage(ctx, game.channelId, renderResults(game, { analysis: game.players.some((p) => !p.isBot) }));
    ctx.service.setMessageId(game.id, 'results', id);
  }
  if (game.messages.lobby) await editMessage(ctx, game.channelId, game.messages.lobby, renderLobby(game));
}

/** Discord refuses many edits of a message older than an hour (30046), so older ones are replaced. */
export const REPOST_AFTER_MS = 45 * 60_000;
const DISCORD_EPOCH = 1420070400000n;

export function messageAgeMs(messageId: string, now = Date.now()): number {
  return now - Number((BigInt(messageId) >> 22n) + DISCORD_EPOCH);
}

/** Edits the game's message under `key`, or posts it (again, when the old one is too old to edit often). */
async function upsert(ctx: BotContext, game: GameView, key: string, body: MessageBody): Promise<void> {
  const messageId = game.messages[key];
  if (messageId && messageAgeMs(messageId) < REPOST_AFTER_MS) return editMessage(ctx, game.channelId, messageId, body);
  if (messageId) await ctx.rest.delete(Routes.channelMessage(game.channelId, messageId)).catch(() => undefined);
  ctx.service.setMessageId(game.id, key, await postMessage(ctx, game.channelId, body));
}
