// The playground page: draws the channel, or one of its threads, as one fake user sees it, the way Discord's
// app does, and sends what that user does (slash commands, clicks, selects) to the playground server.
// Games are played in threads started from their lobby messages: the sidebar lists them under the channel,
// a message with a thread links to it, and a new thread of a game the user is in opens by itself. The DMs,
// the group DM and the server without the bot are places.js's.
// No framework, no build.
import {
  componentEmoji,
  drawAttachments,
  drawEmbedImage,
  embedImageUrl,
  fillEmojiSlots,
  filesShownInEmbeds,
  holdCustomEmojis,
  isOnlyEmojis,
  setCdn,
} from './media.js';
import { drawPlaceHeader, drawPlaces, placeById, placeForUser, setPlaces } from './places.js';

const $ = (selector) => document.querySelector(selector);

const AVATAR_COLOURS = ['#ed4245', '#3ba55c', '#faa61a', '#eb459e', '#757e8a', '#5865f2'];
const GROUP_GAP_MS = 7 * 60 * 1000;
const LOADING = 128;

const state = {
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

// ------------------------------------------------------------------ start-up

async function main() {
  state.info = await (await fetch('/api/state')).json();
  setCdn(state.info.cdn);
  for (const el of ['#channel-name-side', '#channel-name-welcome', '#crumb-name'])
    $(el).textContent = state.info.channel.name;
  $('#guild-name').textContent = state.info.guild.name;
  setPlaces(state.info.places);
  applyThreads(state.info.threads, false);
  drawQuickCommands();
  setUpComposer();
  setUpLinks();
  setUpDrawer();
  setInterval(refreshTimestamps, 15_000);
  const params = new URLSearchParams(location.search);
  const wanted = params.get('user');
  const first = state.info.users.find((u) => u.username === wanted || u.id === wanted) ?? state.info.users[0];
  // ?thread=ID opens a thread (a link from the sidebar opened in a new tab; one that is gone says so), ?place=ID
  // a DM, the group DM or the server without the bot.
  state.viewing = params.get('thread') || params.get('place') || state.info.channel.id;
  await switchUser(first.id);
}

function isThreadView() {
  return state.viewing !== state.info.channel.id && !placeById(state.viewing);
}

function threadById(id) {
  return state.threads.find((t) => t.id === id);
}

/** Where a link to a channel or thread goes: this page, as the current user, showing it. */
function viewHref(channelId) {
  const url = new URL(location.pathname, location.href);
  const user = userById(state.userId);
  if (user) url.searchParams.set('user', user.username);
  if (channelId !== state.info.channel.id) url.searchParams.set(placeById(channelId) ? 'place' : 'thread', channelId);
  return url.pathname + url.search;
}

/** Links that open a channel or thread (sidebar, thread links, #mentions) switch the view in place. */
function setUpLinks() {
  document.addEventListener('click', (event) => {
    const link = event.target.closest?.('a[data-open]');
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (link.dataset.open !== state.viewing || !state.loaded) openView(link.dataset.open);
  });
}

function userById(id) {
  return state.info.users.find((u) => u.id === id);
}

function displayName(id) {
  if (id === state.info.bot.id) return state.info.bot.name;
  return userById(id)?.name ?? 'unknown-user';
}

function avatarColour(id) {
  if (id === state.info.bot.id) return '#5865f2';
  const index = state.info.users.findIndex((u) => u.id === id);
  return AVATAR_COLOURS[(index < 0 ? 4 : index) % AVATAR_COLOURS.length];
}

function avatar(id, size = '') {
  const el = document.createElement('div');
  el.className = `avatar ${size}`.trim();
  el.style.background = avatarColour(id);
  el.textContent = id === state.info.bot.id ? '🎲' : displayName(id).slice(0, 1).toUpperCase();
  return el;
}

// ------------------------------------------------------------------ users

async function switchUser(id) {
  state.userId = id;
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
function involvesMe(message) {
  if (!message) return false;
  const text = JSON.stringify([message.content, message.embeds, message.components]);
  return text.includes(`<@${state.userId}>`) || text.includes(`<@!${state.userId}>`);
}

/**
 * A new list of the channel's threads. Live, a thread just started from a message in the channel shown,
 * whose game the current user is in, opens (as Discord brings you along when you start one); a shown
 * thread that was deleted closes.
 */
function applyThreads(payload, live) {
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
    (t) => !known.has(t.id) && t.parentId === state.viewing && involvesMe(state.messages.get(t.id)),
  );
  if (mine.length) openView(mine.at(-1).id);
}

/** The sidebar's channel and, under it, its threads (newest game last), as links. */
function drawChannels() {
  const main = state.info.channel;
  const channelLink = $('#channel-link');
  channelLink.href = viewHref(main.id);
  channelLink.dataset.open = main.id;
  channelLink.classList.toggle('active', state.viewing === main.id);
  if (state.viewing !== main.id) channelLink.removeAttribute('aria-current');
  else channelLink.setAttribute('aria-current', 'page');
  drawUnread(channelLink, $('#channel-badge'), state.unread.get(main.id));
  $('#threads').replaceChildren(
    ...state.threads.map((t) => {
      const link = document.createElement('a');
      link.className = `thread${t.id === state.viewing ? ' active' : ''}`;
      link.href = viewHref(t.id);
      link.dataset.open = t.id;
      link.dataset.thread = t.id;
      link.title = `Open the thread ${t.name}`;
      if (t.id === state.viewing) link.setAttribute('aria-current', 'page');
      const icon = document.createElement('span');
      icon.className = 'thread-icon';
      icon.setAttribute('aria-hidden', 'true');
      icon.textContent = '🧵';
      const name = document.createElement('span');
      name.className = 'thread-name';
      name.textContent = t.name;
      const badge = document.createElement('span');
      badge.className = 'unread-badge';
      link.append(icon, document.createTextNode(' '), name, badge);
      drawUnread(link, badge, state.unread.get(t.id));
      return link;
    }),
  );
  drawPlaces(state.userId, state.viewing, (place) => {
    const link = document.createElement('a');
    link.href = viewHref(place.id);
    link.dataset.open = place.id;
    const badge = document.createElement('span');
    badge.className = 'unread-badge';
    link.append(badge);
    drawUnread(link, badge, state.unread.get(place.id));
    return link;
  });
}

function drawUnread(link, badge, entry) {
  link.classList.toggle('unread', Boolean(entry));
  badge.hidden = !entry?.mentions;
  badge.textContent = entry?.mentions ? String(entry.mentions) : '';
  badge.title = entry?.mentions ? `${entry.mentions} new message${entry.mentions === 1 ? '' : 's'} mentioning you` : '';
}

/** The chat's header, title, welcome and command box name the channel or thread shown. */
function drawHeader() {
  const main = state.info.channel;
  const place = placeById(state.viewing);
  if (place) return drawPlaceHeader(place);
  const thread = isThreadView()
    ? (threadById(state.viewing) ?? (state.channel?.id === state.viewing ? state.channel : null))
    : null;
  const name = thread ? thread.name : isThreadView() ? 'thread' : main.name;
  $('#crumb').hidden = !isThreadView();
  $('#crumb-sep').hidden = !isThreadView();
  $('#crumb').href = viewHref(main.id);
  $('#crumb').dataset.open = main.id;
  $('#chat-icon').textContent = isThreadView() ? '🧵' : '#';
  $('#channel-name').textContent = name;
  $('#channel-name').title = name;
  const topic = $('#topic');
  if (isThreadView())
    topic.textContent = `A game's thread in #${main.name}, started from its lobby message — commands typed below are used here.`;
  else
    topic.innerHTML =
      'The real Olathe bot against a loopback Discord — switch users on the left, type <code>/olathe …</code> below.';
  document.title = `${isThreadView() ? `🧵 ${name}` : `#${main.name}`} — Olathe playground`;
  $('#command').placeholder =
    `Message ${isThreadView() ? `🧵 ${name}` : `#${main.name}`} — type /olathe start, /olathe help …`;

  $('#welcome-icon').textContent = isThreadView() ? '🧵' : '#';
  if (isThreadView()) {
    $('#welcome-title').textContent = name;
    const starter = state.messages.get(state.viewing);
    const by = starter ? displayName(starter.author.id) : 'someone';
    $('#welcome-text').replaceChildren(
      document.createTextNode(`Started by ${by} from a message in `),
      channelLink(main.id, `#${main.name}`),
      document.createTextNode('. Slash commands typed below are used in this thread.'),
    );
  } else {
    const span = document.createElement('span');
    span.id = 'channel-name-welcome';
    span.textContent = main.name;
    $('#welcome-title').replaceChildren(document.createTextNode('Welcome to #'), span, document.createTextNode('!'));
    $('#welcome-text').innerHTML =
      'This is the start of the playground channel. Start a game with <code>/olathe start</code>; each game is played in a thread started from its lobby.';
  }
}

/** A link that opens a channel or thread in place. */
function channelLink(id, text, className = 'link') {
  const link = document.createElement('a');
  link.className = className;
  link.href = viewHref(id);
  link.dataset.open = id;
  link.textContent = text;
  return link;
}

function drawUsers() {
  $('#users').replaceChildren(...state.info.users.map((u) => userButton(u, false)));
  // Phones show these instead of the sidebar (narrow.css): acting as someone else stays one tap away.
  $('#switcher').replaceChildren(...state.info.users.map((u) => userButton(u, true)));
}

/** A person to act as: a row of the sidebar's list (data-user), or a chip of the phone's switcher (data-as). */
function userButton(u, chip) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `${chip ? 'chip' : 'user'}${u.id === state.userId ? ' active' : ''}`;
  button.dataset[chip ? 'as' : 'user'] = u.username;
  button.setAttribute('role', 'radio');
  button.setAttribute('aria-checked', String(u.id === state.userId));
  button.title = `Act as ${u.name}`;
  const name = document.createElement('span');
  name.className = 'user-name';
  name.textContent = u.name;
  button.append(avatar(u.id, chip ? 'tiny' : 'small'), name);
  if (u.moderator && !chip) {
    const tag = document.createElement('span');
    tag.className = 'tag';
    tag.textContent = 'mod';
    tag.title = 'Has Manage Messages (may /olathe end any game)';
    button.append(tag);
  }
  if (waitingOn(u.id) > 0) {
    const badge = document.createElement('span');
    badge.className = 'badge turn';
    badge.textContent = '🎲';
    badge.title = `${u.name} has a turn waiting`;
    button.append(badge);
  }
  button.addEventListener('click', () => u.id !== state.userId && switchUser(u.id));
  return button;
}

