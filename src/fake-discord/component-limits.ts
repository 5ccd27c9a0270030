// The limits of components: action rows, buttons, selects and their custom_ids (unique within a message), and
// the nested components of the IS_COMPONENTS_V2 layout.
import { isObject } from './json';
import type { JsonObject } from './json';
import type { Checker } from './limits';
import { LIMITS } from './limits';

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

/** An action row: 1–5 children, buttons or one select, each checked; custom_ids must be unique in the message. */
export function checkActionRow(
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
  c.unique(customIds, id, where, (earlier) => ({
    path: [...path, 'custom_id'],
    code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
    message: 'Component custom id cannot be duplicated',
    rule: `custom_id "${id}" is used by both ${earlier} and ${where}`,
  }));
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
  const values = new Map<string, string>();
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
      const value = option.value;
      c.unique(values, value, `${where} option ${k}`, () => ({
        path: [...at, 'value'],
        code: 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
        message: 'Select component option values must be unique',
        rule: `${where} option value "${value}" appears twice`,
      }));
    }
  });
}

/** Components V2 nest (containers, sections with accessories); count them and check the interactive ones. */
export function walkComponentsV2(
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
