import type { AppError } from '../errors.ts';

/** A row's id from a URL path: a whole number from 1, else what `notFound` makes of it (a path that names no row). */
export function pathId(raw: unknown, notFound: (raw: unknown) => AppError): number {
  const id = typeof raw === 'string' && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound(raw);
  return id;
}
