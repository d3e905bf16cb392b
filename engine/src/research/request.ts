import { Ajv } from 'ajv';
import validator from 'validator';
import { AppError, type ErrorCode } from '../platform/errors.ts';
import { type ResearchRequest, researchRequestSchema } from './contract.ts';
import { normaliseEmail } from '../platform/emailAddress.ts';

type Field = keyof typeof researchRequestSchema.properties;

/** Checked in this order; the first failure names the error. */
const FIELD_ERRORS: [Field, ErrorCode][] = [
  ['email', 'invalid_email_format'],
  ['prospect_name', 'invalid_prospect_name'],
  ['company_name', 'invalid_company_name'],
  ['linkedin_url', 'invalid_linkedin_url'],
  ['company_linkedin_url', 'invalid_company_linkedin_url'],
];

const ajv = new Ajv({ strict: true })
  .addFormat('work-email', (value: string) => validator.isEmail(value, { require_tld: true, allow_ip_domain: false, allow_display_name: false }))
  .addFormat('web-url', isWebUrl);
const validators = Object.fromEntries(FIELD_ERRORS.map(([field]) => [field, ajv.compile(researchRequestSchema.properties[field])])) as unknown as Record<Field, (value: unknown) => boolean>;

/** A control character: NUL (which PostgreSQL refuses in text), line breaks, tabs, escape sequences... */
const CONTROL = /\p{Cc}/u;

/** Validates and normalises a request body, or throws the matching 400. */
export function parseResearchRequest(body: unknown): ResearchRequest {
  if (body === undefined) throw new AppError('missing_email');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('invalid_body');
  const given = body as Record<string, unknown>;
  const request: Record<string, string> = {};
  for (const [field, code] of FIELD_ERRORS) {
    const value = typeof given[field] === 'string' ? given[field].trim() : given[field];
    if (value === undefined || value === null || value === '') {
      if (field === 'email') throw new AppError('missing_email');
      continue;
    }
    const normalised = typeof value === 'string' ? normalise(field, value) : value;
    if (normalised === undefined || !validators[field](normalised)) throw new AppError(code);
    request[field] = normalised as string;
  }
  return request as unknown as ResearchRequest;
}

/**
 * An e-mail address as research takes it (normalised, valid), or undefined when `raw` is not one: what
 * `POST /research` accepts in `email`, for other features reading addresses from elsewhere (a CRM contact).
 */
export function parseEmail(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const email = normalise('email', raw.trim());
  return email !== undefined && validators.email(email) ? email : undefined;
}

/**
 * The value a field's text is stored as, or undefined when no field may hold it: text that is not
 * well-formed Unicode (a lone surrogate, which PostgreSQL refuses in JSON) or holds a control character.
 */
function normalise(field: Field, text: string): string | undefined {
  if (!text.isWellFormed() || CONTROL.test(text)) return undefined;
  return field === 'email' ? normaliseEmail(text) : text;
}

function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !url.username && !url.password;
}
