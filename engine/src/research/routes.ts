import Type from 'typebox';
import type { Pool } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { errorCodes } from '../platform/http/openapi/errorResponses.ts';
import { example } from '../platform/http/openapi/example.ts';
import { refusing } from '../platform/http/validation.ts';
import type { HttpScope } from '../platform/module.ts';
import { type ResearchAccepted, researchAcceptedSchema, type ResearchList, researchListSchema, researchRequestSchema, researchStatusSchema } from './contract.ts';
import type { DurationEstimate } from './durationEstimate.ts';
import { listResearches, MAX_RESEARCHES_PER_PAGE } from './history.ts';
import { researchRequestRefusal } from './request.ts';
import { readResearchStatus } from './status.ts';
import { submitResearch } from './submit.ts';

const RESEARCH_SCHEMA = {
  summary: 'Research a prospect',
  description:
    'Queues the research of a prospect by work e-mail, for one credit; its brief is read with `GET /research-status/{researchId}` (the `Location` header). ' +
    'Checks run in order: the API key, then `missing_email`, `invalid_body`, each field (`invalid_email_format` first), the `Idempotency-Key`, the product and the credits. ' +
    'An `Idempotency-Key` sent again with the same body answers the same research (`Idempotent-Replayed: true`) without a second credit.',
  tags: ['Research'],
  operationId: 'createResearch',
  headers: refusing(Type.Object({ 'idempotency-key': Type.Optional(Type.String({ pattern: '^[\\x21-\\x7e]{1,255}$', description: 'Up to 255 visible ASCII characters' })) }), {
    error: () => new AppError('invalid_idempotency_key'),
  }),
  body: refusing(example(researchRequestSchema, { email: 'jane.doe@ledgerly.example', prospect_name: 'Jane Doe', company_name: 'Ledgerly' }), researchRequestRefusal),
  errors: errorCodes(
    'missing_email',
    'invalid_body',
    'invalid_email_format',
    'invalid_prospect_name',
    'invalid_company_name',
    'invalid_linkedin_url',
    'invalid_company_linkedin_url',
    'invalid_idempotency_key',
    'idempotency_key_reused',
    'api_key_has_no_product',
    'credits_exhausted',
    'trial_limit_reached',
  ),
  response: {
    202: example(researchAcceptedSchema, { research_id: '0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10', status: 'processing', estimated_seconds: 40 }, 'Queued'),
  },
};

const STATUS_SCHEMA = {
  summary: 'A research and its brief',
  description: 'Queued, processing (with the seconds it may still take), completed (with the brief and where its facts came from) or failed.',
  tags: ['Research'],
  operationId: 'getResearchStatus',
  params: Type.Object({ researchId: Type.String({ description: 'The `research_id` of `POST /research`' }) }),
  errors: errorCodes('not_found'),
  response: {
    200: example(researchStatusSchema, { research_id: '0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10', status: 'processing', estimated_seconds: 25 }),
  },
};

const LIST_SCHEMA = {
  summary: "The account's researches",
  description: 'Newest first, a page at a time (pass `next_cursor` as `cursor` for the next), each with the credits it took: those the API, the dashboard and the Autopilot started.',
  tags: ['Research'],
  operationId: 'listResearches',
  querystring: Type.Object({
    cursor: Type.Optional(Type.String({ maxLength: 200, description: "A page's `next_cursor`: the page after it" })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_RESEARCHES_PER_PAGE, description: `Researches in the page, from 1 to ${MAX_RESEARCHES_PER_PAGE} (25 unless said)` })),
  }),
  errors: errorCodes('invalid_query'),
  response: {
    200: example(researchListSchema, {
      researches: [
        {
          research_id: '0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10',
          email: 'jane.doe@ledgerly.example',
          status: 'completed',
          created_at: '2026-11-20T10:00:00.000+01:00',
          completed_at: '2026-11-20T10:00:41.000+01:00',
          credits: 1,
          cached: false,
        },
      ],
      next_cursor: null,
    }),
  },
};

/** `POST /research`, `GET /research` (the history) and `GET /research-status/{research_id}`, behind an API key. */
export function researchRoutes(app: HttpScope, deps: { pool: Pool; estimate: DurationEstimate }): void {
  const { pool, estimate } = deps;

  app.post('/research', { schema: RESEARCH_SCHEMA }, async (request, reply) => {
    const submission = await submitResearch(pool, request.holder, request.body, request.headers['idempotency-key']);
    if (submission.replayed) void reply.header('Idempotent-Replayed', 'true');
    return reply
      .code(202)
      .header('Location', `/research-status/${submission.researchId}`)
      .send({ research_id: submission.researchId, status: 'processing', estimated_seconds: estimate.remaining() } satisfies ResearchAccepted);
  });

  app.get('/research', { schema: LIST_SCHEMA }, async (request): Promise<ResearchList> => listResearches(pool, request.holder.account.id, request.query));

  app.get('/research-status/:researchId', { schema: STATUS_SCHEMA }, async (request) => readResearchStatus(pool, request.holder.account.id, request.params.researchId, estimate));
}
