// Public threads started from a message (Channel resource, "Start Thread from Message"; the "Threads"
// topic): the thread takes the message's id, the message then shows it, and the gateway says so.
// Messages, interactions and deletions in a thread go through the ordinary channel code.
import { requireChannel } from './channel-routes';
import { requireBotPermissions } from './channels';
import { DiscordErrors } from './http';
import type { RestResult } from './http';
import { charCount, isObject } from './json';
import { MessageFlag } from './limits';
import type { Violation } from './limits';
import { emitChange } from './message-store';
import { apiChannel } from './payloads';
import { Permission } from './permissions';
import { param, route } from './routes';
import type { Route, RouteContext } from './routes';
import type { FakeState } from './store';
import type { FakeChannel, FakeMessage, FakeUser } from './types';

export const AUTO_ARCHIVE_DURATIONS: readonly number[] = [60, 1440, 4320, 10080];
/** What a thread gets when the request names no auto_archive_duration (one day). */
const DEFAULT_AUTO_ARCHIVE_MINUTES = 1440;
const MAX_SLOWMODE_SECONDS = 21_600;

export interface ThreadInit {
  name: string;
  autoArchiveDuration?: number;
  rateLimitPerUser?: number;
}

export function threadRoutes(): Route[] {
  return [route('POST', '/channels/:channel/messages/:message/threads', true, startThreadFromMessage)];
}

function startThreadFromMessage(c: RouteContext): RestResult {
  const { state } = c;
  const parent = requireChannel(c);
  requireBotPermissions(state, parent, 0n);
  const violations = checkThreadBody(c.req.body);
  if (violations.length > 0) {
    for (const v of violations) state.breach(`${c.label}: ${v.rule}`);
    throw DiscordErrors.invalidFormBody(violations);
  }
  if (parent.type !== 0) {
    const what = parent.type === 11 ? 'a thread' : 'a DM';
    state.breach(`${c.label}: channel ${parent.id} is ${what}; threads are started in text channels`);
    throw DiscordErrors.cannotExecuteOnChannelType();
  }
  requireBotPermissions(state, parent, Permission.CreatePublicThreads);
  const message = state.messages.get(param(c, 'message'));
  if (!message || message.deleted || message.channelId !== parent.id || message.ephemeralFor !== undefined)
    throw DiscordErrors.unknownMessage();
  // The thread would take the message's id, so a message has at most one thread, ever. Not a breach:
  // a retry after a lost answer meets this, and the bot should then use the thread that exists.
  if (message.threadId !== undefined) throw DiscordErrors.threadAlreadyCreated();
  const body = isObject(c.req.body) ? c.req.body : {};
  const thread = startThread(state, parent, message, state.botUser, {
    name: String(body.name),
    ...(typeof body.auto_archive_duration === 'number' ? { autoArchiveDuration: body.auto_archive_duration } : {}),
    ...(typeof body.rate_limit_per_user === 'number' ? { rateLimitPerUser: body.rate_limit_per_user } : {}),
  });
  return { status: 201, body: apiChannel(thread) };
}