/** Phones: the sidebar is a drawer over the chat, opened from the header's ☰; any choice made in it closes it. */
function setUpDrawer() {
  const open = (yes) => {
    document.body.classList.toggle('drawer-open', yes);
    $('#menu').setAttribute('aria-expanded', String(yes));
  };
  $('#menu').addEventListener('click', () => open(!document.body.classList.contains('drawer-open')));
  $('#backdrop').addEventListener('click', () => open(false));
  $('#sidebar').addEventListener('click', (event) => event.target.closest('a, button') && open(false));
  document.addEventListener('keydown', (event) => event.key === 'Escape' && open(false));
}

/** Public messages that ping this user and still have controls: a turn waiting for them. */
function waitingOn(userId) {
  let count = 0;
  for (const m of state.messages.values()) {
    if (!m.ephemeralFor && m.components.length > 0 && m.content.includes(`<@${userId}>`)) count++;
  }
  return count;
}

function drawMe() {
  const user = userById(state.userId);
  const who = document.createElement('div');
  who.className = 'who';
  const name = document.createElement('b');
  name.textContent = user.name;
  const handle = document.createElement('span');
  handle.textContent = `@${user.username} · playing`;
  who.append(name, handle);
  const pic = avatar(user.id, 'small');
  pic.classList.add('status');
  $('#me').replaceChildren(pic, who);
}

