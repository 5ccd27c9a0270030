// The playground's places outside its server, so a person can try the app where Discord offers a
// user-installed one: each person's DM with the app, a group DM of three friends, and a server the bot is not
// in. Every person installed the app to their account (user install), as /olathe reaches the last two only so.
import type { FakeChannel, FakeDiscord, FakeUser } from '../fake-discord';

/** A place as the page lists it: who is in it decides who sees it (and its messages). */
export interface PagePlace {
  id: string;
  /** dm: a person's DM with the app; group: a group DM; server: a channel of a server without the bot. */
  kind: 'dm' | 'group' | 'server';
  /** How the sidebar names it: the app (a DM), the members (a group DM), the channel (a server's). */
  name: string;
  /** The playground people in it (a DM: its one person). */
  memberIds: string[];
  /** A server's channel: the server's name. */
  guildName?: string;
}

export const BOTLESS_SERVER = { name: 'Friends’ server', channelName: 'games' } as const;

/** Installs the app for every person and makes the places; call before the bot starts. */
export function addPlaces(fake: FakeDiscord, users: FakeUser[]): PagePlace[] {
  for (const user of users) fake.installApp(user);
  const appName = fake.botUser.globalName ?? fake.botUser.username;
  const dms: PagePlace[] = users.map((user) => ({
    id: fake.addDm(user).id,
    kind: 'dm',
    name: appName,
    memberIds: [user.id],
  }));
  // A group DM of the first three (Alice, Bob, Carol): Dana, not in it, sees neither it nor its messages.
  const friends = users.slice(0, 3);
  const group = fake.addGroupDm(friends);
  const away = fake.addGuild({ name: BOTLESS_SERVER.name, channelName: BOTLESS_SERVER.channelName, botMember: false });
  for (const user of users) fake.addMember(user, away.guildId);
  return [
    ...dms,
    {
      id: group.id,
      kind: 'group',
      name: friends.map((u) => u.globalName ?? u.username).join(', '),
      memberIds: friends.map((u) => u.id),
    },
    {
      id: away.channelId,
      kind: 'server',
      name: BOTLESS_SERVER.channelName,
      memberIds: users.map((u) => u.id),
      guildName: BOTLESS_SERVER.name,
    },
  ];
}

/** The place a channel is, if it is one of them. */
export function placeOf(places: readonly PagePlace[], channel: FakeChannel | string): PagePlace | undefined {
  const id = typeof channel === 'string' ? channel : channel.id;
  return places.find((p) => p.id === id);
}
