// The playground page: draws the channel, or one of its threads, as one fake user sees it, the way Discord's
// app does, and sends what that user does (slash commands, clicks, selects) to the playground server.
// Games are played in threads started from their lobby messages: the sidebar lists them under the channel,
// a message with a thread links to it, and a new thread of a game the user is in opens by itself. The DMs,
// the group DM and the server without the bot are places.js's.
// No framework, no build. This file starts the page and wires its modules: state.js (what the page knows),
// view.js (the user, the view and the server's events), messages.js with components.js, markdown.js and
// media.js (drawing the messages), sidebar.js, events.js, header.js and people.js (around them), composer.js and
// act.js (what the user does), notices.js.
import { launchBoard } from './activity.js';
import { drawQuickCommands, setUpComposer } from './composer.js';
import { applyEvents } from './events.js';
import { refreshTimestamps } from './markdown.js';
import { setCdn } from './media.js';
import { renderNow, setUpScrolling } from './messages.js';
import { notice } from './notices.js';
import { setSwitchUser } from './people.js';
import { setPlaces } from './places.js';
import { setUpDrawer } from './sidebar.js';
import { $, setRenderNow, state } from './state.js';
import { applyThreads, setUpLinks, switchUser } from './view.js';

// The drawing and the view are handed to the modules whose controls call them (importing would be a circle).
setRenderNow(renderNow);
setSwitchUser(switchUser);

async function main() {
  state.info = await (await fetch('/api/state')).json();
  setCdn(state.info.cdn);
  for (const el of ['#channel-name-side', '#channel-name-welcome', '#crumb-name'])
    $(el).textContent = state.info.channel.name;
  $('#guild-name').textContent = state.info.guild.name;
  setPlaces(state.info.places);
  applyThreads(state.info.threads, false);
  applyEvents(state.info.events);
  drawQuickCommands();
  setUpComposer();
  setUpLinks();
  setUpScrolling();
  setUpDrawer();
  // The App Launcher's Launch: the Activity in the channel or thread shown (a card's 🎲 Open the board does the same).
  $('#open-board').addEventListener('click', () => void launchBoard());
  setInterval(refreshTimestamps, 15_000);
  const params = new URLSearchParams(location.search);
  const wanted = params.get('user');
  const first = state.info.users.find((u) => u.username === wanted || u.id === wanted) ?? state.info.users[0];
  // ?thread=ID opens a thread (a link from the sidebar opened in a new tab; one that is gone says so), ?place=ID
  // a DM, the group DM or the server without the bot.
  state.viewing = params.get('thread') || params.get('place') || state.info.channel.id;
  await switchUser(first.id);
}

main().catch((error) => notice(`The playground could not start: ${error.message}`, 'error'));
