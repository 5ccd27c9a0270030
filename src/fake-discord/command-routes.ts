// Application command registration, global and per guild. PUT replaces the whole list and keeps the
// ids of commands whose name and type stay, as Discord does. The Entry Point command's rules: entry-point.ts.
import type { APIApplicationCommand } from 'discord.js';
import { DiscordErrors } from './http';
import { clone, isObject } from './json';
import type { JsonObject } from './json';
import { checkCommandList } from './command-limits';
import { entryPointFields, entryPointViolations, isEntryPoint, refuseDroppedEntryPoint } from './entry-point';
import { noContent, ok, param, route } from './routes';
import type { Route, RouteContext } from './routes';
import type { FakeState } from './store';

export function commandRoutes(): Route[] {
  const routes: Route[] = [];
  for (const base of ['/applications/:app/commands', '/applications/:app/guilds/:guild/commands']) {
    routes.push(
      route('GET', base, true, (c) => ok(clone(commandList(c)))),
      route('PUT', base, true, putCommands),
      route('POST', base, true, postCommand),
      route('GET', `${base}/:command`, true, (c) => ok(clone(findCommand(c)))),
      route('PATCH', `${base}/:command`, true, patchCommand),
      route('DELETE', `${base}/:command`, true, (c) => {
        const list = commandList(c);
        const index = list.indexOf(findCommand(c));
        list.splice(index, 1);
        return noContent();
      }),
    );
  }
  return routes;
}

/** The stored list the route is about (mutable), after checking application and guild. */
function commandList(c: RouteContext): APIApplicationCommand[] {
  const { state } = c;
  if (param(c, 'app') !== state.applicationId) {
    state.breach(`${c.label}: application id ${param(c, 'app')} is not this bot's (${state.applicationId})`);
    throw DiscordErrors.missingAccess();
  }
  const guildId = c.params.guild;
  if (guildId === undefined) return state.globalCommands;
  if (state.guilds.get(guildId)?.botMember !== true) {
    state.breach(`${c.label}: the bot is not in guild ${guildId}`);
    throw DiscordErrors.missingAccess();
  }
  let list = state.guildCommands.get(guildId);
  if (!list) state.guildCommands.set(guildId, (list = []));
  return list;
}

function findCommand(c: RouteContext): APIApplicationCommand {
  const found = commandList(c).find((command) => command.id === param(c, 'command'));
  if (!found) throw DiscordErrors.unknownCommand();
  return found;
}

/** `others`: the stored commands the request leaves in place. */
function refuseInvalid(
  c: RouteContext,
  commands: unknown[],
  isList: boolean,
  others: readonly APIApplicationCommand[],
): void {
  const violations = [
    ...checkCommandList(commands, { isList }),
    ...entryPointViolations(c.state, commands, { guildId: c.params.guild, isList, others }),
  ];
  if (violations.length === 0) return;
  for (const v of violations) c.state.breach(`${c.label}: ${v.rule}`);
  throw DiscordErrors.invalidFormBody(violations);
}

function stored(
  state: FakeState,
  raw: JsonObject,
  guildId: string | undefined,
  existing: APIApplicationCommand | undefined,
): APIApplicationCommand {
  const command: JsonObject = {
    id: existing?.id ?? state.ids.next(),
    application_id: state.applicationId,
    version: state.ids.next(),
    type: typeof raw.type === 'number' ? raw.type : 1,
    name: raw.name,
    name_localizations: raw.name_localizations ?? null,
    description: typeof raw.description === 'string' ? raw.description : '',
    description_localizations: raw.description_localizations ?? null,
    default_member_permissions: raw.default_member_permissions ?? null,
    contexts: raw.contexts ?? null,
    integration_types: raw.integration_types ?? [0],
    nsfw: raw.nsfw ?? false,
  };
  if (guildId) command.guild_id = guildId;
  else command.dm_permission = raw.dm_permission ?? true;
  if (Array.isArray(raw.options)) command.options = clone(raw.options);
  Object.assign(command, entryPointFields(raw));
  // The body passed checkCommandList, so it has the shape of a command.
  return command as unknown as APIApplicationCommand;
}

function sameCommand(a: { name?: unknown; type?: unknown }, b: APIApplicationCommand): boolean {
  return a.name === b.name && (typeof a.type === 'number' ? a.type : 1) === (b.type ?? 1);
}

function putCommands(c: RouteContext): ReturnType<typeof ok> {
  const body = c.req.body;
  if (!Array.isArray(body)) {
    c.state.breach(`${c.label}: body is not an array of commands`);
    throw DiscordErrors.invalidFormBody([
      { path: [], code: 'BASE_TYPE_LIST', message: 'Must be an array.', rule: 'not an array' },
    ]);
  }
  const list = commandList(c);
  refuseInvalid(c, body, true, []);
  refuseDroppedEntryPoint(c.state, c.label, list, body);
  const next = body.filter(isObject).map((raw) =>
    stored(
      c.state,
      raw,
      c.params.guild,
      list.find((old) => sameCommand(raw, old)),
    ),
  );
  list.splice(0, list.length, ...next);
  return ok(clone(list));
}

function postCommand(c: RouteContext): ReturnType<typeof ok> {
  const raw = isObject(c.req.body) ? c.req.body : {};
  const list = commandList(c);
  const index = list.findIndex((old) => sameCommand(raw, old));
  refuseInvalid(
    c,
    [raw],
    false,
    list.filter((_, i) => i !== index),
  );
  const command = stored(c.state, raw, c.params.guild, list[index]);
  if (index >= 0) list[index] = command;
  else list.push(command);
  return { status: index >= 0 ? 200 : 201, body: clone(command) };
}

function patchCommand(c: RouteContext): ReturnType<typeof ok> {
  const existing = findCommand(c);
  const patch = isObject(c.req.body) ? c.req.body : {};
  const merged: JsonObject = { ...(clone(existing) as unknown as JsonObject), ...patch };
  // An Entry Point made an ordinary command again loses its handler with its type (user-actions guide).
  if (!isEntryPoint(merged) && patch.handler === undefined) delete merged.handler;
  const list = commandList(c);
  refuseInvalid(
    c,
    [merged],
    false,
    list.filter((old) => old !== existing),
  );
  const command = stored(c.state, merged, c.params.guild, existing);
  list[list.indexOf(existing)] = command;
  return ok(clone(command));
}
