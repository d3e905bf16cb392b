import { Ajv, type ErrorObject } from 'ajv';
import { closest, distance } from 'fastest-levenshtein';
import { ITEM_WORDS, pointer, type Problems, segmentsOf, shown, where } from './problems.ts';

import { isWebUrl, isWorkEmail } from './formats.ts';
import { INSTANT, MULTI_LINE, ONE_LINE } from './patterns.ts';

export { MULTI_LINE, ONE_LINE };

/** `verbose`: the messages read the failing value and its schema. */
const ajv = new Ajv({ strict: true, allErrors: true, verbose: true }).addFormat('work-email', isWorkEmail).addFormat('web-url', isWebUrl);

/**
 * A JSON Schema compiled once (ajv, strict), whose failures come back as problems in words: the check
 * answers whether `value` passed, and adds one error per mistake to `problems` otherwise.
 */
export function schemaCheck(schema: object): (value: unknown, problems: Problems) => boolean {
  // A schema with an `$id` is compiled once: a route's copy of it (with an example) is the same schema.
  const id = (schema as { $id?: unknown }).$id;
  const validate = (typeof id === 'string' ? ajv.getSchema(id) : undefined) ?? ajv.compile(schema);
  return (value, problems) => {
    if (validate(value)) return true;
    reportSchemaErrors(validate.errors ?? [], problems);
    return false;
  };
}

/**
 * ajv's errors for one value as problems in words, one per mistake, each an `error` at the path of the
 * field at fault (a missing or unknown field's own path, not its parent's). A path that already has a
 * problem (text that cannot be stored, found by `prepare`) gets no second one. The errors must come from
 * an ajv with `allErrors` and `verbose`, as `schemaCheck`'s: the words quote the value and its schema.
 */
export function reportSchemaErrors(errors: readonly ErrorObject[], problems: Problems): void {
  for (const error of relevant(errors)) {
    const path = pathOf(error);
    // Text that cannot be stored was reported already; its other faults add nothing.
    if (!problems.list.some((problem) => problem.path === path)) problems.error(path, message(error));
  }
}

/**
 * One problem per mistake. A value that fails an `anyOf` (text or null, say) is explained by the branch
 * of its own type when there is one ("is too long"), else once for the `anyOf` ("must be text or null").
 */
function relevant(errors: readonly ErrorObject[]): ErrorObject[] {
  const keep = new Set(errors.filter((error) => !error.schemaPath.includes('/anyOf/')));
  for (const anyOf of errors.filter((error) => error.keyword === 'anyOf')) {
    const branches = ((anyOf.parentSchema as Record<string, unknown> | undefined)?.anyOf as Record<string, unknown>[] | undefined) ?? [];
    const index = branches.findIndex((branch) => branch.type !== undefined && hasType(anyOf.data, branch.type as string));
    // The same anyOf checks every item of a list or an object's every field: the branch's errors of this value only.
    const inBranch =
      index < 0
        ? []
        : errors.filter(
            (error) => error.schemaPath.startsWith(`${anyOf.schemaPath}/${index}/`) && (error.instancePath === anyOf.instancePath || error.instancePath.startsWith(`${anyOf.instancePath}/`)),
          );
    if (inBranch.length === 0) continue;
    keep.delete(anyOf);
    for (const error of inBranch) keep.add(error);
  }
  return errors.filter((error) => keep.has(error));
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

function pathOf(error: ErrorObject): string {
  if (error.keyword === 'required') return error.instancePath + pointer(error.params.missingProperty as string);
  if (error.keyword === 'additionalProperties') return error.instancePath + pointer(error.params.additionalProperty as string);
  return error.instancePath;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields (an object)',
  null: 'null',
};

function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((t) => TYPE_WORDS[String(t)] ?? String(t)).join(' or ');
}

/** What an `anyOf` takes, each branch in words (a branch that is itself an `anyOf` by its own branches): "text, a number, true or false, null or a list". */
function branchWords(schema: Record<string, unknown>): string[] {
  if (schema.enum) return [`one of ${(schema.enum as unknown[]).join(', ')}`];
  if (schema.anyOf) return (schema.anyOf as Record<string, unknown>[]).flatMap(branchWords);
  if (schema.type !== undefined) return [typeWords(schema.type)];
  return [];
}

