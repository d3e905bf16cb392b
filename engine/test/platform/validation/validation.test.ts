/**
 * The platform's validation in plain words (src/platform/validation/): what the routes and the CLI's
 * document files check bodies with. The Autopilot's tests hold its words document by document; these
 * hold what the platform promises any schema.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import * as autopilotContract from '../../../src/autopilot/contract.ts';
import { MULTI_LINE, ONE_LINE, prepare, type Problem, Problems, problemLines, reportSchemaErrors, schemaCheck, SEVERITIES } from '../../../src/platform/validation/index.ts';

const schema = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, pattern: ONE_LINE }, rules: { type: 'array', items: { type: 'string', pattern: MULTI_LINE }, maxItems: 2 } },
  required: ['name'],
  additionalProperties: false,
};

describe('the Autopilot contract, which imports nothing but TypeBox, and the platform', () => {
  it('use the same text patterns and severities', () => {
    expect(autopilotContract.ONE_LINE).toBe(ONE_LINE);
    expect(autopilotContract.MULTI_LINE).toBe(MULTI_LINE);
    expect(autopilotContract.SEVERITIES).toEqual(SEVERITIES);
    // The same problem, both ways (tsc checks these lines).
    const published: autopilotContract.Problem = { severity: 'blocks_enabling', path: '/name', message: 'x' } satisfies Problem;
    const collected: Problem = published;
    expect(collected).toBe(published);
  });
});

describe('schemaCheck', () => {
  const check = schemaCheck(schema);

  it('answers every mistake in words, at the path of the field at fault', () => {
    const problems = new Problems();
    const value = prepare({ name: ' two\tparts ', rules: ['a', 'b\u0007', 'c'], colour: 'red' }, problems);
    expect(check(value, problems)).toBe(false);
    expect(problems.list).toEqual([
      { severity: 'error', path: '/colour', message: '"colour" is not a field of this document; the fields are name, rules' },
      { severity: 'error', path: '/name', message: '"name" must be one line of text, without tabs, line breaks or other control characters' },
      { severity: 'error', path: '/rules', message: '"rules" holds 3 rules, and at most 2 are allowed' },
      { severity: 'error', path: '/rules/1', message: 'Rule 2 holds a control character (line breaks and tabs are fine, others are not)' },
    ]);
    expect(problemLines(problems.list)[0]).toBe('  error: "colour" is not a field of this document; the fields are name, rules');
  });

  it('reads the errors of another ajv compiled alike (allErrors, verbose), as a route would', () => {
    const validate = new Ajv({ allErrors: true, verbose: true }).compile(schema);
    expect(validate({})).toBe(false);
    const problems = new Problems();
    reportSchemaErrors(validate.errors ?? [], problems);
    expect(problems.list).toEqual([{ severity: 'error', path: '/name', message: '"name" is missing' }]);
  });
});
