// What an interaction's callback and its webhook routes share: the callback types, and the message an
// answer becomes (whose, where, ephemeral or not, whom it notifies).
import { MessageFlag } from './limits';
import { pingedUsers } from './mentions';
import { createMessage } from './message-store';
import type { MessageDraft } from './message-store';
import type { InteractionRecord } from './interaction-record';
import type { JsonObject } from './json';
import type { FakeState } from './store';
import type { FakeMessage } from './types';

export const CallbackType = {
  Pong: 1,
  Reply: 4,
  DeferredReply: 5,
  DeferredUpdate: 6,
  Update: 7,
  Autocomplete: 8,
  Modal: 9,
  LaunchActivity: 12,
} as const;

/** Ephemeral messages notify nobody; the others notify whom their mentions and allowed_mentions say. */
export function pingsOf(state: FakeState, draft: MessageDraft, body: JsonObject, ephemeral: boolean): string[] {
  return ephemeral ? [] : pingedUsers(state, draft, body.allowed_mentions, state.botUser.id);
}

export function createInteractionMessage(
  state: FakeState,
  record: InteractionRecord,
  draft: MessageDraft,
  ephemeral: boolean,
  pinged: string[] = [],
): FakeMessage {
  // Where a server switched off Use External Apps, Discord shows a user-installed app's answers ephemerally.
  const hidden = ephemeral || record.forcedEphemeral;
  return createMessage(state, {
    channelId: record.channelId,
    author: state.botUser,
    draft: { ...draft, flags: draft.flags | (hidden ? MessageFlag.Ephemeral : 0) },
    // Command responses are type 20 (CHAT_INPUT_COMMAND); answers to a component reply to its message.
    type: record.type === 2 ? 20 : 19,
    interactionId: record.id,
    ...(hidden ? { ephemeralFor: record.userId } : {}),
    ...(record.sourceMessageId ? { referencedMessageId: record.sourceMessageId } : {}),
    pinged: hidden ? [] : pinged,
  });
}
