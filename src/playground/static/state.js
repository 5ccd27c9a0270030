// What the page knows, shared by its modules: the playground's description (/api/state), who is acting, which
// channel or thread is shown and its messages as that user sees them, the threads, unread counts, and what is
// drawn. Also the lookups into it every part makes, and the one place a redraw of the messages is asked for.
import { placeById } from './places.js';

export const $ = (selector) => document.querySelector(selector);

export const state = {
  info: null,
  userId: null,
  /** The channel or thread shown (its id), and what the server said of it. */
  viewing: null,
  channel: null,
  /** False while the shown channel's messages are being fetched; pushed changes wait in `pending`. */
  loaded: false,
  pending: [],
  viewToken: 0,
  /** id → message of the shown channel or thread (and a thread's starter message), as the current user sees it */
  messages: new Map(),
  seq: 0,
  /** The channel's threads, oldest first, and the version of that list (the server counts them). */
  threads: [],
  threadsVersion: -1,
  /** The server's scheduled events, soonest first, and the version of that list (events.js). */
  events: [],
  eventsVersion: -1,
  /** channel or thread id → { count, mentions } of messages that came while another was shown */
  unread: new Map(),
  source: null,
  /** id → { key, el } of drawn messages */
  drawn: new Map(),
  dismissed: new Set(),
  history: [],
  historyAt: -1,
  suggestionIndex: 0,
  renderQueued: false,
};

export function isThreadView() {
  return state.viewing !== state.info.channel.id && !placeById(state.viewing);
}

export function threadById(id) {
  return state.threads.find((t) => t.id === id);
}

/** Where a link to a channel or thread goes: this page, as the current user, showing it. */
export function viewHref(channelId) {
  const url = new URL(location.pathname, location.href);
  const user = userById(state.userId);
  if (user) url.searchParams.set('user', user.username);
  if (channelId !== state.info.channel.id) url.searchParams.set(placeById(channelId) ? 'place' : 'thread', channelId);
  return url.pathname + url.search;
}

export function userById(id) {
  return state.info.users.find((u) => u.id === id);
}

export function displayName(id) {
  if (id === state.info.bot.id) return state.info.bot.name;
  return userById(id)?.name ?? 'unknown-user';
}

/**
 * Draws the message list now: messages.js's renderNow, set by client.js. Not imported, as that would be a circle:
 * the list draws the buttons and selects whose answers ask for a redraw.
 */
let renderNow = () => {};

export function setRenderNow(draw) {
  renderNow = draw;
}

export function queueRender() {
  if (state.renderQueued) return;
  state.renderQueued = true;
  requestAnimationFrame(() => {
    state.renderQueued = false;
    renderNow(false);
  });
}
