// Discord's limits on messages, components and commands (DISCORD-NOTES "Limits"), as pure checks.
// Each broken rule becomes a Violation: `path`/`code`/`message` rebuild Discord's 50035 error body,
// `rule` is the human sentence recorded in `breaches`.
import { charCount, isObject } from './json';
import type { JsonObject } from './json';

export interface Violation {
  path: Array<string | number>;
  code: string;
  message: string;
  rule: string;
}

export const MessageFlag = {
  SuppressEmbeds: 1 << 2,
  HasThread: 1 << 5,
  Ephemeral: 1 << 6,
  Loading: 1 << 7,
  SuppressNotifications: 1 << 12,
  IsComponentsV2: 1 << 15,
} as const;

export const LIMITS = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  actionRows: 5,
  buttonsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  selectOptionText: 100,
  selectPlaceholder: 150,
  componentsV2Total: 40,
  commandName: 32,
  commandDescription: 100,
  commandOptions: 25,
  commandChoices: 25,
  chatInputCommands: 100,
} as const;

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

class Checker {
  readonly violations: Violation[] = [];

  add(path: Array<string | number>, code: string, message: string, rule: string): void {
    this.violations.push({ path, code, message, rule });
  }

  /** A string field: optional unless `required`; `label` names it in the breach sentence. */
  text(
    value: unknown,
    path: Array<string | number>,
    label: string,
    limits: { max: number; min?: number; required?: boolean },
  ): number {
    if (value === undefined || value === null) {
      if (limits.required) this.add(path, 'BASE_TYPE_REQUIRED', 'This field is required', `${label} is missing`);
      return 0;
    }
    if (typeof value !== 'string') {
      this.add(path, 'BASE_TYPE_STRING', 'Must be a string.', `${label} is not a string`);
      return 0;
    }
    const length = charCount(value);
    const min = limits.min ?? 0;
    if (length > limits.max || length < min) {
      const [code, message] =
        min > 0
          ? ['BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${limits.max} in length.`]
          : ['BASE_TYPE_MAX_LENGTH', `Must be ${limits.max} or fewer in length.`];
      const bounds = min > 0 ? `${min}–${limits.max}` : `limit ${limits.max}`;
      this.add(path, code, message, `${label} is ${length} characters (${bounds})`);
    }
    return length;
  }
}

// ---------------------------------------------------------------- messages

export interface MessageShape {
  content: string;
  embeds: unknown[];
  components: unknown[];
  flags: number;
}

/** Every limit a message's final state must respect (checked on create and after each edit). */
export function checkMessageLimits(message: MessageShape): Violation[] {
  const c = new Checker();
  c.text(message.content, ['content'], 'content', { max: LIMITS.content });
  checkEmbeds(c, message.embeds);
  const customIds = new Map<string, string>();
  if (message.flags & MessageFlag.IsComponentsV2) {
    if (message.content !== '' || message.embeds.length > 0) {
      c.add(
        ['content'],
        'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        'The "content" and "embeds" fields cannot be used when using the IS_COMPONENTS_V2 flag',
        'content or embeds used together with the IS_COMPONENTS_V2 flag',
      );
    }
    const total = walkComponentsV2(c, message.components, ['components'], customIds);
    if (total > LIMITS.componentsV2Total) {
      c.add(
        ['components'],
        'BASE_TYPE_MAX_LENGTH',
        `Must be ${LIMITS.componentsV2Total} or fewer in length.`,
        `${total} components (limit ${LIMITS.componentsV2Total})`,
      );
    }
  } else {
    if (message.components.length > LIMITS.actionRows) {
      c.add(
        ['components'],
        'BASE_TYPE_MAX_LENGTH',
        `Must be ${LIMITS.actionRows} or fewer in length.`,
        `${message.components.length} action rows (limit ${LIMITS.actionRows})`,
      );
    }
    message.components.forEach((row, i) => {
      if (isObject(row) && row.type === 1) checkActionRow(c, row, ['components', i], customIds);
      else
        c.add(
          ['components', i],
          'UNION_TYPE_CHOICES',
          'Value of field "type" must be one of (1,).',
          `top-level component ${i} is not an action row (without the IS_COMPONENTS_V2 flag)`,
        );
    });
  }
  return c.violations;
}

/** Discord refuses a message with nothing to show (code 50006). */
export function isEmptyMessage(message: MessageShape & { attachmentCount: number }): boolean {
  return (
    message.content.trim() === '' &&
    message.embeds.length === 0 &&
    message.components.length === 0 &&
    message.attachmentCount === 0
  );
}

function checkEmbeds(c: Checker, embeds: unknown[]): void {
  if (embeds.length > LIMITS.embeds) {
    c.add(
      ['embeds'],
      'BASE_TYPE_MAX_LENGTH',
      `Must be ${LIMITS.embeds} or fewer in length.`,
      `${embeds.length} embeds (limit ${LIMITS.embeds})`,
    );
  }
  let total = 0;
  embeds.forEach((embed, i) => {
    const at = (...rest: Array<string | number>) => ['embeds', i, ...rest];
    if (!isObject(embed)) {
      c.add(at(), 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType', `embed ${i} is not an object`);
      return;
    }
    total += c.text(embed.title, at('title'), `embed ${i} title`, { max: LIMITS.embedTitle });
    total += c.text(embed.description, at('description'), `embed ${i} description`, { max: LIMITS.embedDescription });
    if (isObject(embed.footer)) {
      total += c.text(embed.footer.text, at('footer', 'text'), `embed ${i} footer text`, {
        max: LIMITS.footerText,
        required: true,
      });
    }
    if (isObject(embed.author)) {
      total += c.text(embed.author.name, at('author', 'name'), `embed ${i} author name`, {
        max: LIMITS.authorName,
        required: true,
      });
    }
    const fields = embed.fields;
    if (fields === undefined || fields === null) return;
    if (!Array.isArray(fields)) {
      c.add(at('fields'), 'BASE_TYPE_LIST', 'Must be an array.', `embed ${i} fields is not an array`);
      return;
    }
    if (fields.length > LIMITS.embedFields) {
      c.add(
        at('fields'),
        'BASE_TYPE_MAX_LENGTH',
        `Must be ${LIMITS.embedFields} or fewer in length.`,
        `embed ${i} has ${fields.length} fields (limit ${LIMITS.embedFields})`,
      );
    }
    fields.forEach((field, j) => {
      if (!isObject(field)) {
        c.add(
          at('fields', j),
          'MODEL_TYPE_CONVERT',
          'Only dictionaries may be used in a ModelType',
          `embed ${i} field ${j} is not an object`,
        );
        return;
      }
      total += c.text(field.name, at('fields', j, 'name'), `embed ${i} field ${j} name`, {
        min: 1,
        max: LIMITS.fieldName,
        required: true,
      });
      total += c.text(field.value, at('fields', j, 'value'), `embed ${i} field ${j} value`, {
        min: 1,
        max: LIMITS.fieldValue,
        required: true,
      });
    });
  });
  if (total > LIMITS.embedTotal) {
    c.add(
      ['embeds'],
      'MAX_EMBED_SIZE_EXCEEDED',
      `Embed size exceeds maximum size of ${LIMITS.embedTotal}`,
      `embeds hold ${total} characters together (limit ${LIMITS.embedTotal})`,
    );
  }
}

function checkActionRow(
  c: Checker,
  row: JsonObject,
  path: Array<string | number>,
  customIds: Map<string, string>,
): void {
  const where = pathText(path);
  const children = row.components;
  if (!Array.isArray(children) || children.length === 0 || children.length > LIMITS.buttonsPerRow) {
    const n = Array.isArray(children) ? children.length : 0;
    c.add(
      [...path, 'components'],
      'BASE_TYPE_BAD_LENGTH',
      `Must be between 1 and ${LIMITS.buttonsPerRow} in length.`,
      `action row ${where} holds ${n} components (1–${LIMITS.buttonsPerRow})`,
    );
    if (!Array.isArray(children)) return;
  }
  const selects = children.filter((child) => isObject(child) && SELECT_TYPES.has(Number(child.type))).length;
  if (selects > 0 && children.length > 1) {
    c.add(
      [...path, 'components'],
      'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
      'The specified component exceeds the maximum width',
      `action row ${where} holds a select menu and ${children.length - 1} other component(s); a select menu fills its row`,
    );
  }
  children.forEach((child, j) => {
    const at = [...path, 'components', j];
    if (!isObject(child)) {
      c.add(
        at,
        'MODEL_TYPE_CONVERT',
        'Only dictionaries may be used in a ModelType',
        `${pathText(at)} is not an object`,
      );
    } else if (child.type === 2) checkButton(c, child, at, customIds);
    else if (SELECT_TYPES.has(Number(child.type))) checkSelect(c, child, at, customIds);
    else
      c.add(
        [...at, 'type'],
        'UNION_TYPE_CHOICES',
        'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).',
        `${pathText(at)} has type ${String(child.type)}, not allowed in an action row`,
      );
  });
}

function checkCustomId(
  c: Checker,
  component: JsonObject,
  path: Array<string | number>,
  customIds: Map<string, string>,
): void {
  const where = pathText(path);
  c.text(component.custom_id, [...path, 'custom_id'], `${where} custom_id`, {
    min: 1,
    max: LIMITS.customId,
    required: true,
  });
  const id = component.custom_id;
  if (typeof id !== 'string') return;
  const earlier = customIds.get(id);
  if (earlier !== undefined) {
    c.add(
      [...path, 'custom_id'],
      'COMPONENT_CUSTOM_ID_DUPLICATED',
      'Component custom id cannot be duplicated',
      `custom_id "${id}" is used by both ${earlier} and ${where}`,
    );
  } else customIds.set(id, where);
}

function checkButton(
  c: Checker,
  button: JsonObject,
  path: Array<string | number>,
  customIds: Map<string, string>,
): void {
  const where = pathText(path);
  const style = button.style;
  if (typeof style !== 'number' || !Number.isInteger(style) || style < 1 || style > 6) {
    c.add(
      [...path, 'style'],
      'BASE_TYPE_CHOICES',
      'Value must be one of {1, 2, 3, 4, 5, 6}.',
      `${where} has no valid style`,
    );
    return;
  }
  if (style === 5) {
    c.text(button.url, [...path, 'url'], `${where} (link button) url`, { min: 1, max: 512, required: true });
    if (button.custom_id !== undefined)
      c.add(
        [...path, 'custom_id'],
        'BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE',
        'A custom id and url cannot both be specified',
        `${where} is a link button with a custom_id`,
      );
  } else if (style !== 6) {
    checkCustomId(c, button, path, customIds);
  }
  c.text(button.label, [...path, 'label'], `${where} label`, { max: LIMITS.buttonLabel });
  if (style !== 6 && !button.label && !button.emoji) {
    c.add([...path, 'label'], 'BASE_TYPE_REQUIRED', 'This field is required', `${where} has neither label nor emoji`);
  }
}

function checkSelect(
  c: Checker,
  select: JsonObject,
  path: Array<string | number>,
  customIds: Map<string, string>,
): void {
  const where = pathText(path);
  checkCustomId(c, select, path, customIds);
  c.text(select.placeholder, [...path, 'placeholder'], `${where} placeholder`, { max: LIMITS.selectPlaceholder });
  const minValues = typeof select.min_values === 'number' ? select.min_values : 1;
  const maxValues = typeof select.max_values === 'number' ? select.max_values : 1;
  if (minValues < 0 || minValues > 25)
    c.add(
      [...path, 'min_values'],
      'NUMBER_TYPE_MAX',
      'int value should be between 0 and 25.',
      `${where} min_values ${minValues} (0–25)`,
    );
  if (maxValues < 1 || maxValues > 25)
    c.add(
      [...path, 'max_values'],
      'NUMBER_TYPE_MAX',
      'int value should be between 1 and 25.',
      `${where} max_values ${maxValues} (1–25)`,
    );
  if (minValues > maxValues)
    c.add(
      [...path, 'min_values'],
      'SELECT_COMPONENT_MIN_VALUES_TOO_LARGE',
      'min_values must be less than or equal to max_values',
      `${where} min_values ${minValues} > max_values ${maxValues}`,
    );
  if (select.type !== 3) return;
  const options = select.options;
  if (!Array.isArray(options) || options.length === 0 || options.length > LIMITS.selectOptions) {
    const n = Array.isArray(options) ? options.length : 0;
    c.add(
      [...path, 'options'],
      'BASE_TYPE_BAD_LENGTH',
      `Must be between 1 and ${LIMITS.selectOptions} in length.`,
      `${where} has ${n} options (1–${LIMITS.selectOptions})`,
    );
    if (!Array.isArray(options)) return;
  }
  if (maxValues > options.length) {
    c.add(
      [...path, 'max_values'],
      'SELECT_COMPONENT_MAX_VALUES_TOO_LARGE',
      'max_values must be less than or equal to the number of options',
      `${where} max_values ${maxValues} > ${options.length} options`,
    );
  }
  const values = new Set<string>();
  options.forEach((option, k) => {
    const at = [...path, 'options', k];
    if (!isObject(option)) {
      c.add(
        at,
        'MODEL_TYPE_CONVERT',
        'Only dictionaries may be used in a ModelType',
        `${where} option ${k} is not an object`,
      );
      return;
    }
    const limit = { min: 1, max: LIMITS.selectOptionText, required: true };
    c.text(option.label, [...at, 'label'], `${where} option ${k} label`, limit);
    c.text(option.value, [...at, 'value'], `${where} option ${k} value`, limit);
    c.text(option.description, [...at, 'description'], `${where} option ${k} description`, {
      max: LIMITS.selectOptionText,
    });
    if (typeof option.value === 'string') {
      if (values.has(option.value))
        c.add(
          [...at, 'value'],
          'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
          'Select component option values must be unique',
          `${where} option value "${option.value}" appears twice`,
        );
      values.add(option.value);
    }
  });
}

/** Components V2 nest (containers, sections with accessories); count them and check the interactive ones. */
function walkComponentsV2(
  c: Checker,
  components: unknown[],
  path: Array<string | number>,
  customIds: Map<string, string>,
): number {
  let count = 0;
  components.forEach((component, i) => {
    const at = [...path, i];
    if (!isObject(component)) return;
    count++;
    if (component.type === 1) {
      checkActionRow(c, component, at, customIds);
      count += Array.isArray(component.components) ? component.components.length : 0;
      return;
    }
    if (component.type === 2) checkButton(c, component, at, customIds);
    if (Array.isArray(component.components))
      count += walkComponentsV2(c, component.components, [...at, 'components'], customIds);
    if (isObject(component.accessory))
      count += walkComponentsV2(c, [component.accessory], [...at, 'accessory'], customIds);
  });
  return count;
}

function pathText(path: Array<string | number>): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');
}

// ---------------------------------------------------------------- commands

const COMMAND_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** Checks a PUT of a whole command list (or a single POST, as a list of one). */
export function checkCommandList(commands: unknown[], { isList }: { isList: boolean }): Violation[] {
  const c = new Checker();
  const seen = new Set<string>();
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
    const key = `${type}:${String(command.name)}`;
    if (seen.has(key))
      c.add(
        [...path, 'name'],
        'APPLICATION_COMMANDS_DUPLICATE_NAME',
        'Application command names must be unique',
        `two commands are named "${String(command.name)}"`,
      );
    seen.add(key);
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
  const names = new Set<string>();
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
      if (names.has(option.name))
        c.add(
          [...at, 'name'],
          'APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS',
          'Option names must be unique',
          `${label} has two options named "${option.name}"`,
        );
      names.add(option.name);
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

// ---------------------------------------------------------------- error bodies

/** Discord's nested error tree: {embeds: {0: {title: {_errors: [{code, message}]}}}}. */
export function errorTree(violations: Violation[]): JsonObject {
  const root: JsonObject = {};
  for (const violation of violations) {
    let node = root;
    for (const segment of violation.path) {
      const key = String(segment);
      const next = node[key];
      if (isObject(next)) node = next;
      else {
        const created: JsonObject = {};
        node[key] = created;
        node = created;
      }
    }
    const list = Array.isArray(node._errors) ? node._errors : (node._errors = []);
    list.push({ code: violation.code, message: violation.message });
  }
  return root;
}

export function invalidFormBody(violations: Violation[]): JsonObject {
  return { code: 50035, errors: errorTree(violations), message: 'Invalid Form Body' };
}
