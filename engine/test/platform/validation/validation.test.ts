/**
 * The platform's validation in plain words (src/platform/validation/): what the routes and the CLI's
 * document files check bodies with. The Autopilot's tests hold its words document by document; these
 * hold what the platform promises any schema.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import * as autopilotContract from '../../../src/autopilot/contract.ts';
import { INSTANT } from '../../../src/platform/validation/patterns.ts';
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

  it('says which form a date and time takes, whatever was sent instead', () => {
    const at = schemaCheck({ type: 'object', properties: { at: { type: 'string', pattern: INSTANT } } });
    const words = (value: unknown) => {
      const problems = new Problems();
      at({ at: value }, problems);
      return problems.list.map((problem) => problem.message);
    };
    const form = 'such as "2026-11-27T09:00:00Z" or "2026-11-27T10:00:00+01:00"';
    expect(words('2026-11-27T09:00:00+01:00')).toEqual([]);
    expect(words('27.11.2026 09:00')).toEqual([`"at" must be a date and time with its offset (ISO 8601), ${form}; got "27.11.2026 09:00"`]);
    expect(words('2026-11-27')).toEqual([`"at" must be a date and time with its offset (ISO 8601), ${form}; got "2026-11-27"`]);
    expect(words(1764234000000)).toEqual([`"at" must be a date and time as text, ${form}, not the number 1764234000000`]);
    expect(autopilotContract.INSTANT).toBe(INSTANT);
  });

  it('names each kind a value may be, nested choices too, and never "undefined"', () => {
    const scalar = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] };
    const value = schemaCheck({ type: 'object', properties: { v: { anyOf: [scalar, { type: 'array', items: scalar }] }, w: { anyOf: [{ enum: ['on', 'off'] }, { type: 'null' }] } } });
    const problems = new Problems();
    value({ v: { a: 1 }, w: 3 }, problems);
    expect(problems.list.map((problem) => problem.message)).toEqual([
      '"v" must be text, a number, true or false, null or a list, not a set of fields',
      '"w" must be one of on, off or null, not the number 3',
    ]);
  });

  it('reads the errors of another ajv compiled alike (allErrors, verbose), as a route would', () => {
    const validate = new Ajv({ allErrors: true, verbose: true }).compile(schema);
    expect(validate({})).toBe(false);
    const problems = new Problems();
    reportSchemaErrors(validate.errors ?? [], problems);
    expect(problems.list).toEqual([{ severity: 'error', path: '/name', message: '"name" is missing' }]);
  });
});
