// The Activity in the playground, as Discord's client shows it: an iframe of the Activity's page (served by the
// playground's origin under /activity/, as Discord's proxy serves it under <app id>.discordsays.com) with the query
// Discord passes, and this page answering the Embedded App SDK's postMessage protocol as Discord's client does.
// The messages are those of the SDK's source (node_modules/@discord/embedded-app-sdk/output/Discord.mjs): arrays
// [opcode, payload] — 0 HANDSHAKE from the frame ({ v: 1, encoding: 'json', client_id, frame_id }), answered by a
// READY dispatch; 1 FRAME, a command ({ cmd, args, nonce }) answered with { cmd, evt: null, nonce, data } or an
// ERROR ({ evt: 'ERROR', data: { code, message } }), or an event ({ cmd: 'DISPATCH', evt, data }); 2 CLOSE.
// The SDK takes messages only from its parent window, from its own origin or Discord's: this page is its parent,
// on the same origin. What only Discord knows (a code for the person, whom a token stands for, who is in the
// instance) the playground server asks the loopback Discord (src/playground/activity-bridge.ts).
import { notice } from './notices.js';
import { $, state, userById } from './state.js';

const HANDSHAKE = 0;
const FRAME = 1;
const CLOSE = 2;
/** RPCErrorCodes (the SDK's Constants): what Discord's client answers a command it cannot carry out. */
const INVALID_COMMAND = 4002;
const INVALID_TOKEN = 4009;
const INVALID_CLIENTID = 4007;

/** The open Activity: { frame, iframe, userId, subscriptions, participantsKey, poll } or null. */
let open = null;

/** Launches the Activity in the channel or thread shown, as the App Launcher's Launch does, and opens it. */
export async function launchBoard() {
  const frame = await post('/api/activity/launch', { channel: state.viewing });
  if (frame) openBoard(frame);
}

/** Opens an instance's frame for the person acting now (a click answered with LAUNCH_ACTIVITY, or Launch). */
export function openBoard(frame) {
  closeBoard();
  const panel = document.createElement('aside');
  panel.className = 'activity';
  panel.id = 'activity';
  panel.setAttribute('aria-label', 'Activity: the board');
  const bar = document.createElement('header');
  const title = document.createElement('span');
  title.className = 'activity-title';
  title.textContent = `🎲 The board — as ${userById(state.userId)?.name ?? 'someone'}`;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'activity-close';
  close.textContent = '×';
  close.title = 'Close the Activity';
  close.addEventListener('click', () => closeBoard());
  bar.append(title, close);
  const iframe = document.createElement('iframe');
  iframe.title = 'Olathe board';
  iframe.allow = 'autoplay; clipboard-write';
  iframe.src = frame.src;
  panel.append(bar, iframe);
  document.body.append(panel);
  document.body.dataset.activity = frame.instanceId;
  const query = new URL(frame.src, location.href).searchParams;
  open = { frame, frameId: query.get('frame_id'), iframe, userId: state.userId, subscriptions: new Set(), key: '' };
  open.poll = setInterval(() => void sendParticipants(open), 1000);
}

/** Closes the frame; the person leaves the instance (it ends with its last person). */
export function closeBoard() {
  if (!open) return;
  const { frame, userId, poll } = open;
  clearInterval(poll);
  open = null;
  $('#activity')?.remove();
  delete document.body.dataset.activity;
  void post('/api/activity/leave', { user: userId, instanceId: frame.instanceId });
}

/** Another person is acting now: Discord's client is one person's, so their Activity closes. */
export function personChanged() {
  if (open && open.userId !== state.userId) closeBoard();
}

window.addEventListener('message', (event) => {
  if (!open || event.source !== open.iframe.contentWindow || event.origin !== location.origin) return;
  const [opcode, payload] = Array.isArray(event.data) ? event.data : [];
  if (opcode === HANDSHAKE) return handshake(open, payload);
  if (opcode === FRAME) return void command(open, payload);
  if (opcode === CLOSE) closeBoard();
});

function postToFrame(session, message) {
  session.iframe.contentWindow?.postMessage(message, location.origin);
}

function handshake(session, payload) {
  if (payload?.frame_id !== session.frameId || payload?.v !== 1) return;
  if (payload.client_id !== session.frame.clientId) {
    return postToFrame(session, [CLOSE, { code: INVALID_CLIENTID, message: 'Invalid client id' }]);
  }
  session.handshaken = true;
  const user = userById(session.userId);
  dispatch(session, 'READY', {
    v: 1,
    config: { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' },
    user: { id: user.id, username: user.username, discriminator: '0' },
  });
}

function dispatch(session, evt, data) {
  postToFrame(session, [FRAME, { cmd: 'DISPATCH', evt, nonce: null, data }]);
}

async function command(session, { cmd, args, nonce, evt } = {}) {
  if (!session.handshaken || typeof nonce !== 'string') return;
  const reply = (data) => postToFrame(session, [FRAME, { cmd, evt: null, nonce, data }]);
  const fail = (code, message) => postToFrame(session, [FRAME, { cmd, evt: 'ERROR', nonce, data: { code, message } }]);
  const user = session.userId;
  switch (cmd) {
    case 'AUTHORIZE': {
      const answer = await post('/api/activity/authorize', { user, scopes: args?.scope ?? [] }, false);
      return answer ? reply({ code: answer.code }) : fail(INVALID_COMMAND, 'Authorization failed');
    }
    case 'AUTHENTICATE': {
      const answer = await post('/api/activity/authenticate', { user, accessToken: args?.access_token }, false);
      return answer ? reply(answer) : fail(INVALID_TOKEN, 'Invalid access token');
    }
    case 'SUBSCRIBE':
      session.subscriptions.add(evt);
      reply({ evt });
      if (evt === 'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE') session.key = '';
      return;
    case 'UNSUBSCRIBE':
      session.subscriptions.delete(evt);
      return reply({ evt });
    case 'GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS':
      return reply({ participants: await participants(session) });
    case 'USER_SETTINGS_GET_LOCALE':
      return reply({ locale: navigator.language || 'en-US' });
    case 'CAPTURE_LOG':
    case 'SET_ORIENTATION_LOCK_STATE':
      return reply(null);
    case 'SET_CONFIG':
      return reply({ use_interactive_pip: Boolean(args?.use_interactive_pip) });
    case 'ENCOURAGE_HW_ACCELERATION':
      return reply({ enabled: true });
    case 'GET_PLATFORM_BEHAVIORS':
      return reply({ iosKeyboardResizesView: false });
    default:
      return fail(INVALID_COMMAND, `The playground does not answer ${cmd}`);
  }
}

async function participants(session) {
  const answer = await fetch(`/api/activity/participants?instance=${encodeURIComponent(session.frame.instanceId)}`);
  return answer.ok ? (await answer.json()).participants : [];
}

/** ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE, to a frame that subscribed, whenever the people in it change. */
async function sendParticipants(session) {
  if (!session?.subscriptions.has('ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE')) return;
  const list = await participants(session);
  const key = list.map((p) => p.id).join(',');
  if (key === session.key || open !== session) return;
  session.key = key;
  dispatch(session, 'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', { participants: list });
}

async function post(path, body, show = true) {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: state.userId, ...body }),
    });
    const answer = await response.json().catch(() => ({}));
    if (response.ok) return answer;
    if (show) notice(answer.error ?? `HTTP ${response.status}`, 'error');
  } catch (error) {
    if (show) notice(`The playground server did not answer: ${error.message}`, 'error');
  }
  return null;
}