// ------------------------------------------------------------------ drawing the channel

function queueRender() {
  if (state.renderQueued) return;
  state.renderQueued = true;
  requestAnimationFrame(() => {
    state.renderQueued = false;
    renderNow(false);
  });
}

function byId(a, b) {
  const x = BigInt(a.id);
  const y = BigInt(b.id);
  return x < y ? -1 : x > y ? 1 : 0;
}

function renderNow(scrollToEnd) {
  const scroller = $('#messages');
  const atBottom = scrollToEnd || scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 120;
  const list = [...state.messages.values()].filter((m) => !state.dismissed.has(m.id)).sort(byId);
  const listEl = $('#message-list');
  const keep = new Set();
  let previous = null;
  let index = 0;
  for (const m of list) {
    const first =
      !previous ||
      previous.author.id !== m.author.id ||
      m.createdAt - previous.createdAt > GROUP_GAP_MS ||
      m.type === 19 ||
      m.type === 20 ||
      previous.id === state.viewing ||
      Boolean(m.ephemeralFor) !== Boolean(previous.ephemeralFor);
    previous = m;
    // Thread names (links, #mentions) and which thread is shown change how a message looks.
    const key = JSON.stringify([m, first, state.userId, state.viewing, state.threadsVersion]);
    let drawn = state.drawn.get(m.id);
    if (!drawn || drawn.key !== key) {
      const el = drawMessage(m, first);
      if (drawn) drawn.el.replaceWith(el);
      drawn = { key, el };
      state.drawn.set(m.id, drawn);
    }
    keep.add(m.id);
    const at = listEl.children[index];
    if (at !== drawn.el) listEl.insertBefore(drawn.el, at ?? null);
    index++;
  }
  for (const [id, drawn] of state.drawn) {
    if (!keep.has(id)) {
      drawn.el.remove();
      state.drawn.delete(id);
    }
  }
  drawUsers();
  if (atBottom) scroller.scrollTop = scroller.scrollHeight;
}

function timeText(ms, long) {
  const date = new Date(ms);
  const clock = date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  if (!long) return clock;
  const today = new Date();
  return date.toDateString() === today.toDateString() ? `Today at ${clock}` : `${date.toLocaleDateString()} ${clock}`;
}

