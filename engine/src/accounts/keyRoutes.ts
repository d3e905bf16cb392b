import type { Pool } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { errorCodes } from '../platform/http/openapi/errorResponses.ts';
import { example } from '../platform/http/openapi/example.ts';
import { pathIdParams } from '../platform/http/pathId.ts';
import { refusing } from '../platform/http/validation.ts';
import type { HttpScope } from '../platform/module.ts';
import { isoWithOffset } from '../platform/time.ts';
import { documentRefusal, type Problem, problemLines } from '../platform/validation/index.ts';
import { type ApiKeyInfo, createApiKey, listApiKeys, revokeApiKey } from './apiKeys.ts';
import { type ApiKeyList, type ApiKeyView, apiKeyListSchema, apiKeyViewSchema, type NewApiKeyView, newApiKeyRequestSchema, newApiKeySchema } from './contract.ts';

const tags = ['API keys'];
const KEY_EXAMPLE: ApiKeyView = { id: 2, label: 'n8n production', hint: 'pr_live_...x7Qa', created_at: '2026-11-20T09:30:00.000+00:00', revoked_at: null };
const keyId = pathIdParams("The key's id (from `GET /keys`)", keyNotFound);
const labelRefusal = documentRefusal(
  { absent: 'The request has no body: give the key a label, such as {"label": "n8n production"}', notObject: 'A key is asked for as {"label": "n8n production"}' },
  (problems: Problem[]) => new AppError('invalid_api_key', { problems }, ['The key was not made:', ...problemLines(problems)].join('\n')),
);

const SCHEMAS = {
  list: {
    summary: "The account's API keys",
    description: 'Every key the account has made, active and revoked, oldest first; each by its label and hint, never the key itself. For the account owner.',
    tags,
    operationId: 'listApiKeys',
    response: { 200: example(apiKeyListSchema, { keys: [KEY_EXAMPLE] }) },
  },
  create: {
    summary: 'Create an API key',
    description: "A new key with the given label, within the plan's limit on active keys. The answer holds the key itself, the only time it is shown. For the account owner.",
    tags,
    operationId: 'createApiKey',
    body: refusing(example(newApiKeyRequestSchema, { label: 'n8n production' }), labelRefusal),
    errors: errorCodes('invalid_api_key', 'api_key_limit_reached'),
    response: { 201: example(newApiKeySchema, { ...KEY_EXAMPLE, key: `pr_live_${'a'.repeat(38)}x7Qa` }) },
  },
  revoke: {
    summary: 'Revoke an API key',
    description: 'The key stops working at once, on every process; revoking a revoked key changes nothing. For the account owner.',
    tags,
    operationId: 'revokeApiKey',
    params: keyId,
    errors: errorCodes('api_key_not_found'),
    response: { 200: example(apiKeyViewSchema, { ...KEY_EXAMPLE, revoked_at: '2026-11-27T16:00:00.000+00:00' }) },
  },
};

/** `GET /keys`, `POST /keys`, `DELETE /keys/{id}`: the account's API keys, as the dashboard manages them. */
export function keyRoutes(app: HttpScope, pool: Pool, keyPrefix: string): void {
  // Keys act with the owner's rights, so only owners see and make them.
  app.get('/keys', { schema: SCHEMAS.list, config: { role: 'owner' } }, async (request): Promise<ApiKeyList> => ({ keys: (await listApiKeys(pool, request.holder.account.id)).map(apiKeyView) }));

  app.post('/keys', { schema: SCHEMAS.create, config: { role: 'owner' } }, async (request, reply) => {
    const created = await createApiKey(pool, keyPrefix, request.holder.account.id, request.body.label);
    const answer: NewApiKeyView = { ...apiKeyView(created), key: created.key };
    return reply.code(201).send(answer);
  });

  app.delete(
    '/keys/:id',
    { schema: SCHEMAS.revoke, config: { role: 'owner' } },
    async (request): Promise<ApiKeyView> => apiKeyView(await revokeApiKey(pool, request.params.id, request.holder.account.id)),
  );
}

function apiKeyView(key: ApiKeyInfo): ApiKeyView {
  return { id: key.id, label: key.label, hint: key.hint, created_at: isoWithOffset(key.createdAt), revoked_at: key.revokedAt && isoWithOffset(key.revokedAt) };
}

function keyNotFound(raw: unknown): AppError {
  return new AppError('api_key_not_found', {}, `no API key ${String(raw)}`);
}
