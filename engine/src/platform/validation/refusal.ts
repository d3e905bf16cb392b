import type { AppError } from '../errors.ts';
import { isRecord, prepare } from './prepare.ts';
import { type Problem, Problems } from './problems.ts';
import { schemaCheck } from './schemaCheck.ts';

/**
 * How a boundary refuses what its schema does not admit, in the boundary's own words: the error (its
 * code, and `problems` when it answers them) and what is checked. The schema itself says what is
 * admitted; this says how to read what was sent and how to answer when it is not.
 */
export interface Refusal {
  /**
   * The value checked and passed on, made from what was sent (`undefined`: nothing was): text trimmed
   * (`prepare`), say. Problems it adds refuse the value with the schema's; one about the whole value
   * (at path "") means there is nothing to check, and the schema is not. Default: what was sent.
   */
  prepare?(given: unknown, problems: Problems): unknown;
  /** Whether an error `prepare` found ends the check there (the schema then says nothing more). */
  stopAtPrepared?: boolean;
  /** Rules the schema cannot say (one field against another), run after it on the prepared value. */
  rules?(value: unknown, problems: Problems): void;
  /** The error that answers the problems found (every one, in the order found); `given` is what was sent. */
  error(problems: Problem[], given: unknown): AppError;
}

export type Checked = { value: unknown; problems: Problem[] } | { error: AppError };

/**
 * A check of values against `schema` (compiled once) that prepares them, words their faults and
 * answers them as `refusal` says: the prepared value with any problems that do not refuse it
 * (warnings), or the refusal's error.
 */
export function refusalCheck(schema: object, refusal: Refusal): (given: unknown) => Checked {
  const check = schemaCheck(schema);
  return (given) => {
    const problems = new Problems();
    const value = refusal.prepare ? refusal.prepare(given, problems) : given;
    const stop = refusal.stopAtPrepared ? problems.hasErrors : problems.list.some((problem) => problem.severity === 'error' && problem.path === '');
    if (!stop) {
      check(value, problems);
      refusal.rules?.(value, problems);
    }
    return problems.hasErrors ? { error: refusal.error(problems.list, given) } : { value, problems: problems.list };
  };
}

/**
 * The refusal of a document sent as a JSON object: no body, and a body that is not an object, said in
 * `words`; text prepared (`prepare`), and an error there the only problem told; then the schema, and
 * once it passes the feature's own `rules`.
 */
export function documentRefusal(words: { absent: string; notObject: string }, error: Refusal['error'], rules?: (value: unknown, problems: Problems) => void): Refusal {
  return {
    prepare(given, problems) {
      if (given === undefined) {
        problems.error('', words.absent);
        return given;
      }
      const prepared = prepare(given, problems);
      if (!problems.hasErrors && !isRecord(prepared)) problems.error('', words.notObject);
      return prepared;
    },
    stopAtPrepared: true,
    rules: rules && ((value, problems) => (problems.hasErrors ? undefined : rules(value, problems))),
    error,
  };
}
