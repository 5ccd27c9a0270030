// The people of the playground: their avatars, the sidebar's list of whom to act as (with a 🎲 for a turn
// waiting for them), the phone's row of chips doing the same, and the current user's card at the bottom.
import { $, displayName, state, userById } from './state.js';

const AVATAR_COLOURS = ['#ed4245', '#3ba55c', '#faa61a', '#eb459e', '#757e8a', '#5865f2'];

/**
 * Acting as another person: view.js's switchUser, set by client.js. Not imported, as that would be a circle: the
 * view draws this list.
 */
let switchUser = () => {};

export function setSwitchUser(switchTo) {
  switchUser = switchTo;
}

function avatarColour(id) {
  if (id === state.info.bot.id) return '#5865f2';
  const index = state.info.users.findIndex((u) => u.id === id);
  return AVATAR_COLOURS[(index < 0 ? 4 : index) % AVATAR_COLOURS.length];
}

export function avatar(id, size = '') {
  const el = document.createElement('div');
  el.className = `avatar ${size}`.trim();
  el.style.background = avatarColour(id);
  el.textContent = id === state.info.bot.id ? '🎲' : displayName(id).slice(0, 1).toUpperCase();
  return el;
}

export function drawUsers() {
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
    tag.title =
      'Has Manage Messages, Manage Events and Manage Server: may /olathe end any game, host a /olathe tournament ' +
      'and change /olathe settings';
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

/** Public messages that ping this user and still have controls: a turn waiting for them. */
function waitingOn(userId) {
  let count = 0;
  for (const m of state.messages.values()) {
    if (!m.ephemeralFor && m.components.length > 0 && m.content.includes(`<@${userId}>`)) count++;
  }
  return count;
}

export function drawMe() {
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