function drawMessage(m, first) {
  const el = document.createElement('article');
  el.className = 'message';
  el.dataset.id = m.id;
  el.dataset.author = m.author.username;
  if (first) el.classList.add('first');
  if (m.id === state.viewing) el.classList.add('starter');
  if (m.ephemeralFor) el.classList.add('ephemeral');
  const mentionsMe = m.content.includes(`<@${state.userId}>`) || m.content.includes(`<@!${state.userId}>`);
  if (mentionsMe) el.classList.add('mentioned');

  if (m.usedBy && first) {
    el.classList.add('has-used');
    const used = document.createElement('div');
    used.className = 'used';
    const who = document.createElement('b');
    who.textContent = displayName(m.usedBy.userId);
    const cmd = document.createElement('span');
    cmd.className = 'cmd';
    cmd.textContent = m.usedBy.command;
    used.append(avatar(m.usedBy.userId, 'tiny'), who, document.createTextNode(' used '), cmd);
    el.append(used);
  }
  if (first) {
    el.append(avatar(m.author.id));
    const header = document.createElement('div');
    header.className = 'header';
    const author = document.createElement('span');
    author.className = 'author';
    author.textContent = m.author.bot ? displayName(m.author.id) : (m.author.globalName ?? m.author.username);
    header.append(author);
    if (m.author.bot) {
      const tag = document.createElement('span');
      tag.className = 'app-tag';
      tag.textContent = 'APP';
      header.append(tag);
    }
    const time = document.createElement('span');
    time.className = 'time';
    time.textContent = timeText(m.createdAt, true);
    header.append(time);
    el.append(header);
  } else {
    const side = document.createElement('span');
    side.className = 'side-time';
    side.textContent = timeText(m.createdAt, false);
    el.append(side);
  }

  if (m.flags & LOADING) {
    const thinking = document.createElement('div');
    thinking.className = 'content thinking';
    thinking.innerHTML = `${escapeHtml(displayName(m.author.id))} is thinking<span class="dots"></span>`;
    el.append(thinking);
  } else if (m.content) {
    const content = document.createElement('div');
    content.className = isOnlyEmojis(m.content) ? 'content jumbo' : 'content';
    content.innerHTML = markdown(m.content);
    el.append(content);
  }
  const attachments = m.attachments ?? [];
  const files = drawAttachments(attachments, filesShownInEmbeds(m.embeds, attachments));
  if (files) el.append(files);
  for (const embed of m.embeds ?? []) el.append(drawEmbed(embed, attachments));
  if (m.components?.length) el.append(drawComponents(m, m.components));
  const thread = m.threadId ? threadById(m.threadId) : undefined;
  // Under a message a thread was started from, a link to it, as Discord draws it (not in the thread itself).
  if (thread && m.id !== state.viewing) el.append(drawThreadLink(thread));
  if (m.ephemeralFor) {
    const note = document.createElement('div');
    note.className = 'ephemeral-note';
    note.innerHTML = '<span aria-hidden="true">👁</span> Only you can see this · ';
    const dismiss = document.createElement('a');
    dismiss.textContent = 'Dismiss message';
    dismiss.addEventListener('click', () => {
      state.dismissed.add(m.id);
      queueRender();
    });
    note.append(dismiss);
    el.append(note);
  }
  for (const spoiler of el.querySelectorAll('.md-spoiler'))
    spoiler.addEventListener('click', () => spoiler.classList.add('shown'));
  fillEmojiSlots(el);
  return el;
}

function drawThreadLink(thread) {
  const box = document.createElement('div');
  box.className = 'thread-box';
  const link = document.createElement('a');
  link.className = 'thread-link';
  link.href = viewHref(thread.id);
  link.dataset.open = thread.id;
  link.title = `Open the thread ${thread.name}`;
  const icon = document.createElement('span');
  icon.className = 'thread-icon';
  icon.textContent = '🧵';
  const name = document.createElement('span');
  name.className = 'thread-link-name';
  name.textContent = thread.name;
  const open = document.createElement('span');
  open.className = 'thread-link-open';
  open.textContent = '— open thread';
  link.append(icon, document.createTextNode(' '), name, document.createTextNode(' '), open);
  box.append(link);
  return box;
}

function drawEmbed(e, attachments) {
  const el = document.createElement('div');
  el.className = 'embed';
  el.style.borderLeftColor = typeof e.color === 'number' ? `#${e.color.toString(16).padStart(6, '0')}` : '#1e1f22';
  const add = (className, html) => {
    const part = document.createElement('div');
    part.className = className;
    part.innerHTML = html;
    el.append(part);
    return part;
  };
  if (e.author?.name) add('embed-author', escapeHtml(e.author.name));
  if (e.title)
    add(
      'embed-title',
      e.url
        ? `<a class="link" href="${escapeAttr(e.url)}" target="_blank" rel="noreferrer">${inline(e.title)}</a>`
        : inline(e.title),
    );
  if (e.description) add('embed-description', markdown(e.description));
  if (e.fields?.length) {
    const grid = add('embed-fields', '');
    // Inline fields share a row, up to three; Discord splits the row evenly between them.
    const rows = [];
    for (const field of e.fields) {
      const last = rows.at(-1);
      if (field.inline && last && last.inline && last.fields.length < 3) last.fields.push(field);
      else rows.push({ inline: Boolean(field.inline), fields: [field] });
    }
    for (const row of rows) {
      for (const field of row.fields) {
        const cell = document.createElement('div');
        cell.className = 'embed-field';
        cell.style.gridColumn = `span ${12 / row.fields.length}`;
        cell.innerHTML = `<div class="embed-field-name">${inline(field.name)}</div><div class="embed-field-value">${markdown(field.value)}</div>`;
        grid.append(cell);
      }
    }
  }
  const image = embedImageUrl(e.image?.url, attachments);
  if (image) el.append(drawEmbedImage(image));
  const footer = [e.footer?.text, e.timestamp ? timeText(Date.parse(e.timestamp), true) : null].filter(Boolean);
  if (footer.length) add('embed-footer', footer.map(escapeHtml).join(' • '));
  return el;
}

