import type { FastifyInstance } from 'fastify';
import type { Pool } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { applyAutopilots, archiveAutopilot, invalidAutopilot, listAutopilots, reorderAutopilots, showAutopilot } from './config/autopilots.ts';
import type { AutopilotList, AutopilotSettings, AutopilotView } from './contract.ts';
import { invalidSettings, readSettings, updateSettings } from './settings/accountSettings.ts';

/** Autopilot documents and settings bodies may be larger than a research request: a sequence of 20 steps with long angles. */
export const AUTOPILOT_BODY_LIMIT_BYTES = 64 * 1024;

interface Named {
  Params: { name: string };
}

/**
 * The Autopilot's configuration API, behind an API key: the key's account is the one configured.
 * `GET /autopilots`, `GET|PUT|DELETE /autopilots/{name}`, `PUT /autopilots/order`,
 * `GET|PATCH /autopilot/settings`. Errors are `{error}` bodies as everywhere; refused documents,
 * orders and settings add `problems`, each explained in words.
 */
export function autopilotRoutes(app: FastifyInstance, pool: Pool): void {
  void app.register(async (scope) => {
    scope.get<{ Querystring: { archived?: unknown } }>('/autopilots', async (request): Promise<AutopilotList> => {
      const archived = request.query.archived;
      if (archived !== undefined && archived !== 'true' && archived !== 'false') throw new AppError('invalid_query', {}, 'archived must be true or false');
      return { autopilots: await listAutopilots(pool, request.holder.account.id, { archived: archived === 'true' }) };
    });

    scope.put('/autopilots/order', { bodyLimit: AUTOPILOT_BODY_LIMIT_BYTES }, async (request): Promise<AutopilotList> => ({
      autopilots: await reorderAutopilots(pool, request.holder.account.id, request.body),
    }));

    scope.get<Named>('/autopilots/:name', async (request): Promise<AutopilotView> => showAutopilot(pool, request.holder.account.id, request.params.name));

    scope.put<Named>('/autopilots/:name', { bodyLimit: AUTOPILOT_BODY_LIMIT_BYTES }, async (request, reply) => {
      if (request.body === undefined) {
        throw invalidAutopilot(undefined, [{ severity: 'error', path: '', message: 'The request has no document: send the Autopilot as JSON' }]);
      }
      const [applied] = await applyAutopilots(pool, request.holder.account.id, [request.body], { addressed: request.params.name });
      const { action, autopilot } = applied!;
      if (action === 'created') void reply.code(201).header('Location', `/autopilots/${encodeURIComponent(autopilot.name)}`);
      return autopilot;
    });

    scope.delete<Named>('/autopilots/:name', async (request): Promise<AutopilotView> => archiveAutopilot(pool, request.holder.account.id, request.params.name));

    scope.get('/autopilot/settings', async (request): Promise<AutopilotSettings> => readSettings(pool, request.holder.account.id));

    scope.patch('/autopilot/settings', { bodyLimit: AUTOPILOT_BODY_LIMIT_BYTES }, async (request): Promise<AutopilotSettings> => {
      if (request.body === undefined) {
        throw invalidSettings([{ severity: 'error', path: '', message: 'The request has no body: send the settings to change as JSON, such as {"queue_wait_hours": 12}' }]);
      }
      return updateSettings(pool, request.holder.account.id, request.body);
    });
  });
}
