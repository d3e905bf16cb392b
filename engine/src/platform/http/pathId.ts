import Type from 'typebox';
import type { AppError } from '../errors.ts';
import { refusing } from './validation.ts';

/**
 * The params of a route whose path ends in a row's `{id}`: a whole number from 1, read as a number.
 * A path whose id cannot be one (`0`, `01`, `x`, a number past 2^53) names no row, and is refused as
 * `notFound` says, as a row that is not there would be.
 */
export function pathIdParams(description: string, notFound: (raw: unknown) => AppError) {
  return refusing(Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description }) }), {
    error: (_problems, given) => notFound((given as { id?: unknown } | null)?.id),
  });
}
