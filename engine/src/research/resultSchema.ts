import { Ajv, type ValidateFunction } from 'ajv';

/**
 * The research brief (`data` of a completed job) as JSON Schema: the spec's field tables, nullability
 * and array sizes. Every brief is validated against it before it is stored, so callers never see
 * a document that breaks the contract. Exported as the contract for n8n users and the CRM app.
 */

const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const text = { type: 'string' } as const;
const texts = (size: number) => ({ type: 'array', items: { type: 'string', minLength: 1 }, minItems: size, maxItems: size });
const id = { type: 'integer', minimum: 1 } as const;

const post = {
  type: 'object',
  additionalProperties: false,
  required: ['text', 'posted', 'post_url', 'reshared', 'summary'],
  properties: {
    text,
    posted: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' },
    post_url: text,
    reshared: { type: 'boolean' },
    // The spec types it as a string; it is null while no writer is configured (the nullable rule).
    summary: nullable(text),
  },
} as const;

const posts = { type: 'array', items: post, maxItems: 3 } as const;

export const prospectSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'title', 'company', 'email', 'linkedin_url', 'photo', 'last_role_start', 'summary', 'opening_talk', 'posts'],
  properties: {
    id,
    name: nullable(text),
    title: nullable(text),
    company: nullable(text),
    email: nullable(text),
    linkedin_url: nullable(text),
    photo: nullable(text),
    last_role_start: nullable({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    summary: nullable(text),
    opening_talk: nullable(texts(3)),
    posts: nullable(posts),
  },
} as const;

export const companySchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id', 'name', 'description', 'linkedin_url', 'website', 'industry', 'hq', 'revenue', 'employees', 'technologies',
    'problems', 'services', 'icp', 'synergy_points', 'discovery_questions', 'clients', 'news', 'insights', 'posts',
  ],
  properties: {
    id,
    name: nullable(text),
    description: nullable(text),
    linkedin_url: nullable(text),
    website: nullable(text),
    industry: nullable({ type: 'string', pattern: '^[^A-Z]+$' }),
    hq: nullable(text),
    revenue: nullable(text),
    employees: nullable(text),
    technologies: nullable({ type: 'array', items: text }),
    problems: nullable(texts(4)),
    services: nullable(texts(4)),
    icp: nullable(texts(4)),
    synergy_points: nullable(texts(4)),
    discovery_questions: nullable(texts(3)),
    clients: nullable({
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['count'], properties: { count: text } },
    }),
    news: nullable({
      type: 'array',
      maxItems: 3,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['summary', 'url', 'date'],
        properties: { summary: text, url: text, date: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' } },
      },
    }),
    insights: nullable(texts(4)),
    posts: nullable(posts),
  },
} as const;

export const decisionMakerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'full_name', 'position_title', 'linkedin_url', 'picture_url', 'location_text', 'company_name'],
  properties: {
    id,
    full_name: text,
    position_title: text,
    linkedin_url: text,
    picture_url: nullable(text),
    location_text: nullable(text),
    company_name: text,
  },
} as const;

export const researchDataSchema = {
  $id: 'https://prospect-research.dev/schemas/research-data.json',
  title: 'Research brief',
  type: 'object',
  additionalProperties: false,
  required: ['prospect', 'company', 'decision_makers'],
  properties: {
    prospect: prospectSchema,
    company: companySchema,
    decision_makers: { type: 'array', items: decisionMakerSchema },
  },
} as const;

export interface Post {
  text: string;
  posted: string;
  post_url: string;
  reshared: boolean;
  summary: string | null;
}

export interface Prospect {
  id: number;
  name: string | null;
  title: string | null;
  company: string | null;
  email: string | null;
  linkedin_url: string | null;
  photo: string | null;
  last_role_start: string | null;
  summary: string | null;
  opening_talk: string[] | null;
  posts: Post[] | null;
}

export interface Company {
  id: number;
  name: string | null;
  description: string | null;
  linkedin_url: string | null;
  website: string | null;
  industry: string | null;
  hq: string | null;
  revenue: string | null;
  employees: string | null;
  technologies: string[] | null;
  problems: string[] | null;
  services: string[] | null;
  icp: string[] | null;
  synergy_points: string[] | null;
  discovery_questions: string[] | null;
  clients: { count: string }[] | null;
  news: { summary: string; url: string; date: string }[] | null;
  insights: string[] | null;
  posts: Post[] | null;
}

export interface DecisionMaker {
  id: number;
  full_name: string;
  position_title: string;
  linkedin_url: string;
  picture_url: string | null;
  location_text: string | null;
  company_name: string;
}

export interface ResearchData {
  prospect: Prospect;
  company: Company;
  decision_makers: DecisionMaker[];
}

const validate: ValidateFunction<ResearchData> = new Ajv({ allErrors: true, strict: true }).compile<ResearchData>(researchDataSchema);

/** Returns undefined for a valid brief, else ajv's messages (for logs; callers never see them). */
export function researchDataErrors(data: unknown): string[] | undefined {
  if (validate(data)) return undefined;
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
}
