/**
 * The Research API's contract, written once: each JSON Schema below is also, through `Static`, the
 * TypeScript type of what it describes. The engine validates requests and briefs against the schemas;
 * the n8n nodes import the types (type-only: nothing here reaches their bundle). Published for n8n users
 * and the CRM app as `@prospect-research/engine/contract`.
 *
 * This file imports nothing but TypeBox, so that packages with other compiler settings can read it.
 */
import Type, { type Static } from 'typebox';

const nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const text = () => Type.String();
/**
 * Up to `max` non-empty strings. The spec's list sizes are maxima: a generated list holds only the items
 * that passed the grounding checks, so it may be shorter (never padded); it is null when none is left.
 */
const texts = (max: number) => Type.Array(Type.String({ minLength: 1 }), { maxItems: max });
const id = () => Type.Integer({ minimum: 1 });

/**
 * The body of `POST /research`. Optional fields that are null or blank count as absent (automation
 * tools often send empty values for unmapped fields); unknown fields are ignored. `work-email` and
 * `web-url` are formats the engine defines (see docs/api.md).
 */
export const researchRequestSchema = Type.Object(
  {
    email: Type.String({ format: 'work-email', maxLength: 254, description: "Prospect's work e-mail address." }),
    prospect_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Full name; improves match accuracy.' })),
    company_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Improves match accuracy.' })),
    linkedin_url: Type.Optional(Type.String({ format: 'web-url', maxLength: 2048, description: "Prospect's profile URL (http or https)." })),
    company_linkedin_url: Type.Optional(Type.String({ format: 'web-url', maxLength: 2048, description: 'Overrides the auto-detected company page URL.' })),
  },
  { $id: 'https://prospect-research.dev/schemas/research-request.json', title: 'POST /research body' },
);
export type ResearchRequest = Static<typeof researchRequestSchema>;

export const postSchema = Type.Object(
  {
    text: text(),
    posted: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' }),
    post_url: text(),
    reshared: Type.Boolean(),
    // The spec types it as a string; it is null while no writer is configured (the nullable rule).
    summary: nullable(text()),
  },
  { additionalProperties: false },
);
export type Post = Static<typeof postSchema>;

const posts = () => Type.Array(postSchema, { maxItems: 3 });

export const prospectSchema = Type.Object(
  {
    id: id(),
    name: nullable(text()),
    title: nullable(text()),
    company: nullable(text()),
    email: nullable(text()),
    linkedin_url: nullable(text()),
    photo: nullable(text()),
    last_role_start: nullable(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
    summary: nullable(text()),
    opening_talk: nullable(texts(3)),
    posts: nullable(posts()),
  },
  { additionalProperties: false },
);
export type Prospect = Static<typeof prospectSchema>;

export const newsItemSchema = Type.Object(
  { summary: text(), url: text(), date: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }) },
  { additionalProperties: false },
);

export const companySchema = Type.Object(
  {
    id: id(),
    name: nullable(text()),
    description: nullable(text()),
    linkedin_url: nullable(text()),
    website: nullable(text()),
    industry: nullable(Type.String({ pattern: '^[^A-Z]+$' })),
    hq: nullable(text()),
    revenue: nullable(text()),
    employees: nullable(text()),
    technologies: nullable(Type.Array(text())),
    problems: nullable(texts(4)),
    services: nullable(texts(4)),
    icp: nullable(texts(4)),
    synergy_points: nullable(texts(4)),
    discovery_questions: nullable(texts(3)),
    clients: nullable(Type.Array(Type.Object({ count: text() }, { additionalProperties: false }))),
    news: nullable(Type.Array(newsItemSchema, { maxItems: 3 })),
    insights: nullable(texts(4)),
    posts: nullable(posts()),
  },
  { additionalProperties: false },
);
export type Company = Static<typeof companySchema>;

export const decisionMakerSchema = Type.Object(
  {
    id: id(),
    full_name: text(),
    position_title: text(),
    linkedin_url: text(),
    picture_url: nullable(text()),
    location_text: nullable(text()),
    company_name: text(),
  },
  { additionalProperties: false },
);
export type DecisionMaker = Static<typeof decisionMakerSchema>;

/**
 * The research brief (`data` of a completed job): the spec's field tables, nullability and array sizes
 * (as maxima).
 * Every brief is validated against it before it is stored, so callers never see one that breaks it.
 */
export const researchDataSchema = Type.Object(
  { prospect: prospectSchema, company: companySchema, decision_makers: Type.Array(decisionMakerSchema) },
  { $id: 'https://prospect-research.dev/schemas/research-data.json', title: 'Research brief', additionalProperties: false },
);
export type ResearchData = Static<typeof researchDataSchema>;

/** Why a completed brief is empty: no source is configured, the sources found nothing, or they failed. */
export const emptyReasonSchema = Type.Union([Type.Literal('no_sources_configured'), Type.Literal('nothing_found'), Type.Literal('sources_failed')]);
export type EmptyReason = Static<typeof emptyReasonSchema>;

/** The body of `GET /research-status/{id}`: exactly the fields the spec gives each status. */
export const researchStatusSchema = Type.Union(
  [
    Type.Object({ research_id: text(), status: Type.Literal('queued') }, { additionalProperties: false }),
    Type.Object({ research_id: text(), status: Type.Literal('processing'), estimated_seconds: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    Type.Object(
      {
        research_id: text(),
        status: Type.Literal('completed'),
        completed_at: text(),
        data: researchDataSchema,
        /** Additive: the brief was served from the cache of an earlier research (still one credit). */
        cached: Type.Boolean(),
        /** Additive: why the brief holds nothing about the prospect or the company; null when it does (docs/api.md). */
        empty_reason: nullable(emptyReasonSchema),
      },
      { additionalProperties: false },
    ),
    Type.Object({ research_id: text(), status: Type.Literal('failed'), error: Type.Union([Type.Literal('internal_error'), Type.Literal('timeout')]) }, { additionalProperties: false }),
  ],
  { $id: 'https://prospect-research.dev/schemas/research-status.json', title: 'GET /research-status/{research_id} answer' },
);
export type ResearchStatus = Static<typeof researchStatusSchema>;
export type JobStatus = ResearchStatus['status'];
export type JobError = Extract<ResearchStatus, { status: 'failed' }>['error'];

/** The 202 answer of `POST /research`. */
export const researchAcceptedSchema = Type.Object(
  { research_id: text(), status: Type.Literal('processing'), estimated_seconds: Type.Integer({ minimum: 1 }) },
  { $id: 'https://prospect-research.dev/schemas/research-accepted.json', title: 'POST /research answer', additionalProperties: false },
);
export type ResearchAccepted = Static<typeof researchAcceptedSchema>;

/** Every error answer: a machine-readable code; `used` and `limit` on credit errors. */
export const errorBodySchema = Type.Object(
  { error: text(), used: Type.Optional(Type.Integer()), limit: Type.Optional(Type.Integer()), request_id: Type.Optional(text()) },
  { $id: 'https://prospect-research.dev/schemas/error.json', title: 'Error answer' },
);
export type ErrorBody = Static<typeof errorBodySchema>;
