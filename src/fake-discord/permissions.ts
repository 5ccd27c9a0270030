// Permission bits (a decimal string on the wire, since they exceed 2^53), and presets for fake users.

export const Permission = {
  CreateInstantInvite: 1n << 0n,
  Administrator: 1n << 3n,
  AddReactions: 1n << 6n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  MentionEveryone: 1n << 17n,
  UseExternalEmojis: 1n << 18n,
  Connect: 1n << 20n,
  Speak: 1n << 21n,
  UseVad: 1n << 25n,
  ChangeNickname: 1n << 26n,
  UseApplicationCommands: 1n << 31n,
  ManageEvents: 1n << 33n,
  CreatePublicThreads: 1n << 35n,
  SendMessagesInThreads: 1n << 38n,
  CreateEvents: 1n << 44n,
} as const;

/** Every permission Discord currently defines (bits 0–50): what an administrator receives. */
export const ALL_PERMISSIONS = (1n << 51n) - 1n;

function union(...bits: bigint[]): bigint {
  return bits.reduce((a, b) => a | b, 0n);
}

/** Roughly Discord's default @everyone permissions in a new server. */
export const EVERYONE_PERMISSIONS = union(
  Permission.CreateInstantInvite,
  Permission.AddReactions,
  Permission.ViewChannel,
  Permission.SendMessages,
  Permission.EmbedLinks,
  Permission.AttachFiles,
  Permission.ReadMessageHistory,
  Permission.UseExternalEmojis,
  Permission.Connect,
  Permission.Speak,
  Permission.UseVad,
  Permission.ChangeNickname,
  Permission.UseApplicationCommands,
  Permission.CreatePublicThreads,
  Permission.SendMessagesInThreads,
);

/**
 * What the bot's own managed role grants: what the game needs in its channel (DISCORD-NOTES), plus
 * starting and talking in threads, so a server that takes those from @everyone does not take them from the bot.
 */
export const BOT_ROLE_PERMISSIONS = union(
  Permission.ViewChannel,
  Permission.SendMessages,
  Permission.EmbedLinks,
  Permission.ReadMessageHistory,
  Permission.AddReactions,
  Permission.AttachFiles,
  Permission.UseExternalEmojis,
  Permission.CreatePublicThreads,
  Permission.SendMessagesInThreads,
);

/** Presets for `addUser({ permissions })`, as Discord's decimal strings. */
export const PERMISSIONS = {
  member: EVERYONE_PERMISSIONS.toString(),
  moderator: (EVERYONE_PERMISSIONS | Permission.ManageMessages).toString(),
  admin: ALL_PERMISSIONS.toString(),
} as const;

export function parsePermissions(value: string | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (!/^\d+$/.test(value)) throw new Error(`permissions must be a decimal bitfield string, got "${value}"`);
  return BigInt(value);
}

/** A member's effective permissions: administrators get everything, as Discord computes it. */
export function effectivePermissions(granted: bigint): bigint {
  return granted & Permission.Administrator ? ALL_PERMISSIONS : granted;
}

/**
 * Guild permissions after a member overwrite, as Discord computes them: administrators ignore overwrites,
 * and without View Channel every other permission is implicitly denied.
 */
export function applyOverwrite(base: bigint, overwrite: { allow: string; deny: string } | undefined): bigint {
  if (base & Permission.Administrator) return ALL_PERMISSIONS;
  const permissions = overwrite ? (base & ~BigInt(overwrite.deny)) | BigInt(overwrite.allow) : base;
  return permissions & Permission.ViewChannel ? permissions : 0n;
}
