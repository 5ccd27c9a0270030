// The notices over the chat: what the bot or the playground server refused or failed ('error', cleared by the
// next try) and what the page wants the user to know ('warn'). At most four stay.
import { $ } from './state.js';

export function notice(text, kind = 'error') {
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

export function clearNotices(kind) {
  for (const el of [...$('#notices').children]) if (!kind || el.classList.contains(kind)) el.remove();
}
