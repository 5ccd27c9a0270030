// Every REST request the fake answers, checked against Discord's published OpenAPI description: its route must be
// one of the spec's operations, its body must match that operation's request schema (discord-api-spec's Zod
// schemas), its query parameters must be ones the operation takes, and snowflake path parameters must be
// snowflakes. The route table (rest-routes.ts) stays the one list of what the fake serves; this module only
// answers, for a request, which operation of the spec it is and what in it breaks the spec.
// Where the spec and Discord's documentation disagree, the spec wins here: docs/DISCORD-SPEC.md lists the points.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as z from 'zod/mini';
import type { Violation } from './limits';
import { isName, readSpecOperations } from './spec-types';
import type { Field, SpecOperation, TypeNode } from './spec-types';

export interface SpecVerdict {
  /** "POST /channels/{channel_id}/messages": the operation the request is. */
  operation: string;
  violations: Violation[];
}

type Schema = z.ZodMiniType;
type Issue = z.core.$ZodIssue;

const SNOWFLAKE = /^(0|[1-9][0-9]*)$/;

export class DiscordSpec {
  private readonly built = new Map<SpecOperation, Schema>();
  private readonly builtResponses = new Map<string, Schema>();

  constructor(
    /** discord-api-spec's version, e.g. "10.0.266135". */
    readonly version: string,
    readonly operations: readonly SpecOperation[],
    private readonly schemas: ReadonlyMap<string, unknown>,
  ) {}

  /**
   * The operation a request path is (segments after /api/v10, decoded), or undefined when the spec has none.
   * A literal segment beats a parameter, so `messages/@original` is its own operation, not `{message_id}`.
   */
  find(method: string, segments: readonly string[]): SpecOperation | undefined {
    return this.best(method, segments, (template, segment) => template.startsWith('{') || template === segment);
  }

  /** The operation a route pattern of the fake ("/channels/:channel/messages") stands for. */
  findPattern(method: string, pattern: string): SpecOperation | undefined {
    const segments = pattern.split('/').filter((s) => s !== '');
    return this.best(method, segments, (template, segment) =>
      segment.startsWith(':') ? template.startsWith('{') : template === segment,
    );
  }

  /** What in a request breaks the spec; undefined when the spec has no such route. */
  check(method: string, segments: readonly string[], query: URLSearchParams, body: unknown): SpecVerdict | undefined {
    const op = this.find(method, segments);
    if (!op) return undefined;
    const operation = `${op.method} ${op.path}`;
    const where = `discord-api-spec ${this.version}: ${operation}`;
    const violations = [...checkPath(op, segments, where), ...checkQuery(op, query, where)];
    if (body !== undefined) {
      if (!op.body)
        violations.push({
          path: [],
          code: 'BASE_TYPE_INVALID',
          message: 'This route takes no body.',
          rule: `a body where the spec takes none (${where})`,
        });
      else {
        const parsed = z.safeParse(this.schemaOf(op), body);
        if (!parsed.success)
          for (const issue of parsed.error.issues) violations.push(...explain(issue, [], body, where));
      }
    }
    return { operation, violations };
  }

  /**
   * What in an answer of the fake breaks the spec's response schema for its status (none for a route the spec
   * lacks). An answer is the fake's own, so a violation is a bug of the fake, not of the bot.
   */
  checkResponse(method: string, segments: readonly string[], status: number, body: unknown): Violation[] {
    const op = this.find(method, segments);
    if (!op) return [];
    const where = `discord-api-spec ${this.version}: ${op.method} ${op.path} → ${status}`;
    const listed = op.responses.find((r) => r.name === String(status));
    if (!listed)
      return [
        { path: [], code: 'STATUS', message: 'Unlisted status.', rule: `the status is not one listed (${where})` },
      ];
    const key = `${op.method} ${op.path} ${status}`;
    let schema = this.builtResponses.get(key);
    if (!schema) {
      schema = this.toSchema(listed.type);
      this.builtResponses.set(key, schema);
    }
    const parsed = z.safeParse(schema, body);
    return parsed.success ? [] : parsed.error.issues.flatMap((issue) => explain(issue, [], body, where));
  }

