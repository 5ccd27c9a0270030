// Which user the page acts as and which channel or thread it shows, kept live: a user's own stream of the
// server's events (messages made, edited, deleted; the thread list; the scheduled events; a rule the bot broke), a
// view's messages fetched as that user sees them, with the changes pushed meanwhile applied once they are in.
import { personChanged } from './activity.js';
import { applyEvents } from './events.js';
import { drawHeader } from './header.js';
import { jumpToMessage, renderNow } from './messages.js';
import { clearNotices, notice } from './notices.js';
import { drawMe, drawUsers } from './people.js';
import { placeById, placeForUser } from './places.js';
import { drawChannels } from './sidebar.js';
import { $, isThreadView, queueRender, state, threadById, userById, viewHref } from './state.js';

/** Links that open a channel or thread (sidebar, thread links, #mentions) switch the view in place. */
export function setUpLinks() {
  document.addEventListener('click', (event) => {
    const link = event.target.closest?.('a[data-open]');
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const { open, message } = link.dataset;
    const shown = open === state.viewing && state.loaded ? Promise.resolve(true) : openView(open);
    if (message) void shown.then((ok) => ok && showMessage(message));
  });
}

function showMessage(id) {
  if (!jumpToMessage(id)) notice('That message is not here any more.', 'warn');
}

export async function switchUser(id) {
  state.userId = id;
  personChanged();
  const user = userById(id);
  delete document.body.dataset.viewer;
  clearNotices();
  state.unread.clear();
  drawUsers();
  drawMe();

  state.source?.close();
  const source = new EventSource(`/api/events?user=${encodeURIComponent(id)}`);
  state.source = source;
  const live = (fn) => (event) => {
    if (state.source === source) fn(JSON.parse(event.data));
  };
  source.addEventListener('message', live(onMessageEvent));
  source.addEventListener('delete', live(onDeleteEvent));
  source.addEventListener(
    'threads',
    live((data) => applyThreads(data, true)),
  );
  source.addEventListener('events', live(applyEvents));
  source.addEventListener('breach', (event) =>
    notice(`The bot broke a Discord rule: ${JSON.parse(event.data).description}`, 'warn'),
  );
  source.onopen = () => $('#status').classList.add('live');
  source.onerror = () => $('#status').classList.remove('live');

  // The same channel or thread, as the new user sees it; a DM or group DM they are not in: theirs, or the channel.
  const view = placeForUser(state.viewing, id) ?? state.info.channel.id;
  if ((await openView(view)) && state.source === source) document.body.dataset.viewer = user.username;
}

/**
 * Shows a channel or thread: its messages as the current user sees them (a thread with its starter message
 * on top, as Discord shows it). Changes pushed meanwhile wait, then those newer than the list apply.
 * Resolves true once shown, false when another view or user came first.
 */
async function openView(channelId) {
  const token = ++state.viewToken;
  const userId = state.userId;
  state.viewing = channelId;
  state.loaded = false;
  state.pending = [];
  state.unread.delete(channelId);
  delete document.body.dataset.view;
  clearNotices('error');
  updateUrl();
  drawChannels();
  drawHeader();

  let snapshot;
  try {
    const response = await fetch(
      `/api/messages?user=${encodeURIComponent(userId)}&channel=${encodeURIComponent(channelId)}`,
    );
    snapshot = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    if (!response.ok) throw new Error(snapshot.error ?? `HTTP ${response.status}`);
  } catch (error) {
    if (token !== state.viewToken) return false;
    if (channelId === state.info.channel.id) {
      notice(`The channel could not be shown: ${error.message}`, 'error');
      return false;
    }
    notice(`That ${placeById(channelId) ? 'conversation' : 'thread'} could not be opened: ${error.message}`, 'warn');
    return openView(state.info.channel.id);
  }
  if (token !== state.viewToken) return false;
  applyThreads(snapshot.threads, false);
  state.channel = snapshot.channel;
  state.messages = new Map(snapshot.messages.map((m) => [m.id, m]));
  if (snapshot.starter) state.messages.set(snapshot.starter.id, snapshot.starter);
  state.seq = snapshot.seq;
  state.drawn.clear();
  $('#message-list').replaceChildren();
  state.loaded = true;
  for (const run of state.pending) run();
  state.pending = [];
  drawHeader();
  renderNow(true);
  document.body.dataset.view = channelId;
  return true;
}