// ------------------------------------------------------------------ components

function drawComponents(message, components) {
  const box = document.createElement('div');
  box.className = 'components';
  for (const component of components) box.append(drawComponent(message, component));
  return box;
}

function drawComponent(message, c) {
  switch (c.type) {
    case 1: {
      const row = document.createElement('div');
      row.className = 'row';
      for (const child of c.components ?? []) row.append(drawComponent(message, child));
      return row;
    }
    case 2:
      return drawButton(message, c);
    case 3:
    case 5:
      return drawSelect(message, c);
    case 10: {
      const text = document.createElement('div');
      text.className = 'content';
      text.innerHTML = markdown(c.content ?? '');
      return text;
    }
    case 14: {
      const hr = document.createElement('hr');
      hr.style.cssText = 'border:0;border-top:1px solid #3f4147;margin:4px 0';
      return hr;
    }
    case 9:
    case 17: {
      const box = document.createElement('div');
      box.className = c.type === 17 ? 'embed' : 'components';
      if (c.type === 17 && typeof c.accent_color === 'number')
        box.style.borderLeftColor = `#${c.accent_color.toString(16).padStart(6, '0')}`;
      for (const child of c.components ?? []) box.append(drawComponent(message, child));
      if (c.accessory) box.append(drawComponent(message, c.accessory));
      return box;
    }
    default: {
      const unknown = document.createElement('div');
      unknown.className = 'md-sub';
      unknown.textContent = `(a component of type ${c.type} the playground does not draw)`;
      return unknown;
    }
  }
}

/** Select options are plain text: an option's emoji is its name there (a custom one as :name:). */
function emojiText(emoji) {
  if (!emoji) return '';
  return emoji.id ? `:${emoji.name}: ` : `${emoji.name} `;
}

/** A button's face: its emoji (a picture for an application's own), then its label, Unicode dice enlarged. */
function buttonFace(c, suffix = '') {
  const parts = [];
  const emoji = componentEmoji(c.emoji);
  if (emoji) parts.push(emoji);
  const text = `${c.label ?? ''}${suffix}`;
  if (text) {
    const label = document.createElement('span');
    label.className = 'btn-label';
    for (const piece of text.split(/([⚀-⚅])/u)) {
      if (!/^[⚀-⚅]$/u.test(piece)) label.append(piece);
      else {
        const face = document.createElement('span');
        face.className = 'die-face';
        face.textContent = piece;
        label.append(face);
      }
    }
    parts.push(label);
  }
  return parts.length ? parts : [' '];
}

function drawButton(message, c) {
  if (c.style === 5 && c.url) {
    const link = document.createElement('a');
    link.className = 'btn s5';
    link.href = /^https?:\/\//i.test(c.url) ? c.url : '#';
    link.target = '_blank';
    link.rel = 'noreferrer';
    link.append(...buttonFace(c, ' ↗'));
    return link;
  }
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `btn s${c.style ?? 2}`;
  // A die: a Unicode face leading the label, or one of the application's die emojis (die_1 … die_6_held).
  if (/^[⚀-⚅]/u.test(c.label ?? '') || (c.emoji?.id && /^die_\d/.test(c.emoji.name ?? ''))) button.classList.add('die');
  button.append(...buttonFace(c));
  button.disabled = Boolean(c.disabled);
  button.dataset.customId = c.custom_id ?? '';
  button.addEventListener('click', () => act('/api/click', { messageId: message.id, customId: c.custom_id }, button));
  return button;
}

function drawSelect(message, c) {
  const select = document.createElement('select');
  select.className = 'select';
  select.dataset.customId = c.custom_id ?? '';
  select.disabled = Boolean(c.disabled);
  const multiple = (c.max_values ?? 1) > 1;
  if (multiple) {
    select.multiple = true;
    select.style.height = 'auto';
  }
  const options =
    c.type === 5
      ? state.info.users.map((u) => ({ label: u.name, value: u.id }))
      : (c.options ?? []).map((o) => ({ ...o, label: `${emojiText(o.emoji)}${o.label}` }));
  const chosen = options.some((o) => o.default);
  if (!multiple) {
    const placeholder = document.createElement('option');
    placeholder.value = '';
    placeholder.disabled = true;
    placeholder.selected = !chosen;
    placeholder.hidden = true;
    placeholder.textContent = c.placeholder ?? 'Make a selection';
    select.append(placeholder);
  }
  for (const o of options) {
    const option = document.createElement('option');
    option.value = o.value;
    option.textContent = o.label;
    if (o.description) option.title = o.description;
    option.selected = Boolean(o.default);
    select.append(option);
  }
  select.setAttribute('aria-label', c.placeholder ?? 'Select');
  select.addEventListener('change', () => {
    const values = [...select.selectedOptions].map((o) => o.value).filter((v) => v !== '');
    if (values.length === 0) return;
    act('/api/select', { messageId: message.id, customId: c.custom_id, values }, select);
  });
  return select;
}

