// A message's components as Discord draws them: rows of buttons (dice among them), selects, and the layout
// components (text, separators, sections, containers). Using a button or a select posts it as the current user.
import { act } from './act.js';
import { markdown } from './markdown.js';
import { componentEmoji } from './media.js';
import { state } from './state.js';

export function drawComponents(message, components) {
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
