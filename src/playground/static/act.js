// What the user does (a slash command, a click, a select) posted to the playground server as the current user.
// A refusal or failure shows as a notice, and a control the bot did not redraw is drawn again, usable. A click
// the bot answers by launching its Activity opens the board (activity.js).
import { openBoard } from './activity.js';
import { clearNotices, notice } from './notices.js';
import { queueRender, state } from './state.js';

export async function act(path, body, control) {
  clearNotices('error');
  if (control) {
    control.classList.add('pending');
    control.disabled = true;
  }
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: state.userId, ...body }),
    });
    const answer = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    if (!response.ok) {
      notice(answer.error ?? `HTTP ${response.status}`, 'error');
      return false;
    }
    if (answer.ok === false) {
      notice(answer.failed, 'error');
      return false;
    }
    // The bot answered with LAUNCH_ACTIVITY (callback type 12): Discord's client opens the Activity.
    if (answer.activity) openBoard(answer.activity);
    return true;
  } catch (error) {
    notice(`The playground server did not answer: ${error.message}`, 'error');
    return false;
  } finally {
    // A control the bot did not redraw (refused, or failed) becomes usable again.
    if (control && control.isConnected) {
      control.classList.remove('pending');
      queueRedrawOf(control);
    }
  }
}

function queueRedrawOf(control) {
  const drawn = state.drawn.get(control.closest('.message')?.dataset.id);
  if (drawn) drawn.key = '';
  queueRender();
}
