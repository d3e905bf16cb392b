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

export const newsItemSchema = Type.Object({ summary: text(), url: text(), date: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }) }, { additionalProperties: false });

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

/**
 * Why a call to a source failed (docs/api.md, "Provenance"): `timeout`, `http_5xx`, `rate_limited` (429
 * after the retries) and `network` are infrastructure failures; `unauthorized` (401, 403: the engine's key
 * was refused), `http_4xx` (another refusal), `invalid_response` (an answer that cannot be read), `error`
 * (a fault of the engine's adapter) are failures ops must fix. `aborted`: the job stopped the call.
 */
export const failureKindSchema = Type.Union([
  Type.Literal('timeout'),
  Type.Literal('http_5xx'),
  Type.Literal('rate_limited'),
  Type.Literal('network'),
  Type.Literal('unauthorized'),
  Type.Literal('http_4xx'),
  Type.Literal('invalid_response'),
  Type.Literal('aborted'),
  Type.Literal('error'),
]);
export type FailureKind = Static<typeof failureKindSchema>;

/** What a research asks a source for. */
export const sourcePartSchema = Type.Union([
  Type.Literal('person'),
  Type.Literal('company'),
  Type.Literal('technologies'),
  Type.Literal('photo'),
  Type.Literal('prospect_posts'),
  Type.Literal('company_posts'),
  Type.Literal('news'),
  Type.Literal('decision_makers'),
]);
export type SourcePart = Static<typeof sourcePartSchema>;

/** Where a filled fact field came from: a source (and when it answered), or `request` (the caller's own field, no time). */
export const fieldOriginSchema = Type.Object(
  {
    source: text(),
    fetched_at: nullable(text()),
    /** The field holds the writer's English version of this source's text, checked as a translation of it. */
    translated: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);
export type FieldOrigin = Static<typeof fieldOriginSchema>;

/** One call to a source: found something, found nothing, or failed (and why). */
export const sourceCallSchema = Type.Object(
  {
    source: text(),
    part: sourcePartSchema,
    outcome: Type.Union([Type.Literal('found'), Type.Literal('not_found'), Type.Literal('failed')]),
    /** When the source answered or failed; for an answer reused from the facts cache, when it was first fetched. */
    at: text(),
    /** The answer was reused from the facts cache (person, company or decision makers). */
    cached: Type.Boolean(),
    /** Why the call failed; null unless `outcome` is `failed`. */
    failure: nullable(failureKindSchema),
  },
  { additionalProperties: false },
);
export type SourceCallView = Static<typeof sourceCallSchema>;

/**
 * What became of the decision makers lookup: `lookup_failed` tells "we could not ask" from `none_found`
 * ("we asked, there are none"); `not_in_plan` on plans without decision makers, `not_configured` when no
 * source for them is on.
 */
export const decisionMakersLookupSchema = Type.Union([Type.Literal('found'), Type.Literal('none_found'), Type.Literal('lookup_failed'), Type.Literal('not_configured'), Type.Literal('not_in_plan')]);
export type DecisionMakersLookup = Static<typeof decisionMakersLookupSchema>;

/**
 * Additive (docs/api.md, "Provenance"): where each filled fact field of `data` came from, keyed by its
 * JSON pointer (`/prospect/title`, `/company/technologies`, `/decision_makers`); every call made to a
 * source; whether a source failed (`degraded`: such a brief is never cached); the decision makers lookup.
 * Generated fields (summary, talking points...) are not listed: they rest on these facts (see Grounding).
 */
export const provenanceSchema = Type.Object(
  {
    degraded: Type.Boolean(),
    fields: Type.Record(Type.String(), Type.Array(fieldOriginSchema, { minItems: 1 })),
    sources: Type.Array(sourceCallSchema),
    decision_makers: decisionMakersLookupSchema,
  },
  { title: 'Provenance of a research brief', additionalProperties: false },
);
export type Provenance = Static<typeof provenanceSchema>;

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
        /** Additive: where each fact came from and which sources failed; null for jobs completed before it was recorded (docs/api.md). */
        provenance: nullable(provenanceSchema),
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

/** One research of the account as `GET /research` lists it: what was asked, where it stands, and what it cost. */
export const researchSummarySchema = Type.Object(
  {
    research_id: text(),
    email: text(),
    status: Type.Union([Type.Literal('queued'), Type.Literal('processing'), Type.Literal('completed'), Type.Literal('failed')]),
    created_at: text(),
    completed_at: nullable(text()),
    /** Credits it took, refunds deducted: 1, or 0 once a failure refunded it. */
    credits: Type.Integer({ minimum: 0, description: 'Credits it took, refunds deducted: 1, or 0 once a failure refunded it.' }),
    /** The brief came from the cache of an earlier research (still one credit). */
    cached: Type.Boolean({ description: 'The brief came from the cache of an earlier research (still one credit).' }),
  },
  { additionalProperties: false },
);
export type ResearchSummary = Static<typeof researchSummarySchema>;

/** The body of `GET /research`: newest first; `next_cursor` asks for the page after this one. */
export const researchListSchema = Type.Object(
  { researches: Type.Array(researchSummarySchema), next_cursor: nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last page.' })) },
  { $id: 'https://prospect-research.dev/schemas/research-list.json', title: 'GET /research answer', additionalProperties: false },
);
export type ResearchList = Static<typeof researchListSchema>;

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