async function act(path, body, control) {
  clearNotices('error');
  if (control) {
    control.classList.add('pending');
    control.disabled = true;
  }
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: state.userId, ...body }),
    });
    const answer = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    if (!response.ok) {
      notice(answer.error ?? `HTTP ${response.status}`, 'error');
      return false;
    }
    if (answer.ok === false) {
      notice(answer.failed, 'error');
      return false;
    }
    return true;
  } catch (error) {
    notice(`The playground server did not answer: ${error.message}`, 'error');
    return false;
  } finally {
    // A control the bot did not redraw (refused, or failed) becomes usable again.
    if (control && control.isConnected) {
      control.classList.remove('pending');
      queueRedrawOf(control);
    }
  }
}

function queueRedrawOf(control) {
  const drawn = state.drawn.get(control.closest('.message')?.dataset.id);
  if (drawn) drawn.key = '';
  queueRender();
}

// ------------------------------------------------------------------ notices

function notice(text, kind = 'error') {
  const el = document.createElement('div');
  el.className = `notice ${kind}`;
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const icon = document.createElement('span');
  icon.textContent = kind === 'error' ? '⛔' : '⚠';
  const body = document.createElement('span');
  body.className = 'text';
  body.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '×';
  close.title = 'Dismiss';
  close.addEventListener('click', () => el.remove());
  el.append(icon, body, close);
  $('#notices').append(el);
  while ($('#notices').children.length > 4) $('#notices').firstElementChild.remove();
}

function clearNotices(kind) {
  for (const el of [...$('#notices').children]) if (!kind || el.classList.contains(kind)) el.remove();
}

// ------------------------------------------------------------------ composer

const QUICK = [
  '/olathe start',
  '/olathe start variant:balut',
  '/olathe start predictions:true',
  '/olathe card',
  '/olathe help',
  '/olathe leaderboard',
  '/olathe stats',
  '/olathe quit',
  '/olathe end',
];

function drawQuickCommands() {
  $('#quick').replaceChildren(
    ...QUICK.map((text) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = text;
      button.title = `Run ${text} as the current user`;
      button.addEventListener('click', () => runCommand(text));
      return button;
    }),
  );
}

async function runCommand(text) {
  // Used where the user is looking: the channel, or the thread shown.
  const ok = await act('/api/command', { text, channel: state.viewing });
  if (ok) {
    state.history.push(text);
    state.historyAt = -1;
  }
  return ok;
}

function setUpComposer() {
  const input = $('#command');
  $('#composer').addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    hideSuggestions();
    if (await runCommand(text)) {
      input.value = '';
      updateHint();
    }
  });
  input.addEventListener('input', () => {
    state.suggestionIndex = 0;
    updateHint();
  });
  input.addEventListener('focus', updateHint);
  input.addEventListener('blur', () => setTimeout(hideSuggestions, 150));
  input.addEventListener('keydown', (event) => {
    const shown = !$('#suggestions').hidden;
    const items = shown ? [...$('#suggestions').querySelectorAll('.suggestion')] : [];
    if (shown && (event.key === 'ArrowDown' || event.key === 'ArrowUp') && items.length) {
      event.preventDefault();
      state.suggestionIndex =
        (state.suggestionIndex + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
      updateHint();
    } else if (shown && items.length && (event.key === 'Tab' || (event.key === 'Enter' && /\S$/.test(input.value)))) {
      // Enter completes a half-typed word, as Discord's box does; with nothing half-typed it sends.
      event.preventDefault();
      items[state.suggestionIndex]?.dispatchEvent(new MouseEvent('mousedown'));
    } else if (event.key === 'Escape') {
      hideSuggestions();
    } else if (
      !shown &&
      event.key === 'ArrowUp' &&
      state.history.length &&
      (input.value === '' || state.historyAt >= 0)
    ) {
      event.preventDefault();
      state.historyAt = state.historyAt < 0 ? state.history.length - 1 : Math.max(0, state.historyAt - 1);
      input.value = state.history[state.historyAt];
    } else if (!shown && event.key === 'ArrowDown' && state.historyAt >= 0) {
      event.preventDefault();
      state.historyAt++;
      input.value = state.history[state.historyAt] ?? '';
      if (state.historyAt >= state.history.length) state.historyAt = -1;
    }
  });
}

function hideSuggestions() {
  $('#suggestions').hidden = true;
}

/**
 * Suggestions as in Discord's command box: the commands while one is being typed; once it is, its options,
 * then the values of a chosen option (choices, true/false, users). Below the box, the command's usage.
 */
