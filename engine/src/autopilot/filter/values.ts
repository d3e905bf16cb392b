/**
 * How text from a CRM reads as text, a number or a date. CRMs hand over almost everything as text
 * (HubSpot does), so a filter compares what the text means: `" 250 "` is the number 250,
 * `"2024-03-01T09:30:00Z"` and `"1709285400000"` are instants.
 */

/** Text compared without regard to case or compatibility forms (`ＡＣＭＥ` is `acme`). */
export function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** A decimal number as people and CRMs write it: `250`, `-3.5`, `.5`, `1e6`. Thousands separators are not read (`1,200` is not a number: locales disagree on the comma). */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed)) return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : undefined;
}

/** A calendar day, `YYYY-MM-DD`, or an instant: a date and time, seconds and fraction optional, with `Z` or an offset. */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
/** Milliseconds since 1970 as HubSpot writes dates in webhooks and older APIs: 12 or 13 digits (1973 to 2286). */
const EPOCH_MS = /^\d{12,13}$/;

/** A date a rule compares with: a whole day, or an instant. */
export type RuleDate = { kind: 'day'; day: string } | { kind: 'instant'; ms: number };

/** A date read from a contact: its instant, and its day in UTC. */
export interface ContactDate {
  ms: number;
  day: string;
}

interface IsoParts {
  day: string;
  ms: number;
  /** Whether a time was written; and if so, whether with an offset. */
  time: 'none' | 'local' | 'offset';
}

function parseIso(text: string): IsoParts | undefined {
  const match = ISO.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, offset] = match;
  const year = Number(y);
  const month = Number(mo);
  const date = Number(d);
  const hours = h === undefined ? 0 : Number(h);
  const minutes = mi === undefined ? 0 : Number(mi);
  const seconds = s === undefined ? 0 : Number(s);
  if (month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return undefined;
  // Not Date.UTC, which reads years below 100 as 19xx.
  const start = new Date(0);
  start.setUTCFullYear(year, month - 1, date);
  // 2023-02-30 rolls over into March: such a day does not exist.
  if (start.getUTCDate() !== date) return undefined;
  const dayStart = start.getTime();
  let ms = dayStart + ((hours * 60 + minutes) * 60 + seconds) * 1000 + (fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000));
  if (offset !== undefined && offset.toUpperCase() !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    const offsetHours = Number(digits.slice(0, 2));
    const offsetMinutes = Number(digits.slice(2));
    if (offsetHours > 23 || offsetMinutes > 59) return undefined;
    ms -= sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  }
  return { day: `${y}-${mo}-${d}`, ms, time: h === undefined ? 'none' : offset === undefined ? 'local' : 'offset' };
}

/**
 * A date as a rule gives it: a day (`2024-03-01`) or an instant with its offset (`2024-03-01T09:30:00Z`,
 * `...+02:00`). An instant without an offset is refused: nobody could say which moment it is.
 */
export function parseRuleDate(text: string): RuleDate | 'needs_offset' | undefined {
  const parts = parseIso(text);
  if (!parts) return undefined;
  if (parts.time === 'none') return { kind: 'day', day: parts.day };
  if (parts.time === 'local') return 'needs_offset';
  return { kind: 'instant', ms: parts.ms };
}

/**
 * A date as a contact holds it: a day (midnight UTC), a date and time (UTC when it has no offset, as
 * CRMs that omit it mean), or milliseconds since 1970 (12 or 13 digits).
 */
export function parseContactDate(text: string): ContactDate | undefined {
  const trimmed = text.trim();
  if (EPOCH_MS.test(trimmed)) {
    const ms = Number(trimmed);
    return { ms, day: new Date(ms).toISOString().slice(0, 10) };
  }
  const parts = parseIso(trimmed);
  if (!parts) return undefined;
  return { ms: parts.ms, day: new Date(parts.ms).toISOString().slice(0, 10) };
}
