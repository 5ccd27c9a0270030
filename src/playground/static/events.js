// The server's scheduled events (Discord's "Events" above the channels): each one's name, start, status and
// location, as the fake holds them, kept live by the server's `events` pushes. Hidden while the server has none.
// Names and locations are people's text: set as text, never as markup.
import { $, state } from './state.js';

const STATUS = { 1: 'Scheduled', 2: 'Live now', 3: 'Ended', 4: 'Cancelled' };
const KEYS = { 1: 'scheduled', 2: 'active', 3: 'completed', 4: 'canceled' };

/** A new list from the server (/api/state or a push); an older version than the one shown is ignored. */
export function applyEvents(payload) {
  if (!payload || payload.version <= state.eventsVersion) return;
  state.eventsVersion = payload.version;
  state.events = payload.events;
  drawEvents();
}

const when = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

function part(className, text) {
  const el = document.createElement('span');
  el.className = className;
  el.textContent = text;
  return el;
}

export function drawEvents() {
  $('#events').hidden = state.events.length === 0;
  $('#event-count').textContent = String(state.events.length);
  $('#event-list').replaceChildren(
    ...state.events.map((event) => {
      const item = document.createElement('li');
      item.className = 'event';
      item.dataset.event = event.id;
      item.dataset.status = KEYS[event.status] ?? String(event.status);
      const start = new Date(event.startAt);
      const time = document.createElement('time');
      time.className = 'event-start';
      time.dateTime = start.toISOString();
      time.textContent = when.format(start);
      // The status beside the name, the start and the place under them.
      item.append(
        Object.assign(part('event-name', event.name), { title: event.name }),
        part('event-status', STATUS[event.status] ?? 'Unknown'),
        time,
        part('event-location', event.location),
      );
      return item;
    }),
  );
}
