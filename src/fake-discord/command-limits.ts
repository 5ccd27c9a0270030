// The limits of application commands as Discord checks them on registration: names, descriptions, options and
// choices, and how many commands an application may have.
import { isObject } from './json';
import type { JsonObject } from './json';
import type { Violation } from './limits';
import { Checker, LIMITS } from './limits';

const COMMAND_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** Checks a PUT of a whole command list (or a single POST, as a list of one). */
export function checkCommandList(commands: unknown[], { isList }: { isList: boolean }): Violation[] {
  const c = new Checker();
  const names = new Map<string, string>();
  let chatInput = 0;
  commands.forEach((command, i) => {
    const path = isList ? [i] : [];
    if (!isObject(command)) {
      c.add(
        path,
        'MODEL_TYPE_CONVERT',
        'Only dictionaries may be used in a ModelType',
        `command ${i} is not an object`,
      );
      return;
    }
    const type = typeof command.type === 'number' ? command.type : 1;
    if (type === 1) chatInput++;
    // Names are unique per command type: a slash command and a context menu command may share one.
    c.unique(names, `${type}:${String(command.name)}`, `command ${i}`, () => ({
      path: [...path, 'name'],
      code: 'APPLICATION_COMMANDS_DUPLICATE_NAME',
      message: 'Application command names must be unique',
      rule: `two commands are named "${String(command.name)}"`,
    }));
    checkCommand(c, command, type, path);
  });
  if (chatInput > LIMITS.chatInputCommands) {
    c.add(
      [],
      'BASE_TYPE_MAX_LENGTH',
      `Must be ${LIMITS.chatInputCommands} or fewer in length.`,
      `${chatInput} slash commands (limit ${LIMITS.chatInputCommands})`,
    );
  }
  return c.violations;
}

function checkName(c: Checker, name: unknown, path: Array<string | number>, label: string, chatInput: boolean): void {
  c.text(name, path, `${label} name`, { min: 1, max: LIMITS.commandName, required: true });
  if (typeof name !== 'string' || !chatInput) return;
  if (!COMMAND_NAME.test(name) || name !== name.toLowerCase()) {
    c.add(
      path,
      'APPLICATION_COMMAND_INVALID_NAME',
      'Command name is invalid',
      `${label} name "${name}" is not lowercase letters, digits, - or _`,
    );
  }
}

function checkCommand(c: Checker, command: JsonObject, type: number, path: Array<string | number>): void {
  const label = `command "${String(command.name)}"`;
  checkName(c, command.name, [...path, 'name'], 'command', type === 1);
  if (type === 1) {
    c.text(command.description, [...path, 'description'], `${label} description`, {
      min: 1,
      max: LIMITS.commandDescription,
      required: true,
    });
    checkOptions(c, command.options, [...path, 'options'], label, 'top');
  }
}

function checkOptions(
  c: Checker,
  options: unknown,
  path: Array<string | number>,
  label: string,
  level: 'top' | 'group' | 'sub',
): void {
  if (options === undefined || options === null) return;
  if (!Array.isArray(options)) {
    c.add(path, 'BASE_TYPE_LIST', 'Must be an array.', `${label} options is not an array`);
    return;
  }
  if (options.length > LIMITS.commandOptions) {
    c.add(
      path,
      'BASE_TYPE_MAX_LENGTH',
      `Must be ${LIMITS.commandOptions} or fewer in length.`,
      `${label} has ${options.length} options (limit ${LIMITS.commandOptions})`,
    );
  }
  const names = new Map<string, string>();
  let sawOptional = false;
  let subs = 0;
  options.forEach((option, i) => {
    const at = [...path, i];
    if (!isObject(option)) return;
    const type = Number(option.type);
    const optionLabel = `${label} option "${String(option.name)}"`;
    if (!Number.isInteger(type) || type < 1 || type > 11) {
      c.add(
        [...at, 'type'],
        'BASE_TYPE_CHOICES',
        'Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.',
        `${optionLabel} has invalid type ${String(option.type)}`,
      );
    }
    checkName(c, option.name, [...at, 'name'], optionLabel, true);
    if (typeof option.name === 'string') {
      const name = option.name;
      c.unique(names, name, optionLabel, () => ({
        path: [...at, 'name'],
        code: 'APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS',
        message: 'Option names must be unique',
        rule: `${label} has two options named "${name}"`,
      }));
    }
    c.text(option.description, [...at, 'description'], `${optionLabel} description`, {
      min: 1,
      max: LIMITS.commandDescription,
      required: true,
    });
    const isSub = type === 1 || type === 2;
    if (isSub) {
      subs++;
      if ((type === 2 && level !== 'top') || (type === 1 && level === 'sub')) {
        c.add(
          [...at, 'type'],
          'APPLICATION_COMMAND_OPTION_TYPE_INVALID',
          'Subcommands cannot be nested this deep',
          `${optionLabel} nests a subcommand too deep`,
        );
      }
      checkOptions(c, option.options, [...at, 'options'], optionLabel, type === 2 ? 'group' : 'sub');
      return;
    }
    if (level === 'group')
      c.add(
        [...at, 'type'],
        'APPLICATION_COMMAND_OPTION_TYPE_INVALID',
        'Subcommand groups may only contain subcommands',
        `${optionLabel} sits in a subcommand group but is no subcommand`,
      );
    if (option.required === true && sawOptional) {
      c.add(
        [...at, 'required'],
        'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        'Required options must be placed before non-required options',
        `${optionLabel} is required but follows an optional option`,
      );
    }
    if (option.required !== true) sawOptional = true;
    const choices = option.choices;
    if (Array.isArray(choices)) {
      if (choices.length > LIMITS.commandChoices)
        c.add(
          [...at, 'choices'],
          'BASE_TYPE_MAX_LENGTH',
          `Must be ${LIMITS.commandChoices} or fewer in length.`,
          `${optionLabel} has ${choices.length} choices (limit ${LIMITS.commandChoices})`,
        );
      choices.forEach((choice, k) => {
        if (!isObject(choice)) return;
        c.text(choice.name, [...at, 'choices', k, 'name'], `${optionLabel} choice ${k} name`, {
          min: 1,
          max: 100,
          required: true,
        });
        if (typeof choice.value === 'string')
          c.text(choice.value, [...at, 'choices', k, 'value'], `${optionLabel} choice ${k} value`, {
            min: 1,
            max: 100,
          });
      });
    }
  });
  if (subs > 0 && subs < options.length) {
    c.add(
      path,
      'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
      'Sub-command and sub-command group option types are mutually exclusive to all other types',
      `${label} mixes subcommands with other options`,
    );
  }
}