  /** The request schema of an operation that takes a body, built once (throws if the spec's type is unknown). */
  schemaOf(op: SpecOperation): Schema {
    if (!op.body) throw new Error(`${op.method} ${op.path} takes no body`);
    let schema = this.built.get(op);
    if (!schema) {
      schema = this.toSchema(op.body);
      this.built.set(op, schema);
    }
    return schema;
  }

  private best(
    method: string,
    segments: readonly string[],
    fits: (template: string, segment: string) => boolean,
  ): SpecOperation | undefined {
    let best: SpecOperation | undefined;
    let bestLiterals = -1;
    for (const op of this.operations) {
      const templates = op.path.split('/').filter((s) => s !== '');
      if (op.method !== method || templates.length !== segments.length) continue;
      if (!templates.every((t, i) => fits(t, segments[i] ?? ''))) continue;
      const literals = templates.filter((t) => !t.startsWith('{')).length;
      if (literals > bestLiterals) [best, bestLiterals] = [op, literals];
    }
    return best;
  }

  private toSchema(node: TypeNode): Schema {
    switch (node.kind) {
      case 'literal':
        return z.literal(node.value);
      case 'array':
        return z.array(this.toSchema(node.of));
      case 'union':
        return z.union(node.of.map((n) => this.toSchema(n)));
      case 'tuple':
        throw new Error('discord-api-spec: a tuple as a request body');
      case 'object': {
        const shape: Record<string, Schema> = {};
        for (const f of node.fields)
          shape[f.name] = f.optional ? z.optional(this.toSchema(f.type)) : this.toSchema(f.type);
        return node.index ? z.catchall(z.object(shape), this.toSchema(node.index)) : z.object(shape);
      }
      case 'name': {
        const keyword = KEYWORDS[node.name];
        if (keyword) return keyword();
        const schema = this.schemas.get(`${node.name}Schema`);
        if (!isSchema(schema)) throw new Error(`discord-api-spec/zod has no ${node.name}Schema`);
        return schema;
      }
    }
  }
}

const KEYWORDS: Record<string, (() => Schema) | undefined> = {
  string: () => z.string(),
  number: () => z.number(),
  boolean: () => z.boolean(),
  null: () => z.null(),
  unknown: () => z.unknown(),
};

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

function checkPath(op: SpecOperation, segments: readonly string[], where: string): Violation[] {
  const templates = op.path.split('/').filter((s) => s !== '');
  const violations: Violation[] = [];
  templates.forEach((template, i) => {
    const param = op.pathParams.find((p) => `{${p.name}}` === template);
    const value = segments[i] ?? '';
    if (param && isName(param.type, 'SnowflakeType') && !SNOWFLAKE.test(value))
      violations.push({
        path: [param.name],
        code: 'NUMBER_TYPE_COERCE',
        message: `Value "${value}" is not snowflake.`,
        rule: `path parameter ${param.name} is "${value}", not a snowflake (${where})`,
      });
  });
  return violations;
}

function checkQuery(op: SpecOperation, query: URLSearchParams, where: string): Violation[] {
  const violations: Violation[] = [];
  for (const name of new Set(query.keys())) {
    const field = op.query.find((f) => f.name === name);
    const value = query.get(name) ?? '';
    if (!field)
      violations.push({
        path: [name],
        code: 'BASE_TYPE_INVALID',
        message: 'Unknown query parameter.',
        rule: `query parameter ${name} is not one the spec takes (${where})`,
      });
    else if (!queryValueFits(field, value))
      violations.push({
        path: [name],
        code: 'BASE_TYPE_INVALID',
        message: `Value "${value}" is not valid.`,
        rule: `query parameter ${name}=${value} does not fit its type in the spec (${where})`,
      });
  }
  return violations;
}

/** Query values are text: a boolean is true/false, a number and a snowflake are digits. */
function queryValueFits(field: Field, value: string): boolean {
  const type = field.type;
  if (isName(type, 'boolean')) return value === 'true' || value === 'false';
  if (isName(type, 'number')) return value.trim() !== '' && Number.isFinite(Number(value));
  if (isName(type, 'SnowflakeType')) return SNOWFLAKE.test(value);
  return true;
}

// ---------------------------------------------------------------- Zod issues in Discord's words

