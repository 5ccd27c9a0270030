// What every INTERACTION_CREATE the fake builds shares: its bookkeeping record and the payload's common
// fields, shaped by where it happens (install-contexts.ts). Slash commands: interactions.ts; clicks and
// selects: component-interactions.ts.
import { randomBytes } from 'node:crypto';
import { appPermissionsIn, forcesEphemeral, placeOf } from './install-contexts';
import type { InteractionRecord } from './interaction-record';
import type { JsonObject } from './json';
import { apiChannel, apiInteractionMember, apiUser } from './payloads';
import { apiPrivateChannel, isPrivate } from './private-places';
import type { FakeGuild, FakeState } from './store';
import type { ComponentExtras, FakeChannel, FakeUser } from './types';

export interface BuiltInteraction {
  record: InteractionRecord;
  payload: JsonObject;
}

export function newRecord(
  state: FakeState,
  init: { type: 2 | 3; user: FakeUser; channel: FakeChannel; label: string; owners: Record<string, string> },
): InteractionRecord {
  const place = placeOf(state, init.channel);
  return {
    id: state.ids.next(),
    // Real tokens are long opaque strings; URL-safe so discord.js puts them in paths unchanged.
    token: `aW50ZXJhY3Rpb246${randomBytes(48).toString('base64url')}`,
    type: init.type,
    userId: init.user.id,
    guildId: init.channel.guildId,
    channelId: init.channel.id,
    context: place.context,
    owners: init.owners,
    forcedEphemeral: forcesEphemeral(place, init.owners),
    label: init.label,
    createdAt: state.now(),
    dispatchedAtReal: performance.now(),
    expired: false,
    followUpIds: [],
  };
}

/** The fields every interaction carries; in a (group) DM `user` instead of `member`, and no guild. */
export function commonFields(
  state: FakeState,
  record: InteractionRecord,
  guild: FakeGuild | undefined,
  user: FakeUser,
  channel: FakeChannel,
  extras: ComponentExtras,
): JsonObject {
  const where: JsonObject = guild
    ? {
        guild_id: guild.id,
        guild: { id: guild.id, locale: guild.preferredLocale ?? 'en-US', features: [] },
        member: apiInteractionMember(guild, user),
        guild_locale: guild.preferredLocale ?? 'en-US',
      }
    : { user: apiUser(user) };
  return {
    id: record.id,
    application_id: state.applicationId,
    type: record.type,
    token: record.token,
    version: 1,
    ...where,
    channel_id: channel.id,
    channel: isPrivate(channel) ? apiPrivateChannel(state, channel) : apiChannel(channel),
    app_permissions: extras.appPermissions ?? appPermissionsIn(state, channel).toString(),
    locale: extras.locale ?? user.locale ?? 'en-US',
    entitlements: [],
    authorizing_integration_owners: { ...record.owners },
    context: record.context,
    attachment_size_limit: 10 * 1024 * 1024,
  };
}
