import { type Problems, where } from './problems.ts';

/** Deeper than any document the engine accepts; a body nested deeper is refused without walking it. */
const MAX_DEPTH = 16;

/**
 * A copy of a parsed body ready for validation: text trimmed and its line breaks made `\n`. Text that
 * PostgreSQL cannot store (a NUL, half of a surrogate pair) and nesting deeper than any document are
 * problems here, wherever they are, so nothing past this point meets them. Keys are copied as own
 * fields, `__proto__` included, so they are reported as unknown fields rather than obeyed. `path` is
 * where `value` sits in the whole document (a JSON Pointer), for the problems' words.
 */
export function prepare(value: unknown, problems: Problems, path = '', depth = 0): unknown {
  if (typeof value === 'string') {
    if (!storable(value)) problems.error(path, `${where(path)} holds a character that cannot be stored (a NUL, or half of a surrogate pair)`);
    return value.replaceAll('\r\n', '\n').trim();
  }
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) {
    problems.error(path, `${where(path)} is nested too deeply`);
    return null;
  }
  if (Array.isArray(value)) return value.map((item, index) => prepare(item, problems, `${path}/${index}`, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (!storable(key)) problems.error(at, `A field name holds a character that cannot be stored (a NUL, or half of a surrogate pair)`);
    Object.defineProperty(copy, key, { value: prepare(item, problems, at, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** Whether PostgreSQL can store `text`: well-formed UTF-16 (no half of a surrogate pair) and no NUL. */
export function storable(text: string): boolean {
  return text.isWellFormed() && !text.includes('\u0000');
}

/** A set of fields (a JSON object), not a list and not null. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
