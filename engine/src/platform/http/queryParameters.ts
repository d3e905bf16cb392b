import { AppError } from '../errors.ts';

/** `{error: 'invalid_query'}` alone, as the Autopilot API's error schema allows (the message is the Error's). */
const invalidQuery = (message: string) => new AppError('invalid_query', {}, message);

/** A text parameter from a query string, given at most once; `invalid_query` naming it otherwise. */
export function queryText(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidQuery(`${name} must be given once`);
  return value;
}

/** A whole number from a query string, within bounds; `invalid_query` naming the parameter otherwise. */
export function queryNumber(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= max)) throw invalidQuery(`${name} must be a whole number from ${min} to ${max}`);
  return number;
}
