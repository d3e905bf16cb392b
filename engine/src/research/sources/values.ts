/** Values several sources give, read and written one way. */
import { text } from '../../platform/net/read.ts';

/** `$12.5M` from a printed figure (`12.5M`, `$12.5M`) or else from the number (`12500000`); a currency sign other than `$` is kept. */
export function moneyLabel(printed: unknown, amount: unknown, sign = '$'): string | undefined {
  const label = typeof printed === 'string' ? printed.trim() : '';
  if (label !== '') return /^\d/.test(label) ? `${sign}${label}` : label;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return undefined;
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (amount >= size) return `${sign}${trimNumber(amount / size)}${suffix}`;
  }
  return `${sign}${trimNumber(amount)}`;
}

function trimNumber(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Names from a list or one comma-separated string (Apollo's investors), without repeats. */
export function nameList(value: unknown): string[] | undefined {
  const list: unknown[] = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  const unique = [...new Set(list.map(text).filter((name): name is string => name !== undefined))];
  return unique.length === 0 ? undefined : unique;
}

/** Words of a list (keywords, tags), without repeats, at most `limit`. */
export function wordList(value: unknown, limit: number): string[] | undefined {
  const list = Array.isArray(value) ? value.map(text).filter((word): word is string => word !== undefined) : [];
  const unique = [...new Set(list)].slice(0, limit);
  return unique.length === 0 ? undefined : unique;
}

/** A year (`2015`) from a number or a four-digit string; anything else is dropped. */
export function year(value: unknown): string | undefined {
  const number = typeof value === 'string' && /^\d{4}$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1600 && number <= 2100 ? String(number) : undefined;
}
