// The command box under the chat, as Discord's: a slash command typed (or one of the quick buttons) is used as
// the current user where they are looking; while typing, suggestions of commands, their options and values,
// with the command's usage below the box; ↑ and ↓ recall the commands sent before.
import { act } from './act.js';
import { $, state } from './state.js';

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

export function drawQuickCommands() {
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

export function setUpComposer() {
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
    .replace(/^[@#]/, '');
  const values =
    option.kind === 'user'
      ? state.info.users.map((u) => ({ value: `@${u.name}`, description: `@${u.username}` }))
      : option.kind === 'channel'
        ? channelsFor(option).map((c) => ({ value: `#${c.name}`, description: option.description }))
        : (option.values ?? []).map((value) => ({ value, description: option.description }));
  const bare = (value) => value.toLowerCase().replace(/^[@#]/, '');
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

/** The channel and its threads, of the kinds a channel option takes; names with spaces are quoted. */
function channelsFor(option) {
  const all = [{ ...state.info.channel, type: 0 }, ...state.threads];
  return all
    .filter((c) => !option.channelTypes || option.channelTypes.includes(c.type))
    .map((c) => ({ ...c, name: /\s/.test(c.name) ? `"${c.name}"` : c.name }));
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
