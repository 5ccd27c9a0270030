// A person runs the app's Entry Point command from the App Launcher. Its handler decides who answers
// (interactions/application-commands#entry-point-handlers): with DISCORD_LAUNCH_ACTIVITY (2) "Discord will handle
// the interaction automatically by launching the associated Activity", and the app hears nothing; with
// APP_HANDLER (1) the app gets an APPLICATION_COMMAND interaction of type 4 and answers it, with LAUNCH_ACTIVITY
// (callback type 12) or otherwise.
import type { APIApplicationCommand } from 'discord.js';
import { launchActivity } from './activity-instances';
import { ENTRY_POINT, EntryPointHandler, isEntryPoint } from './entry-point';
import { offerCommand } from './install-contexts';
import { commonFields, newRecord } from './interaction-common';
import type { BuiltInteraction } from './interaction-common';
import type { JsonObject } from './json';
import { requireParticipant } from './private-places';
import type { FakeActivityInstance, FakeState } from './store';
import type { ComponentExtras, FakeChannel, FakeUser } from './types';

export type EntryPointUse =
  | { handler: typeof EntryPointHandler.DiscordLaunchActivity; instance: FakeActivityInstance }
  | { handler: typeof EntryPointHandler.AppHandler; built: BuiltInteraction };

/** The Entry Point command Discord's App Launcher offers this person here, with its owners. */
function offeredEntryPoint(
  state: FakeState,
  user: FakeUser,
  channel: FakeChannel,
): { command: APIApplicationCommand; owners: Record<string, string> } {
  // "For the Entry Point command to be visible to users, an app must have Activities enabled" (…#entry-point-commands).
  if (!state.activitiesEnabled) throw new Error('the app does not have Activities enabled (fake.enableActivities())');
  const command = state.globalCommands.find(isEntryPoint);
  if (!command) throw new Error('the app has no Entry Point command (type 4) registered');
  const offer = offerCommand(state, user, channel, command);
  if ('refused' in offer)
    throw new Error(
      `Discord does not offer "${command.name}" to ${user.username} in ${channel.name}: ${offer.refused}`,
    );
  return { command, owners: offer.owners };
}

export function useEntryPoint(
  state: FakeState,
  user: FakeUser,
  channel: FakeChannel,
  extras: ComponentExtras,
): EntryPointUse {
  const guild = requireParticipant(state, user, channel);
  const { command, owners } = offeredEntryPoint(state, user, channel);
  const handler = (command as { handler?: number }).handler ?? EntryPointHandler.AppHandler;
  if (handler === EntryPointHandler.DiscordLaunchActivity)
    return { handler, instance: launchActivity(state, user, channel) };
  const record = newRecord(state, { type: 2, user, channel, label: `${command.name} by ${user.username}`, owners });
  record.commandName = command.name;
  record.commandId = command.id;
  const data: JsonObject = { id: command.id, name: command.name, type: ENTRY_POINT };
  return {
    handler: EntryPointHandler.AppHandler,
    built: { record, payload: { ...commonFields(state, record, guild, user, channel, extras), data } },
  };
}
