// The places outside the playground's server (src/playground/places.ts) in the page: each person's DM
// with the app and the friends' group DM under "Direct messages", and the channel of a server without the bot.
// A person sees only the places they are in, as in Discord. DMs have no threads: the game plays in the DM.
const $ = (selector) => document.querySelector(selector);

let places = [];

export function setPlaces(list) {
  places = Array.isArray(list) ? list : [];
}

export function placeById(id) {
  return places.find((p) => p.id === id);
}

/** The place shown after switching to another user: the same, their own DM with the app, or null (the channel). */
export function placeForUser(id, userId) {
  const place = placeById(id);
  if (!place || place.memberIds.includes(userId)) return id;
  if (place.kind !== 'dm') return null;
  return places.find((p) => p.kind === 'dm' && p.memberIds.includes(userId))?.id ?? null;
}

/**
 * The sidebar's places for this user: "Direct messages" (the app's DM, the group DM with its members), then each
 * server without the bot with its channel. `link(place)` makes the link the client draws (href, unread badge).
 */
export function drawPlaces(userId, viewing, link) {
  const mine = places.filter((p) => p.memberIds.includes(userId));
  const parts = [];
  const direct = mine.filter((p) => p.kind !== 'server');
  if (direct.length) parts.push(sectionTitle('Direct messages'), ...direct.map((p) => placeLink(p, viewing, link)));
  for (const guildName of new Set(mine.filter((p) => p.kind === 'server').map((p) => p.guildName))) {
    const title = sectionTitle(`${guildName} · without the bot`);
    title.title = 'A server the bot is not in: /olathe reaches it through your own install of the app.';
    parts.push(title, ...mine.filter((p) => p.guildName === guildName).map((p) => placeLink(p, viewing, link)));
  }
  $('#places').replaceChildren(...parts);
}

function sectionTitle(text) {
  const el = document.createElement('div');
  el.className = 'section-title';
  el.textContent = text;
  return el;
}

const ICONS = { dm: '@', group: '👥', server: '#' };

function placeLink(place, viewing, link) {
  const a = link(place);
  a.className = `channel place${place.id === viewing ? ' active' : ''}`;
  a.dataset.place = place.id;
  a.dataset.kind = place.kind;
  if (place.id === viewing) a.setAttribute('aria-current', 'page');
  const icon = document.createElement('span');
  icon.className = place.kind === 'server' ? 'hash' : 'place-icon';
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = ICONS[place.kind];
  const label = document.createElement('span');
  label.className = 'channel-label';
  const name = document.createElement('span');
  name.className = 'place-name';
  name.textContent = place.name;
  label.append(name);
  if (place.kind === 'dm') label.append(tag('APP', 'app-tag'));
  if (place.kind === 'group') label.append(tag(`${place.memberIds.length} members`, 'place-members'));
  a.title = `Open ${describe(place)}`;
  a.prepend(icon, label);
  return a;
}

function tag(text, className) {
  const el = document.createElement('span');
  el.className = className;
  el.textContent = text;
  return el;
}

function describe(place) {
  if (place.kind === 'dm') return `your DM with ${place.name}`;
  if (place.kind === 'group') return `the group DM of ${place.name}`;
  return `#${place.name} in ${place.guildName}`;
}

/** The chat's header, welcome and command box for a place. */
export function drawPlaceHeader(place) {
  const title = place.name;
  $('#crumb').hidden = true;
  $('#crumb-sep').hidden = true;
  $('#chat-icon').textContent = ICONS[place.kind];
  $('#welcome-icon').textContent = ICONS[place.kind];
  $('#channel-name').textContent = title;
  $('#channel-name').title = describe(place);
  const shown = place.kind === 'server' ? `#${title}` : place.kind === 'dm' ? `@${title}` : title;
  document.title = `${shown} — Olathe playground`;
  $('#command').placeholder = `Message ${shown} — type /olathe start, /olathe help …`;
  $('#welcome-title').textContent = place.kind === 'server' ? `Welcome to #${title} in ${place.guildName}!` : title;
  const topic =
    place.kind === 'dm'
      ? 'Your DM with the app: solo games, the daily challenge, your stats. No threads here: a game plays in the DM.'
      : place.kind === 'group'
        ? `A group DM of ${place.name}. The bot is not in it: /olathe reaches it through your install of the app.`
        : `${place.guildName} has not added the bot: /olathe reaches it through your install of the app.`;
  $('#topic').textContent = topic;
  $('#welcome-text').textContent =
    place.kind === 'dm'
      ? `This is the beginning of your direct message history with ${title}. Try /olathe start or /olathe daily.`
      : `${topic} Try /olathe start.`;
}