function updateUrl() {
  const url = new URL(viewHref(state.viewing), location.href);
  history.replaceState(null, '', url);
}

/** A message event belongs to the view when it is in the shown channel or thread, or is the shown thread's starter. */
function inView(channelId, messageId) {
  return channelId === state.viewing || messageId === state.viewing;
}

function onMessageEvent(data) {
  if (!inView(data.channelId, data.message.id)) {
    if (data.created) markUnread(data.channelId, data.message);
    return;
  }
  if (!state.loaded) return void state.pending.push(() => upsert(data.seq, data.message));
  upsert(data.seq, data.message);
}

function onDeleteEvent(data) {
  if (!inView(data.channelId, data.id)) return;
  if (!state.loaded) return void state.pending.push(() => remove(data.seq, data.id));
  remove(data.seq, data.id);
}

function upsert(seq, message) {
  if (seq <= state.seq) return;
  state.seq = seq;
  state.messages.set(message.id, message);
  queueRender();
}

function remove(seq, id) {
  if (seq <= state.seq) return;
  state.seq = seq;
  state.messages.delete(id);
  queueRender();
}

/** New messages in a channel or thread not shown: it turns white in the sidebar, with a count of pings. */
function markUnread(channelId, message) {
  if (channelId !== state.info.channel.id && !threadById(channelId) && !placeById(channelId)) return;
  const entry = state.unread.get(channelId) ?? { count: 0, mentions: 0 };
  entry.count++;
  if (message.content.includes(`<@${state.userId}>`) || message.content.includes(`<@!${state.userId}>`))
    entry.mentions++;
  state.unread.set(channelId, entry);
  drawChannels();
}

/** Does this message (a lobby) name the current user: are they in that game? */
/**
 * Whether the current user plays the game of a thread's starter message: named in its text, or in its last field
 * naming people (the players, after the host). A host who does not play, as a tournament's, is not taken along.
 */
function seatedIn(message) {
  if (!message) return false;
  const names = (text) => typeof text === 'string' && /<@!?\d+>/.test(text);
  const me = (text) =>
    typeof text === 'string' && (text.includes(`<@${state.userId}>`) || text.includes(`<@!${state.userId}>`));
  const fields = (message.embeds ?? []).flatMap((e) => e.fields ?? []).filter((f) => names(f.value));
  return me(message.content) || me(fields.at(-1)?.value);
}

/**
 * A new list of the channel's threads. Live, a thread just started from a message in the channel shown,
 * whose game the current user plays, opens (as Discord brings you along when you start one); a shown
 * thread that was deleted closes.
 */
export function applyThreads(payload, live) {
  if (!payload || payload.version <= state.threadsVersion) return;
  const known = new Set(state.threads.map((t) => t.id));
  state.threads = payload.threads;
  state.threadsVersion = payload.version;
  for (const id of [...state.unread.keys()])
    if (id !== state.info.channel.id && !threadById(id) && !placeById(id)) state.unread.delete(id);
  drawChannels();
  if (!state.viewing) return;
  drawHeader();
  queueRender();
  if (isThreadView() && state.loaded && !threadById(state.viewing)) {
    notice('This thread was deleted; back to the channel.', 'warn');
    return void openView(state.info.channel.id);
  }
  if (!live || isThreadView() || !state.loaded) return;
  const mine = payload.threads.filter(
    (t) => !known.has(t.id) && t.parentId === state.viewing && seatedIn(state.messages.get(t.id)),
  );
  if (mine.length) openView(mine.at(-1).id);
}
