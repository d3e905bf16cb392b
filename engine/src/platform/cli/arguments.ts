import { InvalidArgumentError } from 'commander';

/** Commander argument parsers shared by every command group. */

export function positiveId(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('expected a positive integer');
  return number;
}

export function wholeNumber(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new InvalidArgumentError('expected a whole number >= 0');
  return number;
}
