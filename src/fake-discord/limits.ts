// Discord's limits on messages, components and commands (DISCORD-NOTES "Limits"), as pure checks: the numbers
// and the Checker here, the checks in message-limits.ts, component-limits.ts and command-limits.ts. Each broken
// rule becomes a Violation: `path`/`code`/`message` rebuild Discord's 50035 error body, `rule` is the human
// sentence recorded in `breaches`.
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

/**
 * Collects the violations of one body; `text` checks a string field's presence, type and length, `unique` that
 * a name is not given twice.
 */
export class Checker {
  readonly violations: Violation[] = [];

  add(path: Array<string | number>, code: string, message: string, rule: string): void {
    this.violations.push({ path, code, message, rule });
  }

  /**
   * One of the names that must differ among their kind (a command's option names, a select's option values, a
   * message's custom_ids). `seen` maps each name to where it first appeared; a second one is reported with the
   * violation `duplicate` makes, which is told that first place, and the first stays the one remembered.
   */
  unique(seen: Map<string, string>, name: string, where: string, duplicate: (earlier: string) => Violation): void {
    const earlier = seen.get(name);
    if (earlier === undefined) seen.set(name, where);
    else this.violations.push(duplicate(earlier));
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