/** "a, b or c". */
function orList(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

const INSTANT_EXAMPLES = '"2026-11-27T09:00:00Z" or "2026-11-27T10:00:00+01:00"';

/** What a value is, for "must be text, not a list". */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a set of fields';
  if (typeof value === 'string') return `the text ${shown(value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  return typeof value;
}

/** A near miss among `options`: a different case, the start of one (`queue_wait`), or a small typo. */
function didYouMean(given: unknown, options: readonly string[]): string {
  if (typeof given !== 'string' || given === '' || options.length === 0) return '';
  const lower = given.toLowerCase();
  const sameCase = options.find((option) => option.toLowerCase() === lower);
  const start = lower.length >= 4 ? options.find((option) => option.toLowerCase().startsWith(lower)) : undefined;
  const near = closest(given, [...options]);
  const suggestion = sameCase ?? start ?? (distance(lower, near.toLowerCase()) <= Math.max(1, Math.floor(near.length / 3)) ? near : undefined);
  return suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
}

function message(error: ErrorObject): string {
  const at = where(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const parent = error.parentSchema as Record<string, unknown> | undefined;
  switch (error.keyword) {
    case 'required':
      return `${where(error.instancePath + pointer(params.missingProperty as string))} is missing`;
    case 'additionalProperties': {
      const known = Object.keys((parent?.properties as object | undefined) ?? {}).filter((name) => !isReadOnly(parent, name));
      const field = params.additionalProperty as string;
      return `${where(error.instancePath + pointer(field))} is not a field ${error.instancePath === '' ? 'of this document' : 'here'}${didYouMean(field, known)}; the fields are ${known.join(', ')}`;
    }
    case 'type':
      if (parent?.pattern === INSTANT) return `${at} must be a date and time as text, such as ${INSTANT_EXAMPLES}, not ${kindOf(error.data)}`;
      return `${at} must be ${typeWords(params.type)}, not ${kindOf(error.data)}`;
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((value) => (value === null ? 'null' : String(value)));
      return `${at} must be one of ${allowed.join(', ')}; got ${shown(error.data)}${didYouMean(error.data, allowed)}`;
    }
    case 'anyOf': {
      return `${at} must be ${orList(branchWords(parent ?? {}))}, not ${kindOf(error.data)}`;
    }
    case 'minLength':
      return params.limit === 1 ? `${at} is empty` : `${at} must have at least ${params.limit} characters`;
    case 'maxLength':
      return `${at} is too long: at most ${params.limit} characters, and it has ${(error.data as string).length}`;
    case 'pattern':
      if (params.pattern === ONE_LINE) return `${at} must be one line of text, without tabs, line breaks or other control characters`;
      if (params.pattern === MULTI_LINE) return `${at} holds a control character (line breaks and tabs are fine, others are not)`;
      if (params.pattern === INSTANT) return `${at} must be a date and time with its offset (ISO 8601), such as ${INSTANT_EXAMPLES}; got ${shown(error.data)}`;
      return `${at} does not have the expected form`;
    case 'minItems':
      return `${at} must hold at least ${params.limit}`;
    case 'maxItems': {
      const item = ITEM_WORDS[segmentsOf(error.instancePath).at(-1) ?? ''] ?? 'item';
      return `${at} holds ${(error.data as unknown[]).length} ${item}s, and at most ${params.limit} are allowed`;
    }
    case 'maxProperties': {
      const word = segmentsOf(error.instancePath).at(-1) === 'headers' ? 'header' : 'field';
      return `${at} holds ${Object.keys(error.data as object).length} ${word}s, and at most ${params.limit} are allowed`;
    }
    case 'uniqueItems':
      return `${at} lists ${shown((error.data as unknown[])[params.j as number])} twice`;
    case 'minimum':
      return `${at} must be at least ${params.limit}, not ${shown(error.data)}`;
    case 'maximum':
      return `${at} must be at most ${params.limit}, not ${shown(error.data)}`;
    default:
      return `${at} ${error.message ?? 'is not valid'}`;
  }
}

function isReadOnly(schema: Record<string, unknown> | undefined, name: string): boolean {
  const property = (schema?.properties as Record<string, Record<string, unknown>> | undefined)?.[name];
  return property?.readOnly === true;
}
