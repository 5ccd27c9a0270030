// Discord's operations as discord-api-spec publishes them. The package ships the OpenAPI description as
// TypeScript (the `Paths` interface: every path, method, query parameter and request body type) and as Zod
// schemas of the types, but no operation table a program can read; so the fake reads `Paths` from the package's
// generated .ts file. Only the small part of TypeScript that generator writes is understood: object types,
// unions, arrays, tuples, literals and type names. Anything else stops the parse, loudly.

export type TypeNode =
  | { kind: 'name'; name: string }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'array'; of: TypeNode }
  | { kind: 'union'; of: TypeNode[] }
  | { kind: 'tuple'; of: TypeNode[] }
  /** `index`: the value type of an index signature, `[key: string]: T`. */
  | { kind: 'object'; fields: Field[]; index?: TypeNode };

export interface Field {
  name: string;
  optional: boolean;
  type: TypeNode;
}

export interface SpecOperation {
  /** Upper case, as requests carry it. */
  method: string;
  /** The spec's template, e.g. "/channels/{channel_id}/messages/{message_id}". */
  path: string;
  /** The request body's type; undefined when the operation takes none. */
  body: TypeNode | undefined;
  /** The query parameters it takes (none: an empty list). */
  query: Field[];
  /** The template's parameters and their types, e.g. channel_id: SnowflakeType. */
  pathParams: Field[];
  /** The answers by status ("200", "204", "4XX"), each with its body's type. */
  responses: Field[];
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** The operations of the `Paths` interface in discord-api-spec's generated TypeScript source. */
export function readSpecOperations(source: string): SpecOperation[] {
  const start = source.indexOf('export interface Paths {');
  if (start < 0) throw new Error('discord-api-spec: no `export interface Paths` in its TypeScript source');
  const parser = new TypeParser(source, start + 'export interface Paths '.length);
  const paths = parser.type();
  if (paths.kind !== 'object') throw new Error('discord-api-spec: `Paths` is not an object type');
  const operations: SpecOperation[] = [];
  for (const path of paths.fields) {
    if (path.type.kind !== 'object') continue;
    for (const method of path.type.fields) {
      if (!METHODS.includes(method.name) || method.type.kind !== 'object') continue;
      const fields = method.type.fields;
      const parameters = fields.find((f) => f.name === 'parameters')?.type;
      const part = (name: string): Field[] => {
        const type = parameters?.kind === 'object' ? parameters.fields.find((f) => f.name === name)?.type : undefined;
        return type?.kind === 'object' ? type.fields : [];
      };
      const body = fields.find((f) => f.name === 'requestBody')?.type;
      const responses = fields.find((f) => f.name === 'responses')?.type;
      operations.push({
        method: method.name.toUpperCase(),
        path: path.name,
        body: body === undefined || isName(body, 'undefined') ? undefined : body,
        query: part('query'),
        pathParams: part('path'),
        responses: responses?.kind === 'object' ? responses.fields : [],
      });
    }
  }
  return operations;
}

export function isName(node: TypeNode, name: string): boolean {
  return node.kind === 'name' && node.name === name;
}

// Identifiers, "strings", numbers, punctuation; comments and white space are skipped.
const TOKEN =
  /\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*|("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?)|([A-Za-z_$@][\w$]*)|([{}[\]()|&;:?,<>=])/y;

class TypeParser {
  private token = '';
  private kind: 'string' | 'number' | 'word' | 'punct' | 'end' = 'end';

  constructor(
    private readonly source: string,
    private at: number,
  ) {
    this.next();
  }

  /** A union (a leading `|` allowed, as prettier writes long ones). */
  type(): TypeNode {
    this.accept('|');
    const of = [this.intersection()];
    while (this.accept('|')) of.push(this.intersection());
    return of.length === 1 ? (of[0] as TypeNode) : { kind: 'union', of };
  }

  private intersection(): TypeNode {
    const first = this.postfix();
    if (this.token === '&') this.fail('an intersection type');
    return first;
  }

  private postfix(): TypeNode {
    let node = this.primary();
    while (this.token === '[' && this.peekIs(']')) {
      this.next();
      this.next();
      node = { kind: 'array', of: node };
    }
    return node;
  }

  private primary(): TypeNode {
    const { token, kind } = this;
    if (token === '{') return this.object();
    if (token === '[') return this.tuple();
    if (token === '(') {
      this.next();
      const inner = this.type();
      this.expect(')');
      return inner;
    }
    this.next();
    if (kind === 'string') return { kind: 'literal', value: JSON.parse(token) as string };
    if (kind === 'number') return { kind: 'literal', value: Number(token) };
    if (kind === 'word' && (token === 'true' || token === 'false')) return { kind: 'literal', value: token === 'true' };
    if (kind === 'word') {
      if (this.token === '<') this.fail(`the generic type ${token}<…>`);
      return { kind: 'name', name: token };
    }
    return this.fail(`"${token}"`);
  }

  private object(): TypeNode {
    this.expect('{');
    const fields: Field[] = [];
    let index: TypeNode | undefined;
    while (!this.accept('}')) {
      if (this.accept('[')) {
        this.next();
        this.expect(':');
        this.type();
        this.expect(']');
        this.expect(':');
        index = this.type();
        this.accept(';');
        continue;
      }
      if (this.kind !== 'word' && this.kind !== 'string') this.fail(`"${this.token}" as a field name`);
      const name = this.kind === 'string' ? (JSON.parse(this.token) as string) : this.token;
      this.next();
      const optional = this.accept('?');
      this.expect(':');
      fields.push({ name, optional, type: this.type() });
      if (!this.accept(';')) this.accept(',');
    }
    return index ? { kind: 'object', fields, index } : { kind: 'object', fields };
  }

  private tuple(): TypeNode {
    this.expect('[');
    const of: TypeNode[] = [];
    while (!this.accept(']')) {
      of.push(this.type());
      this.accept(',');
    }
    return { kind: 'tuple', of };
  }

  private accept(token: string): boolean {
    if (this.token !== token || this.kind !== 'punct') return false;
    this.next();
    return true;
  }

  private expect(token: string): void {
    if (!this.accept(token)) this.fail(`"${this.token}" where "${token}" belongs`);
  }

  private peekIs(token: string): boolean {
    const saved = { at: this.at, token: this.token, kind: this.kind };
    this.next();
    const is = this.token === token;
    Object.assign(this, saved);
    return is;
  }

  private next(): void {
    for (;;) {
      if (this.at >= this.source.length) {
        this.token = '';
        this.kind = 'end';
        return;
      }
      TOKEN.lastIndex = this.at;
      const match = TOKEN.exec(this.source);
      if (!match) this.fail(`the character "${this.source[this.at] ?? ''}"`);
      this.at = TOKEN.lastIndex;
      const [, text, number, word, punct] = match;
      if (text !== undefined) [this.token, this.kind] = [text, 'string'];
      else if (number !== undefined) [this.token, this.kind] = [number, 'number'];
      else if (word !== undefined) [this.token, this.kind] = [word, 'word'];
      else if (punct !== undefined) [this.token, this.kind] = [punct, 'punct'];
      else continue;
      return;
    }
  }

  private fail(what: string): never {
    const line = this.source.slice(0, this.at).split('\n').length;
    throw new Error(`discord-api-spec's Paths, line ${line}: the fake cannot read ${what}`);
  }
}
