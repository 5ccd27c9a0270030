// The part of Discord's markdown the bot's messages use, as HTML: code, quotes, headings, subtext, lists, and
// inline mentions (people by name, the channel and its threads as links), timestamps, links and emphasis. The
// text is escaped first: only the markup made here is HTML. Custom emojis are media.js's.
import { holdCustomEmojis } from './media.js';
import { placeById } from './places.js';
import { displayName, state, threadById, viewHref } from './state.js';

export function escapeHtml(text) {
  return String(text).replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch],
  );
}

export function escapeAttr(text) {
  return escapeHtml(text);
}

/** Block-level markdown: code blocks, quotes, headings, subtext, lists; inline markdown inside. */
export function markdown(text) {
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
export function inline(text) {
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
      hold(
        messageLink(url, label) ??
          `<a class="link" href="${escapeAttr(url)}" target="_blank" rel="noreferrer">${escapeHtml(label)}</a>`,
      ),
    )
    .replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) =>
      hold(
        messageLink(url) ??
          `<a class="link" href="${escapeAttr(url)}" target="_blank" rel="noreferrer">${escapeHtml(url)}</a>`,
      ),
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

const DISCORD_LINK = /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/channels\/(\d+|@me)\/(\d+)(?:\/(\d+))?\/?$/;

/**
 * A Discord link to a channel, thread or message shown here opens it in the page, as Discord's app does (a bare
 * one drawn as its "#dice › 💬" chip); a link to anywhere else stays a link. Null: not one of those.
 */
function messageLink(url, label) {
  const [, , channelId, messageId] = DISCORD_LINK.exec(url) ?? [];
  const thread = channelId && threadById(channelId);
  const place = channelId && placeById(channelId);
  const name =
    channelId === state.info.channel.id
      ? `#${state.info.channel.name}`
      : thread
        ? `🧵 ${thread.name}`
        : place
          ? place.name
          : null;
  if (name === null) return null;
  const target = `href="${escapeAttr(viewHref(channelId))}" data-open="${escapeAttr(channelId)}"${
    messageId ? ` data-message="${escapeAttr(messageId)}"` : ''
  }`;
  if (label !== undefined) return `<a class="link" ${target}>${escapeHtml(label)}</a>`;
  return `<a class="mention channel-mention" ${target}>${escapeHtml(name)}${messageId ? ' › 💬' : ''}</a>`;
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

export function refreshTimestamps() {
  for (const el of document.querySelectorAll('.stamp[data-style="R"]'))
    el.textContent = relative(Number(el.dataset.ms));
}
