// POST /interactions/{id}/{token}/callback, with Discord's rules on it: one acknowledgement, within the
// deadline, of a type that fits the interaction (an update only answers a component, an Activity launches only
// for an app with Activities enabled).
import { launchActivity } from './activity-instances';
import { DiscordErrors } from './http';
import type { RestResult } from './http';
import { CallbackType, createInteractionMessage, pingsOf } from './interaction-responses';
import type { InteractionRecord } from './interaction-record';
import { isObject } from './json';
import type { JsonObject } from './json';
import { MessageFlag } from './limits';
import type { Violation } from './limits';
import { apiMessage } from './message-payloads';
import { draftOf, editMessage } from './message-store';
import type { MessageDraft } from './message-store';
import { composeDraft, enforceMessageRules, readMessageBody } from './messages';
import { noContent, ok, param } from './routes';
import type { RouteContext } from './routes';
import type { FakeState } from './store';
import type { FakeMessage } from './types';

const EMPTY_DRAFT: MessageDraft = { content: '', embeds: [], components: [], flags: 0, attachments: [] };

function elapsedMs(state: FakeState, record: InteractionRecord): number {
  // The larger of real and fake-clock time, so advanceTime() can push an interaction past its deadline.
  return Math.max(performance.now() - record.dispatchedAtReal, state.now() - record.createdAt);
}

function acknowledge(c: RouteContext, record: InteractionRecord, type: number, ephemeral: boolean): void {
  const dispatchedAt = record.dispatchedAtReal;
  const afterMs = Math.round(performance.now() - dispatchedAt);
  record.ack = { type, afterMs, arrivedAfterMs: c.req.arrivedAt - dispatchedAt, dispatchedAt, ephemeral };
  if (record.timer) clearTimeout(record.timer);
}

export function interactionCallback(c: RouteContext): RestResult {
  const { state } = c;
  const id = param(c, 'id');
  const record = state.interactions.get(id);
  const body = isObject(c.req.body) ? c.req.body : {};
  const type = body.type;
  const context = `callback type ${String(type)} for ${record?.label ?? `interaction ${id}`}`;
  if (!record || record.token !== param(c, 'token')) {
    state.breach(`${context}: no such interaction id and token`);
    throw DiscordErrors.unknownInteraction();
  }
  if (record.ack) {
    state.breach(
      `${context}: interaction already acknowledged (with type ${record.ack.type}); only one callback is allowed`,
    );
    throw DiscordErrors.alreadyAcknowledged();
  }
  // A moderator deleted the channel (or thread) after the click: nothing can be shown there any more.
  if (!state.channels.has(record.channelId)) throw DiscordErrors.unknownChannel();
  const elapsed = elapsedMs(state, record);
  if (record.expired || elapsed > c.ackDeadlineMs) {
    // One breach per late interaction: the deadline timer stays quiet once this one is recorded.
    record.expired = true;
    if (record.timer) clearTimeout(record.timer);
    state.breach(
      `${context}: arrived ${Math.round(elapsed)} ms after dispatch, past the ${c.ackDeadlineMs} ms deadline`,
    );
    throw DiscordErrors.unknownInteraction();
  }
  const isComponent = record.type === 3;
  let message: FakeMessage | undefined;
  switch (type) {
    case CallbackType.Reply:
      message = replyWithMessage(c, record, body.data, context);
      break;
    case CallbackType.DeferredReply: {
      const flags = isObject(body.data) && typeof body.data.flags === 'number' ? body.data.flags : 0;
      const ephemeral = (flags & MessageFlag.Ephemeral) !== 0;
      acknowledge(c, record, CallbackType.DeferredReply, ephemeral);
      // Discord shows "<bot> is thinking…" at once: a loading message that @original edits later.
      message = createInteractionMessage(state, record, { ...EMPTY_DRAFT, flags: MessageFlag.Loading }, ephemeral);
      record.originalMessageId = message.id;
      break;
    }
    case CallbackType.DeferredUpdate:
    case CallbackType.Update: {
      if (!isComponent) {
        state.breach(`${context}: type ${type} (update) is only valid for component interactions`);
        throw DiscordErrors.invalidFormBody([
          {
            path: ['type'],
            code: 'INTERACTION_RESPONSE_TYPE_INVALID',
            message: 'Invalid interaction response type',
            rule: 'update on a command',
          },
        ]);
      }
      const source = state.messages.get(record.sourceMessageId ?? '');
      if (!source || source.deleted) {
        state.breach(`${context}: the clicked message ${record.sourceMessageId ?? '?'} no longer exists`);
        throw DiscordErrors.unknownMessage();
      }
      if (type === CallbackType.Update) {
        const { body: data, violations } = readMessageBody(body.data);
        const draft = composeDraft(state, source.channelId, draftOf(source), data, c.req.files);
        enforceMessageRules(state, context, draft, violations);
        acknowledge(c, record, CallbackType.Update, source.ephemeralFor !== undefined);
        editMessage(state, source, draft);
        record.replyMessageId = source.id;
      } else {
        acknowledge(c, record, CallbackType.DeferredUpdate, source.ephemeralFor !== undefined);
      }
      record.originalMessageId = source.id;
      message = type === CallbackType.Update ? source : undefined;
      break;
    }
    case CallbackType.Modal: {
      const violations = checkModal(body.data);
      if (violations.length > 0) {
        for (const v of violations) state.breach(`${context}: ${v.rule}`);
        throw DiscordErrors.invalidFormBody(violations.map((v) => ({ ...v, path: ['data', ...v.path] })));
      }
      acknowledge(c, record, CallbackType.Modal, false);
      break;
    }
    case CallbackType.LaunchActivity:
      launch(c, record, context);
      break;
    default:
      state.breach(
        `${context}: callback type ${String(type)} is not valid for a ${isComponent ? 'component' : 'command'} interaction`,
      );
      throw DiscordErrors.invalidFormBody([
        {
          path: ['type'],
          code: 'BASE_TYPE_CHOICES',
          message: 'Value must be one of {4, 5, 6, 7, 9, 12}.',
          rule: 'invalid callback type',
        },
      ]);
  }

  if (c.req.query.get('with_response') !== 'true') return noContent();
  // InteractionCallbackResponse in discord.js reads exactly these.
  const resource: JsonObject = { type };
  if (message) resource.message = apiMessage(state, message);
  if (record.activityInstanceId) resource.activity_instance = { id: record.activityInstanceId };
  return ok({
    interaction: {
      id: record.id,
      type: record.type,
      activity_instance_id: record.activityInstanceId ?? null,
      response_message_id: message?.id ?? null,
      response_message_loading: message ? (message.flags & MessageFlag.Loading) !== 0 : null,
      response_message_ephemeral: message ? (message.flags & MessageFlag.Ephemeral) !== 0 : null,
    },
    resource,
  });
}

