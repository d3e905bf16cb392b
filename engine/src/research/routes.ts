import type { FastifyInstance } from 'fastify';
import type { Pool } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import type { ResearchAccepted } from './contract.ts';
import type { DurationEstimate } from './durationEstimate.ts';
import { parseResearchRequest } from './request.ts';
import { readResearchStatus } from './status.ts';
import { submitResearch } from './submit.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** `POST /research` and `GET /research-status/{research_id}`, behind an API key. */
export function researchRoutes(app: FastifyInstance, deps: { pool: Pool; estimate: DurationEstimate }): void {
  const { pool, estimate } = deps;

  app.post('/research', async (request, reply) => {
    const body = parseResearchRequest(request.body);
    const idempotencyKey = request.headers['idempotency-key'];
    if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey))) {
      throw new AppError('invalid_idempotency_key');
    }
    const submission = await submitResearch(pool, request.holder, body, idempotencyKey);
    if (submission.replayed) void reply.header('Idempotent-Replayed', 'true');
    return reply
      .code(202)
      .header('Location', `/research-status/${submission.researchId}`)
      .send({ research_id: submission.researchId, status: 'processing', estimated_seconds: estimate.remaining() } satisfies ResearchAccepted);
  });

  app.get<{ Params: { researchId: string } }>('/research-status/:researchId', async (request) =>
    readResearchStatus(pool, request.holder.account.id, request.params.researchId, estimate),
  );
}
