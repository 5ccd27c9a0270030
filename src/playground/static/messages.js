// The shown channel or thread drawn as Discord's app draws it: messages grouped by author, each with its text,
// files, embeds, components and the link to a thread started from it, an ephemeral one with its "Only you can
// see this". A message is drawn again only when it, or what changes how it looks, changed.
import { drawComponents } from './components.js';
import { escapeAttr, escapeHtml, inline, markdown } from './markdown.js';
import {
  drawAttachments,
  drawEmbedImage,
  embedImageUrl,
  fillEmojiSlots,
  filesShownInEmbeds,
  isOnlyEmojis,
} from './media.js';
import { avatar, drawUsers } from './people.js';
import { $, displayName, queueRender, state, threadById, viewHref } from './state.js';

const GROUP_GAP_MS = 7 * 60 * 1000;
const LOADING = 128;

function byId(a, b) {
  const x = BigInt(a.id);
  const y = BigInt(b.id);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether the list follows its end: true until the person scrolls up (as Discord's chat keeps to the newest). */
let pinned = true;
const NEAR_END_PX = 120;

/**
 * Keeps the list at its end while it is pinned there: pictures that load after a message is drawn (a results
 * sheet, a chart, a podium) make it taller, and would otherwise leave the newest messages below the view.
 */
export function setUpScrolling() {
  const scroller = $('#messages');
  let lastTop = scroller.scrollTop;
  // Only a scroll up lets go of the end: the page's own scrolls go down, and a picture that loads before their
  // event makes the distance to the end large without anyone scrolling away.
  scroller.addEventListener('scroll', () => {
    const near = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < NEAR_END_PX;
    if (near) pinned = true;
    else if (scroller.scrollTop < lastTop) pinned = false;
    lastTop = scroller.scrollTop;
  });
  new ResizeObserver(() => {
    if (pinned) scroller.scrollTop = scroller.scrollHeight;
  }).observe($('#message-list'));
}

/** A linked message, scrolled to and marked for a moment, as Discord jumps to it; false when it is not shown. */
export function jumpToMessage(id) {
  const el = state.drawn.get(id)?.el;
  if (!el) return false;
  pinned = false;
  el.scrollIntoView({ block: 'center' });
  el.classList.add('jumped');
  setTimeout(() => el.classList.remove('jumped'), 2000);
  return true;
}

export function renderNow(scrollToEnd) {
  const scroller = $('#messages');
  const atBottom =
    scrollToEnd || pinned || scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < NEAR_END_PX;
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
  if (atBottom) {
    pinned = true;
    scroller.scrollTop = scroller.scrollHeight;
  }
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