/**
 * LAUNCH_ACTIVITY: "Launch the Activity associated with the app. Only available for apps with Activities enabled"
 * (interactions/receiving-and-responding#interaction-response-object-interaction-callback-type), "in response to
 * command, message component, and modal submission interactions" (activities/how-activities-work#interaction-response)
 * — every kind the fake sends. The person who used the command or component opens the Activity in its channel.
 */
function launch(c: RouteContext, record: InteractionRecord, context: string): void {
  const { state } = c;
  if (!state.activitiesEnabled) {
    state.breach(`${context}: LAUNCH_ACTIVITY, but the app does not have Activities enabled`);
    throw DiscordErrors.invalidFormBody([
      {
        path: ['type'],
        code: 'INTERACTION_RESPONSE_TYPE_INVALID',
        message: 'Invalid interaction response type',
        rule: 'LAUNCH_ACTIVITY without Activities enabled',
      },
    ]);
  }
  const user = state.users.get(record.userId);
  const channel = state.channels.get(record.channelId);
  if (!user || !channel) throw DiscordErrors.unknownInteraction();
  acknowledge(c, record, CallbackType.LaunchActivity, false);
  record.activityInstanceId = launchActivity(state, user, channel).instanceId;
}

function replyWithMessage(c: RouteContext, record: InteractionRecord, rawData: unknown, context: string): FakeMessage {
  const { state } = c;
  const { body: data, violations } = readMessageBody(rawData);
  const draft = composeDraft(state, record.channelId, undefined, data, c.req.files);
  enforceMessageRules(state, context, draft, violations);
  const ephemeral = typeof data.flags === 'number' && (data.flags & MessageFlag.Ephemeral) !== 0;
  acknowledge(c, record, CallbackType.Reply, ephemeral);
  const message = createInteractionMessage(state, record, draft, ephemeral, pingsOf(state, draft, data, ephemeral));
  record.originalMessageId = message.id;
  record.replyMessageId = message.id;
  return message;
}

function checkModal(data: unknown): Violation[] {
  const violations: Violation[] = [];
  if (!isObject(data))
    return [{ path: [], code: 'BASE_TYPE_REQUIRED', message: 'This field is required', rule: 'modal without data' }];
  const text = (field: string, max: number): void => {
    const value = data[field];
    if (typeof value !== 'string' || value.length < 1 || value.length > max) {
      violations.push({
        path: [field],
        code: 'BASE_TYPE_BAD_LENGTH',
        message: `Must be between 1 and ${max} in length.`,
        rule: `modal ${field} must be 1–${max} characters`,
      });
    }
  };
  text('custom_id', 100);
  text('title', 45);
  const components = data.components;
  if (!Array.isArray(components) || components.length < 1 || components.length > 5) {
    violations.push({
      path: ['components'],
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 5 in length.',
      rule: 'modal must hold 1–5 components',
    });
  }
  return violations;
}
