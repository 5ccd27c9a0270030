// The app's Entry Point command (PRIMARY_ENTRY_POINT, type 4): the way people open its Activity from the App
// Launcher. Its rules, as Discord documents them, on top of command-limits.ts's rules for every command:
// https://discord.com/developers/docs/interactions/application-commands#entry-point-commands
import type { APIApplicationCommand } from 'discord.js';
import { DiscordHttpError } from './http';
import { isObject } from './json';
import type { JsonObject } from './json';
import type { Violation } from './limits';
import type { FakeState } from './store';

export const ENTRY_POINT = 4;

/** application-commands#application-command-object-entry-point-command-handler-types */
export const EntryPointHandler = { AppHandler: 1, DiscordLaunchActivity: 2 } as const;

const DOCS = 'https://discord.com/developers/docs/interactions/application-commands';

function typeOf(command: { type?: unknown }): number {
  return typeof command.type === 'number' ? command.type : 1;
}

export function isEntryPoint(command: { type?: unknown }): boolean {
  return typeOf(command) === ENTRY_POINT;
}

function refusal(path: Array<string | number>, rule: string): Violation {
  // Discord documents these rules but not the error it answers with; the fake answers Invalid Form Body.
  return { path, code: 'BASE_TYPE_INVALID', message: 'Invalid value.', rule };
}

/**
 * What the Entry Point rules refuse in the commands of one request (a PUT's list, or one POST or PATCH).
 * `others` are the stored commands the request leaves in place (none for a PUT, which replaces them all).
 */
export function entryPointViolations(
  state: FakeState,
  commands: unknown[],
  scope: { guildId: string | undefined; isList: boolean; others: readonly APIApplicationCommand[] },
): Violation[] {
  const violations: Violation[] = [];
  let entryPoints = scope.others.filter(isEntryPoint).length;
  commands.forEach((command, i) => {
    if (!isObject(command)) return;
    const at = scope.isList ? [i] : [];
    const name = `command "${String(command.name)}"`;
    if (!isEntryPoint(command)) {
      // "handler can only be set for application commands of type PRIMARY_ENTRY_POINT" (…#application-command-structure)
      if (command.handler !== undefined && command.handler !== null)
        violations.push(refusal([...at, 'handler'], `${name} sets handler, which only an Entry Point command may`));
      return;
    }
    entryPoints++;
    // "Your app cannot have a PRIMARY_ENTRY_POINT guild command" (…#registering-a-command)
    if (scope.guildId !== undefined)
      violations.push(refusal([...at, 'type'], `${name} is an Entry Point command, which can only be global`));
    // "Apps with Activities enabled can now create Entry Point commands" (change log, 2024-08-26); `handler` is
    // only "for applications with the EMBEDDED flag" (…#application-command-structure)
    if (!state.activitiesEnabled)
      violations.push(
        refusal([...at, 'type'], `${name} is an Entry Point command, but the app does not have Activities enabled`),
      );
    // "options can only be set for application commands of type CHAT_INPUT"; the guide makes "a different
    // (option-less) command" the Entry Point (activities/development-guides/user-actions#setting-up-an-entry-point-command)
    if (Array.isArray(command.options) && command.options.length > 0)
      violations.push(refusal([...at, 'options'], `${name} is an Entry Point command and may not have options`));
    const handler = command.handler ?? EntryPointHandler.AppHandler;
    if (handler !== EntryPointHandler.AppHandler && handler !== EntryPointHandler.DiscordLaunchActivity)
      violations.push({
        path: [...at, 'handler'],
        code: 'BASE_TYPE_CHOICES',
        message: 'Value must be one of {1, 2}.',
        rule: `${name} has handler ${String(command.handler)}, not 1 (APP_HANDLER) or 2 (DISCORD_LAUNCH_ACTIVITY)`,
      });
  });
  // "An app can have … 1 global PRIMARY_ENTRY_POINT command"; "if your app already has one, you must first delete
  // it or update its command type" (…#registering-a-command; the user-actions guide above)
  if (entryPoints > 1)
    violations.push(refusal([], `${entryPoints} Entry Point commands; an app may have only one (see ${DOCS})`));
  return violations;
}

/**
 * A bulk overwrite that would drop the app's Entry Point command is refused: Discord answers 50240 (not in its
 * documentation's code table; the message as Discord sends it, quoted in serenity-rs/serenity#2993 and in
 * SkyBlock-Nerds/NerdBot#609).
 */
export function refuseDroppedEntryPoint(
  state: FakeState,
  label: string,
  stored: readonly APIApplicationCommand[],
  body: unknown[],
): void {
  const existing = stored.find(isEntryPoint);
  if (!existing || body.some((command) => isObject(command) && isEntryPoint(command))) return;
  state.breach(`${label}: the bulk overwrite leaves out the app's Entry Point command "${existing.name}" (50240)`);
  throw new DiscordHttpError(400, {
    message:
      "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
    code: 50240,
  });
}

/** The fields an Entry Point command keeps besides every command's (command-routes.ts's `stored`). */
export function entryPointFields(raw: JsonObject): JsonObject {
  if (!isEntryPoint(raw)) return {};
  // The documentation gives no default handler; the fake takes APP_HANDLER, the one that leaves the app in charge.
  return { handler: typeof raw.handler === 'number' ? raw.handler : EntryPointHandler.AppHandler };
}

/**
 * "When you enable Activities, an Entry Point command (named "Launch") is automatically created for your app with
 * DISCORD_LAUNCH_ACTIVITY (2) set as the Entry Point handler" (…#default-entry-point-command). An app that
 * already has one keeps it. The documentation's example registers "launch"; its prose names the default "Launch",
 * and Entry Point names, like user and message commands', may have capitals.
 */
export function enableActivities(state: FakeState): void {
  state.activitiesEnabled = true;
  if (state.globalCommands.some(isEntryPoint)) return;
  const command: JsonObject = {
    id: state.ids.next(),
    application_id: state.applicationId,
    version: state.ids.next(),
    type: ENTRY_POINT,
    name: 'Launch',
    name_localizations: null,
    description: '',
    description_localizations: null,
    default_member_permissions: null,
    dm_permission: true,
    // integration_types "will default to your app's currently-supported installation contexts" (the user-actions
    // guide above): the fake's app is installable to servers and to accounts (installApp).
    contexts: null,
    integration_types: [0, 1],
    nsfw: false,
    handler: EntryPointHandler.DiscordLaunchActivity,
  };
  state.globalCommands.push(command as unknown as APIApplicationCommand);
  state.notify();
}
