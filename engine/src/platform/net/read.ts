import { type SourceResponse, SourceError } from './sourceHttp.ts';

/** Defensive reading of third-party JSON: a field of the wrong type is dropped, never a TypeError. */

export function objectBody(response: SourceResponse, source: string): Record<string, unknown> {
  const body = response.json();
  if (!isObject(body)) throw invalid(source, `answered ${response.status} with JSON that is not an object`);
  return body;
}

export function invalid(source: string, message: string): SourceError {
  return new SourceError(source, 'invalid_response', message);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function field(value: unknown, name: string): unknown {
  return isObject(value) ? value[name] : undefined;
}

export function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function url(value: unknown): string | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  const withScheme = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
  try {
    return new URL(withScheme).protocol.startsWith('http') ? withScheme : undefined;
  } catch {
    return undefined;
  }
}

export function count(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return String(Math.round(value));
  return undefined;
}

/** `YYYY-MM-DD` from `YYYY-MM-DD` (or a longer ISO instant) or `YYYY-MM` (the 1st); anything else is dropped. */
export function isoDay(value: unknown): string | undefined {
  const raw = text(value);
  const match = raw === undefined ? null : /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(raw);
  if (match === null) return undefined;
  const [, year, month, day = '01'] = match;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day) ? undefined : `${year}-${month}-${day}`;
}

export function joinPlace(...parts: unknown[]): string | undefined {
  const words = [...new Set(parts.map(text).filter((part): part is string => part !== undefined))];
  return words.length === 0 ? undefined : words.join(', ');
}

export function joinWords(...parts: unknown[]): string {
  return parts
    .map(text)
    .filter((part): part is string => part !== undefined)
    .join(' ');
}

/** Drops undefined values so that facts carry only what the source said. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