const TYPE_CODES: Record<string, [string, string] | undefined> = {
  string: ['BASE_TYPE_STRING', 'Must be a string.'],
  number: ['NUMBER_TYPE_COERCE', 'Value is not a number.'],
  int: ['NUMBER_TYPE_COERCE', 'Value is not int.'],
  boolean: ['BASE_TYPE_BOOLEAN', 'Must be either true or false.'],
  array: ['BASE_TYPE_LIST', 'Must be an array.'],
  object: ['MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType'],
};

/** One Zod issue as Violations; a union's is explained by the alternative it came closest to. */
function explain(issue: Issue, prefix: PropertyKey[], body: unknown, where: string): Violation[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = issue.errors.reduce((a, b) => (distance(b) < distance(a) ? b : a));
    return closest.flatMap((inner) => explain(inner, path, body, where));
  }
  const at = path.filter((p): p is string | number => typeof p !== 'symbol');
  const name =
    at.length === 0 ? 'the body' : at.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join('');
  const value = valueAt(body, at);
  const make = (code: string, message: string, problem: string): Violation[] => [
    { path: at, code, message, rule: `${name} ${problem} (${where})` },
  ];
  switch (issue.code) {
    case 'invalid_type': {
      if (value === undefined) return make('BASE_TYPE_REQUIRED', 'This field is required', 'is missing');
      const [code, message] = TYPE_CODES[issue.expected] ?? ['BASE_TYPE_INVALID', 'Invalid value.'];
      return make(code, message, `is ${describe(value)}, the spec wants ${issue.expected}`);
    }
    case 'too_big':
      return make(
        'BASE_TYPE_MAX_LENGTH',
        `Must be ${String(issue.maximum)} or fewer.`,
        `exceeds ${String(issue.maximum)}`,
      );
    case 'too_small':
      return make(
        'BASE_TYPE_MIN_LENGTH',
        `Must be ${String(issue.minimum)} or more.`,
        `is under ${String(issue.minimum)}`,
      );
    case 'invalid_value':
      return make(
        'BASE_TYPE_CHOICES',
        `Value must be one of ${JSON.stringify(issue.values)}.`,
        `is ${describe(value)}, not one of ${JSON.stringify(issue.values)}`,
      );
    case 'invalid_format':
      return make('BASE_TYPE_INVALID', 'Invalid value.', `is ${describe(value)}, not a valid ${issue.format}`);
    default:
      return make('BASE_TYPE_INVALID', 'Invalid value.', `is ${describe(value)}: ${issue.code}`);
  }
}

/** How far a union's alternative is from the value: a different `type` (the discriminator) first, then issues. */
function distance(issues: Issue[]): number {
  // A scheduled event's alternatives differ by `entity_type`, the others' by `type`.
  const otherType = issues.some(
    (i) => i.code === 'invalid_value' && i.path.length === 1 && (i.path[0] === 'type' || i.path[0] === 'entity_type'),
  );
  return (otherType ? 1000 : 0) + issues.length;
}

function valueAt(body: unknown, path: Array<string | number>): unknown {
  let node = body;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  const shown = text.length > 40 ? `${text.slice(0, 37)}…` : text;
  return Array.isArray(value) ? `an array ${shown}` : `${typeof value} ${shown}`;
}

// ---------------------------------------------------------------- loading

let loading: Promise<DiscordSpec> | undefined;

/**
 * The spec, read once per process: importing the Zod module took 0.35–0.6 s and reading `Paths` 0.06–0.25 s
 * (measured on a busy 2-core machine), so it is loaded when the first fake starts, not when the fake's code is
 * imported.
 */
export function loadDiscordSpec(): Promise<DiscordSpec> {
  loading ??= readDiscordSpec();
  return loading;
}

async function readDiscordSpec(): Promise<DiscordSpec> {
  // The package's exports name only its modules, not its package.json or .ts source: find its folder instead.
  const folders = createRequire(import.meta.url).resolve.paths('discord-api-spec') ?? [];
  const folder = folders.map((f) => join(f, 'discord-api-spec')).find((f) => existsSync(join(f, 'package.json')));
  if (!folder) throw new Error('discord-api-spec is not installed: run `npm install`');
  const { version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string };
  const operations = readSpecOperations(readFileSync(join(folder, 'build', 'discord-api-spec.ts'), 'utf8'));
  const schemas = new Map<string, unknown>(Object.entries(await import('discord-api-spec/zod')));
  return new DiscordSpec(version, operations, schemas);
}
