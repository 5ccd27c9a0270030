// A message's limits as Discord checks them on create and after each edit: content, embeds, and which
// components it may carry (the components themselves: component-limits.ts).
import { isObject } from './json';
import type { Violation } from './limits';
import { Checker, LIMITS, MessageFlag } from './limits';
import { checkActionRow, walkComponentsV2 } from './component-limits';

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
