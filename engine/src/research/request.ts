import { normaliseEmail } from '../platform/emailAddress.ts';
import { AppError, type ErrorCode } from '../platform/errors.ts';
import { isRecord, Problems, type Refusal, refusalCheck, schemaCheck } from '../platform/validation/index.ts';
import { type ResearchRequest, researchRequestSchema } from './contract.ts';

type Field = keyof typeof researchRequestSchema.properties;

/** Checked in this order; the first field at fault names the error. */
const FIELD_ERRORS: [Field, ErrorCode][] = [
  ['email', 'invalid_email_format'],
  ['prospect_name', 'invalid_prospect_name'],
  ['company_name', 'invalid_company_name'],
  ['linkedin_url', 'invalid_linkedin_url'],
  ['company_linkedin_url', 'invalid_company_linkedin_url'],
];

/** A control character: NUL (which PostgreSQL refuses in text), line breaks, tabs, escape sequences... */
const CONTROL = /\p{Cc}/u;

/**
 * How `POST /research` reads its body (docs/api.md, "Request"): no body is `missing_email`, a body that
 * is not an object `invalid_body`; then the fields in order, each trimmed, an empty or null one left
 * out (a missing `email` is `missing_email`), the address normalised; the first field the schema or the
 * text refuses names the error (`invalid_email_format` first). Fields the request does not have are left out.
 */
export const researchRequestRefusal: Refusal = {
  prepare(given, problems) {
    if (!isRecord(given)) {
      problems.error('', given === undefined ? 'no body' : 'the body is not an object');
      return given;
    }
    const request: Record<string, unknown> = {};
    for (const [field] of FIELD_ERRORS) {
      const value = trimmed(given[field]);
      if (absent(value)) continue;
      const normalised = typeof value === 'string' ? normalise(field, value) : value;
      if (normalised === undefined) problems.error(`/${field}`, `"${field}" holds text no field may hold`);
      else request[field] = normalised;
    }
    return request;
  },
  error(problems, given) {
    if (given === undefined) return new AppError('missing_email');
    if (!isRecord(given)) return new AppError('invalid_body');
    // The email is first in order, so its absence is the answer whatever else is wrong.
    if (absent(trimmed(given.email))) return new AppError('missing_email');
    const [, code] = FIELD_ERRORS.find(([field]) => problems.some((problem) => problem.path === `/${field}`)) ?? [];
    return new AppError(code ?? 'invalid_body', {}, problems.map((problem) => problem.message).join('; '));
  },
};

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
/** An empty or null field is left out, as if it were not sent. */
const absent = (value: unknown) => value === undefined || value === null || value === '';

const check = refusalCheck(researchRequestSchema, researchRequestRefusal);

/** Validates and normalises a request body, or throws the matching 400. */
export function parseResearchRequest(body: unknown): ResearchRequest {
  const result = check(body);
  if ('error' in result) throw result.error;
  return result.value as ResearchRequest;
}

const checkEmail = schemaCheck(researchRequestSchema.properties.email);

/**
 * An e-mail address as research takes it (normalised, valid), or undefined when `raw` is not one: what
 * `POST /research` accepts in `email`, for other features reading addresses from elsewhere (a CRM contact).
 */
export function parseEmail(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const email = normalise('email', raw.trim());
  return email !== undefined && checkEmail(email, new Problems()) ? email : undefined;
}

/**
 * The value a field's text is stored as, or undefined when no field may hold it: text that is not
 * well-formed Unicode (a lone surrogate, which PostgreSQL refuses in JSON) or holds a control character.
 */
function normalise(field: Field, text: string): string | undefined {
  if (!text.isWellFormed() || CONTROL.test(text)) return undefined;
  return field === 'email' ? normaliseEmail(text) : text;
}
