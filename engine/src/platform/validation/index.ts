/**
 * Validation in plain words: a document that crosses a boundary (an HTTP body, a file given to the
 * CLI, a stored document read back) is checked whole, and every problem comes back with where it is and
 * what is wrong, in words the person who wrote it reads ("Rule 2: \"operator\" must be one of ...").
 *
 * How a boundary uses it:
 *
 * ```ts
 * const check = schemaCheck(someSchema);                // compiled once
 * const problems = new Problems();
 * const value = prepare(body, problems);                // trimmed; unstorable text and deep nesting found
 * if (check(value, problems) && isRecord(value)) ...;   // the schema's faults, in words
 * // the caller's own rules: problems.error(pointer('filter', 'rules', 1), '...')
 * if (problems.hasErrors) refuse(problems.list);        // the API answers them; the CLI prints problemLines
 * ```
 *
 * It is used by the HTTP routes and the CLI's document files alike, so it is the platform's, not the
 * HTTP layer's. This file says what the rest of the engine may use.
 */

export { isRecord, prepare, storable } from './prepare.ts';
export { pointer, type Problem, problemLines, Problems, SEVERITIES, type Severity, shown, where } from './problems.ts';
export { type Checked, documentRefusal, type Refusal, refusalCheck } from './refusal.ts';
export { MULTI_LINE, ONE_LINE, reportSchemaErrors, schemaCheck } from './schemaCheck.ts';
