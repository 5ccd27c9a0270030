// The chat's header and the welcome above the first message: they name the channel or thread shown (a place
// draws its own, places.js), and the command box's placeholder says where a command typed there is used.
import { drawPlaceHeader, placeById } from './places.js';
import { $, displayName, isThreadView, state, threadById, viewHref } from './state.js';

/** The chat's header, title, welcome and command box name the channel or thread shown. */
export function drawHeader() {
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
      'This is the start of the playground channel. Start a game with <code>/olathe start</code>; each game is played in a thread started from its lobby. As Dana, who may manage the server, host a club night with <code>/olathe tournament create</code>.';
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
