// The sidebar: the channel and, under it, its threads, then the places (places.js), each a link that opens it
// in place, white with a count of pings when something came while another was shown. On phones the sidebar is
// a drawer over the chat.
import { drawPlaces } from './places.js';
import { $, state, viewHref } from './state.js';

/** The sidebar's channel and, under it, its threads (newest game last), as links. */
export function drawChannels() {
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

/** Phones: the sidebar is a drawer over the chat, opened from the header's ☰; any choice made in it closes it. */
export function setUpDrawer() {
  const open = (yes) => {
    document.body.classList.toggle('drawer-open', yes);
    $('#menu').setAttribute('aria-expanded', String(yes));
  };
  $('#menu').addEventListener('click', () => open(!document.body.classList.contains('drawer-open')));
  $('#backdrop').addEventListener('click', () => open(false));
  $('#sidebar').addEventListener('click', (event) => event.target.closest('a, button') && open(false));
  document.addEventListener('keydown', (event) => event.key === 'Escape' && open(false));
}