/** Discord's form checks of the body: name 1–100 characters, a known archive duration, slowmode 0–21600 s. */
export function checkThreadBody(raw: unknown): Violation[] {
  if (!isObject(raw))
    return [
      {
        path: [],
        code: 'MODEL_TYPE_CONVERT',
        message: 'Only dictionaries may be used in a ModelType',
        rule: 'thread body is not a JSON object',
      },
    ];
  const violations: Violation[] = [];
  const name = raw.name;
  if (name === undefined || name === null) {
    violations.push({
      path: ['name'],
      code: 'BASE_TYPE_REQUIRED',
      message: 'This field is required',
      rule: 'thread name is missing',
    });
  } else if (typeof name !== 'string') {
    violations.push({
      path: ['name'],
      code: 'BASE_TYPE_STRING',
      message: 'Must be a string.',
      rule: 'thread name is not a string',
    });
  } else if (charCount(name) < 1 || charCount(name) > 100) {
    violations.push({
      path: ['name'],
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 100 in length.',
      rule: `thread name is ${charCount(name)} characters (1–100)`,
    });
  }
  const duration = raw.auto_archive_duration;
  if (
    duration !== undefined &&
    duration !== null &&
    !(typeof duration === 'number' && AUTO_ARCHIVE_DURATIONS.includes(duration))
  ) {
    violations.push({
      path: ['auto_archive_duration'],
      code: 'BASE_TYPE_CHOICES',
      message: 'Value must be one of {60, 1440, 4320, 10080}.',
      rule: `auto_archive_duration ${JSON.stringify(duration)} is not one of 60, 1440, 4320, 10080`,
    });
  }
  const slowmode = raw.rate_limit_per_user;
  if (
    slowmode !== undefined &&
    slowmode !== null &&
    !(typeof slowmode === 'number' && Number.isInteger(slowmode) && slowmode >= 0 && slowmode <= MAX_SLOWMODE_SECONDS)
  ) {
    violations.push({
      path: ['rate_limit_per_user'],
      code: 'NUMBER_TYPE_MAX',
      message: `int value should be between 0 and ${MAX_SLOWMODE_SECONDS}.`,
      rule: `rate_limit_per_user ${JSON.stringify(slowmode)} is not 0–${MAX_SLOWMODE_SECONDS} seconds`,
    });
  }
  return violations;
}

/**
 * Makes the thread (checks done by the caller): a type 11 channel with the message's id, joined by
 * its owner; the starter message gets the HAS_THREAD flag and the `thread` field. Gateway: THREAD_CREATE
 * (`newly_created`), then MESSAGE_UPDATE for the starter message, as the endpoint's documentation lists.
 */
export function startThread(
  state: FakeState,
  parent: FakeChannel,
  message: FakeMessage,
  owner: FakeUser,
  init: ThreadInit,
): FakeChannel {
  const now = state.now();
  const thread: FakeChannel = {
    id: message.id,
    guildId: parent.guildId,
    name: init.name,
    type: 11,
    position: 0,
    parentId: parent.id,
    ownerId: owner.id,
    thread: {
      archived: false,
      locked: false,
      autoArchiveDuration: init.autoArchiveDuration ?? DEFAULT_AUTO_ARCHIVE_MINUTES,
      archiveTimestamp: now,
      createdAt: now,
      rateLimitPerUser: init.rateLimitPerUser ?? 0,
      messageCount: 0,
      totalMessageSent: 0,
      memberIds: [owner.id],
    },
  };
  state.addThread(thread);
  message.threadId = thread.id;
  message.flags |= MessageFlag.HasThread;
  state.guildDispatch(thread.guildId, 'THREAD_CREATE', { ...apiChannel(thread), newly_created: true });
  emitChange(state, 'messageUpdate', message);
  return thread;
}

/** For a person starting a thread (FakeDiscord.startThread): the same rules, as errors for the test. */
export function startThreadAsUser(state: FakeState, user: FakeUser, messageId: string, init: ThreadInit): FakeChannel {
  const message = state.messages.get(messageId);
  if (!message || message.deleted) throw new Error(`unknown message ${messageId}`);
  if (message.ephemeralFor !== undefined)
    throw new Error(`message ${messageId} is ephemeral; no thread can be started from it`);
  const parent = state.channels.get(message.channelId);
  if (!parent) throw new Error(`message ${messageId} is in a deleted channel`);
  if (parent.type === 11) throw new Error(`message ${messageId} is in a thread; threads are started in text channels`);
  if (message.threadId !== undefined) throw new Error(`message ${messageId} already has a thread`);
  const violations = checkThreadBody({
    name: init.name,
    auto_archive_duration: init.autoArchiveDuration,
    rate_limit_per_user: init.rateLimitPerUser,
  });
  if (violations.length > 0) throw new Error(violations.map((v) => v.rule).join('; '));
  return startThread(state, parent, message, user, init);
}
