// Small helpers for reading untrusted JSON bodies without `any`.

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Length as Discord counts it: in Unicode code points, not UTF-16 units. */
export function charCount(text: string): number {
  return [...text].length;
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asArray(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** Deep copy of plain data, so callers can't mutate the fake's state. */
export function clone<T>(value: T): T {
  return structuredClone(value);
}