function updateHint() {
  const input = $('#command');
  const raw = input.value.replace(/^\s+/, '');
  const text = raw === '' ? '' : raw.startsWith('/') ? raw : `/${raw}`;
  const commands = state.info.commands;
  const hint = $('#composer-hint');
  const exact = commands
    .filter((c) => text === c.command || text.startsWith(c.command + ' '))
    .sort((a, b) => b.command.length - a.command.length)[0];
  if (!exact) {
    hint.textContent = text ? '' : 'Enter sends · Tab or Enter completes a suggestion · ↑ recalls the last command';
    const typed = text.trim();
    const matches = typed ? commands.filter((c) => c.command.startsWith(typed)) : [];
    return showSuggestions(
      `Commands matching ${typed}`,
      matches.map((c) => ({
        name: c.command,
        detail: c.options.map((o) => o.name).join(' '),
        description: c.description,
        text: `${c.command} `,
      })),
    );
  }

  const rest = text.slice(exact.command.length);
  const used = new Set([...rest.matchAll(/([\w-]+)\s*[:=]/g)].map((m) => m[1].toLowerCase()));
  hint.replaceChildren(document.createTextNode(`${exact.command} `));
  for (const o of exact.options) {
    const span = document.createElement('span');
    span.className = `opt${o.required ? ' req' : ''}`;
    span.textContent = `${o.required ? '' : '['}${o.name}:${o.hint}${o.required ? '' : ']'} `;
    span.title = o.description;
    if (used.has(o.name)) span.style.opacity = '0.45';
    hint.append(span);
  }
  if (!exact.options.length) hint.append(document.createTextNode('— no options; press Enter'));

  // The word being typed: an option name, or name:value.
  const before = raw.slice(0, raw.length - (/(\S*)$/.exec(raw)?.[1].length ?? 0));
  const word = rest.startsWith(' ') ? (/(\S*)$/.exec(rest)?.[1] ?? '') : null;
  if (word === null) return hideSuggestions();
  const colon = word.search(/[:=]/);
  if (colon < 0) {
    const options = exact.options.filter((o) => o.name.startsWith(word.toLowerCase()) && !used.has(o.name));
    return showSuggestions(
      `Options of ${exact.command}`,
      options.map((o) => ({
        name: `${o.name}:`,
        detail: o.hint,
        description: o.description,
        text: `${before}${o.name}:`,
      })),
    );
  }
  const option = exact.options.find((o) => o.name === word.slice(0, colon).toLowerCase());
  if (!option) return hideSuggestions();
  const partial = word
    .slice(colon + 1)
    .toLowerCase()
    .replace(/^@/, '');
  const values =
    option.kind === 'user'
      ? state.info.users.map((u) => ({ value: `@${u.name}`, description: `@${u.username}` }))
      : (option.values ?? []).map((value) => ({ value, description: option.description }));
  const bare = (value) => value.toLowerCase().replace(/^@/, '');
  const fitting = values.filter((v) => bare(v.value).startsWith(partial) && bare(v.value) !== partial);
  showSuggestions(
    `${option.name}: ${option.hint}`,
    fitting.map((v) => ({
      name: v.value,
      detail: '',
      description: v.description,
      text: `${before}${option.name}:${v.value} `,
    })),
  );
}

function showSuggestions(title, items) {
  const input = $('#command');
  const box = $('#suggestions');
  if (!items.length || document.activeElement !== input) return hideSuggestions();
  state.suggestionIndex = Math.min(state.suggestionIndex, items.length - 1);
  const heading = document.createElement('div');
  heading.className = 'title';
  heading.textContent = title;
  box.replaceChildren(
    heading,
    ...items.map((entry, i) => {
      const item = document.createElement('div');
      item.className = `suggestion${i === state.suggestionIndex ? ' active' : ''}`;
      item.innerHTML = '<span class="name"></span><span class="opts"></span><span class="desc"></span>';
      item.querySelector('.name').textContent = entry.name;
      item.querySelector('.opts').textContent = entry.detail;
      item.querySelector('.desc').textContent = entry.description;
      item.addEventListener('mousedown', (event) => {
        event.preventDefault();
        input.value = entry.text;
        state.suggestionIndex = 0;
        input.focus();
        updateHint();
      });
      return item;
    }),
  );
  box.hidden = false;
}

// ------------------------------------------------------------------ markdown (the part Discord draws)

function escapeHtml(text) {
  return String(text).replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch],
  );
}

function escapeAttr(text) {
  return escapeHtml(text);
}

/** Block-level markdown: code blocks, quotes, headings, subtext, lists; inline markdown inside. */
function markdown(text) {
  const parts = String(text).split(/(```[\s\S]*?```)/g);
  let html = '';
  for (let i = 0; i < parts.length; i++) {
    let part = parts[i];
    if (i % 2 === 1) {
      let body = part.slice(3, -3);
      const newline = body.indexOf('\n');
      if (newline >= 0 && /^[\w+-]*$/.test(body.slice(0, newline))) body = body.slice(newline + 1);
      html += `<code class="md-block">${escapeHtml(body.replace(/\n$/, ''))}</code>`;
      continue;
    }
    if (i > 0) part = part.replace(/^\n/, '');
    if (i < parts.length - 1) part = part.replace(/\n$/, '');
    html += lines(part);
  }
  return html;
}

