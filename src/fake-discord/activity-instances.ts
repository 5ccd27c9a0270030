// Activity instances: one running copy of the app's Activity in a channel, DM or group DM, and the people
// connected to it. Launching where one runs joins it ("Instance ID of the Activity if one was launched or joined",
// interactions/receiving-and-responding#interaction-callback-interaction-callback-object); it ends when its last
// person leaves, and then GET …/activity-instances/{id} no longer finds it ("Returns a serialized activity
// instance, if it exists", resources/application#get-application-activity-instance).
import { DiscordErrors } from './http';
import type { JsonObject } from './json';
import { isPrivate, requireParticipant } from './private-places';
import { ok, param, route } from './routes';
import type { Route } from './routes';
import type { FakeActivityInstance, FakeState } from './store';
import type { FakeChannel, FakeUser } from './types';

/**
 * The location's id and kind as the documentation's example shows them: "gc-{guild}-{channel}" for a guild
 * channel, "pc" for "a Private Channel, such as a DM or GDM" (…#get-application-activity-instance-activity-location-kind-enum).
 */
function locationOf(channel: FakeChannel): { id: string; kind: 'gc' | 'pc' } {
  return isPrivate(channel)
    ? { id: `pc-${channel.id}`, kind: 'pc' }
    : { id: `gc-${channel.guildId}-${channel.id}`, kind: 'gc' };
}

function liveInstanceIn(state: FakeState, channelId: string): FakeActivityInstance | undefined {
  return [...state.activityInstances.values()].find((i) => i.channelId === channelId);
}

/**
 * A person launches the Activity in a channel (an Entry Point command, or an interaction answered with
 * LAUNCH_ACTIVITY): they join the instance running there, or start one.
 */
export function launchActivity(state: FakeState, user: FakeUser, channel: FakeChannel): FakeActivityInstance {
  if (!state.activitiesEnabled) throw new Error('the app does not have Activities enabled (fake.enableActivities())');
  requireParticipant(state, user, channel);
  const running = liveInstanceIn(state, channel.id);
  if (running) return joinInstance(state, running, user);
  const launchId = state.ids.next();
  const instance: FakeActivityInstance = {
    instanceId: `i-${launchId}-${locationOf(channel).id}`,
    launchId,
    channelId: channel.id,
    guildId: channel.guildId,
    userIds: [user.id],
  };
  state.activityInstances.set(instance.instanceId, instance);
  state.notify();
  return instance;
}

function joinInstance(state: FakeState, instance: FakeActivityInstance, user: FakeUser): FakeActivityInstance {
  if (!instance.userIds.includes(user.id)) instance.userIds.push(user.id);
  state.notify();
  return instance;
}

export function requireInstance(state: FakeState, instanceId: string): FakeActivityInstance {
  const instance = state.activityInstances.get(instanceId);
  if (!instance) throw new Error(`no Activity instance ${instanceId} is running`);
  return instance;
}

/** A person who can see the instance's channel opens the running Activity (Discord's "Join Activity"). */
export function joinActivity(state: FakeState, instanceId: string, user: FakeUser): FakeActivityInstance {
  const instance = requireInstance(state, instanceId);
  const channel = state.channels.get(instance.channelId);
  if (!channel) throw new Error(`the channel of Activity instance ${instanceId} is gone`);
  requireParticipant(state, user, channel);
  return joinInstance(state, instance, user);
}

/** A person closes the Activity; the instance ends with its last person. */
export function leaveActivity(state: FakeState, instanceId: string, userId: string): void {
  const instance = requireInstance(state, instanceId);
  instance.userIds = instance.userIds.filter((id) => id !== userId);
  if (instance.userIds.length === 0) state.activityInstances.delete(instanceId);
  state.notify();
}

/** resources/application#get-application-activity-instance-activity-instance-object */
export function apiActivityInstance(state: FakeState, instance: FakeActivityInstance): JsonObject {
  const channel = state.channels.get(instance.channelId);
  const location = channel ? locationOf(channel) : { id: `pc-${instance.channelId}`, kind: 'pc' };
  return {
    application_id: state.applicationId,
    instance_id: instance.instanceId,
    launch_id: instance.launchId,
    location: {
      id: location.id,
      kind: location.kind,
      channel_id: instance.channelId,
      ...(instance.guildId ? { guild_id: instance.guildId } : {}),
    },
    users: [...instance.userIds],
  };
}

export function activityInstanceRoutes(): Route[] {
  return [
    // "The route requires a Bot token of the application. It returns a serialized active activity instance for the
    // given application, if found, otherwise it returns a 404" with {"message": "404: Not Found", "code": 0}
    // (activities/development-guides/multiplayer-experience#using-the-activity-instance-api).
    route('GET', '/applications/:app/activity-instances/:instance', true, (c) => {
      const { state } = c;
      if (param(c, 'app') !== state.applicationId) {
        state.breach(`${c.label}: application id ${param(c, 'app')} is not this bot's (${state.applicationId})`);
        throw DiscordErrors.missingAccess();
      }
      const instance = state.activityInstances.get(param(c, 'instance'));
      if (!instance) throw DiscordErrors.notFound();
      return ok(apiActivityInstance(state, instance));
    }),
  ];
}
