// The Activity's page: what Discord loads in its iframe (https://<app id>.discordsays.com/, or the playground's
// /activity/). It asks Discord's client who the person is through the Embedded App SDK — ready, authorize (scope
// identify), the code exchanged for a token by the bot's server (`api/token`: the client secret never reaches the
// page), authenticate — and then opens the live socket with that token and the instance Discord launched. Every
// path is relative to the page: Discord's proxy forwards them, and its content security policy blocks other hosts.
import { DiscordSDK } from '@discord/embedded-app-sdk';
import type { ServerMessage } from '../protocol';
import { Board } from './board';
import { LiveConnection, liveUrl } from './live';
import { wordsFor } from './words';

const root = document.getElementById('board-root') ?? document.body;
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
const board = new Board(
  root,
  { move: (move) => send({ t: 'move', id: ++moves, move }), rematch: () => send({ t: 'rematch', id: ++moves }) },
  navigator.language,
  () => reducedMotion.matches,
);
let live: LiveConnection | null = null;
let moves = 0;

function send(message: Parameters<LiveConnection['send']>[0]): boolean {
  return live?.send(message) ?? false;
}

/**
 * The application's id, which the SDK needs before anything: the server says it at `api/config`; a page served
 * with it in a <meta> (a static host) reads that instead.
 */
async function clientId(): Promise<string> {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="discord-client-id"]')?.content;
  if (meta) return meta;
  const answer = await fetch('api/config');
  if (!answer.ok) throw new Error(`api/config answered ${answer.status}`);
  const { clientId } = (await answer.json()) as { clientId?: string };
  if (!clientId) throw new Error('api/config named no clientId');
  return clientId;
}

async function exchange(code: string): Promise<string> {
  const answer = await fetch('api/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const body = (await answer.json().catch(() => ({}))) as { access_token?: string; error?: string };
  if (!answer.ok || !body.access_token) throw new Error(body.error ?? `api/token answered ${answer.status}`);
  return body.access_token;
}

async function start(): Promise<void> {
  const words = wordsFor(navigator.language);
  board.status(words.t('connecting'));
  const id = await clientId();
  const sdk = new DiscordSDK(id);
  await sdk.ready();
  board.status(words.t('authorizing'));
  const { code } = await sdk.commands.authorize({
    client_id: id,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const accessToken = await exchange(code);
  await sdk.commands.authenticate({ access_token: accessToken });
  board.status(words.t('joining'));
  if (!sdk.channelId) throw new Error('Discord named no channel for this Activity');
  const hello = {
    t: 'hello' as const,
    accessToken,
    instanceId: sdk.instanceId,
    channelId: sdk.channelId,
    guildId: sdk.guildId,
  };
  // The server's refusal for now (Discord or the database out of reach), said again beside the next try's time.
  let forNow = '';
  let droppedOnce = false;
  live = new LiveConnection(liveUrl(location), hello, {
    message: (message: ServerMessage) => {
      forNow = message.t === 'refused' && message.retry ? message.reason : '';
      board.receive(message);
    },
    // Connected again, not yet answered: the board drawn is the last connection's until the server's welcome clears
    // this (a first connection says so in the status instead).
    open: () => {
      if (droppedOnce) board.note(wordsFor(board.language).t('joining'));
    },
    dropped: (delayMs) => {
      droppedOnce = true;
      const again = wordsFor(board.language).t('reconnecting', { seconds: Math.ceil(delayMs / 1000) });
      board.note(forNow ? `${forNow} ${again}` : again, 'error');
    },
  });
  live.start();
  document.body.dataset.ready = 'true';
}

start().catch((error: unknown) => {
  const reason = error instanceof Error ? error.message : String((error as { message?: string })?.message ?? error);
  board.status(wordsFor(navigator.language).t('failed', { reason }), 'error');
  document.body.dataset.failed = reason;
});