function lines(text) {
  if (text === '') return '';
  let html = '';
  let afterBlock = false;
  text.split('\n').forEach((line, i) => {
    let block = null;
    let m;
    if ((m = /^>>> ([\s\S]*)/.exec(line)) || (m = /^> (.*)/.exec(line)))
      block = `<span class="md-quote">${inline(m[1]) || '&nbsp;'}</span>`;
    else if ((m = /^-# (.*)/.exec(line))) block = `<span class="md-sub">${inline(m[1])}</span>`;
    else if ((m = /^(#{1,3}) (.*)/.exec(line))) block = `<span class="md-h${m[1].length}">${inline(m[2])}</span>`;
    if (i > 0 && !afterBlock) html += '\n';
    if (block) {
      html += block;
      afterBlock = true;
    } else {
      const list = /^(\s*)[-*] (.*)/.exec(line);
      html += list ? `${list[1]}  • ${inline(list[2])}` : inline(line);
      afterBlock = false;
    }
  });
  return html;
}

/** Inline markdown: code, mentions, timestamps, links, bold, underline, italics, strike, spoilers. */
function inline(text) {
  const held = [];
  const hold = (html) => `\uE000${held.push(html) - 1}\uE000`;
  // Code first: an emoji written inside `code` stays text, as in Discord.
  const coded = String(text).replace(/`([^`]+)`/g, (_, code) =>
    hold(`<code class="md-code">${escapeHtml(code)}</code>`),
  );
  let out = holdCustomEmojis(coded, hold)
    .replace(/<@!?(\d+)>/g, (_, id) =>
      hold(`<span class="mention${id === state.userId ? ' you' : ''}">@${escapeHtml(displayName(id))}</span>`),
    )
    .replace(/<#(\d+)>/g, (_, id) => hold(channelMention(id)))
    .replace(/<@&(\d+)>/g, () => hold(`<span class="mention">@role</span>`))
    .replace(/<t:(-?\d+)(?::([tTdDfFR]))?>/g, (_, seconds, style) => hold(stamp(Number(seconds) * 1000, style ?? 'f')))
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, (_, label, url) =>
      hold(`<a class="link" href="${escapeAttr(url)}" target="_blank" rel="noreferrer">${escapeHtml(label)}</a>`),
    )
    .replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) =>
      hold(`<a class="link" href="${escapeAttr(url)}" target="_blank" rel="noreferrer">${escapeHtml(url)}</a>`),
    );
  out = escapeHtml(out)
    .replace(/\*\*\*([^*]+?)\*\*\*/g, '<strong><em>$1</em></strong>')
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/__(.+?)__/g, '<u>$1</u>')
    .replace(/(^|[^\w*])\*(?!\s)([^*]+?)\*(?!\w)/g, '$1<em>$2</em>')
    .replace(/(^|[^\w])_(?!\s)([^_]+?)_(?!\w)/g, '$1<em>$2</em>')
    .replace(/~~(.+?)~~/g, '<s>$1</s>')
    .replace(/\|\|(.+?)\|\|/g, '<span class="md-spoiler">$1</span>')
    .replace(/\\([*_~`|\\])/g, '$1')
    .replace(/[⚀-⚅]/gu, '<span class="die-face">$&</span>');
  return out.replace(/\uE000(\d+)\uE000/g, (_, n) => held[Number(n)]);
}

/** <#id>: the channel, or one of its threads (🧵 name), as a link that opens it; anything else is unknown. */
function channelMention(id) {
  const thread = threadById(id);
  const text = id === state.info.channel.id ? `#${state.info.channel.name}` : thread ? `🧵 ${thread.name}` : null;
  if (text === null) return '<span class="mention">#unknown</span>';
  return `<a class="mention channel-mention" href="${escapeAttr(viewHref(id))}" data-open="${escapeAttr(id)}">${escapeHtml(text)}</a>`;
}

function stamp(ms, style) {
  const date = new Date(ms);
  const text =
    style === 'R'
      ? relative(ms)
      : style === 't'
        ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
        : style === 'T'
          ? date.toLocaleTimeString()
          : style === 'd'
            ? date.toLocaleDateString()
            : style === 'D'
              ? date.toLocaleDateString([], { dateStyle: 'long' })
              : date.toLocaleString([], { dateStyle: style === 'F' ? 'full' : 'long', timeStyle: 'short' });
  return `<span class="stamp" data-ms="${ms}" data-style="${style}" title="${escapeAttr(date.toLocaleString())}">${escapeHtml(text)}</span>`;
}

function relative(ms) {
  const diff = ms - Date.now();
  const abs = Math.abs(diff);
  const units = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
    ['second', 1000],
  ];
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of units)
    if (abs >= size || unit === 'second') return format.format(Math.round(diff / size), unit);
  return '';
}

function refreshTimestamps() {
  for (const el of document.querySelectorAll('.stamp[data-style="R"]'))
    el.textContent = relative(Number(el.dataset.ms));
}

main().catch((error) => notice(`The playground could not start: ${error.message}`, 'error'));
