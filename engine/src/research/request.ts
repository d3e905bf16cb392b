import { Ajv } from 'ajv';
import validator from 'validator';
import { AppError, type ErrorCode } from '../errors.ts';

/**
 * The body of `POST /research`. Optional fields that are null or blank count as absent (automation
 * tools often send empty values for unmapped fields); unknown fields are ignored.
 */
export const researchRequestSchema = {
  $id: 'https://prospect-research.dev/schemas/research-request.json',
  title: 'POST /research body',
  type: 'object',
  required: ['email'],
  properties: {
    email: { type: 'string', format: 'work-email', maxLength: 254, description: "Prospect's work e-mail address." },
    prospect_name: { type: 'string', minLength: 1, maxLength: 200, description: 'Full name; improves match accuracy.' },
    company_name: { type: 'string', minLength: 1, maxLength: 200, description: 'Improves match accuracy.' },
    linkedin_url: { type: 'string', format: 'web-url', maxLength: 2048, description: "Prospect's profile URL (http or https)." },
    company_linkedin_url: { type: 'string', format: 'web-url', maxLength: 2048, description: 'Overrides the auto-detected company page URL.' },
  },
} as const;

export interface ResearchRequest {
  email: string;
  prospect_name?: string;
  company_name?: string;
  linkedin_url?: string;
  company_linkedin_url?: string;
}

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
const validators = Object.fromEntries(
  FIELD_ERRORS.map(([field]) => [field, ajv.compile(researchRequestSchema.properties[field])]),
) as unknown as Record<Field, (value: unknown) => boolean>;

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
    if (!validators[field](value)) throw new AppError(code);
    request[field] = field === 'email' ? (value as string).toLowerCase() : (value as string);
  }
  return request as unknown as ResearchRequest;
}

function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !url.username && !url.password;
}
